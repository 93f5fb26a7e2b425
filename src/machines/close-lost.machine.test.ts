import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { LifecycleMove } from '@shared/contract/lifecycle';
import { closeLostMachine, type CloseLostContext } from '@/machines/close-lost.machine';

/**
 * closeLostMachine with its one call mocked: the call waits until the test answers it. Then
 * xstate/graph walks its paths, each replayed on a real actor.
 */

const order = { submissionId: 4217, number: 'Q-2026-004217' };
const closed: LifecycleMove = { submissionId: 4217, number: order.number, status: 'close_lost', version: 7 };

function httpError(status: number, message: string, fields: Record<string, string> = {}): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/insured/sendtocloselost'),
    {} as never,
  );
  error.message = `${status}: ${message}`;
  return Object.assign(error, { fields, label: `HTTP ${status}` });
}
const bound = httpError(409, 'The order is bound', { status: 'is bound' });
const tooLong = httpError(400, 'Invalid body: comment must be at most 500 characters', {
  comment: 'must be at most 500 characters',
});
const serverDown = httpError(503, 'The order service is unavailable.');

type Snapshot = SnapshotFrom<typeof closeLostMachine>;

function harness() {
  const calls: unknown[] = [];
  let pending: { resolve: (value: LifecycleMove) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    closeLostMachine.provide({
      actors: {
        closeOrder: fromPromise(({ input }) => {
          calls.push(input);
          return new Promise<LifecycleMove>((resolve, reject) => (pending = { resolve, reject }));
        }),
      },
    }),
    { input: order },
  ).start();
  async function answer(outcome: 'done' | 'error', value: unknown) {
    const open = pending;
    expect(open, 'the machine is not sending').toBeDefined();
    pending = undefined;
    if (outcome === 'done') open!.resolve(value as LifecycleMove);
    else open!.reject(value);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { actor, calls, answer, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

describe('closeLostMachine', () => {
  it('asks for a reason before it sends anything', () => {
    const dialog = harness();
    expect(dialog.value()).toBe('editing');
    expect(dialog.context()).toMatchObject({ ...order, reason: '', comment: '', errorMessage: undefined });
    dialog.actor.send({ type: 'close.confirm' });
    expect(dialog.value()).toBe('editing');
    expect(dialog.context().fieldErrors).toEqual({ reason: 'Choose a reason' });
    expect(dialog.calls).toEqual([]);
    dialog.actor.send({ type: 'close.edit', reason: 'price' });
    expect(dialog.context().fieldErrors.reason).toBeUndefined();
  });

  it('sends the reason and comment with a key, and ends closed with the move', async () => {
    const dialog = harness();
    dialog.actor.send({ type: 'close.edit', reason: 'coverage' });
    dialog.actor.send({ type: 'close.edit', comment: 'Needs cyber cover too' });
    dialog.actor.send({ type: 'close.confirm' });
    expect(dialog.value()).toBe('sending');
    expect(dialog.calls).toEqual([
      {
        submissionId: 4217,
        reason: 'coverage',
        comment: 'Needs cyber cover too',
        idempotencyKey: dialog.context().idempotencyKey,
      },
    ]);
    await dialog.answer('done', closed);
    expect(dialog.actor.getSnapshot().status).toBe('done');
    expect(dialog.actor.getSnapshot().output).toEqual({ closed });
  });

  it('Cancel ends it with nothing closed', () => {
    const dialog = harness();
    dialog.actor.send({ type: 'close.cancel' });
    expect(dialog.actor.getSnapshot().output).toEqual({ closed: null });
  });

  it('a 409 says the order moved on, in the server’s words, and takes a new key', async () => {
    const dialog = harness();
    const first = dialog.context().idempotencyKey;
    dialog.actor.send({ type: 'close.edit', reason: 'price' });
    dialog.actor.send({ type: 'close.confirm' });
    await dialog.answer('error', bound);
    expect(dialog.value()).toBe('editing');
    expect(dialog.context().errorMessage).toBe('This order can no longer be closed. The order is bound');
    expect(dialog.context().fieldErrors).toEqual({});
    expect(dialog.context().idempotencyKey).not.toBe(first);
  });

  it('a 400 names the field; a lost answer keeps the key for the retry', async () => {
    const dialog = harness();
    dialog.actor.send({ type: 'close.edit', reason: 'other', comment: 'x'.repeat(600) });
    dialog.actor.send({ type: 'close.confirm' });
    await dialog.answer('error', tooLong);
    expect(dialog.context().fieldErrors).toEqual({ comment: 'must be at most 500 characters' });
    const key = dialog.context().idempotencyKey;
    dialog.actor.send({ type: 'close.confirm' });
    expect(dialog.context().fieldErrors).toEqual({});
    await dialog.answer('error', serverDown);
    expect(dialog.context().idempotencyKey).toBe(key);
    expect(dialog.context().errorMessage).toBe('The order service is unavailable.');
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const traversalEvents = [
  { type: 'xstate.done.actor.closeOrder', output: closed },
  { type: 'xstate.error.actor.closeOrder', error: bound },
  { type: 'xstate.error.actor.closeOrder', error: serverDown },
  { type: 'close.edit', reason: 'price' },
  { type: 'close.edit', comment: 'Too dear' },
  { type: 'close.confirm' },
  { type: 'close.cancel' },
] as never[];

const serializeState = (snapshot: { value: unknown; context: CloseLostContext }) =>
  JSON.stringify({
    value: snapshot.value,
    reason: snapshot.context.reason,
    refused: snapshot.context.errorMessage !== undefined || Object.keys(snapshot.context.fieldErrors).length > 0,
  });

async function replay(steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const dialog = harness();
  for (const { event, state } of steps) {
    if (event.type === 'xstate.done.actor.closeOrder')
      await dialog.answer('done', (event as unknown as { output: unknown }).output);
    else if (event.type === 'xstate.error.actor.closeOrder')
      await dialog.answer('error', (event as unknown as { error: unknown }).error);
    else if (event.type !== 'xstate.init') dialog.actor.send(event as never);
    expect(serializeState(dialog.actor.getSnapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return dialog;
}

describe('closeLostMachine paths', () => {
  it('reaches every state by a shortest path, and the real actor agrees', async () => {
    const paths = getShortestPaths(closeLostMachine, {
      events: traversalEvents,
      input: order,
      serializeState: serializeState as never,
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(
      new Set(['editing', 'sending', 'closed', 'cancelled']),
    );
    for (const path of paths) await replay(path.steps as never);
  });

  it('walks every simple path; nothing is sent without a reason, and only a done call closes', async () => {
    const paths = getSimplePaths(closeLostMachine, {
      events: traversalEvents,
      input: order,
      serializeState: serializeState as never,
    });
    for (const path of paths) {
      const dialog = await replay(path.steps as never);
      for (const call of dialog.calls) expect((call as { reason: string }).reason).not.toBe('');
      const output = dialog.actor.getSnapshot().output;
      if (dialog.value() === 'closed') expect(output).toEqual({ closed });
      if (dialog.value() === 'cancelled') expect(output).toEqual({ closed: null });
    }
  });
});
