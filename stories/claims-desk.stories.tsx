import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClaimEvent, ClaimHandlerDetail, ClaimQueueItem } from '@shared/contract/claims';
import ClaimsDeskScreen from '@/screens/claims-desk/claims-desk-screen';
import { reportedClaim } from './support/claims-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { deskAuthHandlers, graceStored } from './support/underwriting-fixtures';

/**
 * The handler's claims desk (src/screens/claims-desk, claimsDeskMachine and
 * claimHandlingMachine): Grace, an underwriter, sees the claims waiting, opens Ada's and moves it.
 */
const URLS = {
  queue: '*/api/weborder/claims/queue',
  claim: '*/api/weborder/claims/claim',
  move: '*/api/weborder/claims/move',
  message: '*/api/weborder/claims/message',
};

const item = (over: Partial<ClaimQueueItem>): ClaimQueueItem => ({
  ...reportedClaim,
  status: 'reported',
  insuredName: 'Ada Lovelace',
  companyName: 'Lovelace Architects',
  lastActivityAt: '2026-02-16T10:12:00.000Z',
  awaitingHandler: false,
  ...over,
});

const queue: ClaimQueueItem[] = [
  item({ id: 50, number: 'C-2026-000050', lastActivityAt: '2026-02-20T10:00:00.000Z' }),
  item({ id: 42, status: 'acknowledged', awaitingHandler: true, lastActivityAt: '2026-02-18T10:00:00.000Z' }),
];

const acknowledged: ClaimHandlerDetail = {
  claim: { ...reportedClaim, status: 'acknowledged' },
  timeline: [
    {
      id: 1,
      from: null,
      to: 'reported',
      by: 'insured',
      byName: 'Ada Lovelace',
      note: null,
      at: reportedClaim.reportedAt,
    },
    {
      id: 2,
      from: 'reported',
      to: 'acknowledged',
      by: 'handler',
      byName: 'Grace Hopper',
      note: null,
      at: '2026-02-17T09:00:00.000Z',
    },
  ],
  messages: [],
  attachments: [],
  open: true,
  insured: { id: 7, name: 'Ada Lovelace', email: 'ada@example.com', companyName: 'Lovelace Architects', phone: null },
  moves: ['under_review', 'closed'],
};

const moved: ClaimEvent = {
  id: 3,
  from: 'acknowledged',
  to: 'under_review',
  by: 'handler',
  byName: 'Grace Hopper',
  note: 'Reviewing the calculations with our engineer.',
  at: '2026-02-21T09:00:00.000Z',
};

const moves: { body: unknown; key: string | null }[] = [];

function world({ items = queue, refuseMove = false }: { items?: ClaimQueueItem[]; refuseMove?: boolean } = {}) {
  let detail = acknowledged;
  return {
    handlers: [
      ...deskAuthHandlers(),
      http.get(URLS.queue, () => HttpResponse.json(items)),
      http.get(URLS.claim, () => HttpResponse.json(detail)),
      http.post(URLS.move, async ({ request }) => {
        moves.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        if (refuseMove) {
          // Another handler closed it meanwhile.
          detail = {
            ...acknowledged,
            claim: { ...acknowledged.claim, status: 'closed' },
            open: false,
            moves: ['under_review'],
          };
          return HttpResponse.json(
            { status: 409, message: 'Claim C-2026-000042 is closed', fields: { status: 'is closed' } },
            { status: 409 },
          );
        }
        return HttpResponse.json(moved, { status: 201 });
      }),
    ],
    reset: () => {
      detail = acknowledged;
      moves.length = 0;
    },
  };
}

const main = world();

const meta = {
  title: 'Screens/Claims desk',
  component: ClaimsDeskScreen,
  parameters: {
    route: '/underwriting/claims',
    session: graceStored,
    msw: { handlers: main.handlers },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => main.reset(),
} satisfies Meta<typeof ClaimsDeskScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function screenOf(canvasElement: HTMLElement) {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="claims-desk"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

export const Queue: Story = {
  name: 'Queue: waiting on you first, then newest',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const table = await canvas.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows.map((row) => within(row).getAllByRole('rowheader')[0]!.textContent)).toEqual([
      'C-2026-000042',
      'C-2026-000050',
    ]);
    await expect(rows[0]).toHaveTextContent('You: the insured wrote');
    await expect(within(rows[0]!).getByRole('link', { name: 'C-2026-000042' })).toHaveAttribute(
      'href',
      '/underwriting/claims?claimid=42',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('2 claims open; 1 waiting on you.');
    await expect(canvas.getByLabelText('Status')).toHaveValue('');
  },
};

const empty = world({ items: [] });

export const QueueEmpty: Story = {
  name: 'Queue empty',
  parameters: { msw: { handlers: empty.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText('No claim is open: nothing to handle.')).toBeVisible();
  },
};

export const HandlerClaim: Story = {
  name: 'A claim: the legal moves as buttons, a note, Start the review',
  parameters: { route: '/underwriting/claims?claimid=42' },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: `Claim ${reportedClaim.number}` });
    const section = within(canvas.getByRole('region', { name: 'Move the claim' }));
    // From acknowledged, the lifecycle allows the review or closing: nothing else.
    await expect(section.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Start the review',
      'Close the claim',
    ]);
    await userEvent.type(
      section.getByLabelText(/Note to the insured/),
      'Reviewing the calculations with our engineer.',
    );
    await userEvent.click(section.getByRole('button', { name: 'Start the review' }));
    await expect(
      await canvas.findByText('Claim C-2026-000042 is under review. The insured has been mailed.'),
    ).toBeVisible();
    await expect(moves).toHaveLength(1);
    await expect(moves[0]!.body).toEqual({
      claimid: 42,
      to: 'under_review',
      note: 'Reviewing the calculations with our engineer.',
    });
    await expect(moves[0]!.key).toMatch(/^[0-9a-f]{64}$/);
    // Under review: only closing is left.
    await waitFor(() =>
      expect(section.getAllByRole('button').map((button) => button.textContent)).toEqual(['Close the claim']),
    );
    await expect(canvas.getByText('Reviewing the calculations with our engineer.', { selector: 'p' })).toBeVisible();
  },
};

const refusing = world({ refuseMove: true });

export const MoveRefused: Story = {
  name: 'Move refused (409): someone else closed it; reloaded',
  parameters: { route: '/underwriting/claims?claimid=42', msw: { handlers: refusing.handlers } },
  beforeEach: () => refusing.reset(),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: `Claim ${reportedClaim.number}` });
    const section = within(canvas.getByRole('region', { name: 'Move the claim' }));
    await userEvent.click(section.getByRole('button', { name: 'Start the review' }));
    const alert = await section.findByRole('alert');
    await expect(alert).toHaveTextContent('The claim was not moved');
    await expect(alert).toHaveTextContent('Claim C-2026-000042 is closed');
    await expect(alert).toHaveTextContent('Someone else moved it since you opened it');
    await waitFor(() =>
      expect(section.getAllByRole('button').map((button) => button.textContent)).toEqual(['Reopen for review']),
    );
  },
};
