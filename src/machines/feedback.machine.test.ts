import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FeedbackRequest, FeedbackSaved } from '@shared/contract/feedback';
import { feedbackMachine } from '@/machines/feedback.machine';

const saved: FeedbackSaved = { id: 12, createdAt: '2026-06-01T10:00:00.000Z' };
const good: FeedbackRequest = { rating: 5, message: 'Quick and clear.', page: null };

function httpError(status: number, message: string, fields?: Record<string, string>): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/insured/feedback'),
    {} as never,
  );
  error.message = `${status}: ${message}`;
  // As src/api/client.ts does for the API's JSON errors.
  return fields ? Object.assign(error, { fields }) : error;
}

/** A real actor whose sends wait to be answered; each send's body and key are recorded. */
function harness() {
  const sends: { feedback: FeedbackRequest; idempotencyKey: string }[] = [];
  let pending: { resolve: (value: FeedbackSaved) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    feedbackMachine.provide({
      actors: {
        sendFeedback: fromPromise<FeedbackSaved, { feedback: FeedbackRequest; idempotencyKey: string }>(({ input }) => {
          sends.push(input);
          return new Promise((resolve, reject) => (pending = { resolve, reject }));
        }),
      },
    }),
  ).start();
  async function answer(outcome: 'done' | 'error', value: unknown) {
    const waiting = pending!;
    pending = undefined;
    if (outcome === 'done') waiting.resolve(value as FeedbackSaved);
    else waiting.reject(value);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { actor, sends, answer };
}

describe('feedbackMachine', () => {
  it('sends the feedback with a fresh Idempotency-Key and ends thanked', async () => {
    const { actor, sends, answer } = harness();
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'feedback.send', feedback: good });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.feedback).toEqual(good);
    expect(sends[0]!.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    await answer('done', saved);
    expect(actor.getSnapshot().value).toBe('sent');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.saved).toEqual(saved);
  });

  it('a 400 goes back to the form with the server’s field messages', async () => {
    const { actor, answer } = harness();
    actor.send({ type: 'feedback.send', feedback: { ...good, rating: 9 } });
    await answer('error', httpError(400, 'Please check the rating.', { rating: 'must be 1 to 5' }));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.failure).toEqual({
      message: 'Please check the rating.',
      fields: { rating: 'must be 1 to 5' },
    });
  });

  it('a failure without fields is shown in words', async () => {
    const { actor, answer } = harness();
    actor.send({ type: 'feedback.send', feedback: good });
    await answer('error', new TypeError('fetch failed'));
    expect(actor.getSnapshot().context.failure).toEqual({
      message: 'The server could not be reached. Check your connection and try again.',
      fields: {},
    });
  });

  it('sending the same feedback again after a failure reuses the key; changed feedback gets a new one', async () => {
    const { actor, sends, answer } = harness();
    actor.send({ type: 'feedback.send', feedback: good });
    await answer('error', httpError(503, 'Try again later.'));
    actor.send({ type: 'feedback.send', feedback: { ...good } });
    await answer('error', httpError(503, 'Try again later.'));
    actor.send({ type: 'feedback.send', feedback: { ...good, message: 'Quick and clear, thank you.' } });
    expect(sends.map((send) => send.idempotencyKey)).toEqual([
      sends[0]!.idempotencyKey,
      sends[0]!.idempotencyKey,
      expect.any(String),
    ]);
    expect(sends[2]!.idempotencyKey).not.toBe(sends[0]!.idempotencyKey);
    // The failure is cleared as a new attempt starts.
    expect(actor.getSnapshot().context.failure).toBeNull();
    await answer('done', saved);
    expect(actor.getSnapshot().value).toBe('sent');
  });

  it('ignores a second send while one is on its way', () => {
    const { actor, sends } = harness();
    actor.send({ type: 'feedback.send', feedback: good });
    actor.send({ type: 'feedback.send', feedback: good });
    expect(sends).toHaveLength(1);
  });
});
