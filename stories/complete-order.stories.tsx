import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { formatUsd } from '@shared/contract/money-format';
import CompleteOrderScreen from '@/screens/complete-order/complete-order-screen';
import { ada, adaStored } from './support/auth-fixtures';
import {
  billingWorld,
  boundOnly,
  POLICY_NUMBER,
  QUARTERLY,
  type BillingWorldOptions,
} from './support/billing-fixtures';
import { captureDownloads, downloads } from './support/dashboard-fixtures';
import { servedOrder, SUBMISSION_ID } from './support/order-status-fixtures';
import { quotedCalculation } from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { statusScreenStories } from './support/status-screen-stories';

/**
 * complete-order (src/screens/complete-order): order 4217 is bound (paid, documents on their
 * way) or complete (documents issued): the cover, the policy as issued, its documents to
 * download, and the order confirmation to e-mail (src/components/documents/order-policy.tsx).
 * A closed order has nothing to close, so there is no dialog here.
 */
const common = statusScreenStories('complete-order', 'complete', 'Order complete');

const meta = {
  title: 'Screens/Order status/Complete order',
  component: CompleteOrderScreen,
  parameters: { route: common.route, session: adaStored } satisfies RouterParameters,
} satisfies Meta<typeof CompleteOrderScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** The order's server (the summary) and its billing server (policy, documents, mails), both reset before each showing. */
function servedComplete(status: SubmissionStatus, billing: BillingWorldOptions = {}) {
  const order = servedOrder({ status });
  const world = billingWorld({ status, ...billing });
  return {
    world,
    story: {
      parameters: { msw: { handlers: [...order.story.parameters.msw.handlers, ...world.handlers] } },
      beforeEach: () => {
        order.world.reset();
        world.reset();
      },
    },
  };
}

/** A shared story, with the policy and documents answered once the order shows. */
function withBilling(story: Story): Story {
  const world = billingWorld({ status: 'complete' });
  const handlers = (story.parameters as { msw: { handlers: HttpHandler[] } }).msw.handlers;
  return { ...story, parameters: { ...story.parameters, msw: { handlers: [...handlers, ...world.handlers] } } };
}

const fact = (scope: Canvas, term: string) => scope.getByText(term, { selector: 'dt' }).nextElementSibling;
const DOWNLOADS = [
  'Download policy',
  'Download declarations page',
  'Download binder',
  'Download invoice',
  'Download order summary',
];

const complete = servedComplete('complete');

export const Loaded: Story = {
  name: 'Complete: the policy, its documents, and the confirmation by e-mail',
  ...complete.story,
  beforeEach: () => {
    complete.story.beforeEach();
    return captureDownloads();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Your cover is in place' })).toBeVisible();
    await expect(canvas.getByText('Complete: documents issued')).toHaveAttribute('data-order-status', 'complete');
    const cover = canvas.getByRole('region', { name: 'Your cover' });
    await expect(within(cover).getByText('Price for the year').nextElementSibling).toHaveTextContent(
      formatUsd(quotedCalculation.totalCents),
    );
    const policy = within(await canvas.findByRole('region', { name: 'Your policy' }));
    await expect(await policy.findByText(POLICY_NUMBER)).toBeVisible();
    await expect(fact(policy, 'Policy period')).toHaveTextContent('Jul 1, 2026 to Jul 1, 2027');
    await expect(fact(policy, 'Retroactive date')).toHaveTextContent('Sep 1, 2021');
    await expect(fact(policy, 'Limits')).toHaveTextContent('$1,000,000 per claim, $1,000,000 aggregate');
    await expect(fact(policy, 'Deductible')).toHaveTextContent('$2,500 per claim');
    await expect(fact(policy, 'Total for the year')).toHaveTextContent(formatUsd(quotedCalculation.totalCents));
    await expect(fact(policy, 'Payment plan')).toHaveTextContent('Quarterly');
    await expect(fact(policy, 'Paid')).toHaveTextContent(`${formatUsd(QUARTERLY.downPaymentCents)} on Jun 25, 2026`);
    // Certificates of insurance are issued on the policy itself.
    await expect(policy.getByRole('link', { name: 'Issue a certificate of insurance' })).toHaveAttribute(
      'href',
      '/certificates?policyid=17',
    );
    // And its own page: its standing, changes and cancellation.
    await expect(policy.getByRole('link', { name: 'View your policy' })).toHaveAttribute('href', '/policy?policyid=17');
    const documents = within(canvas.getByRole('region', { name: 'Documents' }));
    await expect(canvas.getByRole('region', { name: 'Documents' })).toHaveTextContent(
      'Download your policy, binder, invoice and order summary.',
    );
    await expect(documents.getAllByRole('button', { name: /^Download/ }).map((button) => button.textContent)).toEqual(
      DOWNLOADS,
    );
    await userEvent.click(documents.getByRole('button', { name: 'Download binder' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(downloads[0]).toMatchObject({
      fileName: `binder-${POLICY_NUMBER.toLowerCase()}.pdf`,
      type: 'application/pdf',
    });
    await expect(documents.getByRole('link', { name: 'Go to your documents' })).toHaveAttribute('href', '/document');
    await expect(canvas.getByRole('link', { name: 'See the full order summary' })).toHaveAttribute(
      'href',
      `/ordersummary/${SUBMISSION_ID}`,
    );
    await expect(canvas.queryByRole('button', { name: 'Close this order' })).toBeNull();
  },
};

const mailing = servedComplete('complete');

export const EmailConfirmation: Story = {
  name: 'E-mail my order confirmation: to her own address',
  ...mailing.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const open = await canvas.findByRole('button', { name: 'E-mail my order confirmation' });
    await userEvent.click(open);
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'E-mail my order confirmation' }));
    await expect(dialog.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(ada.email);
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByText(`Your order confirmation is on its way to ${ada.email}.`)).toBeVisible();
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
    await expect(mailing.world.sent.map((call) => [call.call, call.body])).toEqual([
      ['mailConfirmation', { submissionid: String(SUBMISSION_ID), to: ada.email }],
    ]);
  },
};

const bound = servedComplete('bound', { policy: null, documents: boundOnly });

export const Bound: Story = {
  name: 'Bound: paid, the policy being issued',
  ...bound.story,
  parameters: { ...bound.story.parameters, route: `/complete-order?submissionid=${SUBMISSION_ID}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Your cover is bound' })).toBeVisible();
    const policy = await canvas.findByRole('region', { name: 'Your policy' });
    await expect(await within(policy).findByText(/^Your policy is being issued\./)).toBeVisible();
    const documents = canvas.getByRole('region', { name: 'Documents' });
    await waitFor(() =>
      expect(documents).toHaveTextContent(
        'Download what is ready below; your policy and binder follow as soon as they are issued.',
      ),
    );
    await expect(
      within(documents)
        .getAllByRole('button', { name: /^Download/ })
        .map((button) => button.textContent),
    ).toEqual(['Download invoice', 'Download order summary']);
  },
};

export const PolicyFailed: Story = {
  name: 'The policy could not load: said, with Try again',
  ...servedComplete('complete', { failing: { policy: { status: 503, message: 'The policy service is unavailable.' } } })
    .story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const policy = within(await canvas.findByRole('region', { name: 'Your policy' }));
    const alert = await policy.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load your policy. 503: The policy service is unavailable.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const Loading = common.Loading;
export const NotFound = common.NotFound;
export const NoOrder = common.NoOrder;
export const Failed = withBilling(common.Failed);
export const OnAnotherScreen = common.OnAnotherScreen;
