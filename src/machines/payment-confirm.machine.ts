import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { errorStatus, errorText, serverMessage } from '@/api/api-error';
import { confirmPayment, invoiceDetails } from '@/api/billing';
import type { Invoice, PaymentConfirmation } from '@/api/contract/billing';

export interface PaymentConfirmInput {
  submissionId: number;
  /** The provider's checkout session the browser came back from (cs_…). */
  sessionId: string;
}

export interface PaymentConfirmContext extends PaymentConfirmInput {
  /** The last answer of payments/confirm. */
  confirmation: PaymentConfirmation | null;
  /** How many times it has waited and asked again on its own. */
  waits: number;
  /** Why it could not ask, or why there is no such payment, in words. */
  errorMessage: string | undefined;
  /** The paid invoice, for the receipt: its number, what was paid, the payments still to come. */
  invoice: Invoice | null;
}

export type PaymentConfirmEvent = { type: 'confirm.retry' } | { type: 'receipt.retry' };

/**
 * How long to wait before asking again while the payment is pending: the provider usually
 * confirms within seconds (its webhook may even arrive first); after these the insured is told
 * it is taking longer and can check again.
 */
export const PENDING_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000] as const;

/**
 * paymentconfirm?submissionid&sessionid: the browser is back from the hosted checkout and asks
 * the server what became of the session (POST payments/confirm). Paid: the order is bound and
 * its policy issued. Pending: it waits (1 s, 2 s, 4 s, 8 s) and asks again, then says it is still
 * waiting, with Check again. Failed: the server's words, and the way back to payment. Asking is
 * idempotent on the server, so asking again never pays twice.
 */
export const paymentConfirmMachine = setup({
  types: {
    context: {} as PaymentConfirmContext,
    input: {} as PaymentConfirmInput,
    events: {} as PaymentConfirmEvent,
  },
  actors: {
    confirmPayment: fromPromise<PaymentConfirmation, PaymentConfirmInput>(({ input }) => confirmPayment(input.submissionId, input.sessionId)),
    loadInvoice: fromPromise<Invoice, { submissionId: number }>(({ input }) => invoiceDetails(input.submissionId)),
  },
  actions: {
    storeConfirmation: assign((_, confirmation: PaymentConfirmation) => ({ confirmation, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: serverMessage(error) ?? errorText(error) })),
    countWait: assign(({ context }) => ({ waits: context.waits + 1 })),
    storeInvoice: assign((_, invoice: Invoice) => ({ invoice, errorMessage: undefined })),
  },
  guards: {
    isPaid: (_, confirmation: PaymentConfirmation) => confirmation.outcome === 'paid',
    isFailed: (_, confirmation: PaymentConfirmation) => confirmation.outcome === 'failed',
    hasWaitsLeft: ({ context }) => context.waits < PENDING_BACKOFF_MS.length,
    /** No such checkout for this order (or no such order): a 400 is an id that could never be one. */
    isNotFound: (_, error: unknown) => errorStatus(error) === 404 || errorStatus(error) === 400,
  },
  delays: {
    backoff: ({ context }) => PENDING_BACKOFF_MS[Math.min(context.waits, PENDING_BACKOFF_MS.length - 1)]!,
  },
}).createMachine({
  id: 'paymentConfirm',
  context: ({ input }) => ({ ...input, confirmation: null, waits: 0, errorMessage: undefined, invoice: null }),
  initial: 'confirming',
  states: {
    confirming: {
      invoke: {
        id: 'confirmPayment',
        src: 'confirmPayment',
        input: ({ context }) => ({ submissionId: context.submissionId, sessionId: context.sessionId }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }: { event: DoneActorEvent<PaymentConfirmation> }) => event.output },
            target: 'confirmed',
            actions: { type: 'storeConfirmation', params: ({ event }: { event: DoneActorEvent<PaymentConfirmation> }) => event.output },
          },
          {
            guard: { type: 'isFailed', params: ({ event }: { event: DoneActorEvent<PaymentConfirmation> }) => event.output },
            target: 'failed',
            actions: { type: 'storeConfirmation', params: ({ event }: { event: DoneActorEvent<PaymentConfirmation> }) => event.output },
          },
          {
            guard: 'hasWaitsLeft',
            target: 'waiting',
            actions: { type: 'storeConfirmation', params: ({ event }: { event: DoneActorEvent<PaymentConfirmation> }) => event.output },
          },
          { target: 'stillWaiting', actions: { type: 'storeConfirmation', params: ({ event }: { event: DoneActorEvent<PaymentConfirmation> }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'notFound',
            actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          { target: 'unreachable', actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    // Pending: ask again after a while, each wait longer than the last.
    waiting: {
      after: { backoff: { target: 'confirming', actions: 'countWait' } },
    },
    stillWaiting: { on: { 'confirm.retry': 'confirming' } },
    unreachable: { on: { 'confirm.retry': 'confirming' } },
    confirmed: {
      description: 'Paid: the receipt shows what was paid, the invoice and the payments still to come (issue 16).',
      initial: 'loadingReceipt',
      states: {
        loadingReceipt: {
          invoke: {
            id: 'loadInvoice',
            src: 'loadInvoice',
            input: ({ context }) => ({ submissionId: context.submissionId }),
            onDone: { target: 'receipt', actions: { type: 'storeInvoice', params: ({ event }: { event: DoneActorEvent<Invoice> }) => event.output } },
            onError: { target: 'receiptFailed', actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          },
        },
        receiptFailed: { on: { 'receipt.retry': 'loadingReceipt' } },
        receipt: { type: 'final' },
      },
    },
    failed: { type: 'final' },
    notFound: { type: 'final' },
  },
});
