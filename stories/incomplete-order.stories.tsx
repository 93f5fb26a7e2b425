import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import IncompleteOrderScreen from '@/screens/incomplete-order/incomplete-order-screen';
import { adaStored } from './support/auth-fixtures';
import {
  locationItem,
  lossRunsItem,
  projectTypeItem,
  servedOrder,
  SUBMISSION_ID,
  yearsItem,
} from './support/order-status-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { statusScreenStories } from './support/status-screen-stories';
import { navigatedTo } from './support/story-navigation';

/**
 * incomplete-order (src/screens/incomplete-order): buy now found things missing on order 4217.
 * Each is listed with where to supply it, documents are uploaded here, and "Buy now again" runs
 * the checks once more (src/machines/order-details.machine.ts).
 */
const common = statusScreenStories('incomplete-order', 'incomplete', 'Your order needs a few more details');

const meta = {
  title: 'Screens/Order status/Incomplete order',
  component: IncompleteOrderScreen,
  parameters: { route: common.route, session: adaStored } satisfies RouterParameters,
} satisfies Meta<typeof IncompleteOrderScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const TITLE = 'Your order needs a few more details';

async function loaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  return canvas;
}

export const Loaded: Story = {
  name: 'Loaded: what is missing, each with where to supply it',
  ...servedOrder({ status: 'incomplete' }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(canvas.getByText('Incomplete: a few details needed')).toHaveAttribute(
      'data-order-status',
      'incomplete',
    );
    const items = within(canvas.getByRole('region', { name: 'Still needed' })).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent(locationItem.label);
    // The place to fix it, with the order: editorder takes it as ?submissionid.
    await expect(
      within(items[0]!).getByRole('link', { name: `Add a location: ${locationItem.label}` }),
    ).toHaveAttribute('href', `/editorder?submissionid=${SUBMISSION_ID}`);
    // A document is uploaded on this screen.
    await expect(within(items[1]!).getByRole('link', { name: `Upload it: ${lossRunsItem.label}` })).toHaveAttribute(
      'href',
      '#incomplete-order-upload',
    );
    const documents = canvas.getByRole('region', { name: 'Documents' });
    await expect(within(documents).getByText('No documents uploaded yet.')).toBeVisible();
    const input = within(documents).getByLabelText('Upload documents');
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('multiple');
    await expect(input).toHaveAttribute('accept', '.pdf,.png,.jpg,.jpeg,.docx,.xlsx');
    await expect(canvas.getByRole('button', { name: 'Buy now again' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See the full order summary' })).toHaveAttribute(
      'href',
      `/ordersummary/${SUBMISSION_ID}`,
    );
    await expect(canvas.getByRole('button', { name: 'Close this order' })).toBeVisible();
  },
};

const uploading = servedOrder({ status: 'incomplete' });

export const Upload: Story = {
  name: 'Upload a document: added to the order',
  ...uploading.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const documents = canvas.getByRole('region', { name: 'Documents' });
    const file = new File(['%PDF-1.7 loss runs'], 'loss-runs.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(documents).getByLabelText('Upload documents'), file);
    await waitFor(() => expect(uploading.world.sent).toHaveLength(1));
    const [sent] = uploading.world.sent;
    await expect(sent).toMatchObject({
      call: 'upload',
      body: { module: 'submission', moduleid: String(SUBMISSION_ID) },
    });
    await expect(sent!.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    // The name the server stored (jsdom's multipart sends a File as "blob"; a browser sends its name).
    const stored = sent!.body.files;
    await expect(await within(documents).findByText(`Uploaded: ${stored}.`)).toBeVisible();
    const listed = within(documents).getAllByRole('listitem');
    await expect(listed).toHaveLength(1);
    await expect(listed[0]).toHaveTextContent(stored!);
    await expect(listed[0]).toHaveTextContent(/PDF, \d+ bytes, uploaded by you on Jun 26, 2026/);
  },
};

// Named .pdf, so the picker takes it; the server reads its first bytes and refuses it.
const NOT_A_TYPE = 'renamed.pdf is not a PDF, PNG, JPEG, Word or Excel file';

export const UploadRefused: Story = {
  name: 'Upload refused (415): the server’s words',
  ...servedOrder({
    status: 'incomplete',
    failing: { upload: { status: 415, message: NOT_A_TYPE, fields: { files: 'is not a type we accept' } } },
  }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const documents = canvas.getByRole('region', { name: 'Documents' });
    await userEvent.upload(
      within(documents).getByLabelText('Upload documents'),
      new File(['MZ'], 'renamed.pdf', { type: 'application/pdf' }),
    );
    await expect(await within(documents).findByRole('alert')).toHaveTextContent(
      `Your files were not uploaded. ${NOT_A_TYPE}`,
    );
    await expect(within(documents).getByText('No documents uploaded yet.')).toBeVisible();
  },
};

export const BuyAgainReferred: Story = {
  name: 'Buy now again → referred: on to incomplete-review-underwriter',
  ...servedOrder({ status: 'incomplete', buyNowOutcome: 'underwriter_review' }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Buy now again' }));
    await expect((await navigatedTo(canvasElement)).href).toBe(
      `/incomplete-review-underwriter?submissionid=${SUBMISSION_ID}`,
    );
  },
};

export const BuyAgainStillMissing: Story = {
  name: 'Buy now again, still missing: stays, and says so',
  ...servedOrder({ status: 'incomplete', buyNowOutcome: 'incomplete' }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Buy now again' }));
    await expect(await canvas.findByText('Some details are still missing: see the list above.')).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: 'Still needed' })).getAllByRole('listitem')).toHaveLength(2);
  },
};

