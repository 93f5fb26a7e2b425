import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import PaymentConfirmScreen from '@/screens/payment-confirm/payment-confirm-screen';
import { adaStored } from './support/auth-fixtures';
import {
  BILLING_URLS,
  CARD_DECLINED,
  INVOICE_NUMBER,
  POLICY_NUMBER,
  QUARTERLY,
  quarterlySchedule,
  servedBilling,
  SESSION_ID,
  SUBMISSION_ID,
  SUBMISSION_NUMBER,
} from './support/billing-fixtures';
import { captureDownloads, downloads } from './support/dashboard-fixtures';
import { endorsementFileName, paidChange, paidEndorsementHandlers, paidTail } from './support/endorsements-fixtures';
import { quotedCalculation } from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * paymentconfirm (src/screens/payment-confirm, src/machines/payment-confirm.machine.ts), the
 * purchase's last step: Ada is back from the hosted checkout for order 4217. The screen asks the
 * server what became of the payment: received (the policy is issued), still on its way, or
 * declined. Received, it is a receipt (issue 16): what was paid, on which invoice, the policy,
 * the payments still to come, then the policy and its documents to download.
 */
const ROUTE = `/paymentconfirm?submissionid=${SUBMISSION_ID}&sessionid=${SESSION_ID}`;

const meta = {
  title: 'Screens/Payment confirmation',
  component: PaymentConfirmScreen,
  parameters: { route: ROUTE, session: adaStored } satisfies RouterParameters,
} satisfies Meta<typeof PaymentConfirmScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const fact = (scope: Canvas, term: string) => scope.getByText(term, { selector: 'dt' }).nextElementSibling;
const DOWNLOADS = [
  'Download policy',
  'Download declarations page',
  'Download binder',
  'Download invoice',
  'Download order summary',
];

/** The screen's one status region: every outcome but an error is told in it. */
const outcomeRegion = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-screen="paymentconfirm"] > [role="status"]');

export const Confirming: Story = {
  name: 'Confirming',
  ...servedBilling({ status: 'awaiting_payment', pending: ['confirm'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Confirming your payment…');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-screen="paymentconfirm"]')).not.toBeNull();
  },
};

const paid = servedBilling({ status: 'awaiting_payment', confirmations: ['paid'] });

export const Paid: Story = {
  name: 'Paid: the receipt, the policy and its documents',
  ...paid.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: `Payment received — policy ${POLICY_NUMBER} is issued` }),
    ).toBeVisible();
    await expect(outcomeRegion(canvasElement)).toHaveTextContent(
      'Thank you: your cover is in place. We have e-mailed your policy documents.',
    );
    // The last of the purchase's seven steps, every one before it done.
    const progress = within(canvas.getByRole('navigation', { name: 'Your purchase' }));
    await expect(progress.getByRole('listitem', { current: 'step' })).toHaveTextContent('Your policy');
    await expect(progress.getAllByText('(done)')).toHaveLength(6);

    // The receipt: what was paid, when, on which invoice, for which policy and order.
    const receipt = within(await canvas.findByRole('region', { name: 'Your receipt' }));
    await expect(fact(receipt, 'Amount paid')).toHaveTextContent(formatUsd(QUARTERLY.downPaymentCents));
    await expect(fact(receipt, 'Paid on')).toHaveTextContent('Jun 25, 2026');
    await expect(fact(receipt, 'Invoice')).toHaveTextContent(INVOICE_NUMBER);
    await expect(fact(receipt, 'Policy')).toHaveTextContent(POLICY_NUMBER);
    await expect(fact(receipt, 'Order')).toHaveTextContent(SUBMISSION_NUMBER);
    await expect(fact(receipt, 'Payment plan')).toHaveTextContent('Quarterly');
    await expect(fact(receipt, 'Total for the year')).toHaveTextContent(formatUsd(quotedCalculation.totalCents));
    // The payments still to come this year: the plan's other three.
    const next = within(
      receipt.getByRole('table', { name: 'Your next payments: we e-mail a reminder before each is due' }),
    );
    const rows = next.getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(quarterlySchedule.length - 1);
    await expect(rows[0]).toHaveTextContent(`Oct 1, 2026${formatUsd(QUARTERLY.installmentCents)}`);
    await expect(rows[2]).toHaveTextContent(`Apr 1, 2027${formatUsd(QUARTERLY.lastInstallmentCents)}`);

    // Then the policy as issued, and each of its documents to download.
    const policy = within(await canvas.findByRole('region', { name: 'Your policy' }));
    await expect(await policy.findByText(POLICY_NUMBER)).toBeVisible();
    await expect(fact(policy, 'Policy period')).toHaveTextContent('Jul 1, 2026 to Jul 1, 2027');
    const documents = within(canvas.getByRole('region', { name: 'Documents' }));
    await expect(documents.getAllByRole('button', { name: /^Download / }).map((button) => button.textContent)).toEqual(
      DOWNLOADS,
    );
    await expect(documents.getByRole('link', { name: 'Go to your documents' })).toHaveAttribute('href', '/document');
    await expect(canvas.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    // Asked once; the receipt and the documents are only read.
    await expect(paid.world.sent.map((call) => [call.call, call.body])).toEqual([
      ['confirm', { submissionid: SUBMISSION_ID, sessionid: SESSION_ID }],
    ]);
  },
};

