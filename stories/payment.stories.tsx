import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import PaymentScreen from '@/screens/payment/payment-screen';
import { FIRST_HASH } from './support/application-fixtures';
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
  SUBMISSION_NUMBER,
  SUPPLIED_LOCATION_ID,
} from './support/billing-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import { captureDownloads, downloads } from './support/dashboard-fixtures';
import { contactItem, locationItem, lossRunsItem } from './support/order-status-fixtures';
import { quotedCalculation } from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { navigatedTo } from './support/story-navigation';

/**
 * payment (src/screens/payment, src/machines/payment.machine.ts), "Review and pay", the
 * purchase's fifth step (issue 16): Ada's order 4217, on the quarterly plan. A quoted order is
 * reviewed here: its application is signed (src/components/application-signature), whatever buy
 * now's checks find missing is asked inline (the practice's address and a contact, answers, loss
 * runs), and one press of Pay runs buy now, invoices the order and starts the hosted checkout —
 * Pay waits until the application is signed. An order buy now refers or declines goes on to its
 * status screen. An order an underwriter approved is paid the same way. Leaving for the checkout
 * is a #fragment of this page here (see billing-fixtures); the card is entered there, never here.
 * The application is signed as it stands unless a story says otherwise.
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
const SIGN_FIRST = 'Sign your application above to pay.';
const SUPPLY_FIRST = 'Supply what is still needed above to pay.';
const fact = (scope: Canvas, term: string) => scope.getByText(term, { selector: 'dt' }).nextElementSibling;

async function loaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
  await expect(canvasElement.querySelector('[data-screen="payment"]')).not.toBeNull();
  return canvas;
}

/** Loaded, its application signed as it stands: Pay can be pressed. */
async function payable(canvasElement: HTMLElement) {
  const canvas = await loaded(canvasElement);
  await waitFor(() => expect(canvas.getByRole('button', { name: PAY })).not.toHaveAttribute('aria-disabled'));
  return canvas;
}

/** Ticks both boxes, signs in Ada's name and waits for the signature. */
async function sign(canvas: Canvas) {
  const application = within(await canvas.findByRole('region', { name: 'Review and sign your application' }));
  await application.findByRole('heading', { level: 3, name: 'Your application' });
  await userEvent.click(
    application.getByRole('checkbox', { name: 'I agree to use electronic records and signatures' }),
  );
  await userEvent.click(
    application.getByRole('checkbox', { name: 'I declare the statements in this application are true' }),
  );
  const name = application.getByLabelText('Your full name, as your signature');
  await userEvent.clear(name);
  await userEvent.type(name, 'Ada Lovelace');
  await userEvent.click(application.getByRole('button', { name: 'Sign application' }));
  await expect(await application.findByText('Signed by Ada Lovelace on Jun 25, 2026')).toBeVisible();
}

// ---------------------------------------------------------------------------------------------
// A quoted order: review, sign, and one press of Pay

const quotedUnsigned = servedBilling({ status: 'quoted', application: 'unsigned' });