const answering = servedOrder({
  status: 'incomplete',
  summary: { requiredItems: [projectTypeItem, yearsItem, locationItem] },
});

export const AnswerMissing: Story = {
  name: 'Answers missing: asked here, saved to the order',
  ...answering.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const items = within(canvas.getByRole('region', { name: 'Still needed' })).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    // Answered on this screen: the link goes to the questions, not away.
    await expect(within(items[0]!).getByRole('link', { name: `Answer it: ${projectTypeItem.label}` })).toHaveAttribute(
      'href',
      '#incomplete-order-answers',
    );
    const questions = await canvas.findByRole('region', { name: 'Questions to answer' });
    // Nothing chosen yet: the form says which, and sends nothing.
    await userEvent.click(within(questions).getByRole('button', { name: 'Save answers' }));
    await expect(within(questions).getAllByText('Please answer this question.')).toHaveLength(2);
    await expect(answering.world.sent).toEqual([]);
    await userEvent.click(within(questions).getByRole('radio', { name: 'Public buildings' }));
    await userEvent.type(within(questions).getByRole('textbox', { name: /How many years/ }), '12');
    await userEvent.click(within(questions).getByRole('button', { name: 'Save answers' }));
    // Each answer to its own set; then only the location is still missing.
    await waitFor(() =>
      expect(within(canvas.getByRole('region', { name: 'Still needed' })).getAllByRole('listitem')).toHaveLength(1),
    );
    await expect(answering.world.sent.map((call) => [call.call, call.body])).toEqual([
      ['saveAnswers', { arc_project_type: 'public' }],
      ['saveApplicationAnswers', { years_in_practice: '12' }],
    ]);
    await expect(canvas.queryByRole('region', { name: 'Questions to answer' })).toBeNull();
  },
};

export const AnswersRefused: Story = {
  name: 'Answers refused (400): said at the question',
  ...servedOrder({
    status: 'incomplete',
    summary: { requiredItems: [yearsItem] },
    refuseAnswers: {
      status: 400,
      message: 'Check the answers: years_in_practice must be at most 80',
      fields: { 'answers.years_in_practice': 'must be at most 80' },
    },
  }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const questions = await canvas.findByRole('region', { name: 'Questions to answer' });
    await userEvent.type(within(questions).getByRole('textbox', { name: /How many years/ }), '120');
    await userEvent.click(within(questions).getByRole('button', { name: 'Save answers' }));
    await expect(await within(questions).findByRole('alert')).toHaveTextContent(
      'We could not save your answers. Check the answers: years_in_practice must be at most 80',
    );
    await expect(within(questions).getByRole('textbox', { name: /How many years/ })).toHaveAccessibleDescription(
      /This answer must be at most 80\./,
    );
  },
};