const pendingThenPaid = servedBilling({ status: 'awaiting_payment', confirmations: ['pending', 'paid'] });

export const PaidAfterWaiting: Story = {
  name: 'Paid after a wait: the outcome is told in the live region that was there from the start',
  ...pendingThenPaid.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await waitFor(() => {
      const found = outcomeRegion(canvasElement);
      expect(found).not.toBeNull();
      return found!;
    });
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /^Payment received/ }, { timeout: 3000 }),
    ).toBeVisible();
    // The same node: screen readers read a change in a region they know, not one inserted already full.
    await expect(outcomeRegion(canvasElement)).toBe(region);
    await expect(region).toHaveTextContent('Thank you: your cover is in place.');
    await expect(await canvas.findByRole('region', { name: 'Your receipt' })).toBeVisible();
  },
};

let receiptLoads = 0;

export const ReceiptFailed: Story = {
  name: 'Paid, but the receipt could not load: said, with Try again',
  parameters: {
    msw: {
      handlers: [
        // invoice/details fails the first time, then answers as the billing server does.
        http.get(BILLING_URLS.invoice, () => {
          receiptLoads += 1;
          return receiptLoads === 1
            ? HttpResponse.json({ status: 503, message: 'The billing service is unavailable.' }, { status: 503 })
            : undefined;
        }),
        ...paid.story.parameters.msw.handlers,
      ],
    },
  },
  beforeEach: [
    paid.story.beforeEach,
    () => {
      receiptLoads = 0;
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: `Payment received — policy ${POLICY_NUMBER} is issued` }),
    ).toBeVisible();
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Your payment is received, but we could not load your receipt. The billing service is unavailable.',
    );
    // The payment itself is not in doubt: the outcome stays said.
    await expect(outcomeRegion(canvasElement)).toHaveTextContent('Thank you: your cover is in place.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('region', { name: 'Your receipt' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(paid.world.sent.filter((call) => call.call === 'confirm')).toHaveLength(1);
  },
};

const pending = servedBilling({ status: 'awaiting_payment', confirmations: ['pending'] });

export const StillPending: Story = {
  name: 'Pending: the server’s words, and it asks again on its own',
  ...pending.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      (await canvas.findByText('We have not received your payment yet. Checking again in a moment…')).closest(
        '[role="status"]',
      ),
    ).not.toBeNull();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible();
    await expect(canvas.getByText('Please keep this page open. Nothing more will be charged.')).toBeVisible();
  },
};

const unreachable = servedBilling({
  status: 'awaiting_payment',
  failing: { confirm: { status: 503, message: 'The payment service is unavailable.' } },
});

export const Unreachable: Story = {
  name: 'Could not ask: said, with Check again',
  ...unreachable.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Still confirming your payment' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'We could not check your payment just now. The payment service is unavailable.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Check again' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(unreachable.world.sent.filter((call) => call.call === 'confirm')).toHaveLength(2);
  },
};

export const Failed: Story = {
  name: 'Declined: the provider’s words, and back to payment',
  ...servedBilling({ status: 'awaiting_payment', confirmations: ['failed'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Your payment did not go through' }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(CARD_DECLINED);
    await expect(canvas.getByRole('link', { name: 'Back to payment' })).toHaveAttribute(
      'href',
      `/payment?submissionid=${SUBMISSION_ID}`,
    );
  },
};

export const NoSuchCheckout: Story = {
  name: 'No such checkout (404)',
  ...servedBilling({ failing: { confirm: { status: 404, message: 'Order Q-2026-004217 has no such checkout' } } })
    .story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'We could not find that payment' }),
    ).toBeVisible();
    await expect(canvas.getByText('Order Q-2026-004217 has no such checkout')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/dashboard');
  },
};