export const ReviewUnsigned: Story = {
  name: 'Quoted, not signed yet: Pay waits for the signature',
  ...quotedUnsigned.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const progress = within(canvas.getByRole('navigation', { name: 'Your purchase' }));
    await expect(progress.getByRole('listitem', { current: 'step' })).toHaveTextContent('Review and pay');
    await expect(progress.getAllByText('(done)')).toHaveLength(4);
    await expect(canvas.getByText('Quoted: ready to buy')).toHaveAttribute('data-order-status', 'quoted');
    await expect(canvas.getByText('Order Q-2026-004217, Architects')).toBeVisible();
    await expect(
      canvas.getByText(
        'Check your application, sign it, and pay: your cover starts once the first payment is through.',
      ),
    ).toBeVisible();
    // The application to review and sign, on this screen.
    const application = within(canvas.getByRole('region', { name: 'Review and sign your application' }));
    await expect(await application.findByRole('heading', { level: 3, name: 'Your application' })).toBeVisible();
    await expect(application.getByText('1200 Main St, Suite 400, Houston, TX 77002')).toBeVisible();
    await expect(application.getByRole('button', { name: 'Sign application' })).toBeVisible();
    // Nothing to supply; no invoice before there can be one; Pay waits for the signature, and says so.
    await expect(canvas.queryByRole('region', { name: 'Still needed before you pay' })).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'Your invoice' })).toBeNull();
    const pay = within(canvas.getByRole('region', { name: 'Pay now' }));
    await expect(pay.getByText(`${DUE_NOW} is due now, the first payment of your plan.`)).toBeVisible();
    const button = pay.getByRole('button', { name: PAY });
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    await expect(button).toHaveAccessibleDescription(SIGN_FIRST);
    await userEvent.click(button);
    await expect(quotedUnsigned.world.sent).toEqual([]);
    await expect(window.location.hash).toBe('');
  },
};

const quotedSigning = servedBilling({ status: 'quoted', application: 'unsigned' });

export const ReviewSignThenPay: Story = {
  name: 'Quoted: signed, then one press of Pay buys, invoices and opens the checkout',
  ...quotedSigning.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await sign(canvas);
    const button = canvas.getByRole('button', { name: PAY });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    await expect(button).not.toHaveAccessibleDescription(SIGN_FIRST);
    await expect(quotedSigning.world.application.signings).toMatchObject([
      { submissionid: SUBMISSION_ID, signerName: 'Ada Lovelace', recordHash: FIRST_HASH },
    ]);
    await userEvent.click(button);
    await waitFor(() => expect(window.location.hash).toBe(`#sandbox-checkout-${SESSION_ID}`));
    await expect(canvas.getByText('Taking you to the secure checkout…')).toBeVisible();
    // Buy now (approved), the invoice, the checkout: one press, in that order.
    await expect(quotedSigning.world.sent.map((call) => [call.call, call.body])).toEqual([
      ['buyNow', { submissionid: String(SUBMISSION_ID) }],
      ['generateInvoice', { submissionid: SUBMISSION_ID }],
      ['checkout', { submissionid: SUBMISSION_ID }],
    ]);
    await expect(quotedSigning.world.sent[0]?.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
  },
};

export const ReviewSigned: Story = {
  name: 'Quoted, signed earlier: Pay at once, beside the cover summary',
  ...servedBilling({ status: 'quoted' }).story,
  play: async ({ canvasElement }) => {
    const canvas = await payable(canvasElement);
    await expect(canvas.getByText('Signed by Ada Lovelace on Jun 25, 2026')).toBeVisible();
    await expect(canvas.getByRole('button', { name: PAY })).not.toHaveAttribute('aria-describedby');
    // The cover and its price as the order holds them.
    const summary = within(canvas.getByRole('complementary', { name: 'Your cover' }));
    await expect(fact(summary, 'Cover')).toHaveTextContent('Architects professional liability');
    await expect(fact(summary, 'Practice')).toHaveTextContent('Houston, TX 77002');
    await expect(fact(summary, 'Limit')).toHaveTextContent('$1M / $1M');
    await expect(fact(summary, 'Deductible')).toHaveTextContent('$2,500 deductible');
    await expect(fact(summary, 'Payment plan')).toHaveTextContent('Quarterly');
    await expect(canvasElement.querySelector('[data-summary-total]')).toHaveTextContent(
      `${formatUsd(quotedCalculation.totalCents)} a year · ${DUE_NOW} today`,
    );
  },
};

