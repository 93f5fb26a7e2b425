import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClaimDetail, ClaimMessage, ClaimStatus } from '@shared/contract/claims';
import ClaimScreen from '@/screens/claim/claim-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { reportedClaim } from './support/claims-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * One of Ada's claims (src/screens/claim, claimMachine): its progress, the conversation with her
 * claims handler and the files attached, in each status; a message sent, refused; files refused.
 */
const CLAIM_URL = '*/api/weborder/insured/claim';
const MESSAGE_URL = '*/api/weborder/insured/claimmessage';
const UPLOAD_URL = '*/api/weborder/insured/claimattachments';

const at = (day: string) => `2026-02-${day}T15:00:00.000Z`;

function detailIn(status: ClaimStatus): ClaimDetail {
  const steps: ClaimStatus[] = ['reported', 'acknowledged', 'under_review', 'closed'];
  const reached = steps.slice(0, steps.indexOf(status) + 1);
  return {
    claim: { ...reportedClaim, status },
    timeline: reached.map((to, index) => ({
      id: index + 1,
      from: index === 0 ? null : reached[index - 1]!,
      to,
      by: index === 0 ? 'insured' : 'handler',
      byName: index === 0 ? 'Ada Lovelace' : 'Dana Reyes',
      note: to === 'closed' ? 'Settled with the client without payment. We have closed the claim.' : null,
      at: at(String(16 + index)),
    })),
    messages:
      status === 'reported'
        ? []
        : [
            {
              id: 1,
              author: 'handler',
              authorName: 'Dana Reyes',
              body: 'I have your claim. Please send the load calculations and the client’s letter.',
              createdAt: at('17'),
            },
            {
              id: 2,
              author: 'insured',
              authorName: 'Ada Lovelace',
              body: 'Attached both. The client wrote again yesterday.',
              createdAt: at('18'),
            },
          ],
    attachments:
      status === 'reported'
        ? []
        : [
            {
              id: 5,
              filename: 'load-calculations.pdf',
              contentType: 'application/pdf',
              size: 48_128,
              uploadedAt: at('18'),
              uploadedBy: 'insured',
            },
          ],
    open: status !== 'closed',
  };
}

interface Options {
  status?: ClaimStatus;
  messageRefusal?: { status: number; message: string; fields?: Record<string, string> };
  uploadRefusal?: { status: number; message: string; fields?: Record<string, string> };
}

const sentMessages: { body: unknown; key: string | null }[] = [];

function world({ status = 'acknowledged', messageRefusal, uploadRefusal }: Options = {}) {
  let detail = detailIn(status);
  return {
    parameters: {
      route: `/claim/${reportedClaim.id}`,
      msw: {
        handlers: [
          ...authHandlers(),
          http.get(CLAIM_URL, () => HttpResponse.json(detail)),
          http.post(MESSAGE_URL, async ({ request }) => {
            const body = (await request.json()) as { body: string };
            sentMessages.push({ body, key: request.headers.get('idempotency-key') });
            await delay(50);
            if (messageRefusal) {
              if (messageRefusal.status === 409) detail = detailIn('closed');
              return HttpResponse.json({ ...messageRefusal }, { status: messageRefusal.status });
            }
            const message: ClaimMessage = {
              id: 99,
              author: 'insured',
              authorName: 'Ada Lovelace',
              body: body.body.trim(),
              createdAt: at('20'),
            };
            return HttpResponse.json(message, { status: 201 });
          }),
          http.post(UPLOAD_URL, () =>
            uploadRefusal
              ? HttpResponse.json({ ...uploadRefusal }, { status: uploadRefusal.status })
              : HttpResponse.json([], { status: 201 }),
          ),
        ],
      },
    } satisfies RouterParameters & { msw: unknown },
    beforeEach: () => {
      detail = detailIn(status);
      sentMessages.length = 0;
    },
  };
}

const meta = {
  title: 'Screens/Claim',
  component: ClaimScreen,
  parameters: { session: adaStored },
} satisfies Meta<typeof ClaimScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function screenOf(canvasElement: HTMLElement) {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="claim"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  const canvas = within(screen);
  await canvas.findByRole('heading', { level: 1, name: `Claim ${reportedClaim.number}` });
  return canvas;
}

const stepOf = (canvas: ReturnType<typeof within>, label: string) =>
  within(canvas.getByRole('list', { name: 'Progress of the claim' }))
    .getByText(label)
    .closest('li')!;

export const Reported: Story = {
  ...world({ status: 'reported' }),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(stepOf(canvas, 'Reported')).toHaveAttribute('aria-current', 'step');
    await expect(stepOf(canvas, 'Reported')).toHaveTextContent('Feb 16, 2026');
    await expect(stepOf(canvas, 'Closed')).toHaveTextContent('to come');
    await expect(canvas.getByText(/A claims handler will take it up and write to you/)).toBeVisible();
    await expect(canvas.getByText(/No messages yet/)).toBeVisible();
    await expect(canvas.getByLabelText('Attach files to this claim')).toBeVisible();
  },
};

