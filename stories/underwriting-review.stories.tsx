import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import UnderwritingReviewScreen from '@/screens/underwriting-review/underwriting-review-screen';
import { SUBMISSION_NUMBER } from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';
import {
  ADA_REPLY,
  deskAuthHandlers,
  deskWorld,
  graceStored,
  LOSS_RUNS_REQUEST,
  pendingReviewHandlers,
  PREMIUM_CENTS,
  REVIEW_ROUTE,
  type DeskWorldOptions,
} from './support/underwriting-fixtures';

/**
 * One submission on the underwriter's desk (src/screens/underwriting-review,
 * src/machines/underwriting-review.machine.ts): Ada's order 4217, referred for prior claims and
 * a premium above the automatic authority, against a small in-memory server
 * (stories/support/underwriting-fixtures.ts) that checks decisions as the real one does. Every
 * story starts signed in as Grace Hopper, an underwriter, opened from the queue filtered to
 * referred orders.
 */
const standard = deskWorld();

/** Handlers and a beforeEach for a story on its own world. */
function world(options: DeskWorldOptions) {
  const own = deskWorld(options);
  return {
    own,
    story: { parameters: { msw: { handlers: [...deskAuthHandlers(), ...own.handlers] } }, beforeEach: own.reset },
  };
}

const meta = {
  title: 'Desk/Underwriting review',
  component: UnderwritingReviewScreen,
  parameters: {
    route: `${REVIEW_ROUTE}?status=underwriter_review`,
    session: graceStored,
    msw: { handlers: [...deskAuthHandlers(), ...standard.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: standard.reset,
} satisfies Meta<typeof UnderwritingReviewScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const TITLE = `Review order ${SUBMISSION_NUMBER}`;
const fact = (canvas: Canvas, term: string) =>
  canvas.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
const section = (canvas: Canvas, name: string) => within(canvas.getByRole('region', { name }));
const announcement = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.desk__status')!;
const decisions = (canvas: Canvas) =>
  section(canvas, 'Decision')
    .queryAllByRole('button')
    .map((button) => button.textContent);

async function loaded(canvas: Canvas) {
  await expect(await canvas.findByRole('heading', { level: 1, name: TITLE })).toBeVisible();
}

/** Opens a decision's dialog from its button; answers the dialog and the button. */
async function open(canvas: Canvas, label: string, title: string) {
  const button = canvas.getByRole('button', { name: label });
  await userEvent.click(button);
  const dialog = await canvas.findByRole('dialog', { name: title });
  return { dialog, inDialog: within(dialog), button };
}

const ALL_DECISIONS = ['Approve…', 'Ask for information…', 'Decline…'];

export const Loading: Story = {
  parameters: { msw: { handlers: [...deskAuthHandlers(), ...pendingReviewHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading the submission…');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Review a submission' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: '← Back to the queue' })).toHaveAttribute(
      'href',
      '/underwriting?status=underwriter_review',
    );
  },
};

export const UnderwriterReview: Story = {
  name: 'Referred: underwriter_review',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await expect(fact(canvas, 'Status')).toHaveTextContent('Referred: awaiting review');
    await expect(fact(canvas, 'Insured')).toHaveTextContent('Ada LovelaceLovelace Architects');
    await expect(fact(canvas, 'Broker')).toHaveTextContent('Harbor Risk Partners');
    await expect(fact(canvas, 'Speciality')).toHaveTextContent('Architects');
    await expect(fact(canvas, 'State')).toHaveTextContent('Texas, ZIP 77002');
    await expect(fact(canvas, 'In this status since')).toHaveTextContent(/^3 days ago/);
    await expect(decisions(canvas)).toEqual(ALL_DECISIONS);
    // The way back keeps the queue's filters.
    await expect(canvas.getByRole('link', { name: '← Back to the queue' })).toHaveAttribute(
      'href',
      '/underwriting?status=underwriter_review',
    );

    const reasons = section(canvas, 'Why it was referred').getAllByRole('listitem');
    await expect(reasons.map((reason) => reason.textContent)).toEqual([
      'Prior claims2 claims in the last 5 years (answer to “How many claims…?”)',
      `Premium above the automatic authority${formatUsd(2_721_32)} against an authority of $2,500.00`,
    ]);
    const answers = section(canvas, 'Answers');
    await expect(answers.getByText('How many claims in the last five years?').nextElementSibling).toHaveTextContent(
      '2Experience ×1.35; refers to an underwriter',
    );
    await expect(answers.getByText('Do you design public structures?').nextElementSibling).toHaveTextContent('No');
    const worksheet = section(canvas, 'Rating worksheet');
    await expect(worksheet.getByText(/^Base premium for Architects in Texas/)).toBeVisible();
    await expect(worksheet.getByText(/^Total for the year/)).toBeVisible();
    // The underwriter audits where each figure comes from, which the insured's worksheet leaves out.
    await expect(worksheet.getByText(/^rate table \d+, version \d+$/)).toBeVisible();
    await expect(worksheet.getByText(/^experience band /)).toBeVisible();
    await expect(worksheet.queryByText(/^Where every price for your speciality starts/)).toBeNull();
    await expect(section(canvas, 'Locations').getByText('Houston office')).toBeVisible();
    await expect(
      section(canvas, 'Files').getByRole('button', { name: /^Download\s*office-floor-plan\.png$/ }),
    ).toBeVisible();
    await expect(section(canvas, 'Conversation').getByText('No information has been asked for yet.')).toBeVisible();
    const history = section(canvas, 'History')
      .getAllByRole('listitem')
      .map((entry) => entry.textContent);
    await expect(history).toHaveLength(3);
    await expect(history[2]).toMatch(
      /^Referred to an underwriter: Prior claims; premium above the automatic authorityOur rules/,
    );
    await expect(announcement(canvasElement)).toBeEmptyDOMElement();
  },
};

const missingInfo = world({ status: 'missing_info' });
export const MissingInfo: Story = {
  name: 'Waiting on the insured: missing_info',
  ...missingInfo.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await expect(fact(canvas, 'Status')).toHaveTextContent('Waiting on the insured');
    // The insured's move: no decision until they resubmit.
    await expect(decisions(canvas)).toEqual([]);
    await expect(
      section(canvas, 'Decision').getByText('No decision is due: the order is waiting on the insured.'),
    ).toBeVisible();
    const conversation = section(canvas, 'Conversation').getAllByRole('listitem');
    await expect(conversation).toHaveLength(1);
    await expect(conversation[0]).toHaveTextContent(`Grace Hopper asked`);
    await expect(conversation[0]).toHaveTextContent(LOSS_RUNS_REQUEST);
  },
};

