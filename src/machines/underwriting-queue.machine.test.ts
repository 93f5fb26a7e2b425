import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { Queue, QueueItem } from '@shared/contract/underwriting';
import type { QueueFilters } from '@/api/underwriting';
import {
  sameFilters,
  setFilters,
  underwritingQueueMachine,
  type UnderwritingQueueContext,
} from '@/machines/underwriting-queue.machine';

function item(submissionId: number, overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    submissionId,
    number: `Q-2026-${String(submissionId).padStart(6, '0')}`,
    status: 'underwriter_review',
    waitingSince: '2026-06-24T15:02:11.000Z',
    insuredName: 'Ada Lovelace',
    companyName: 'Lovelace Architects',
    broker: { id: 3, name: 'Harbor Risk Partners' },
    speciality: { id: 101, name: 'Architects' },
    stateCode: 'TX',
    premiumCents: 272_132,
    reasons: [{ code: 'prior_claims', label: 'Prior claims', detail: null }],
    ...overrides,
  };
}

const choices = { brokers: [{ id: 3, name: 'Harbor Risk Partners' }], specialities: [{ id: 101, name: 'Architects' }] };
const full: Queue = { items: [item(1), item(2, { status: 'missing_info' })], ...choices };
const narrowed: Queue = { items: [item(2, { status: 'missing_info' })], ...choices };
const none: Queue = { items: [], ...choices };

function httpError(status: number, message = 'Failed'): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/underwriting/queue'),
    {} as never,
  );
  error.message = `${status}: ${message}`;
  return error;
}

type Pending = { filters: QueueFilters; resolve: (queue: Queue) => void; reject: (error: unknown) => void };

/** A real actor whose queue calls wait to be answered; `shown` records every navigation. */
function harness(filters: QueueFilters = {}) {
  const calls: Pending[] = [];
  const shown: QueueFilters[] = [];
  const actor = createActor(
    underwritingQueueMachine.provide({
      actors: {
        loadQueue: fromPromise<Queue, QueueFilters>(
          ({ input }) => new Promise((resolve, reject) => calls.push({ filters: input, resolve, reject })),
        ),
      },
      actions: { showFilters: (_, params: QueueFilters) => void shown.push(params) },
    }),
    { input: { filters } },
  ).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    actor,
    calls,
    shown,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    async answer(outcome: 'done' | 'error', value: unknown, call = calls.length - 1) {
      const pending = calls[call]!;
      if (outcome === 'done') pending.resolve(value as Queue);
      else pending.reject(value);
      await settle();
    },
  };
}

describe('filters', () => {
  it('are the same whether a key is absent or undefined, and only the set ones are kept', () => {
    expect(sameFilters({}, { brokerId: undefined })).toBe(true);
    expect(sameFilters({ brokerId: 3 }, { brokerId: 3, status: undefined })).toBe(true);
    expect(sameFilters({ brokerId: 3 }, { brokerId: 4 })).toBe(false);
    expect(sameFilters({ status: 'missing_info' }, {})).toBe(false);
    expect(setFilters({ brokerId: 3, specialityId: undefined, status: 'missing_info' })).toEqual({
      brokerId: 3,
      status: 'missing_info',
    });
  });
});