export const Buying: Story = {
  name: 'Pay pressed: buy now checks the order',
  ...servedBilling({ status: 'quoted', pending: ['buyNow'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = await payable(canvasElement);
    const button = canvas.getByRole('button', { name: PAY });
    await userEvent.click(button);
    await expect(await canvas.findByText('Checking your application…')).toBeVisible();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveFocus();
  },
};

export const Referred: Story = {
  name: 'Buy now refers the order: on to its status screen',
  ...servedBilling({ status: 'quoted', buyNowOutcome: 'underwriter_review' }).story,
  play: async ({ canvasElement }) => {
    const canvas = await payable(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    // An underwriter looks at it first: nothing is invoiced, no checkout is opened.
    await expect((await navigatedTo(canvasElement)).href).toBe(
      `/incomplete-review-underwriter?submissionid=${SUBMISSION_ID}`,
    );
    await expect(window.location.hash).toBe('');
  },
};

export const Declined: Story = {
  name: 'Buy now declines the order: on to the order',
  ...servedBilling({ status: 'quoted', buyNowOutcome: 'declined' }).story,
  play: async ({ canvasElement }) => {
    const canvas = await payable(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    await expect((await navigatedTo(canvasElement)).href).toBe(`/order/${SUBMISSION_ID}`);
  },
};

// ---------------------------------------------------------------------------------------------
// What buy now's checks find missing, asked on this screen

const detailsMissing = servedBilling({ status: 'quoted', requiredItems: [locationItem, contactItem] });

export const MissingAddressAndContact: Story = {
  name: 'Missing: the practice’s address and a contact, asked inline, then Pay',
  ...detailsMissing.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const needed = within(await canvas.findByRole('region', { name: 'Still needed before you pay' }));
    await expect(needed.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      locationItem.label,
      contactItem.label,
    ]);
    const button = canvas.getByRole('button', { name: PAY });
    await waitFor(() => expect(button).toHaveAccessibleDescription(SUPPLY_FIRST));
    await expect(button).toHaveAttribute('aria-disabled', 'true');

    // One small form: the street address at the quote's ZIP, and who we contact.
    const form = within(needed.getByRole('region', { name: 'A few details to finish' }));
    const address = within(form.getByRole('group', { name: 'Your practice’s address in Texas 77002' }));
    const contact = within(form.getByRole('group', { name: 'Who we contact about this policy' }));
    await userEvent.click(form.getByRole('button', { name: 'Save these details' }));
    await expect(await address.findByText('Street address is required')).toBeVisible();
    await expect(contact.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(detailsMissing.world.sent).toEqual([]);

    await userEvent.type(address.getByLabelText('Street address'), '1200 Main St');
    await userEvent.type(address.getByLabelText(/Suite, floor or unit/), 'Suite 400');
    for (const [label, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['E-mail', 'ada@example.com'],
      ['Phone', '(713) 555-0142'],
    ] as const) {
      await userEvent.clear(contact.getByLabelText(label));
      await userEvent.type(contact.getByLabelText(label), value);
    }
    await userEvent.click(form.getByRole('button', { name: 'Save these details' }));

    // Saved as Ada's location at the quote's ZIP (city and state from it), put on the order; the contact primary.
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Still needed before you pay' })).toBeNull());
    await expect(detailsMissing.world.sent.map((call) => [call.call, call.body])).toEqual([
      [
        'saveLocation',
        {
          address1: '1200 Main St',
          address2: 'Suite 400',
          title: null,
          city: 'Houston',
          state: 'TX',
          zipcode: '77002',
          isprimary: true,
        },
      ],
      [
        'addLocations',
        { submissionid: SUBMISSION_ID, addLocationsIds: [SUPPLIED_LOCATION_ID], removeLocationsIds: [] },
      ],
      [
        'saveContact',
        {
          firstname: 'Ada',
          lastname: 'Lovelace',
          email: 'ada@example.com',
          contactnumber: '(713) 555-0142',
          title: null,
          isprimary: true,
        },
      ],
    ]);
    await waitFor(() => expect(canvas.getByRole('button', { name: PAY })).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    await waitFor(() => expect(window.location.hash).toBe(`#sandbox-checkout-${SESSION_ID}`));
    await expect(detailsMissing.world.sent.slice(3).map((call) => call.call)).toEqual([
      'buyNow',
      'generateInvoice',
      'checkout',
    ]);
  },
};

const lossRunsMissing = servedBilling({ status: 'quoted', requiredItems: [lossRunsItem] });

export const MissingLossRuns: Story = {
  name: 'Missing: loss runs, uploaded inline, then Pay',
  ...lossRunsMissing.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const needed = within(await canvas.findByRole('region', { name: 'Still needed before you pay' }));
    await expect(needed.getByRole('listitem')).toHaveTextContent(lossRunsItem.label);
    // No address or contact is missing: no form for them.
    await expect(needed.queryByRole('region', { name: 'A few details to finish' })).toBeNull();
    await expect(await needed.findByRole('heading', { level: 3, name: 'Documents' })).toBeVisible();
    await expect(needed.getByText('No documents uploaded yet.')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: PAY })).toHaveAccessibleDescription(SUPPLY_FIRST));

    await userEvent.upload(
      needed.getByLabelText('Upload loss runs'),
      new File(['%PDF-1.7 loss runs'], 'loss-runs-2021-2025.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Still needed before you pay' })).toBeNull());
    await expect(lossRunsMissing.world.sent).toMatchObject([
      { call: 'upload', body: { module: 'submission', moduleid: String(SUBMISSION_ID) } },
    ]);
    const button = canvas.getByRole('button', { name: PAY });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    await expect(button).not.toHaveAttribute('aria-describedby');
  },
};