const resubmitted = world({ status: 'application_under_review' });
export const ApplicationUnderReview: Story = {
  name: 'Resubmitted: application_under_review',
  ...resubmitted.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await expect(fact(canvas, 'Status')).toHaveTextContent('Resubmitted: awaiting review');
    await expect(decisions(canvas)).toEqual(ALL_DECISIONS);
    const conversation = section(canvas, 'Conversation').getAllByRole('listitem');
    await expect(conversation.map((entry) => entry.dataset.from)).toEqual(['underwriter', 'insured']);
    await expect(conversation[1]).toHaveTextContent(`Ada Lovelace replied`);
    await expect(conversation[1]).toHaveTextContent(ADA_REPLY);
    await expect(
      section(canvas, 'Files').getByRole('button', { name: /^Download\s*loss-runs-2021-2026\.pdf$/ }),
    ).toBeVisible();
    await expect(section(canvas, 'History').getByText(`The insured sent it back: ${ADA_REPLY}`)).toBeVisible();
  },
};

const approvedOrder = world({ status: 'approved' });
export const Approved: Story = {
  name: 'Approved: no decision allowed',
  ...approvedOrder.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await expect(fact(canvas, 'Status')).toHaveTextContent('Approved');
    await expect(decisions(canvas)).toEqual([]);
    await expect(section(canvas, 'Decision').getByText('No decision is due: the order is approved.')).toBeVisible();
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

export const ApproveDialog: Story = {
  name: 'Approve dialog: open, keyboard inside, closed with Escape',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const { dialog, inDialog, button } = await open(canvas, 'Approve…', `Approve order ${SUBMISSION_NUMBER}`);
    const percent = inDialog.getByLabelText(/^Premium adjustment \(%\)/);
    await expect(percent).toHaveFocus();
    await expect(percent).not.toHaveAttribute('aria-required');
    await expect(inDialog.getByText('Premium now').nextElementSibling).toHaveTextContent(formatUsd(PREMIUM_CENTS));
    await expect(inDialog.getByText('Premium after adjustment (estimate)').nextElementSibling).toHaveTextContent(
      `${formatUsd(PREMIUM_CENTS)} (no change)`,
    );
    await expect(inDialog.getByLabelText(/^Reason/)).not.toHaveAttribute('aria-required');
    // Focus stays inside: Shift+Tab from the first control wraps to the last.
    await userEvent.click(inDialog.getByRole('button', { name: 'Close' }));
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(button).toHaveFocus();
    const again = await open(canvas, 'Approve…', `Approve order ${SUBMISSION_NUMBER}`);
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await expect(again.dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(again.button).toHaveFocus();
    await expect(dialog.isConnected).toBe(false);
    await expect(standard.decisions).toEqual([]);
  },
};

export const RequestInfoDialog: Story = {
  name: 'Ask-for-information dialog: open',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const { inDialog, button } = await open(
      canvas,
      'Ask for information…',
      `Ask for information on order ${SUBMISSION_NUMBER}`,
    );
    const message = inDialog.getByLabelText('Message');
    await expect(message).toHaveFocus();
    await expect(message).toHaveAttribute('aria-required', 'true');
    await expect(message).toHaveAccessibleDescription(/They see it on their order and receive it by e-mail/);
    // An empty request is refused at the field, before anything is sent.
    await userEvent.click(inDialog.getByRole('button', { name: 'Send request' }));
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toHaveAccessibleDescription(/Message is required/);
    await userEvent.click(inDialog.getByRole('button', { name: 'Cancel' }));
    await expect(button).toHaveFocus();
    await expect(standard.decisions).toEqual([]);
  },
};

