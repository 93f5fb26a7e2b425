import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, errorText, serverMessage } from '@/api/api-error';
import { confirmInstalment, getInstalment, payInstalment } from '@/api/instalments';
import { newSaveKey } from '@/api/saved-quote';
import type { Checkout } from '@shared/contract/billing';
import type { InstalmentConfirmation, PayableInstalment } from '@shared/contract/instalments';
import { errorOf, outputOf } from '@/machines/actor-events';

export interface PayInstalmentInput {
  invoiceId: number;
  /** Back from the hosted checkout: the session to confirm. */
  sessionId?: string | undefined;
  /** The payer left the checkout unpaid. */
  cancelled?: boolean | undefined;
  /** The broker's client id on a branded route: the checkout returns to the branded screen. */
  clientId?: string | undefined;
}

export interface PayInstalmentContext extends PayInstalmentInput {
  instalment: PayableInstalment | null;
  /** Why loading failed, or why the last payment attempt did. */
  errorMessage: string | undefined;
  /** One key per attempt: a retried request opens the same checkout, never a second. */
  idempotencyKey: string;
  /** Times the confirmation answered pending. */
  waits: number;
}

export type PayInstalmentEvent =
  | { type: 'instalment.pay' }
  | { type: 'instalment.retry' }
  /** Test seam: the confirmation's backoff elapsed. */
  | { type: 'instalment.recheck' };

/** How long to wait before asking again while the provider has not confirmed (then say so). */
export const CONFIRM_BACKOFF_MS = [1000, 2000, 4000, 8000] as const;

/**
 * policy/instalment?invoiceid: the page a mailed "Pay" link opens (issue 20). It loads exactly
 * that instalment; when it can be paid, one button opens the hosted checkout (the insured leaves
 * for it); back from the checkout (sessionid) it asks the server whether it was paid — paid: the
 * instalment shows paid (and the policy back in force when it was under a notice); pending: it
 * asks again after a while; failed or left unpaid (cancelled): Pay again.
 */