export const NoSession: Story = {
  name: 'An address without a checkout session',
  ...servedBilling().story,
  parameters: {
    ...servedBilling().story.parameters,
    route: `/paymentconfirm?submissionid=${SUBMISSION_ID}&sessionid=nonsense`,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'We could not find that payment' }),
    ).toBeVisible();
  },
};

// ---------------------------------------------------------------------------------------------
// Back from paying an endorsement (issue 19): a mid-term change's additional premium, or a tail

/** Back from the checkout of endorsement `id`: the order's payment server, the policy's history beside it. */
function paidEndorsementStory(id: number) {
  const billing = servedBilling({ status: 'complete', confirmations: ['paid'] });
  const history = paidEndorsementHandlers([paidChange, paidTail]);
  return {
    billing,
    history,
    story: {
      parameters: {
        route: `/paymentconfirm?submissionid=${SUBMISSION_ID}&endorsementid=${id}&sessionid=${SESSION_ID}`,
        msw: { handlers: [...history.handlers, ...billing.story.parameters.msw.handlers] },
      },
      beforeEach: () => {
        billing.world.reset();
        history.downloads.length = 0;
        return captureDownloads();
      },
    } satisfies Pick<Story, 'parameters' | 'beforeEach'>,
  };
}

const changePaid = paidEndorsementStory(paidChange.id);

export const PaidEndorsement: Story = {
  name: 'Paid: a change of the policy, issued, with its PDF and the policy',
  ...changePaid.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: `Your change ${paidChange.number} is paid and issued` }),
    ).toBeVisible();
    await expect(outcomeRegion(canvasElement)).toHaveTextContent(
      'Thank you: your payment is received and your policy documents are reissued.',
    );
    const change = within(canvas.getByRole('region', { name: 'Your change' }));
    await expect(fact(change, 'Amount paid')).toHaveTextContent(formatUsd(paidChange.totalChangeCents));
    await expect(fact(change, 'Invoice')).toHaveTextContent(paidChange.invoiceNumber!);
    await expect(fact(change, 'Effective')).toHaveTextContent('Nov 26, 2026');
    await expect(change.getByRole('listitem')).toHaveTextContent(
      'Limit of liability: $1,000,000/$1,000,000 → becomes $2,000,000/$4,000,000',
    );
    // The order's receipt is not what was paid here, nor is it a step of the purchase.
    await expect(canvas.queryByRole('region', { name: 'Your receipt' })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Your purchase' })).toBeNull();
    await expect(changePaid.billing.world.sent.map((call) => call.call)).toEqual(['confirm']);
    await expect(change.getByRole('link', { name: 'See your policy' })).toHaveAttribute(
      'href',
      `/policy?policyid=${paidChange.policyId}`,
    );
    await userEvent.click(change.getByRole('button', { name: 'Download the endorsement (PDF)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(downloads[0]!.fileName).toBe(endorsementFileName(paidChange.number));
    await expect(changePaid.history.downloads).toEqual([paidChange.id]);
  },
};

const tailPaid = paidEndorsementStory(paidTail.id);

export const PaidTail: Story = {
  name: 'Paid: the tail bought after cancelling, issued',
  ...tailPaid.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: `Your extended reporting period ${paidTail.number} is paid and issued`,
      }),
    ).toBeVisible();
    const tail = within(canvas.getByRole('region', { name: 'Your tail cover' }));
    await expect(fact(tail, 'Amount paid')).toHaveTextContent(formatUsd(paidTail.totalChangeCents));
    await expect(
      tail.getByText('2 years: claims for work done while your policy was in force can be reported until Dec 1, 2028.'),
    ).toBeVisible();
    await expect(tail.getByRole('button', { name: 'Download the endorsement (PDF)' })).toBeVisible();
  },
};

const endorsementDeclined = servedBilling({ status: 'complete', confirmations: ['failed'] });

export const EndorsementDeclined: Story = {
  name: 'An endorsement’s payment declined: back to the policy changes',
  ...endorsementDeclined.story,
  parameters: {
    ...endorsementDeclined.story.parameters,
    route: `/paymentconfirm?submissionid=${SUBMISSION_ID}&endorsementid=${paidChange.id}&sessionid=${SESSION_ID}`,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Your payment did not go through' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to your policy changes' })).toHaveAttribute(
      'href',
      '/policy/changes',
    );
  },
};