export const DeclineDialog: Story = {
  name: 'Decline dialog: open',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const { inDialog } = await open(canvas, 'Decline…', `Decline order ${SUBMISSION_NUMBER}`);
    const reason = inDialog.getByLabelText('Reason');
    await expect(reason).toHaveFocus();
    await expect(reason).toHaveAttribute('aria-required', 'true');
    await expect(inDialog.getByText('A declined order is closed: the insured cannot buy it.')).toBeVisible();
    await userEvent.click(inDialog.getByRole('button', { name: 'Decline order' }));
    await expect(reason).toHaveAccessibleDescription(/Reason is required/);
    await expect(reason).toHaveFocus();
    await expect(standard.decisions).toEqual([]);
  },
};

export const ApproveWithAdjustment: Story = {
  name: 'Approve with a premium adjustment',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const { inDialog } = await open(canvas, 'Approve…', `Approve order ${SUBMISSION_NUMBER}`);
    await userEvent.type(inDialog.getByLabelText(/^Premium adjustment/), '10');
    const adjusted = Math.round(PREMIUM_CENTS * 1.1);
    await expect(inDialog.getByText('Premium after adjustment (estimate)').nextElementSibling).toHaveTextContent(
      `${formatUsd(adjusted)} (+10 %)`,
    );
    // Adjusting makes the reason required, and the field says so.
    const reason = inDialog.getByLabelText('Reason');
    await expect(reason).toHaveAttribute('aria-required', 'true');
    await expect(reason).toHaveAccessibleDescription(/Required when the premium is adjusted/);
    await userEvent.type(reason, 'Two prior claims, both closed without payment');
    await userEvent.click(inDialog.getByRole('button', { name: 'Approve' }));

    await waitFor(() =>
      expect(announcement(canvasElement)).toHaveTextContent(
        `Order ${SUBMISSION_NUMBER} approved. Its status is now: Approved.`,
      ),
    );
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(fact(canvas, 'Status')).toHaveTextContent('Approved'));
    await expect(decisions(canvas)).toEqual([]);
    // Priced again by the engine: the adjusted premium in whole dollars, the taxes and fees on it.
    await expect(
      section(canvas, 'Rating worksheet').getByText('Underwriter adjustment +10%, in whole dollars: $2,768.00'),
    ).toBeVisible();
    await expect(section(canvas, 'Rating worksheet').getByText('Total for the year: $2,986.01')).toBeVisible();
    await expect(
      section(canvas, 'History').getByText('Approved: Two prior claims, both closed without payment'),
    ).toBeVisible();
    // Focus did not fall to the page when the Approve button went: it is on the heading.
    await expect(canvas.getByRole('heading', { level: 1, name: TITLE })).toHaveFocus();
    await expect(standard.decisions).toEqual([
      {
        path: 'approve',
        body: {
          submissionid: 4217,
          version: 5,
          adjustmentBps: 1000,
          reason: 'Two prior claims, both closed without payment',
        },
      },
    ]);
  },
};

