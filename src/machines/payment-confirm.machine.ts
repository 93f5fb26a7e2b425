import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, errorText, serverMessage } from '@/api/api-error';
import { confirmPayment, invoiceDetails } from '@/api/billing';
import type { DownloadedDocument } from '@/api/documents';
import { downloadEndorsementPdf, paidEndorsement } from '@/api/endorsements';
import type { Invoice, PaymentConfirmation } from '@shared/contract/billing';
import type { Endorsement } from '@shared/contract/endorsements';
import { errorOf, outputOf } from '@/machines/actor-events';

export interface PaymentConfirmInput {
  submissionId: number;
  /** The provider's checkout session the browser came back from (cs_…). */
  sessionId: string;
  /**
   * The endorsement the checkout paid (a mid-term change's additional premium, or a tail bought
   * after cancellation), when the payment was for one rather than for the order.
   */
  endorsementId?: number | undefined;
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
  /** The endorsement paid, once issued (its number, kind and PDF). */
  endorsement: Endorsement | null;
  /** Why its PDF could not be downloaded; null otherwise. */
  downloadFailure: string | null;
  downloaded: boolean;
}

export type PaymentConfirmEvent =
  { type: 'confirm.retry' } | { type: 'receipt.retry' } | { type: 'endorsement.download' };

/**
 * How long to wait before asking again while the payment is pending: the provider usually
 * confirms within seconds (its webhook may even arrive first); after these the insured is told
 * it is taking longer and can check again.
 */
export const PENDING_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000] as const;