const supplying = servedOrder({ status: 'incomplete', uploadDelayMs: 150 });

export const UploadSuppliesTheDocument: Story = {
  name: 'Upload supplies the missing document: focus stays on the field, the outcome is still told',
  ...supplying.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const input = within(canvas.getByRole('region', { name: 'Documents' })).getByLabelText('Upload documents');
    input.focus();
    await userEvent.upload(input, new File(['%PDF-1.7 loss runs'], 'loss-runs.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(within(canvas.getByRole('region', { name: 'Still needed' })).getAllByRole('listitem')).toHaveLength(1),
    );
    // The item is supplied, the section (and its live region) stays, and the keyboard is where it was.
    const documents = canvas.getByRole('region', { name: 'Documents' });
    await expect(within(documents).getByRole('status')).toHaveTextContent(/^Uploaded: /);
    await expect(document.activeElement).toBe(within(documents).getByLabelText('Upload documents'));
  },
};

const slow = servedOrder({ status: 'incomplete', uploadDelayMs: 300 });

export const ChooseMoreWhileUploading: Story = {
  name: 'Files chosen while others upload go up next; buying waits for them',
  ...slow.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const documents = canvas.getByRole('region', { name: 'Documents' });
    const input = within(documents).getByLabelText('Upload documents');
    await userEvent.upload(input, new File(['%PDF-1.7 a'], 'first.pdf', { type: 'application/pdf' }));
    await expect(await within(documents).findByText('Uploading your files…')).toBeVisible();
    await userEvent.upload(input, new File(['%PDF-1.7 b'], 'second.pdf', { type: 'application/pdf' }));
    await expect(await within(documents).findByText('Uploading your files… One more file goes up next.')).toBeVisible();
    // Bought now, the order would be checked without them: the button says wait, and sends nothing.
    const buy = canvas.getByRole('button', { name: 'Buy now again' });
    await expect(buy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(buy);
    await expect(canvas.getByText('Your files are uploading; buy once they are on the order.')).toBeVisible();
    await waitFor(() => expect(slow.world.sent.filter((call) => call.call === 'upload')).toHaveLength(2), {
      timeout: 3000,
    });
    await waitFor(() => expect(within(documents).getAllByRole('listitem')).toHaveLength(2), { timeout: 3000 });
    await expect(slow.world.sent.map((call) => call.call)).not.toContain('buyNow');
  },
};

const answeringAll = servedOrder({
  status: 'incomplete',
  summary: { requiredItems: [projectTypeItem, yearsItem, locationItem] },
});

export const AnswersSavedFocus: Story = {
  name: 'Answers saved: the questions go, focus goes to the heading, and it is said',
  ...answeringAll.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const questions = await canvas.findByRole('region', { name: 'Questions to answer' });
    await userEvent.click(within(questions).getByRole('radio', { name: 'Public buildings' }));
    await userEvent.type(within(questions).getByRole('textbox', { name: /How many years/ }), '12');
    await userEvent.click(within(questions).getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Questions to answer' })).toBeNull());
    await expect(document.activeElement).toBe(canvas.getByRole('heading', { level: 1, name: TITLE }));
    await expect(await canvas.findByText('Your answers are saved.')).toBeVisible();
  },
};

export const Loading = common.Loading;
export const NotFound = common.NotFound;
export const NoOrder = common.NoOrder;
export const Failed = common.Failed;
export const OnAnotherScreen = common.OnAnotherScreen;
export const CloseDialogOpen = common.CloseDialogOpen;