export const AdjustmentWithoutReason: Story = {
  name: 'Approve: an adjustment without a reason is refused at the field',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const { inDialog } = await open(canvas, 'Approve…', `Approve order ${SUBMISSION_NUMBER}`);
    await userEvent.type(inDialog.getByLabelText(/^Premium adjustment/), '-12.5');
    await expect(inDialog.getByText('Premium after adjustment (estimate)').nextElementSibling).toHaveTextContent(
      '(−12.5 %)',
    );
    await userEvent.click(inDialog.getByRole('button', { name: 'Approve' }));
    const reason = inDialog.getByLabelText('Reason');
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toHaveAccessibleDescription(/Reason is required when the premium is adjusted/);
    await expect(reason).toHaveFocus();
    // Out of range is refused too, at its own field.
    await userEvent.clear(inDialog.getByLabelText(/^Premium adjustment/));
    await userEvent.type(inDialog.getByLabelText(/^Premium adjustment/), '150');
    await userEvent.click(inDialog.getByRole('button', { name: 'Approve' }));
    await expect(inDialog.getByLabelText(/^Premium adjustment/)).toHaveAccessibleDescription(
      /Premium adjustment must be between −50 % and \+100 %/,
    );
    await expect(inDialog.getByLabelText(/^Premium adjustment/)).toHaveFocus();
    await expect(standard.decisions).toEqual([]);
    await expect(fact(canvas, 'Status')).toHaveTextContent('Referred: awaiting review');
  },
};

