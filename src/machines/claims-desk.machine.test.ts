import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { ClaimQueueItem } from '@shared/contract/claims';
import { claimsDeskMachine, newestWaitingFirst, type ClaimsDeskContext } from '@/machines/claims-desk.machine';
import { actorAnswer, answerableCalls, httpError, reading } from '@/machines/machine-test-harness';
import { getTransitionPaths } from '@/machines/transition-paths';

const item = (id: number, lastActivityAt: string, awaitingHandler = false): ClaimQueueItem => ({
  id,
  number: `C-2026-${String(id).padStart(6, '0')}`,
  policyId: 311,
  policyNumber: 'P-2025-000311',
  specialityName: 'Architects',
  kind: 'claim',
  dateOfLoss: '2026-02-14',
  actDate: null,
  claimant: null,
  lawsuitFiled: false,
  amountDemandedCents: null,
  description: 'A client disputes the drawings.',
  status: 'reported',
  reportedAt: '2026-02-16T10:00:00.000Z',
  insuredName: 'Ada Lovelace',
  companyName: null,
  lastActivityAt,
  awaitingHandler,
});

const older = item(1, '2026-02-16T10:00:00.000Z');
const newer = item(2, '2026-02-20T10:00:00.000Z');
const waitingOld = item(3, '2026-02-10T10:00:00.000Z', true);

function harness(status?: ClaimQueueItem['status']) {
  const { calls, waiting, answer } = answerableCalls<'loadQueue'>();
  const shown: unknown[] = [];
  const actor = createActor(
    claimsDeskMachine.provide({
      actors: { loadQueue: waiting('loadQueue') },
      actions: { showStatus: (_, chosen) => void shown.push(chosen) },
    }),
    { input: { status } },
  ).start();
  return { ...reading(actor), calls, answer, shown };
}

describe('claimsDeskMachine', () => {
  it('puts the claims waiting on the handler first, then the newest activity first', () => {
    expect(newestWaitingFirst([older, waitingOld, newer]).map((claim) => claim.id)).toEqual([3, 2, 1]);
  });

  it('loads the queue for the address’s status and sorts it', async () => {
    const desk = harness('reported');
    expect(desk.calls).toEqual([{ call: 'loadQueue', input: { status: 'reported' } }]);
    await desk.answer('loadQueue', 'done', [older, newer]);
    expect(desk.value()).toBe('loaded');
    expect(desk.context().queue!.map((claim) => claim.id)).toEqual([2, 1]);
  });

  it('a chosen status goes to the address and loads; the same status or a sync to it does nothing', async () => {
    const desk = harness();
    await desk.answer('loadQueue', 'done', []);
    expect(desk.value()).toBe('empty');
    desk.send({ type: 'queue.filter', status: 'closed' });
    expect(desk.shown).toEqual(['closed']);
    expect(desk.calls.at(-1)).toEqual({ call: 'loadQueue', input: { status: 'closed' } });
    await desk.answer('loadQueue', 'done', [older]);
    desk.send({ type: 'queue.sync', status: 'closed' });
    desk.send({ type: 'queue.filter', status: 'closed' });
    expect(desk.calls).toHaveLength(2);
    desk.send({ type: 'queue.sync', status: undefined });
    expect(desk.shown).toEqual(['closed']);
    expect(desk.calls.at(-1)).toEqual({ call: 'loadQueue', input: { status: undefined } });
  });

  it('says why it could not load; Try again loads', async () => {
    const desk = harness();
    await desk.answer('loadQueue', 'error', httpError(503, 'Down'));
    expect(desk.context().errorMessage).toBe('503: Down');
    desk.send({ type: 'queue.retry' });
    await desk.answer('loadQueue', 'done', [older]);
    expect(desk.context().errorMessage).toBeUndefined();
  });
});

describe('claimsDeskMachine paths', () => {
  const done = (output: unknown) => ({ type: 'xstate.done.actor.loadQueue', output });
  const events = [
    done([older]),
    done([]),
    { type: 'xstate.error.actor.loadQueue', error: httpError(503, 'Down') },
    { type: 'queue.filter', status: 'closed' },
    { type: 'queue.filter', status: undefined },
    { type: 'queue.sync', status: 'reported' },
    { type: 'queue.retry' },
  ] as never[];
  const serializeState = (snapshot: { value: unknown; context: ClaimsDeskContext }) =>
    JSON.stringify({ value: snapshot.value, status: snapshot.context.status ?? null });

  it('walks every transition on a real actor', async () => {
    const paths = getTransitionPaths(claimsDeskMachine, {
      events,
      input: { status: undefined },
      serializeState: serializeState as never,
    });
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const desk = harness();
      for (const { event, state } of path.steps as { event: AnyEventObject; state: never }[]) {
        const answered = actorAnswer(event);
        if (answered) await desk.answer('loadQueue', answered.outcome, answered.value);
        else if (event.type !== 'xstate.init') desk.send(event as never);
        expect(serializeState(desk.snapshot()), `after ${event.type}`).toEqual(serializeState(state));
      }
      // The address shows what was chosen, never a status the handler did not choose.
      for (const chosen of desk.shown) expect([undefined, 'closed']).toContain(chosen);
    }
  });
});
