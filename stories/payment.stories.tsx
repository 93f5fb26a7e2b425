import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@/api/contract/money-format';
import PaymentScreen from '@/screens/payment/payment-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import {
  CARD_DECLINED,
  invoiceOf,
  INVOICE_NUMBER,
  QUARTERLY,
  quarterlySchedule,
  SESSION_ID,
  servedBilling,
  SUBMISSION_ID,
} from './support/billing-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import { captureDownloads, downloads } from './support/dashboard-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * payment (src/screens/payment, src/machines/payment.machine.ts): Ada pays for order 4217, which
 * an underwriter approved, on the quarterly plan. Pay invoices it when needed, starts a hosted
 * checkout and leaves for it (here a #fragment of this page: see billing-fixtures). The card is
 * entered there, never here.
 */
const ROUTE = `/payment?submissionid=${SUBMISSION_ID}`;

const meta = {
  title: 'Screens/Payment',
  component: PaymentScreen,
  parameters: { route: ROUTE, session: adaStored } satisfies RouterParameters,
} satisfies Meta<typeof PaymentScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const DUE_NOW = formatUsd(QUARTERLY.downPaymentCents);
const PAY = `Pay ${DUE_NOW} securely`;
const fact = (scope: Canvas, term: string) => scope.getByText(term, { selector: 'dt' }).nextElementSibling;

async function loaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 1, name: 'Pay for your cover' })).toBeVisible();
  await expect(canvasElement.querySelector('[data-screen="payment"]')).not.toBeNull();
  return canvas;
}

const approved = servedBilling({ status: 'approved' });

export const Approved: Story = {
  name: 'Approved: the order, and Pay the first installment',
  ...approved.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(canvas.getByText('Approved')).toHaveAttribute('data-order-status', 'approved');
    const order = within(canvas.getByRole('region', { name: 'Your order' }));
    await expect(fact(order, 'Cover')).toHaveTextContent('$1,000,000 / $1,000,000 limit, $2,500 deductible');
    await expect(fact(order, 'Starts')).toHaveTextContent('Jul 1, 2026');
    await expect(fact(order, 'Payment plan')).toHaveTextContent(`Quarterly: ${DUE_NOW} now, then 3 ×`);
    // No invoice until Pay is pressed.
    await expect(canvas.queryByRole('region', { name: 'Your invoice' })).toBeNull();
    const pay = within(canvas.getByRole('region', { name: 'Pay now' }));
    await expect(pay.getByRole('button', { name: PAY })).not.toHaveAttribute('aria-disabled');
    await expect(pay.getByText(/never on this site/)).toHaveTextContent(
      'You enter your card details on our payment provider’s secure checkout page, never on this site.',
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(approved.world.sent).toEqual([]);
  },
};

const paying = servedBilling({ status: 'approved' });

export const PayFromApproved: Story = {
  name: 'Pay: invoiced, then off to the hosted checkout',
  ...paying.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    await waitFor(() => expect(window.location.hash).toBe(`#sandbox-checkout-${SESSION_ID}`));
    await expect(canvas.getByText('Taking you to the secure checkout…')).toBeVisible();
    const [invoiced, checkout] = paying.world.sent;
    await expect([invoiced?.call, invoiced?.body]).toEqual(['generateInvoice', { submissionid: SUBMISSION_ID }]);
    await expect([checkout?.call, checkout?.body]).toEqual(['checkout', { submissionid: SUBMISSION_ID }]);
    await expect(checkout?.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
  },
};

const awaiting = servedBilling({ status: 'awaiting_payment' });

export const AwaitingPayment: Story = {
  name: 'Awaiting payment: the invoice and its schedule',
  ...awaiting.story,
  beforeEach: () => {
    awaiting.world.reset();
    return captureDownloads();
  },
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const invoice = within(await canvas.findByRole('region', { name: 'Your invoice' }));
    await expect(fact(invoice, 'Invoice number')).toHaveTextContent(INVOICE_NUMBER);
    await expect(fact(invoice, 'Due now')).toHaveTextContent(DUE_NOW);
    await expect(fact(invoice, 'Due date')).toHaveTextContent('Jul 1, 2026');
    const table = invoice.getByRole('table', { name: 'Your payments this year' });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(quarterlySchedule.length + 1);
    await expect(rows[1]).toHaveTextContent(`First payment (due now)Jul 1, 2026${DUE_NOW}`);
    await expect(rows[4]).toHaveTextContent(`Payment 4Apr 1, 2027${formatUsd(QUARTERLY.lastInstallmentCents)}`);
    await userEvent.click(invoice.getByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(downloads[0]).toMatchObject({ fileName: `invoice-${INVOICE_NUMBER.toLowerCase()}.pdf`, type: 'application/pdf' });
    await expect(canvas.getByRole('button', { name: PAY })).toBeVisible();
    await expect(awaiting.world.sent.map((call) => [call.call, call.body])).toEqual([['download', { submissionid: SUBMISSION_ID }]]);
  },
};

export const LastAttemptDeclined: Story = {
  name: 'The last attempt was declined: said, and Pay again',
  ...servedBilling({ status: 'awaiting_payment', invoice: invoiceOf({ lastPaymentFailure: CARD_DECLINED }) }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`Your last payment did not go through. ${CARD_DECLINED} Nothing was charged.`);
    await expect(canvas.getByRole('button', { name: PAY })).not.toHaveAttribute('aria-disabled');
  },
};