const othersFirst = world({ othersDecideFirst: true });
export const Conflict: Story = {
  name: 'A 409: someone else decided meanwhile',
  ...othersFirst.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const { inDialog } = await open(canvas, 'Decline…', `Decline order ${SUBMISSION_NUMBER}`);
    await userEvent.type(inDialog.getByLabelText('Reason'), 'Outside our appetite for public works');
    await userEvent.click(inDialog.getByRole('button', { name: 'Decline order' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Someone else has acted on this order since you opened it. The order is approved',
    );
    await expect(alert).toHaveTextContent('The order has been reloaded as it is now');
    await expect(canvas.queryByRole('dialog')).toBeNull();
    // Reloaded: it is approved now, by Alan Turing, and nothing is left to decide.
    await waitFor(() => expect(fact(canvas, 'Status')).toHaveTextContent('Approved'));
    await expect(decisions(canvas)).toEqual([]);
    await expect(section(canvas, 'History').getByText('Alan Turing')).toBeVisible();
    await expect(announcement(canvasElement)).toBeEmptyDOMElement();
    await expect(othersFirst.own.decisions.map((decision) => decision.body)).toEqual([
      { submissionid: 4217, version: 5, reason: 'Outside our appetite for public works' },
    ]);
  },
};

export const Decline: Story = {
  name: 'Decline',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const { inDialog } = await open(canvas, 'Decline…', `Decline order ${SUBMISSION_NUMBER}`);
    await userEvent.type(inDialog.getByLabelText('Reason'), 'Outside our appetite for public works');
    await userEvent.click(inDialog.getByRole('button', { name: 'Decline order' }));
    await waitFor(() =>
      expect(announcement(canvasElement)).toHaveTextContent(
        `Order ${SUBMISSION_NUMBER} declined. Its status is now: Declined.`,
      ),
    );
    await waitFor(() => expect(fact(canvas, 'Status')).toHaveTextContent('Declined'));
    await expect(decisions(canvas)).toEqual([]);
    await expect(section(canvas, 'History').getByText('Declined: Outside our appetite for public works')).toBeVisible();
  },
};

export const RequestInfo: Story = {
  name: 'Ask for information',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const { inDialog } = await open(
      canvas,
      'Ask for information…',
      `Ask for information on order ${SUBMISSION_NUMBER}`,
    );
    await userEvent.type(inDialog.getByLabelText('Message'), LOSS_RUNS_REQUEST);
    await userEvent.click(inDialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(announcement(canvasElement)).toHaveTextContent(
        `Order ${SUBMISSION_NUMBER} sent back to the insured with your request. Its status is now: Waiting on the insured.`,
      ),
    );
    await waitFor(() => expect(fact(canvas, 'Status')).toHaveTextContent('Waiting on the insured'));
    await expect(decisions(canvas)).toEqual([]);
    const conversation = section(canvas, 'Conversation').getAllByRole('listitem');
    await expect(conversation).toHaveLength(1);
    await expect(conversation[0]).toHaveTextContent(LOSS_RUNS_REQUEST);
    await expect(standard.decisions).toEqual([
      { path: 'requestinfo', body: { submissionid: 4217, version: 5, message: LOSS_RUNS_REQUEST } },
    ]);
  },
};

const strict = world({ shortMessagesRefused: true });
export const RequestInfoRefused: Story = {
  name: 'Ask for information: the server refuses the message (400 at the field)',
  ...strict.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const { inDialog } = await open(
      canvas,
      'Ask for information…',
      `Ask for information on order ${SUBMISSION_NUMBER}`,
    );
    const message = inDialog.getByLabelText('Message');
    await userEvent.type(message, 'Loss runs');
    await userEvent.click(inDialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(message).toHaveAccessibleDescription(
        /Message must be at least 10 characters: say what the insured must send/,
      ),
    );
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toHaveFocus();
    await expect(inDialog.getByRole('alert')).toHaveTextContent('We could not send this request');
    // Still open, nothing moved.
    await expect(fact(canvas, 'Status')).toHaveTextContent('Referred: awaiting review');
    // Fixed and sent again: it goes through.
    await userEvent.type(message, ' for the last five years, please');
    await userEvent.click(inDialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(fact(canvas, 'Status')).toHaveTextContent('Waiting on the insured'));
    await expect(strict.own.decisions).toHaveLength(2);
  },
};

const failingOnce = world({ loadFailsOnce: true });
export const LoadFailed: Story = {
  name: 'Failure, then Try again',
  ...failingOnce.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load this submission. 500: Database unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await loaded(canvas);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

const missing = world({ missing: true });
export const NotFound: Story = {
  name: 'Not found',
  ...missing.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'We could not find that submission' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: '← Back to the queue' })).toHaveAttribute(
      'href',
      '/underwriting?status=underwriter_review',
    );
  },
};
