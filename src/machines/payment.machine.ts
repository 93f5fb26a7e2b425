import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { errorStatus, errorText, serverMessage } from '@/api/api-error';
import { generateInvoice, invoiceDetails, startCheckout } from '@/api/billing';
import type { Checkout, Invoice } from '@/api/contract/billing';
import type { OrderSummaryDetails } from '@/api/contract/lifecycle';
import type { PaymentPlan } from '@/api/contract/rating';
import { orderSummaryDetails } from '@/api/lifecycle';
import { newSaveKey } from '@/api/saved-quote';
import { statusScreen, type StatusScreen } from '@/machines/order-lifecycle.machine';

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
}

export type PaymentEvent = { type: 'payment.retry' } | { type: 'payment.pay' };

/** GET dashboard/ordersummarydetails and GET invoice/details together; the invoice's 404 means "none yet". */
export async function loadPayment(submissionId: number): Promise<LoadedPayment> {
  const [details, invoice] = await Promise.all([
    orderSummaryDetails(submissionId),
    invoiceDetails(submissionId).catch((error: unknown) => {
      if (errorStatus(error) === 404) return null;
      throw error;
    }),
  ]);
  return { details, invoice };
}

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
  return errorStatus(error) === 409 ? `Your order has changed since this page was loaded. ${said}` : `We could not start your payment. ${said}`;
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
    generateInvoice: fromPromise<Invoice, { submissionId: number }>(({ input }) => generateInvoice(input.submissionId)),
    startCheckout: fromPromise<Checkout, { submissionId: number; clientId: string | undefined; idempotencyKey: string }>(({ input }) =>
      startCheckout(input.submissionId, { clientId: input.clientId, idempotencyKey: input.idempotencyKey }),
    ),
  },
  actions: {
    /** Provided at the React edge: window.location.assign(url), leaving the app for the hosted checkout. */
    goToCheckout: (_, _params: { url: string }) => {},
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
      context.details?.order.status === 'approved' || (context.details?.order.status === 'awaiting_payment' && context.invoice === null),
    hasOpenInvoice: ({ context }) => context.details?.order.status === 'awaiting_payment' && context.invoice?.status === 'open',
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    ...input,
    details: undefined,
    invoice: null,
    errorMessage: undefined,
    payFailure: null,
    checkoutKey: newSaveKey(),
    checkout: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPayment',
        src: 'loadPayment',
        input: ({ context }) => ({ submissionId: context.submissionId }),
        onDone: { target: 'deciding', actions: { type: 'storeLoaded', params: ({ event }: { event: DoneActorEvent<LoadedPayment> }) => event.output } },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }: { event: ErrorActorEvent }) => event.error }, target: 'notFound' },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    failed: { on: { 'payment.retry': 'loading' } },
    notFound: { type: 'final' },
    // Which of the three the order is, as loaded.
    deciding: {
      always: [{ guard: 'needsInvoice', target: 'approved' }, { guard: 'hasOpenInvoice', target: 'awaitingPayment' }, { target: 'notPayable' }],
    },
    approved: {
      on: { 'payment.pay': { target: 'invoicing', actions: 'clearPayFailure' } },
    },
    awaitingPayment: {
      on: { 'payment.pay': { target: 'startingCheckout', actions: 'clearPayFailure' } },
    },
    // Paid, closed, declined or not approved yet: the screen says where the order is looked after.
    notPayable: { type: 'final' },
    invoicing: {
      invoke: {
        id: 'generateInvoice',
        src: 'generateInvoice',
        input: ({ context }) => ({ submissionId: context.submissionId }),
        onDone: { target: 'startingCheckout', actions: { type: 'storeInvoice', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isGone', params: ({ event }: { event: ErrorActorEvent }) => event.error }, target: 'notFound' },
          {
            guard: { type: 'isConflict', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'loading',
            actions: { type: 'storePayFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          { target: 'approved', actions: { type: 'storePayFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    startingCheckout: {
      invoke: {
        id: 'startCheckout',
        src: 'startCheckout',
        input: ({ context }) => ({ submissionId: context.submissionId, clientId: context.clientId, idempotencyKey: context.checkoutKey }),
        onDone: { target: 'leaving', actions: { type: 'storeCheckout', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isGone', params: ({ event }: { event: ErrorActorEvent }) => event.error }, target: 'notFound' },
          {
            guard: { type: 'isConflict', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'loading',
            actions: { type: 'storePayFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          { target: 'awaitingPayment', actions: { type: 'storePayFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    // Off to the provider's page; the browser comes back to paymentconfirm (or payment?cancelled=1).
    leaving: {
      type: 'final',
      entry: { type: 'goToCheckout', params: ({ context }) => ({ url: context.checkout!.url }) },
    },
  },
});
