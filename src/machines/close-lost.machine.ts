import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import type { LifecycleMove } from '@shared/contract/lifecycle';
import { sendToCloseLost, type CloseLostReason } from '@/api/lifecycle';
import { newSaveKey } from '@/api/saved-quote';
import { errorOf } from '@/machines/actor-events';

export interface CloseLostInput {
  submissionId: number;
  /** The order number people read, for the dialog's words. */
  number: string;
}

export interface CloseLostContext extends CloseLostInput {
  /** '' until the insured picks one. */
  reason: CloseLostReason | '';
  comment: string;
  /** The refusal, in words, for the dialog's alert. */
  errorMessage: string | undefined;
  /** A 400's messages by field (reason, comment), and "Choose a reason" before any is picked. */
  fieldErrors: Partial<Record<string, string>>;
  /** One per attempt: a retry after a lost answer closes the order once. */
  idempotencyKey: string;
  /** The order after the move, once closed. */
  closed: LifecycleMove | null;
}

export type CloseLostEvent =
  | { type: 'close.edit'; reason?: CloseLostReason; comment?: string }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' };

/** What the machine ends with: the move when the order was closed, null when the insured kept it. */
export type CloseLostOutput = { closed: LifecycleMove | null };

/** A refusal in words: a 409 says the order has moved on (the server names its status). */
function refusalWords(error: unknown): string {
  const said = serverMessage(error);
  if (errorStatus(error) === 409) return `This order can no longer be closed.${said ? ` ${said}` : ''}`;
  if (errorStatus(error) === 404) return 'We could not find that order. It may belong to another account.';
  return said ?? errorText(error);
}

/**
 * "Close this order": the insured picks a reason (and may add words), confirms, and the order is
 * sent to close-lost (PUT insured/sendtocloselost). Used by the order screens and the dashboard,
 * each invoking it for one order and reading its output: closed, or kept. A refusal keeps the
 * dialog open with the server's words, so the insured can try again or cancel.
 */
export const closeLostMachine = setup({
  types: {
    context: {} as CloseLostContext,
    input: {} as CloseLostInput,
    events: {} as CloseLostEvent,
    output: {} as CloseLostOutput,
  },
  actors: {
    closeOrder: fromPromise<
      LifecycleMove,
      { submissionId: number; reason: CloseLostReason; comment: string; idempotencyKey: string }
    >(({ input }) => sendToCloseLost(input.submissionId, input.reason, input.comment, input.idempotencyKey)),
  },
  actions: {
    edit: assign(({ context }, params: { reason?: CloseLostReason | undefined; comment?: string | undefined }) => ({
      reason: params.reason ?? context.reason,
      comment: params.comment ?? context.comment,
      fieldErrors: params.reason ? { ...context.fieldErrors, reason: undefined } : context.fieldErrors,
    })),
    requireReason: assign({ fieldErrors: { reason: 'Choose a reason' }, errorMessage: undefined }),
    clearRefusal: assign({ errorMessage: undefined, fieldErrors: {} }),
    storeClosed: assign((_, closed: LifecycleMove) => ({ closed })),
    storeRefusal: assign(({ context }, error: unknown) => {
      const status = errorStatus(error);
      return {
        errorMessage: refusalWords(error),
        fieldErrors: status === 400 ? errorFields(error) : {},
        // A refused attempt is over; one whose answer was lost keeps its key for the retry.
        idempotencyKey: status !== undefined && status >= 400 && status < 500 ? newSaveKey() : context.idempotencyKey,
      };
    }),
  },
  guards: {
    hasReason: ({ context }) => context.reason !== '',
  },
}).createMachine({
  id: 'closeLost',
  context: ({ input }) => ({
    ...input,
    reason: '',
    comment: '',
    errorMessage: undefined,
    fieldErrors: {},
    idempotencyKey: newSaveKey(),
    closed: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The insured is asked why they are closing the order (a reason, and any words of their own) and to confirm.',
      on: {
        'close.edit': {
          description: 'The insured picks a reason or types a comment.',
          actions: { type: 'edit', params: ({ event }) => ({ reason: event.reason, comment: event.comment }) },
        },
        'close.confirm': [
          {
            guard: 'hasReason',
            target: 'sending',
            description: 'The insured confirms, with a reason picked.',
            actions: 'clearRefusal',
          },
          {
            description: 'The insured confirms without a reason: they are asked to pick one, and nothing is sent.',
            actions: 'requireReason',
          },
        ],
        'close.cancel': { target: 'cancelled', description: 'The insured keeps the order open.' },
      },
    },
    sending: {
      description: 'The order is being closed as lost, with the reason given.',
      invoke: {
        id: 'closeOrder',
        src: 'closeOrder',
        input: ({ context }) => ({
          submissionId: context.submissionId,
          // hasReason let it through.
          reason: context.reason as CloseLostReason,
          comment: context.comment,
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: {
          target: 'closed',
          description: 'The order is closed.',
          actions: { type: 'storeClosed', params: ({ event }) => event.output },
        },
        onError: {
          target: 'editing',
          description: 'Refused or not reached: the dialog stays open with the reason, to try again or cancel.',
          actions: { type: 'storeRefusal', params: errorOf },
        },
      },
    },
    closed: { description: 'The order is closed as lost; the screen that asked shows it so.', type: 'final' },
    cancelled: { description: 'The insured kept the order open; nothing was sent.', type: 'final' },
  },
  output: ({ context }) => ({ closed: context.closed }),
});
