import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import type { FeedbackRequest, FeedbackSaved } from '@shared/contract/feedback';
import { sendFeedback } from '@/api/feedback';
import { newSaveKey } from '@/api/saved-quote';
import { errorOf } from '@/machines/actor-events';

export interface FeedbackFailure {
  message: string;
  /** The server's messages by field name (rating, message, page). */
  fields: Record<string, string>;
}

export interface FeedbackContext {
  /** The Idempotency-Key of the current attempt. */
  idempotencyKey: string;
  /** What that key was sent with: sending the same again is a retry of the same attempt. */
  lastSent: FeedbackRequest | null;
  failure: FeedbackFailure | null;
  saved: FeedbackSaved | null;
}

export type FeedbackEvent = { type: 'feedback.send'; feedback: FeedbackRequest };

function describeFailure(error: unknown): FeedbackFailure {
  const status = errorStatus(error);
  const fields = errorFields(error);
  if (status === 400 && Object.keys(fields).length > 0) {
    return { message: serverMessage(error) ?? 'Please check what you entered.', fields };
  }
  return { message: errorText(error), fields };
}

const sameFeedback = (a: FeedbackRequest | null, b: FeedbackRequest) =>
  a !== null && a.rating === b.rating && a.message === b.message && (a.page ?? null) === (b.page ?? null);

/**
 * The feedback form: send, then thanks. Each attempt carries an Idempotency-Key: sending the very
 * same feedback again after a failure (the answer may have been lost on the way back) reuses it,
 * so the server keeps one copy; changed feedback is a new attempt with a new key, so the server
 * never sees one key with two different bodies.
 */
export const feedbackMachine = setup({
  types: {
    context: {} as FeedbackContext,
    events: {} as FeedbackEvent,
  },
  actors: {
    /** POST insured/feedback. */
    sendFeedback: fromPromise<FeedbackSaved, { feedback: FeedbackRequest; idempotencyKey: string }>(({ input }) =>
      sendFeedback(input.feedback, input.idempotencyKey),
    ),
  },
  actions: {
    startAttempt: assign(({ context }, feedback: FeedbackRequest) => ({
      idempotencyKey: sameFeedback(context.lastSent, feedback) ? context.idempotencyKey : newSaveKey(),
      lastSent: feedback,
      failure: null,
    })),
    storeFailure: assign((_, error: unknown) => ({ failure: describeFailure(error) })),
    storeSaved: assign((_, saved: FeedbackSaved) => ({ saved, failure: null })),
  },
}).createMachine({
  id: 'feedback',
  context: { idempotencyKey: '', lastSent: null, failure: null, saved: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The person writes their feedback (and sees why the last attempt failed, if it did).',
      on: {
        'feedback.send': {
          target: 'sending',
          description: 'The person sends the feedback.',
          actions: { type: 'startAttempt', params: ({ event }) => event.feedback },
        },
      },
    },
    sending: {
      description:
        'The feedback is being sent; sending the same words again after a failure never makes a second copy.',
      invoke: {
        id: 'sendFeedback',
        src: 'sendFeedback',
        input: ({ context }) => ({ feedback: context.lastSent!, idempotencyKey: context.idempotencyKey }),
        onDone: {
          target: 'sent',
          description: 'The feedback was received.',
          actions: { type: 'storeSaved', params: ({ event }) => event.output },
        },
        onError: {
          target: 'editing',
          description: 'Refused or not reached: the form says why.',
          actions: { type: 'storeFailure', params: errorOf },
        },
      },
    },
    sent: { description: 'The feedback was received; the person is thanked.', type: 'final' },
  },
});