// ---------------------------------------------------------------------------------------------
// An order an underwriter approved, and one awaiting payment

const approved = servedBilling({ status: 'approved' });

export const Approved: Story = {
  name: 'Approved: the order, and Pay the first installment',
  ...approved.story,
  play: async ({ canvasElement }) => {
    const canvas = await payable(canvasElement);
    await expect(canvas.getByText('Approved')).toHaveAttribute('data-order-status', 'approved');
    await expect(canvas.getByText('Order Q-2026-004217, Architects')).toBeVisible();
    await expect(
      canvas.getByText('Your order is approved: your cover starts once the first payment is through.'),
    ).toBeVisible();
    // Signed as it stands: shown as signed, nothing to tick.
    await expect(canvas.getByText('Signed by Ada Lovelace on Jun 25, 2026')).toBeVisible();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    const summary = within(canvas.getByRole('complementary', { name: 'Your cover' }));
    await expect(fact(summary, 'Payment plan')).toHaveTextContent('Quarterly');
    // No invoice until Pay is pressed.
    await expect(canvas.queryByRole('region', { name: 'Your invoice' })).toBeNull();
    const pay = within(canvas.getByRole('region', { name: 'Pay now' }));
    await expect(pay.getByText(`${DUE_NOW} is due now, the first payment of your plan.`)).toBeVisible();
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
    const canvas = await payable(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    await waitFor(() => expect(window.location.hash).toBe(`#sandbox-checkout-${SESSION_ID}`));
    await expect(canvas.getByText('Taking you to the secure checkout…')).toBeVisible();
    // Approved by an underwriter already: no buy now.
    const [invoiced, checkout] = paying.world.sent;
    await expect(paying.world.sent).toHaveLength(2);
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
    const canvas = await payable(canvasElement);
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
    await expect(downloads[0]).toMatchObject({
      fileName: `invoice-${INVOICE_NUMBER.toLowerCase()}.pdf`,
      type: 'application/pdf',
    });
    // The invoice's amount: "is due now", without "the first payment of your plan".
    await expect(canvas.getByText(`${DUE_NOW} is due now.`)).toBeVisible();
    await expect(canvas.getByRole('button', { name: PAY })).toBeVisible();
    await expect(awaiting.world.sent.map((call) => [call.call, call.body])).toEqual([
      ['download', { submissionid: SUBMISSION_ID }],
    ]);
  },
};

export const LastAttemptDeclined: Story = {
  name: 'The last attempt was declined: said, and Pay again',
  ...servedBilling({ status: 'awaiting_payment', invoice: invoiceOf({ lastPaymentFailure: CARD_DECLINED }) }).story,
  play: async ({ canvasElement }) => {
    const canvas = await payable(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      `Your last payment did not go through. ${CARD_DECLINED} Nothing was charged.`,
    );
    await expect(canvas.getByRole('button', { name: PAY })).not.toHaveAttribute('aria-disabled');
  },
};

export const Cancelled: Story = {
  name: 'Back from the checkout without paying (cancelled=1)',
  ...awaiting.story,
  parameters: { ...awaiting.story.parameters, route: `${ROUTE}&cancelled=1` },
  play: async ({ canvasElement }) => {
    const canvas = await payable(canvasElement);
    await expect(
      canvas.getByText('You left the checkout without paying; nothing was charged.').closest('[role="status"]'),
    ).not.toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('button', { name: PAY })).toBeVisible();
  },
};