export const payInstalmentMachine = setup({
  types: {
    input: {} as PayInstalmentInput,
    context: {} as PayInstalmentContext,
    events: {} as PayInstalmentEvent,
  },
  actors: {
    loadInstalment: fromPromise<PayableInstalment, { invoiceId: number }>(({ input }) =>
      getInstalment(input.invoiceId),
    ),
    openCheckout: fromPromise<Checkout, { invoiceId: number; clientId: string | undefined; idempotencyKey: string }>(
      ({ input }) => payInstalment(input.invoiceId, { clientId: input.clientId, idempotencyKey: input.idempotencyKey }),
    ),
    confirm: fromPromise<InstalmentConfirmation, { invoiceId: number; sessionId: string }>(({ input }) =>
      confirmInstalment(input.invoiceId, input.sessionId),
    ),
  },
  actions: {
    /** Provided at the React edge: window.location.assign(url), leaving the app for the hosted checkout. */
    goToCheckout: (_, _params: { url: string }) => {},
    storeInstalment: assign((_, instalment: PayableInstalment) => ({ instalment, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: serverMessage(error) ?? errorText(error) })),
    storeConfirmation: assign((_, confirmation: InstalmentConfirmation) => ({
      instalment: confirmation.instalment,
      errorMessage: confirmation.outcome === 'paid' ? undefined : (confirmation.message ?? undefined),
    })),
    newKey: assign({ idempotencyKey: () => newSaveKey() }),
    countWait: assign(({ context }) => ({ waits: context.waits + 1 })),
  },
  guards: {
    hasSession: ({ context }) => context.sessionId !== undefined,
    isPayable: ({ context }) => context.instalment?.payable === true,
    isPaid: (_, confirmation: InstalmentConfirmation) => confirmation.outcome === 'paid',
    isPending: (_, confirmation: InstalmentConfirmation) => confirmation.outcome === 'pending',
    outOfWaits: ({ context }) => context.waits >= CONFIRM_BACKOFF_MS.length,
    isNotFound: (_, error: unknown) => errorStatus(error) === 404 || errorStatus(error) === 400,
  },
  delays: {
    backoff: ({ context }) => CONFIRM_BACKOFF_MS[Math.min(context.waits, CONFIRM_BACKOFF_MS.length - 1)]!,
  },
}).createMachine({
  id: 'payInstalment',
  description: 'One later instalment, as its mailed link names it: shown, paid through the hosted checkout, confirmed.',
  context: ({ input }) => ({
    ...input,
    instalment: null,
    errorMessage: undefined,
    idempotencyKey: newSaveKey(),
    waits: 0,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Back from the checkout, or arriving from the link.',
      always: [
        { guard: 'hasSession', target: 'confirming', description: 'Back from the checkout: ask whether it was paid.' },
        { target: 'loading', description: 'From the link: load the instalment.' },
      ],
    },
    loading: {
      description: 'The instalment the link names is being loaded.',
      invoke: {
        src: 'loadInstalment',
        input: ({ context }) => ({ invoiceId: context.invoiceId }),
        onDone: {
          target: 'shown',
          actions: { type: 'storeInstalment', params: outputOf },
          description: 'It arrived.',
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: errorOf },
            target: 'notFound',
            description: 'Not the insured’s, or no such instalment.',
          },
          { target: 'loadFailed', actions: { type: 'storeError', params: errorOf }, description: 'It did not load.' },
        ],
      },
    },
    notFound: { description: 'No such instalment of the insured’s: the screen says so and links the dashboard.' },
    loadFailed: {
      description: 'The instalment did not load; the reason shows with Try again.',
      on: { 'instalment.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    shown: {
      description: 'The instalment: paid, payable (Pay, the amount on the button), or no longer payable (and why).',
      on: {
        'instalment.pay': {
          guard: 'isPayable',
          target: 'opening',
          description: 'The insured pays: the hosted checkout opens for exactly this instalment.',
        },
      },
    },
    opening: {
      description: 'The checkout is being opened.',
      invoke: {
        src: 'openCheckout',
        input: ({ context }) => ({
          invoiceId: context.invoiceId,
          clientId: context.clientId,
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: {
          target: 'leaving',
          actions: { type: 'goToCheckout', params: ({ event }) => ({ url: event.output.url }) },
          description: 'The checkout is open: the browser leaves for it.',
        },
        onError: {
          target: 'reloading',
          actions: [{ type: 'storeError', params: errorOf }, 'newKey'],
          description: 'Refused (paid meanwhile, or the policy ended) or unreachable: reload it and say why.',
        },
      },
    },
    reloading: {
      description: 'After a refused payment, the instalment is read again, keeping the reason.',
      invoke: {
        src: 'loadInstalment',
        input: ({ context }) => ({ invoiceId: context.invoiceId }),
        onDone: {
          target: 'shown',
          actions: assign(({ event }) => ({ instalment: event.output })),
          description: 'It arrived: shown as it now stands, with the reason.',
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeError', params: errorOf },
          description: 'It did not load.',
        },
      },
    },
    leaving: { description: 'The browser is on its way to the hosted checkout.' },
    confirming: {
      description: 'Back from the checkout: the server is asked whether the payment went through.',
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ invoiceId: context.invoiceId, sessionId: context.sessionId! }),
        onDone: [
          {
            guard: { type: 'isPaid', params: outputOf },
            target: 'paid',
            actions: { type: 'storeConfirmation', params: outputOf },
            description: 'Paid.',
          },
          {
            guard: { type: 'isPending', params: outputOf },
            target: 'waiting',
            actions: { type: 'storeConfirmation', params: outputOf },
            description: 'Not confirmed yet.',
          },
          {
            target: 'shown',
            actions: [{ type: 'storeConfirmation', params: outputOf }, 'newKey'],
            description: 'Failed: the reason shows with Pay again.',
          },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: errorOf },
            target: 'notFound',
            description: 'No such checkout of this instalment.',
          },
          {
            target: 'loadFailed',
            actions: { type: 'storeError', params: errorOf },
            description: 'The server could not be asked.',
          },
        ],
      },
    },
    waiting: {
      description: 'The provider has not confirmed yet: ask again after a while, then say it is still pending.',
      always: {
        guard: 'outOfWaits',
        target: 'shown',
        description: 'Asked enough: the instalment shows, still pending, with Pay.',
      },
      after: { backoff: { target: 'confirming', actions: 'countWait', description: 'Ask again.' } },
      on: {
        'instalment.recheck': { target: 'confirming', actions: 'countWait', description: 'Ask again now.' },
      },
    },
    paid: { description: 'Paid: the receipt words, and the policy back in force when it was under a notice.' },
  },
});