export const Acknowledged: Story = {
  ...world({ status: 'acknowledged' }),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(stepOf(canvas, 'Acknowledged')).toHaveAttribute('aria-current', 'step');
    await expect(stepOf(canvas, 'Reported')).toHaveTextContent('Feb 16, 2026');
    const messages = canvas.getByRole('region', { name: 'Messages' });
    await expect(within(messages).getByText('Dana Reyes, claims handler')).toBeVisible();
    await expect(within(messages).getByText('You')).toBeVisible();
    const files = canvas.getByRole('region', { name: 'Attachments' });
    await expect(within(files).getByRole('button', { name: 'Download load-calculations.pdf' })).toBeVisible();
    await expect(within(files).getByText('load-calculations.pdf').closest('li')).toHaveTextContent(
      'PDF, 47 KB, uploaded by you on Feb 18, 2026',
    );
  },
};

export const UnderReview: Story = {
  name: 'Under review',
  ...world({ status: 'under_review' }),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(stepOf(canvas, 'Under review')).toHaveAttribute('aria-current', 'step');
    await expect(canvas.getByText(/Your handler is reviewing the claim/)).toBeVisible();
  },
};

export const Closed: Story = {
  name: 'Closed: read-only, and says so',
  ...world({ status: 'closed' }),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(stepOf(canvas, 'Closed')).toHaveAttribute('aria-current', 'step');
    await expect(canvas.getByText(/this claim takes no more messages or files/)).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.queryByLabelText('Attach files to this claim')).toBeNull();
    await expect(canvas.getByText('Settled with the client without payment. We have closed the claim.')).toBeVisible();
  },
};

export const SendingAMessage: Story = {
  name: 'Sending a message: one key, the box empties, focus stays in it',
  ...world(),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const box = canvas.getByLabelText('Write to your claims handler');
    await userEvent.type(box, 'The client’s lawyer called today.');
    await userEvent.keyboard('{Tab}{Enter}');
    const messages = canvas.getByRole('region', { name: 'Messages' });
    await expect(await within(messages).findByText('The client’s lawyer called today.')).toBeVisible();
    await waitFor(() => expect(within(messages).getByRole('status')).toHaveTextContent('Message sent.'));
    await waitFor(() => expect(canvas.getByLabelText('Write to your claims handler')).toHaveFocus());
    await expect(canvas.getByLabelText('Write to your claims handler')).toHaveValue('');
    await expect(sentMessages).toHaveLength(1);
    await expect(sentMessages[0]!.key).toMatch(/^[0-9a-f]{64}$/);
  },
};

const CLOSED_MESSAGE = 'Claim C-2026-000042 is closed: it takes no more messages';

export const MessageRefused: Story = {
  name: 'Message refused (409): the claim was closed meanwhile',
  ...world({ messageRefusal: { status: 409, message: CLOSED_MESSAGE, fields: { status: 'is closed' } } }),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await userEvent.type(canvas.getByLabelText('Write to your claims handler'), 'Any news?');
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    const alert = await canvas.findByText(`Your message was not sent. ${CLOSED_MESSAGE}`);
    await expect(alert.closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(stepOf(canvas, 'Closed')).toHaveAttribute('aria-current', 'step'));
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

const WRONG_TYPE = 'notes.txt is plain text. Accepted are: PDF, PNG, JPEG, Word, Excel. Nothing was stored.';

export const UploadRefused: Story = {
  name: 'Upload refused (415): the file named',
  ...world({ uploadRefusal: { status: 415, message: WRONG_TYPE, fields: { files: 'notes.txt is plain text' } } }),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const files = canvas.getByRole('region', { name: 'Attachments' });
    await userEvent.upload(
      within(files).getByLabelText('Attach files to this claim'),
      new File(['plain'], 'notes.txt', { type: 'text/plain' }),
      { applyAccept: false },
    );
    await expect(await within(files).findByRole('alert')).toHaveTextContent(
      `Your files were not uploaded. ${WRONG_TYPE}`,
    );
  },
};

export const UploadTooLarge: Story = {
  name: 'Upload refused before sending: a file over 10 MB, named',
  ...world(),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const files = canvas.getByRole('region', { name: 'Attachments' });
    const big = Object.defineProperty(new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }), 'size', {
      value: 11 * 1024 * 1024,
    });
    await userEvent.upload(within(files).getByLabelText('Attach files to this claim'), big);
    await expect(await within(files).findByRole('alert')).toHaveTextContent(
      'Your files were not uploaded. scan.pdf is larger than 10 MB. Nothing was uploaded.',
    );
  },
};