/**
 * paymentconfirm?submissionid&sessionid(&endorsementid): the browser is back from the hosted
 * checkout and asks the server what became of the session (POST payments/confirm). Paid: the
 * order is bound and its policy issued — or, for an endorsement's payment (a mid-term change's
 * additional premium, a tail), the endorsement is issued and shown with its PDF. Pending: it waits (1 s, 2 s, 4 s, 8 s) and asks again, then says it is still
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
    confirmPayment: fromPromise<PaymentConfirmation, PaymentConfirmInput>(({ input }) =>
      confirmPayment(input.submissionId, input.sessionId),
    ),
    loadInvoice: fromPromise<Invoice, { submissionId: number }>(({ input }) => invoiceDetails(input.submissionId)),
    loadEndorsement: fromPromise<Endorsement, { submissionId: number; endorsementId: number }>(({ input }) =>
      paidEndorsement(input.submissionId, input.endorsementId),
    ),
    fetchEndorsement: fromPromise<DownloadedDocument, { endorsement: Endorsement }>(({ input }) =>
      downloadEndorsementPdf(input.endorsement),
    ),
  },
  actions: {
    storeConfirmation: assign((_, confirmation: PaymentConfirmation) => ({ confirmation, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: serverMessage(error) ?? errorText(error) })),
    countWait: assign(({ context }) => ({ waits: context.waits + 1 })),
    storeInvoice: assign((_, invoice: Invoice) => ({ invoice, errorMessage: undefined })),
    storeEndorsement: assign((_, endorsement: Endorsement) => ({ endorsement, errorMessage: undefined })),
    startDownload: assign({ downloadFailure: null }),
    storeDownloaded: assign({ downloaded: true }),
    storeDownloadFailure: assign((_, error: unknown) => ({ downloadFailure: errorText(error) })),
    /** Provided by the component: hands the file to the browser under its name. */
    saveFile: (_, _params: { blob: Blob; filename: string }) => {},
  },
  guards: {
    isPaid: (_, confirmation: PaymentConfirmation) => confirmation.outcome === 'paid',
    isPaidEndorsement: ({ context }, confirmation: PaymentConfirmation) =>
      confirmation.outcome === 'paid' && context.endorsementId !== undefined,
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
  context: ({ input }) => ({
    ...input,
    confirmation: null,
    waits: 0,
    errorMessage: undefined,
    invoice: null,
    endorsement: null,
    downloadFailure: null,
    downloaded: false,
  }),
  initial: 'confirming',
  states: {
    confirming: {
      description:
        'Back from the payment page, the insured waits while the server is asked whether the payment went through.',
      invoke: {
        id: 'confirmPayment',
        src: 'confirmPayment',
        input: ({ context }) => ({ submissionId: context.submissionId, sessionId: context.sessionId }),
        onDone: [
          {
            description: 'Paid, for an endorsement: it is issued.',
            guard: { type: 'isPaidEndorsement', params: outputOf<PaymentConfirmation> },
            target: 'confirmed.loadingEndorsement',
            actions: { type: 'storeConfirmation', params: outputOf<PaymentConfirmation> },
          },
          {
            description: 'Paid.',
            guard: { type: 'isPaid', params: outputOf<PaymentConfirmation> },
            target: 'confirmed',
            actions: { type: 'storeConfirmation', params: outputOf<PaymentConfirmation> },
          },
          {
            description: 'The payment failed.',
            guard: { type: 'isFailed', params: outputOf<PaymentConfirmation> },
            target: 'failed',
            actions: { type: 'storeConfirmation', params: outputOf<PaymentConfirmation> },
          },
          {
            description: 'Still pending: it is asked again after a short wait.',
            guard: 'hasWaitsLeft',
            target: 'waiting',
            actions: { type: 'storeConfirmation', params: outputOf<PaymentConfirmation> },
          },
          {
            target: 'stillWaiting',
            description: 'Still pending after every wait.',
            actions: { type: 'storeConfirmation', params: outputOf<PaymentConfirmation> },
          },
        ],
        onError: [
          {
            description: 'There is no such payment for this order.',
            guard: { type: 'isNotFound', params: errorOf },
            target: 'notFound',
            actions: { type: 'storeError', params: errorOf },
          },
          {
            target: 'unreachable',
            description: 'The server could not be reached.',
            actions: { type: 'storeError', params: errorOf },
          },
        ],
      },
    },
    // Pending: ask again after a while, each wait longer than the last.
    waiting: {
      description: 'The payment is still pending; the server is asked again after a wait, each longer than the last.',
      after: { backoff: { target: 'confirming', description: 'The wait is over.', actions: 'countWait' } },
    },
    stillWaiting: {
      description: 'The payment is taking longer than usual; the insured is told so and can check again.',
      on: { 'confirm.retry': { target: 'confirming', description: 'The insured checks again.' } },
    },
    unreachable: {
      description:
        'The server could not be reached to confirm the payment; the reason shows with Try again (asking again never pays twice).',
      on: { 'confirm.retry': { target: 'confirming', description: 'The insured tries again.' } },
    },
    confirmed: {
      description:
        'Paid: the order is bound and its policy issued, and the receipt is shown — or the endorsement paid for is issued and shown.',
      initial: 'loadingReceipt',
      states: {
        loadingReceipt: {
          description: 'The invoice for the receipt is being fetched.',
          invoke: {
            id: 'loadInvoice',
            src: 'loadInvoice',
            input: ({ context }) => ({ submissionId: context.submissionId }),
            onDone: {
              target: 'receipt',
              description: 'The invoice arrived.',
              actions: { type: 'storeInvoice', params: outputOf<Invoice> },
            },
            onError: {
              target: 'receiptFailed',
              description: 'The invoice could not be fetched.',
              actions: { type: 'storeError', params: errorOf },
            },
          },
        },
        receiptFailed: {
          description:
            'The payment went through, but the receipt could not be fetched; the reason shows with Try again.',
          on: { 'receipt.retry': { target: 'loadingReceipt', description: 'The insured tries again.' } },
        },
        receipt: {
          description: 'The insured sees the receipt: what was paid, the invoice and the payments still to come.',
          type: 'final',
        },
        loadingEndorsement: {
          description: 'The endorsement paid for is being fetched: its number, what it is and its PDF.',
          invoke: {
            id: 'loadEndorsement',
            src: 'loadEndorsement',
            input: ({ context }) => ({ submissionId: context.submissionId, endorsementId: context.endorsementId! }),
            onDone: {
              target: 'endorsement',
              description: 'The endorsement arrived.',
              actions: { type: 'storeEndorsement', params: outputOf<Endorsement> },
            },
            onError: {
              target: 'endorsementFailed',
              description: 'It could not be fetched.',
              actions: { type: 'storeError', params: errorOf },
            },
          },
        },
        endorsementFailed: {
          description:
            'The payment went through, but the endorsement could not be fetched; the reason shows with Try again.',
          on: { 'receipt.retry': { target: 'loadingEndorsement', description: 'The insured tries again.' } },
        },
        endorsement: {
          description:
            'The insured reads that the change (or the tail) is paid and issued, with its PDF and the policy.',
          initial: 'idle',
          states: {
            idle: {
              description: 'The endorsement is shown.',
              on: {
                'endorsement.download': {
                  target: 'downloading',
                  description: 'The insured downloads the endorsement.',
                  actions: 'startDownload',
                },
              },
            },
            downloading: {
              description: 'The endorsement’s PDF is being fetched.',
              invoke: {
                id: 'fetchEndorsement',
                src: 'fetchEndorsement',
                input: ({ context }) => ({ endorsement: context.endorsement! }),
                onDone: {
                  target: 'idle',
                  description: 'The file is handed to the browser to save.',
                  actions: [
                    'storeDownloaded',
                    {
                      type: 'saveFile',
                      params: ({ event }) => ({ blob: event.output.blob, filename: event.output.filename }),
                    },
                  ],
                },
                onError: {
                  target: 'idle',
                  description: 'The download failed: the reason shows, with Download to try again.',
                  actions: { type: 'storeDownloadFailure', params: errorOf },
                },
              },
            },
          },
        },
      },
    },
    failed: {
      description: 'The payment did not go through; the insured sees why and the way back to pay again.',
      type: 'final',
    },
    notFound: { description: 'There is no such payment for this order.', type: 'final' },
  },
});