export const Cancelled: Story = {
  name: 'Back from the checkout without paying (cancelled=1)',
  ...awaiting.story,
  parameters: { ...awaiting.story.parameters, route: `${ROUTE}&cancelled=1` },
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(canvas.getByText('You left the checkout without paying; nothing was charged.').closest('[role="status"]')).not.toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('button', { name: PAY })).toBeVisible();
  },
};

export const Busy: Story = {
  name: 'Opening the checkout: busy',
  ...servedBilling({ status: 'awaiting_payment', pending: ['checkout'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const button = canvas.getByRole('button', { name: PAY });
    await userEvent.click(button);
    await expect(await canvas.findByText('Opening the secure checkout…')).toBeVisible();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveFocus();
  },
};

const UNAVAILABLE = 'The payment service is not answering just now. Nothing was charged: try again in a minute.';

const refused = servedBilling({ status: 'awaiting_payment', failing: { checkout: { status: 503, message: UNAVAILABLE } } });

export const Refused: Story = {
  name: 'The checkout could not start (503): the server’s words, and Pay again with the same key',
  ...refused.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(`We could not start your payment. ${UNAVAILABLE}`);
    await expect(window.location.hash).toBe('');
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    await waitFor(() => expect(refused.world.sent).toHaveLength(2));
    const [first, second] = refused.world.sent;
    // A lost or failed answer is retried with the same key: the server opens one checkout.
    await expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  },
};

export const NotPayable: Story = {
  name: 'Not payable: already paid, on to the cover',
  ...servedBilling({ status: 'complete', invoice: invoiceOf({ status: 'paid', orderStatus: 'complete', paidAt: '2026-06-25T10:09:00.000Z' }) }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const elsewhere = within(await canvas.findByRole('region', { name: 'Nothing to pay here' }));
    await expect(elsewhere.getByText('This order is paid: your cover is in place.')).toBeVisible();
    await expect(elsewhere.getByRole('link', { name: 'See your cover' })).toHaveAttribute('href', `/complete-order?submissionid=${SUBMISSION_ID}`);
    await expect(canvas.queryByRole('button', { name: /^Pay/ })).toBeNull();
  },
};

export const NotApprovedYet: Story = {
  name: 'Not payable: still with an underwriter',
  ...servedBilling({ status: 'underwriter_review' }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const elsewhere = within(await canvas.findByRole('region', { name: 'Nothing to pay here' }));
    await expect(elsewhere.getByText('This order is not ready to pay yet: it must be approved first.')).toBeVisible();
    await expect(elsewhere.getByRole('link', { name: 'See where your order is' })).toHaveAttribute(
      'href',
      `/incomplete-review-underwriter?submissionid=${SUBMISSION_ID}`,
    );
  },
};

export const Conflict: Story = {
  name: 'Paid in another tab meanwhile (409): said, and shown as it is now',
  ...servedBilling({ status: 'awaiting_payment', failing: { checkout: { status: 409, message: 'The order is complete', fields: { status: 'is complete' } } } })
    .story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Your order has changed since this page was loaded. The order is complete');
  },
};

export const ConflictThenReloadFails: Story = {
  name: 'A 409, and the order cannot be loaded again: said, with Try again',
  ...servedBilling({
    status: 'awaiting_payment',
    failing: { checkout: { status: 409, message: 'The order is complete', fields: { status: 'is complete' } } },
    summaryFailsAfterFirst: { status: 503, message: 'The order service is unavailable.' },
  }).story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    const retry = await canvas.findByRole('button', { name: 'Try again' });
    await expect(retry.closest('[role="alert"]')).toHaveTextContent('We could not load your order as it is now. 503: The order service is unavailable.');
  },
};

const branded = servedBilling({ status: 'awaiting_payment' });

export const Branded: Story = {
  name: 'On a broker’s site: the checkout returns to the branded screens',
  parameters: {
    route: `/client/payment/${HARBOR_RISK}?submissionid=${SUBMISSION_ID}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...branded.world.handlers] },
  },
  beforeEach: branded.world.reset,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    await waitFor(() => expect(window.location.hash).toBe(`#sandbox-checkout-${SESSION_ID}`));
    await expect(branded.world.sent.map((call) => call.body)).toEqual([{ submissionid: SUBMISSION_ID, clientid: HARBOR_RISK }]);
  },
};

export const Loading: Story = {
  name: 'Loading',
  ...servedBilling({ pending: ['summary'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your order…');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  },
};

export const NoOrder: Story = {
  name: 'No order in the address',
  ...servedBilling().story,
  parameters: { ...servedBilling().story.parameters, route: '/payment' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that order' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/dashboard');
  },
};

export const NotFound: Story = {
  name: 'Someone else’s order, or none (404)',
  ...servedBilling().story,
  parameters: { ...servedBilling().story.parameters, route: '/payment?submissionid=999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that order' })).toBeVisible();
  },
};

export const Failed: Story = {
  name: 'Could not load: said, with Try again',
  ...servedBilling({ failing: { summary: { status: 503, message: 'The order service is unavailable.' } } }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load your order. 503: The order service is unavailable.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  },
};