describe('underwritingQueueMachine', () => {
  it('loads the queue for the address’s filters, and lists it', async () => {
    const desk = harness({ brokerId: 3, specialityId: undefined });
    expect(desk.value()).toBe('loading');
    expect(desk.calls.map((call) => call.filters)).toEqual([{ brokerId: 3 }]);
    await desk.answer('done', narrowed);
    expect(desk.value()).toBe('loaded');
    expect(desk.context()).toEqual({ filters: { brokerId: 3 }, queue: narrowed, errorMessage: undefined });
    // Loading by itself never moves the address.
    expect(desk.shown).toEqual([]);
  });

  it('is empty when nothing waits', async () => {
    const desk = harness();
    await desk.answer('done', none);
    expect(desk.value()).toBe('empty');
    expect(desk.context().queue).toEqual(none);
  });

  it('a failure says why; retry asks again', async () => {
    const desk = harness();
    await desk.answer('error', httpError(503, 'The desk is unavailable.'));
    expect(desk.value()).toBe('loadFailed');
    expect(desk.context().errorMessage).toBe('503: The desk is unavailable.');
    desk.actor.send({ type: 'queue.retry' });
    expect(desk.value()).toBe('loading');
    expect(desk.context().errorMessage).toBeUndefined();
    await desk.answer('done', full);
    expect(desk.value()).toBe('loaded');
    expect(desk.calls).toHaveLength(2);
  });

  it('ignores retry unless loading failed', async () => {
    const desk = harness();
    desk.actor.send({ type: 'queue.retry' });
    await desk.answer('done', full);
    desk.actor.send({ type: 'queue.retry' });
    expect(desk.value()).toBe('loaded');
    expect(desk.calls).toHaveLength(1);
  });

  it('choosing a filter puts it in the address and loads for it, keeping the old list’s choices meanwhile', async () => {
    const desk = harness();
    await desk.answer('done', full);
    desk.actor.send({ type: 'queue.filter', filters: { brokerId: undefined, status: 'missing_info' } });
    expect(desk.shown).toEqual([{ status: 'missing_info' }]);
    expect(desk.value()).toBe('loading');
    expect(desk.context().queue).toEqual(full);
    expect(desk.calls.map((call) => call.filters)).toEqual([{}, { status: 'missing_info' }]);
    await desk.answer('done', narrowed);
    expect(desk.context()).toMatchObject({ filters: { status: 'missing_info' }, queue: narrowed });
  });

  it('choosing the filters already shown does nothing', async () => {
    const desk = harness({ status: 'missing_info' });
    await desk.answer('done', narrowed);
    desk.actor.send({ type: 'queue.filter', filters: { status: 'missing_info', brokerId: undefined } });
    expect(desk.value()).toBe('loaded');
    expect(desk.shown).toEqual([]);
    expect(desk.calls).toHaveLength(1);
  });

  it('follows an address changed from outside (Back) without navigating again, and ignores its own', async () => {
    const desk = harness({ status: 'missing_info' });
    await desk.answer('done', narrowed);
    desk.actor.send({ type: 'queue.sync', filters: {} });
    expect(desk.value()).toBe('loading');
    expect(desk.calls.map((call) => call.filters)).toEqual([{ status: 'missing_info' }, {}]);
    await desk.answer('done', full);
    desk.actor.send({ type: 'queue.sync', filters: {} });
    expect(desk.value()).toBe('loaded');
    expect(desk.calls).toHaveLength(2);
    expect(desk.shown).toEqual([]);
  });

  it('a new choice while loading replaces the load: the older answer is dropped', async () => {
    const desk = harness();
    desk.actor.send({ type: 'queue.filter', filters: { specialityId: 101 } });
    expect(desk.calls.map((call) => call.filters)).toEqual([{}, { specialityId: 101 }]);
    await desk.answer('done', full, 0);
    expect(desk.value()).toBe('loading');
    await desk.answer('done', narrowed, 1);
    expect(desk.context().queue).toEqual(narrowed);
    expect(desk.context().filters).toEqual({ specialityId: 101 });
  });

  it('a filter chosen after a failure loads again', async () => {
    const desk = harness();
    await desk.answer('error', new TypeError('Failed to fetch'));
    desk.actor.send({ type: 'queue.filter', filters: { brokerId: 3 } });
    expect(desk.value()).toBe('loading');
    expect(desk.context().errorMessage).toBeUndefined();
    await desk.answer('done', none);
    expect(desk.value()).toBe('empty');
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (output: Queue) => ({ type: 'xstate.done.actor.loadQueue', output });
const failed = (error: unknown) => ({ type: 'xstate.error.actor.loadQueue', error });

const traversalEvents = [
  done(full),
  done(none),
  failed(httpError(500, 'Database unavailable')),
  { type: 'queue.retry' },
  { type: 'queue.filter', filters: { status: 'missing_info' } },
  { type: 'queue.filter', filters: {} },
  { type: 'queue.sync', filters: { brokerId: 3 } },
] as AnyEventObject[];

const serializeState = (snapshot: { value: unknown; context: UnderwritingQueueContext }) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.filters,
    snapshot.context.queue?.items.length,
    Boolean(snapshot.context.errorMessage),
  ]);

interface Step {
  event: AnyEventObject;
  state: { value: unknown; context: UnderwritingQueueContext };
}

/** Replays a path on a real actor; after every step it is where the path says, holding the same. */
async function replay(steps: readonly Step[]) {
  const desk = harness();
  for (const { event, state } of steps) {
    if (event.type === 'xstate.done.actor.loadQueue')
      await desk.answer('done', (event as unknown as { output: Queue }).output);
    else if (event.type === 'xstate.error.actor.loadQueue')
      await desk.answer('error', (event as unknown as { error: unknown }).error);
    else if (event.type !== 'xstate.init') desk.actor.send(event as never);
    expect(desk.value(), `after ${event.type}`).toEqual(state.value);
    expect(desk.context()).toEqual(state.context);
  }
  return desk;
}

/** What must hold in each state, whichever way it was reached. */
function expectConsistent(value: unknown, context: UnderwritingQueueContext) {
  if (value === 'loadFailed') expect(context.errorMessage).toBeDefined();
  else expect(context.errorMessage).toBeUndefined();
  if (value === 'loaded') expect(context.queue?.items.length).toBeGreaterThan(0);
  if (value === 'empty') expect(context.queue?.items).toEqual([]);
}

describe('underwritingQueueMachine paths', () => {
  it('reaches every state by a shortest path, and the real actor agrees step by step', async () => {
    const paths = getShortestPaths(underwritingQueueMachine, {
      events: traversalEvents as never,
      input: { filters: {} },
      serializeState: serializeState as never,
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(
      new Set(Object.keys(underwritingQueueMachine.root.states)),
    );
    for (const path of paths) {
      const desk = await replay(path.steps as never);
      expectConsistent(desk.value(), desk.context());
      // Every choice of filters the path made was put in the address, and only those.
      const chosen = path.steps
        .filter((step) => step.event.type === 'queue.filter')
        .map((step) => step.state.context.filters);
      expect(desk.shown).toEqual(chosen);
    }
  }, 60_000);

  it('walks every simple path of loading, failing and filtering on a real actor', async () => {
    // One choice of filters and the address going back: enough to cross every transition.
    const walked = new Set([0, 1, 2, 3, 4, 5].map((index) => traversalEvents[index]));
    const paths = getSimplePaths(underwritingQueueMachine, {
      events: traversalEvents as never,
      input: { filters: {} },
      serializeState: serializeState as never,
      filterEvents: ((_: unknown, event: AnyEventObject) => walked.has(event)) as never,
    });
    expect(paths.length).toBeGreaterThan(10);
    expect(
      paths.some(
        (path) => path.state.value === 'empty' && path.steps.some((step) => step.event.type === 'queue.filter'),
      ),
    ).toBe(true);
    expect(
      paths.some(
        (path) =>
          path.state.value === 'loaded' &&
          path.steps.some((step) => (step.event as AnyEventObject).type === 'xstate.error.actor.loadQueue'),
      ),
    ).toBe(true);
    for (const path of paths) {
      const desk = await replay(path.steps as never);
      expectConsistent(desk.value(), desk.context());
    }
  }, 60_000);
});
