import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, errorText, serverMessage } from '@/api/api-error';
import { generateInvoice, invoiceDetails, startCheckout } from '@/api/billing';
import type { Checkout, Invoice } from '@shared/contract/billing';
import type { OrderSummaryDetails } from '@shared/contract/lifecycle';
import type { PaymentPlan } from '@shared/contract/rating';
import { orderSummaryDetails } from '@/api/lifecycle';
import { newSaveKey } from '@/api/saved-quote';
import type { BuyNowResult } from '@shared/contract/lifecycle';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { buyNow } from '@/api/lifecycle';
import { statusScreen, type StatusScreen } from '@shared/lifecycle/order-lifecycle.machine';
import { errorOf, outputOf } from '@/machines/actor-events';

export interface PaymentInput {
  submissionId: number;
  /** The broker's client id on a branded route: the checkout then returns to the branded screens. */
  clientId?: string | undefined;
}

/** The order, and its invoice once one was generated (null before). */
export interface LoadedPayment {
  details: OrderSummaryDetails;
  invoice: Invoice | null;
}

export interface PaymentContext extends PaymentInput {
  /**
   * Whether the application is signed as it stands (the signing component says so). Paying
   * waits for it: the server refuses a checkout without it, and the insured should not learn
   * that from a refusal.
   */
  signed: boolean;
  details: OrderSummaryDetails | undefined;
  invoice: Invoice | null;
  /** Why the order could not load, in words. */
  errorMessage: string | undefined;
  /** Why the last press of Pay did not reach the checkout, in the server's words. */
  payFailure: string | null;
  /** Kept across retries of one attempt (a lost answer must not open two checkouts); new after a refusal. */
  checkoutKey: string;
  /** The checkout the browser is sent to. */
  checkout: Checkout | null;
  /** This press of Pay's buy now: a retry after a lost answer is the same buy now. */
  buyKey: string;
}

export type PaymentEvent =
  | { type: 'payment.retry' }
  | { type: 'payment.pay' }
  | { type: 'payment.signed'; signed: boolean }
  /** Something the review asked for was supplied on this screen (a file, an answer, an address): load the order again. */
  | { type: 'payment.itemsSupplied' };

/** The statuses an invoice can exist in: before them, asking for one would only be answered 404. */
const INVOICED_STATUSES: readonly SubmissionStatus[] = ['awaiting_payment', 'bound', 'complete', 'close_lost'];

/** GET dashboard/ordersummarydetails, then GET invoice/details only where an order can have one. */
export async function loadPayment(submissionId: number): Promise<LoadedPayment> {
  const details = await orderSummaryDetails(submissionId);
  if (!INVOICED_STATUSES.includes(details.order.status)) return { details, invoice: null };
  const invoice = await invoiceDetails(submissionId).catch((error: unknown) => {
    // Closed before it was ever invoiced, or paid for on another tab a moment ago: none to show.
    if (errorStatus(error) === 404) return null;
    throw error;
  });
  return { details, invoice };
}

/** Statuses reviewed on this screen before paying: buy now decides them first (issue 16). */
const REVIEWED_STATUSES: readonly SubmissionStatus[] = ['quoted', 'incomplete'];

/** The plan the order was quoted with; the first when the order names none (as the server invoices it). */
export function chosenPlan(details: OrderSummaryDetails): PaymentPlan | undefined {
  const plans = details.order.rating?.paymentPlans ?? [];
  return plans.find((plan) => plan.code === details.order.paymentTerm) ?? plans[0];
}

/** What Pay charges now: the open invoice's amount due, or before it exists the plan's first payment. */
export function amountDueNow(details: OrderSummaryDetails, invoice: Invoice | null): number | undefined {
  if (invoice?.status === 'open') return invoice.amountDueCents;
  return chosenPlan(details)?.downPaymentCents;
}

/** Where an order that cannot be paid here is looked after: a paid one on complete-order, the rest on their status screen. */
export function payableElsewhere(details: OrderSummaryDetails, invoice: Invoice | null): StatusScreen {
  return invoice?.status === 'paid' ? 'complete-order' : statusScreen(details.order.status);
}

