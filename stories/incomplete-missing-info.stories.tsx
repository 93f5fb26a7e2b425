import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import IncompleteMissingInfoScreen from '@/screens/incomplete-missing-info/incomplete-missing-info-screen';
import { adaStored } from './support/auth-fixtures';
import { INFO_REQUEST_MESSAGE, lossRunsFile, servedOrder, SUBMISSION_ID } from './support/order-status-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { statusScreenStories } from './support/status-screen-stories';
import { navigatedTo } from './support/story-navigation';

/**
 * incomplete-missing-info (src/screens/incomplete-missing-info): an underwriter asked Ada for
 * more on order 4217. She reads the request, uploads files, writes an answer and sends it back:
 * the order goes to application-under-review.
 */
const common = statusScreenStories('incomplete-missing-info', 'missing_info', 'More information needed');

const meta = {
  title: 'Screens/Order status/More information needed',
  component: IncompleteMissingInfoScreen,
  parameters: { route: common.route, session: adaStored } satisfies RouterParameters,
} satisfies Meta<typeof IncompleteMissingInfoScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function loaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 1, name: 'More information needed' })).toBeVisible();
  return canvas;
}

export const Loaded: Story = {
  name: 'Loaded: the underwriter’s request, files, and the answer box',
  ...servedOrder({ status: 'missing_info', summary: { files: [lossRunsFile] } }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(canvas.getByText('More information needed', { selector: '[data-order-status]' })).toHaveAttribute(
      'data-order-status',
      'missing_info',
    );
    const request = canvas.getByRole('region', { name: 'What the underwriter asked for' });
    await expect(request).toHaveTextContent(INFO_REQUEST_MESSAGE);
    await expect(request).toHaveTextContent('Uma Reyes, Jun 25, 2026');
    const files = canvas.getByRole('region', { name: 'Your files' });
    await expect(within(files).getByRole('listitem')).toHaveTextContent(
      'loss-runs-2021-2025.pdfPDF, 47 KB, uploaded by you on Jun 26, 2026',
    );
    await expect(within(files).getByRole('button', { name: `Download ${lossRunsFile.filename}` })).toBeVisible();
    await expect(within(files).getByLabelText('Add files for the underwriter')).toHaveAttribute('type', 'file');
    const answer = canvas.getByRole('region', { name: 'Your answer' });
    await expect(within(answer).getByRole('textbox', { name: /Message to the underwriter/ })).toHaveValue('');
    await expect(within(answer).getByRole('button', { name: 'Send to the underwriter' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Close this order' })).toBeVisible();
  },
};

const answering = servedOrder({ status: 'missing_info' });

export const Resubmit: Story = {
  name: 'Send to the underwriter: on to application-under-review',
  ...answering.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.type(
      canvas.getByRole('textbox', { name: /Message to the underwriter/ }),
      'Loss runs attached; the 2024 claim closed.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Send to the underwriter' }));
    await expect((await navigatedTo(canvasElement)).href).toBe(
      `/application-under-review?submissionid=${SUBMISSION_ID}`,
    );
    await expect(answering.world.sent.map((call) => [call.call, call.body])).toEqual([
      ['resubmit', { submissionid: String(SUBMISSION_ID), message: 'Loss runs attached; the 2024 claim closed.' }],
    ]);
  },
};

export const Resubmitting: Story = {
  name: 'Sending',
  ...servedOrder({ status: 'missing_info', pending: ['resubmit'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send to the underwriter' }));
    await expect(await canvas.findByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByText('Sending your answer…')).toBeVisible();
  },
};

const REFUSAL = 'Tell the underwriter what you sent';

export const ResubmitRefused: Story = {
  name: 'Resubmit refused (422): the message field says why',
  ...servedOrder({
    status: 'missing_info',
    failing: { resubmit: { status: 422, message: REFUSAL, fields: { message: 'is required' } } },
  }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send to the underwriter' }));
    const answer = canvas.getByRole('region', { name: 'Your answer' });
    await expect(await within(answer).findByRole('alert')).toHaveTextContent(
      `We could not send your answer to the underwriter. ${REFUSAL}`,
    );
    const field = within(answer).getByRole('textbox', { name: /Message to the underwriter/ });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/is required/);
    // Still here: nothing moved.
    await expect(canvasElement.querySelector('[data-story-navigated-to]')).toBeNull();
  },
};

const uploading = servedOrder({ status: 'missing_info' });

export const Upload: Story = {
  name: 'Upload files for the underwriter',
  ...uploading.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const files = canvas.getByRole('region', { name: 'Your files' });
    await userEvent.upload(within(files).getByLabelText('Add files for the underwriter'), [
      new File(['%PDF-1.7 a'], 'loss-runs.pdf', { type: 'application/pdf' }),
      new File(['\x89PNG b'], 'letter.png', { type: 'image/png' }),
    ]);
    await waitFor(() => expect(within(files).getAllByRole('listitem')).toHaveLength(2));
    await expect(within(files).getByRole('status')).toHaveTextContent(/^Uploaded: .+, .+\.$/);
    await expect(uploading.world.sent).toHaveLength(1);
  },
};

export const Uploading: Story = {
  name: 'Uploading: busy',
  ...servedOrder({ status: 'missing_info', pending: ['upload'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const files = canvas.getByRole('region', { name: 'Your files' });
    await userEvent.upload(
      within(files).getByLabelText('Add files for the underwriter'),
      new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
    );
    await expect(await within(files).findByText('Uploading your files…')).toBeVisible();
    await expect(within(files).getByText('Uploading your files…').closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

const TOO_BIG = 'scan.pdf is larger than 10 MB';

export const UploadTooLarge: Story = {
  name: 'Upload refused (413): the server’s words',
  ...servedOrder({
    status: 'missing_info',
    failing: { upload: { status: 413, message: TOO_BIG, fields: { files: 'is too large' } } },
  }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const files = canvas.getByRole('region', { name: 'Your files' });
    await userEvent.upload(
      within(files).getByLabelText('Add files for the underwriter'),
      new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }),
    );
    await expect(await within(files).findByRole('alert')).toHaveTextContent(`Your files were not uploaded. ${TOO_BIG}`);
  },
};

export const Loading = common.Loading;
export const NotFound = common.NotFound;
export const NoOrder = common.NoOrder;
export const Failed = common.Failed;
export const OnAnotherScreen = common.OnAnotherScreen;
export const CloseDialogOpen = common.CloseDialogOpen;