export const Busy: Story = {
  name: 'Opening the checkout: busy',
  ...servedBilling({ status: 'awaiting_payment', pending: ['checkout'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = await payable(canvasElement);
    const button = canvas.getByRole('button', { name: PAY });
    await userEvent.click(button);
    await expect(await canvas.findByText('Opening the secure checkout…')).toBeVisible();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveFocus();
  },
};

const UNAVAILABLE = 'The payment service is not answering just now. Nothing was charged: try again in a minute.';

const refused = servedBilling({
  status: 'awaiting_payment',
  failing: { checkout: { status: 503, message: UNAVAILABLE } },
});

export const Refused: Story = {
  name: 'The checkout could not start (503): the server’s words, and Pay again with the same key',
  ...refused.story,
  play: async ({ canvasElement }) => {
    const canvas = await payable(canvasElement);
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
  ...servedBilling({
    status: 'complete',
    invoice: invoiceOf({ status: 'paid', orderStatus: 'complete', paidAt: '2026-06-25T10:09:00.000Z' }),
  }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const elsewhere = within(await canvas.findByRole('region', { name: 'Nothing to pay here' }));
    await expect(elsewhere.getByText('This order is paid: your cover is in place.')).toBeVisible();
    await expect(elsewhere.getByRole('link', { name: 'See your cover' })).toHaveAttribute(
      'href',
      `/complete-order?submissionid=${SUBMISSION_ID}`,
    );
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
  ...servedBilling({
    status: 'awaiting_payment',
    failing: { checkout: { status: 409, message: 'The order is complete', fields: { status: 'is complete' } } },
  }).story,
  play: async ({ canvasElement }) => {
    const canvas = await payable(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your order has changed since this page was loaded. The order is complete',
    );
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
    const canvas = await payable(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    const retry = await canvas.findByRole('button', { name: 'Try again' });
    await expect(retry.closest('[role="alert"]')).toHaveTextContent(
      'We could not load your order as it is now. 503: The order service is unavailable.',
    );
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
    const canvas = await payable(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: PAY }));
    await waitFor(() => expect(window.location.hash).toBe(`#sandbox-checkout-${SESSION_ID}`));
    await expect(branded.world.sent.map((call) => call.body)).toEqual([
      { submissionid: SUBMISSION_ID, clientid: HARBOR_RISK },
    ]);
  },
};

// ---------------------------------------------------------------------------------------------
// Loading, and no such order

export const Loading: Story = {
  name: 'Loading',
  ...servedBilling({ pending: ['summary'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your order…');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
    // What to do here shows before the order does, where the loaded review keeps it.
    await expect(
      canvas.getByText(
        'Check your application, sign it, and pay: your cover starts once the first payment is through.',
      ),
    ).toBeVisible();
    // Where the purchase is, from the start.
    await expect(canvas.getByRole('navigation', { name: 'Your purchase' })).toBeVisible();
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
    await expect(canvas.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
    await expect(canvas.queryByText(SUBMISSION_NUMBER)).toBeNull();
  },
};