const wasRefused = (error: unknown) => {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500;
};

/** A press of Pay that did not reach the checkout, in words: a 409 says the order moved on. */
function payWords(error: unknown): string {
  const said = serverMessage(error) ?? errorText(error);
  return errorStatus(error) === 409
    ? `Your order has changed since this page was loaded. ${said}`
    : `We could not start your payment. ${said}`;
}

/**
 * payment?submissionid: paying for an approved order. It loads the order and its invoice, then
 * shows it as approved (not invoiced yet), awaiting payment (the invoice, and why the last
 * attempt failed), or not payable here (the screen says where to go instead). Pay generates the
 * invoice when there is none (approved → awaiting_payment), starts a hosted checkout with one
 * Idempotency-Key per attempt, and hands its address to the `goToCheckout` action (a full page
 * navigation, provided at the React edge). Card details are entered on the provider's page only.
 * A 409 means the order moved meanwhile: it is loaded again and shown as it is now.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    input: {} as PaymentInput,
    events: {} as PaymentEvent,
  },
  actors: {
    loadPayment: fromPromise<LoadedPayment, { submissionId: number }>(({ input }) => loadPayment(input.submissionId)),
    buyNow: fromPromise<BuyNowResult, { submissionId: number; idempotencyKey: string }>(({ input }) =>
      buyNow(input.submissionId, input.idempotencyKey),
    ),
    generateInvoice: fromPromise<Invoice, { submissionId: number }>(({ input }) => generateInvoice(input.submissionId)),
    startCheckout: fromPromise<
      Checkout,
      { submissionId: number; clientId: string | undefined; idempotencyKey: string }
    >(({ input }) =>
      startCheckout(input.submissionId, { clientId: input.clientId, idempotencyKey: input.idempotencyKey }),
    ),
  },
  actions: {
    /** Provided at the React edge: window.location.assign(url), leaving the app for the hosted checkout. */
    goToCheckout: (_, _params: { url: string }) => {},
    /** Provided at the router edge: an order buy now referred or declined is looked after on its status screen. */
    showStatus: (_, _params: { screen: StatusScreen }) => {},
    storeSigned: assign((_, signed: boolean) => ({ signed })),
    storeBought: assign(({ context }, bought: BuyNowResult) => ({
      // The order as buy now left it, until it is loaded again.
      details: context.details && {
        ...context.details,
        order: { ...context.details.order, status: bought.status, version: bought.version },
        requiredItems: bought.requiredItems,
        reasons: bought.reasons,
      },
      // One buy now per press: the next press is a new attempt.
      buyKey: newSaveKey(),
    })),
    storeLoaded: assign((_, loaded: LoadedPayment) => ({ ...loaded, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    clearPayFailure: assign({ payFailure: null }),
    storeInvoice: assign(({ context }, invoice: Invoice) => ({
      invoice,
      // The order as generating the invoice left it, until it is loaded again.
      details: context.details && {
        ...context.details,
        order: { ...context.details.order, status: invoice.orderStatus, version: invoice.orderVersion },
      },
    })),
    storeCheckout: assign((_, checkout: Checkout) => ({ checkout })),
    storePayFailure: assign(({ context }, error: unknown) => ({
      payFailure: payWords(error),
      // A refused attempt is over; one whose answer was lost keeps its key for the retry.
      checkoutKey: wasRefused(error) ? newSaveKey() : context.checkoutKey,
    })),
  },
  guards: {
    /** Loading: a 400 is an id that could never be an order, so it is "not found" too. */
    isNotFound: (_, error: unknown) => errorStatus(error) === 404 || errorStatus(error) === 400,
    isGone: (_, error: unknown) => errorStatus(error) === 404,
    isConflict: (_, error: unknown) => errorStatus(error) === 409,
    /** Approved, or awaiting payment without an invoice to show: Pay generates it first (a repeat answers the same). */
    needsInvoice: ({ context }) =>
      context.details?.order.status === 'approved' ||
      (context.details?.order.status === 'awaiting_payment' && context.invoice === null),
    hasOpenInvoice: ({ context }) =>
      context.details?.order.status === 'awaiting_payment' && context.invoice?.status === 'open',
    needsReview: ({ context }) =>
      context.details !== undefined && REVIEWED_STATUSES.includes(context.details.order.status),
    isSigned: ({ context }) => context.signed,
    wasApproved: (_, bought: BuyNowResult) => bought.status === 'approved',
    stillIncomplete: (_, bought: BuyNowResult) => bought.status === 'incomplete',
  },
}).createMachine({
  id: 'payment',
  // Too many ways to move for one readable picture in full: docs/machines draws it as an overview.
  meta: { diagram: 'overview' },
  context: ({ input }) => ({
    ...input,
    details: undefined,
    invoice: null,
    errorMessage: undefined,
    payFailure: null,
    checkoutKey: newSaveKey(),
    buyKey: newSaveKey(),
    signed: false,
    checkout: null,
  }),
  on: {
    'payment.signed': {
      description: 'The signing form reports whether the application is signed as it stands.',
      actions: { type: 'storeSigned', params: ({ event }) => event.signed },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The order and its invoice, if it has one, are being fetched.',
      invoke: {
        id: 'loadPayment',
        src: 'loadPayment',
        input: ({ context }) => ({ submissionId: context.submissionId }),
        onDone: {
          target: 'deciding',
          description: 'The order arrived.',
          actions: { type: 'storeLoaded', params: outputOf<LoadedPayment> },
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: errorOf },
            target: 'notFound',
            description: 'There is no such order for this account.',
          },
          {
            target: 'failed',
            description: 'The order could not be fetched.',
            actions: { type: 'storeError', params: errorOf },
          },
        ],
      },
    },
    failed: {
      description: 'The order could not be fetched; the reason shows with Try again.',
      on: { 'payment.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    notFound: { description: 'There is no such order for this account (or it went away meanwhile).', type: 'final' },
    // Which of the three the order is, as loaded.
    deciding: {
      description:
        'A moment’s check of where the order stands: to review and buy, approved, invoiced, or not payable here.',
      always: [
        { guard: 'needsReview', target: 'reviewing', description: 'Quoted, or still missing something.' },
        { guard: 'needsInvoice', target: 'approved', description: 'Approved, with no invoice yet.' },
        { guard: 'hasOpenInvoice', target: 'awaitingPayment', description: 'Invoiced, with the invoice open.' },
        { target: 'notPayable', description: 'Anything else.' },
      ],
    },
    reviewing: {
      description:
        'A quoted order (or one still missing something) is reviewed and signed here; Pay runs buy now first, and an approved order goes on to pay in the same press.',
      on: {
        'payment.pay': {
          guard: 'isSigned',
          target: 'buying',
          description: 'The insured, having signed, presses Pay.',
          actions: 'clearPayFailure',
        },
        'payment.itemsSupplied': {
          target: 'loading',
          description: 'A file, an answer or an address was supplied inline: the order is loaded again.',
        },
      },
    },
    buying: {
      description: 'Buy now: the checks and the rules decide the order (approved, incomplete, referred or declined).',
      invoke: {
        id: 'buyNow',
        src: 'buyNow',
        input: ({ context }) => ({ submissionId: context.submissionId, idempotencyKey: context.buyKey }),
        onDone: [
          {
            description: 'Approved: on to the invoice, in the same press of Pay.',
            guard: { type: 'wasApproved', params: outputOf<BuyNowResult> },
            target: 'invoicing',
            actions: { type: 'storeBought', params: outputOf<BuyNowResult> },
          },
          {
            description: 'Still missing something: the order is loaded again to show what.',
            guard: { type: 'stillIncomplete', params: outputOf<BuyNowResult> },
            target: 'loading',
            actions: { type: 'storeBought', params: outputOf<BuyNowResult> },
          },
          {
            target: 'referred',
            description: 'Referred to an underwriter, or declined.',
            actions: { type: 'storeBought', params: outputOf<BuyNowResult> },
          },
        ],
        onError: [
          { guard: { type: 'isGone', params: errorOf }, target: 'notFound', description: 'The order is gone.' },
          {
            description: 'The order changed meanwhile: it is loaded again, with the reason.',
            guard: { type: 'isConflict', params: errorOf },
            target: 'loading',
            actions: { type: 'storePayFailure', params: errorOf },
          },
          {
            target: 'reviewing',
            description: 'Refused or not reached: the reason shows beside Pay.',
            actions: { type: 'storePayFailure', params: errorOf },
          },
        ],
      },
    },
    referred: {
      description: 'Referred to an underwriter or declined: the order is looked after on its status screen.',
      type: 'final',
      entry: { type: 'showStatus', params: ({ context }) => ({ screen: statusScreen(context.details!.order.status) }) },
    },
    approved: {
      description: 'The order is approved and not yet invoiced; the insured sees the amount due now and Pay.',
      on: {
        'payment.pay': {
          guard: 'isSigned',
          target: 'invoicing',
          description: 'The insured, having signed, presses Pay.',
          actions: 'clearPayFailure',
        },
      },
    },
    awaitingPayment: {
      description:
        'The order is invoiced; the insured sees the invoice, why the last attempt failed if it did, and Pay.',
      on: {
        'payment.pay': {
          guard: 'isSigned',
          target: 'startingCheckout',
          description: 'The insured, having signed, presses Pay.',
          actions: 'clearPayFailure',
        },
      },
    },
    // Paid, closed, declined or not approved yet: the screen says where the order is looked after.
    notPayable: {
      description:
        'The order cannot be paid here (paid, closed, declined or not approved yet); the screen says where it is looked after.',
      type: 'final',
    },
    invoicing: {
      description: 'The order’s invoice is being generated.',
      invoke: {
        id: 'generateInvoice',
        src: 'generateInvoice',
        input: ({ context }) => ({ submissionId: context.submissionId }),
        onDone: {
          target: 'startingCheckout',
          description: 'The invoice is ready: on to the payment page.',
          actions: { type: 'storeInvoice', params: ({ event }) => event.output },
        },
        onError: [
          { guard: { type: 'isGone', params: errorOf }, target: 'notFound', description: 'The order is gone.' },
          {
            description: 'The order changed meanwhile: it is loaded again, with the reason.',
            guard: { type: 'isConflict', params: errorOf },
            target: 'loading',
            actions: { type: 'storePayFailure', params: errorOf },
          },
          {
            target: 'approved',
            description: 'Refused or not reached: the reason shows beside Pay.',
            actions: { type: 'storePayFailure', params: errorOf },
          },
        ],
      },
    },
    startingCheckout: {
      description: 'The payment provider’s page is being prepared for this invoice.',
      invoke: {
        id: 'startCheckout',
        src: 'startCheckout',
        input: ({ context }) => ({
          submissionId: context.submissionId,
          clientId: context.clientId,
          idempotencyKey: context.checkoutKey,
        }),
        onDone: {
          target: 'leaving',
          description: 'The payment page is ready.',
          actions: { type: 'storeCheckout', params: ({ event }) => event.output },
        },
        onError: [
          { guard: { type: 'isGone', params: errorOf }, target: 'notFound', description: 'The order is gone.' },
          {
            description: 'The order changed meanwhile: it is loaded again, with the reason.',
            guard: { type: 'isConflict', params: errorOf },
            target: 'loading',
            actions: { type: 'storePayFailure', params: errorOf },
          },
          {
            target: 'awaitingPayment',
            description: 'Refused or not reached: the reason shows beside Pay.',
            actions: { type: 'storePayFailure', params: errorOf },
          },
        ],
      },
    },
    // Off to the provider's page; the browser comes back to paymentconfirm (or payment?cancelled=1).
    leaving: {
      description:
        'The insured is sent to the payment provider’s page to enter their card; they come back to the confirmation screen.',
      type: 'final',
      entry: { type: 'goToCheckout', params: ({ context }) => ({ url: context.checkout!.url }) },
    },
  },
});
