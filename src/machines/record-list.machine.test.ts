import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type NonReducibleUnknown, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';
import { actorAnswer, answerableCalls, httpError, reading } from '@/machines/machine-test-harness';
import {
  recordListMachine,
  type ListedRecord,
  type RecordListContext,
  type SaveRecordInput,
} from '@/machines/record-list.machine';

/**
 * recordListMachine with its three calls mocked through machine.provide: each call waits until
 * the test answers it, so every state in between can be looked at. Then xstate/graph walks the
 * machine's paths and each one is replayed on a real actor, which must agree step by step.
 */

interface Row extends ListedRecord {
  name: string;
  primary: boolean;
}

const ada: Row = { id: 1, name: 'Ada', primary: true };
const grace: Row = { id: 2, name: 'Grace', primary: false };
const katherine: Row = { id: 3, name: 'Katherine', primary: false };
const listed = [ada, grace];
/** The same list after Grace was made primary: one change moved another record. */
const switched = [
  { ...ada, primary: false },
  { ...grace, primary: true },
];

const refusedFields = { firstname: 'is required', zipcode: 'is in California, not Texas' };
const badRequest = httpError(400, 'Invalid body: firstname is required', refusedFields);
const onBoundPolicy = httpError(409, 'Grace is on a bound policy, so it cannot be deleted.');
const gone = httpError(404, 'No such contact (or it is not yours)');
const serverDown = httpError(500, 'The account service is unavailable.');
const notAllowed = httpError(409, 'Grace cannot be the primary contact: she has no e-mail address.');
/** What the contacts screen sends to make Grace primary: her own values, isprimary true. */
const graceAsPrimary = { id: 2, name: 'Grace', isprimary: true };

type Call = 'loadRecords' | 'saveRecord' | 'removeRecord';
type Snapshot = SnapshotFrom<typeof recordListMachine>;

/** The machine with calls that wait to be answered, and a record of what each was asked. */
function harness({ addOnLoad = false }: { addOnLoad?: boolean } = {}) {
  const { calls, waiting, answer, waitingOn } = answerableCalls<Call>();
  const actor = createActor(
    recordListMachine.provide({
      actors: {
        loadRecords: waiting<ListedRecord[], NonReducibleUnknown>('loadRecords'),
        saveRecord: waiting<ListedRecord, SaveRecordInput>('saveRecord'),
        removeRecord: waiting<unknown, { id: number }>('removeRecord'),
      },
      guards: { addOnLoad: () => addOnLoad },
    }),
  ).start();
  return { ...reading(actor), calls, answer, waitingOn };
}

async function readyHarness(records: Row[] = listed) {
  const list = harness();
  await list.answer('loadRecords', 'done', records);
  expect(list.value()).toBe('ready');
  return list;
}

describe('recordListMachine', () => {
  it('loads the list, then is ready with it', async () => {
    const list = harness();
    expect(list.value()).toBe('loading');
    expect(list.waitingOn()).toBe('loadRecords');
    await list.answer('loadRecords', 'done', listed);
    expect(list.value()).toBe('ready');
    expect(list.context()).toMatchObject({
      records: listed,
      editing: null,
      removing: null,
      switching: null,
      switchFailure: null,
      errorMessage: undefined,
      lastChange: undefined,
    });
  });

  it('opened to add a record (the policy page’s Report a claim), opens the new record’s dialog once the list is in', async () => {
    const list = harness({ addOnLoad: true });
    expect(list.value()).toBe('loading');
    await list.answer('loadRecords', 'done', listed);
    expect(list.value()).toBe('editing');
    expect(list.context()).toMatchObject({ records: listed, editing: null });
  });

  it('says why the list did not load, and Try again loads it', async () => {
    const list = harness();
    await list.answer('loadRecords', 'error', serverDown);
    expect(list.value()).toBe('loadFailed');
    expect(list.context().errorMessage).toBe('500: The account service is unavailable.');
    list.send({ type: 'records.retry' });
    expect(list.value()).toBe('loading');
    await list.answer('loadRecords', 'done', listed);
    expect(list.value()).toBe('ready');
    expect(list.context().errorMessage).toBeUndefined();
  });

  it('words a lost connection for people', async () => {
    const list = harness();
    await list.answer('loadRecords', 'error', new TypeError('fetch failed'));
    expect(list.context().errorMessage).toMatch(/could not be reached/);
  });

  it('fails the load, in words, when a screen forgot to provide its calls', async () => {
    const actor = createActor(recordListMachine).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.errorMessage).toMatch(/loadRecords is provided by the screen/);
  });

  describe('adding', () => {
    it('opens an empty editor with a fresh idempotency key each time', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.add' });
      expect(list.value()).toBe('editing');
      expect(list.context().editing).toBeNull();
      const first = list.context().idempotencyKey;
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      list.send({ type: 'editor.cancel' });
      expect(list.value()).toBe('ready');
      list.send({ type: 'record.add' });
      expect(list.context().idempotencyKey).not.toBe(first);
    });

    it('saves without an id, then loads the list again and notes what was added', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.add' });
      const key = list.context().idempotencyKey;
      list.send({ type: 'editor.save', values: { name: 'Katherine' } });
      expect(list.value()).toBe('saving');
      await list.answer('saveRecord', 'done', katherine);
      // Reloaded, not patched: a change can move others (the primary).
      expect(list.value()).toBe('refreshing');
      expect(list.waitingOn()).toBe('loadRecords');
      await list.answer('loadRecords', 'done', [...listed, katherine]);
      expect(list.value()).toBe('ready');
      expect(list.context()).toMatchObject({
        records: [...listed, katherine],
        lastChange: { kind: 'added', id: 3 },
        fieldErrors: {},
      });
      expect(list.calls.filter((call) => call.call === 'saveRecord')).toEqual([
        { call: 'saveRecord', input: { values: { name: 'Katherine' }, id: undefined, idempotencyKey: key } },
      ]);
    });

    it('keeps the editor open with the server’s field messages; the corrected form goes with a new key', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.add' });
      const key = list.context().idempotencyKey;
      list.send({ type: 'editor.save', values: { name: '' } });
      await list.answer('saveRecord', 'error', badRequest);
      expect(list.value()).toBe('editing');
      expect(list.context()).toMatchObject({
        editing: null,
        errorMessage: '400: Invalid body: firstname is required',
        fieldErrors: refusedFields,
      });
      // A 400 created nothing: the corrected form is a new request (the old key would be a 422).
      list.send({ type: 'editor.save', values: { name: 'Katherine' } });
      await list.answer('saveRecord', 'done', katherine);
      const keys = list.calls
        .filter((call) => call.call === 'saveRecord')
        .map((call) => (call.input as SaveRecordInput).idempotencyKey);
      expect(keys[0]).toBe(key);
      expect(keys[1]).toMatch(/^[0-9a-f]{64}$/);
      expect(keys[1]).not.toBe(key);
      expect(list.context()).toMatchObject({ errorMessage: undefined, fieldErrors: {} });
    });

    it('retries with the same key when the answer was lost (no status): the server makes one record', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.add' });
      const key = list.context().idempotencyKey;
      list.send({ type: 'editor.save', values: { name: 'Katherine' } });
      await list.answer('saveRecord', 'error', new TypeError('Failed to fetch'));
      expect(list.value()).toBe('editing');
      list.send({ type: 'editor.save', values: { name: 'Katherine' } });
      await list.answer('saveRecord', 'done', katherine);
      expect(
        list.calls
          .filter((call) => call.call === 'saveRecord')
          .map((call) => (call.input as SaveRecordInput).idempotencyKey),
      ).toEqual([key, key]);
    });

    it('forgets a refusal when the editor is cancelled', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.add' });
      list.send({ type: 'editor.save', values: {} });
      await list.answer('saveRecord', 'error', badRequest);
      list.send({ type: 'editor.cancel' });
      expect(list.value()).toBe('ready');
      expect(list.context()).toMatchObject({ errorMessage: undefined, fieldErrors: {} });
      list.send({ type: 'record.add' });
      expect(list.context()).toMatchObject({ errorMessage: undefined, fieldErrors: {} });
    });
  });

  describe('editing', () => {
    it('opens the record asked for and saves it by its id, noting the update', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.edit', id: 2 });
      expect(list.value()).toBe('editing');
      expect(list.context().editing).toEqual(grace);
      list.send({ type: 'editor.save', values: { name: 'Grace', isprimary: true } });
      expect(list.calls.at(-1)).toMatchObject({
        call: 'saveRecord',
        input: { id: 2, values: { name: 'Grace', isprimary: true } },
      });
      await list.answer('saveRecord', 'done', { ...grace, primary: true });
      await list.answer('loadRecords', 'done', switched);
      expect(list.value()).toBe('ready');
      // The old primary is unmarked: the list came from the server again.
      expect(list.context().records).toEqual(switched);
      expect(list.context().lastChange).toEqual({ kind: 'updated', id: 2 });
    });

    it('ignores a record it does not hold', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.edit', id: 99 });
      expect(list.value()).toBe('ready');
      list.send({ type: 'record.remove', id: 99 });
      expect(list.value()).toBe('ready');
      expect(list.calls).toHaveLength(1);
    });

    it('keeps the record being edited through a refusal', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.edit', id: 1 });
      list.send({ type: 'editor.save', values: { isprimary: false } });
      await list.answer(
        'saveRecord',
        'error',
        httpError(409, 'Ada is your primary contact', { isprimary: 'cannot be unmarked' }),
      );
      expect(list.value()).toBe('editing');
      expect(list.context()).toMatchObject({
        editing: ada,
        errorMessage: '409: Ada is your primary contact',
        fieldErrors: { isprimary: 'cannot be unmarked' },
      });
    });
  });

  describe('deleting', () => {
    it('asks first; Cancel leaves the record alone', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.remove', id: 2 });
      expect(list.value()).toBe('confirmingRemove');
      expect(list.context().removing).toEqual(grace);
      list.send({ type: 'remove.cancel' });
      expect(list.value()).toBe('ready');
      expect(list.context().removing).toBeNull();
      expect(list.calls.map((call) => call.call)).toEqual(['loadRecords']);
    });

    it('deletes on confirmation, reloads, and notes what was removed', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.remove', id: 1 });
      list.send({ type: 'remove.confirm' });
      expect(list.value()).toBe('removing');
      expect(list.calls.at(-1)).toEqual({ call: 'removeRecord', input: { id: 1 } });
      await list.answer('removeRecord', 'done', { deletedId: 1, primaryId: 2 });
      expect(list.value()).toBe('refreshing');
      // Deleting the primary promoted another: the reload shows it.
      await list.answer('loadRecords', 'done', [{ ...grace, primary: true }]);
      expect(list.value()).toBe('ready');
      expect(list.context()).toMatchObject({ records: [{ ...grace, primary: true }], removing: null });
      // Gone from the list, so the change brings it as it was: its name, and that it was the primary.
      expect(list.context().lastChange).toEqual({ kind: 'removed', id: 1, record: ada });
    });

    it('keeps the confirmation open with the server’s reason for a 409', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.remove', id: 2 });
      list.send({ type: 'remove.confirm' });
      await list.answer('removeRecord', 'error', onBoundPolicy);
      expect(list.value()).toBe('confirmingRemove');
      expect(list.context()).toMatchObject({
        removing: grace,
        errorMessage: '409: Grace is on a bound policy, so it cannot be deleted.',
      });
      expect(list.context().lastChange).toBeUndefined();
      list.send({ type: 'remove.cancel' });
      expect(list.context()).toMatchObject({ removing: null, errorMessage: undefined });
    });

    it('treats a 404 as already gone (deleted in another tab): no error, the list catches up', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.remove', id: 2 });
      list.send({ type: 'remove.confirm' });
      await list.answer('removeRecord', 'error', gone);
      expect(list.value()).toBe('refreshing');
      await list.answer('loadRecords', 'done', [ada]);
      expect(list.value()).toBe('ready');
      expect(list.context()).toMatchObject({ records: [ada], errorMessage: undefined, removing: null });
      expect(list.context().lastChange).toEqual({ kind: 'removed', id: 2, record: grace });
    });
  });

  describe('making a record primary', () => {
    it('saves the values it is given by the record’s id, with no dialog, then reloads and notes the switch', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.makePrimary', id: 2, values: graceAsPrimary });
      expect(list.value()).toBe('switchingPrimary');
      expect(list.context()).toMatchObject({ switching: grace, editing: null, removing: null });
      expect(list.calls.at(-1)).toEqual({
        call: 'saveRecord',
        input: { values: graceAsPrimary, id: 2, idempotencyKey: list.context().idempotencyKey },
      });
      await list.answer('saveRecord', 'done', { ...grace, primary: true });
      expect(list.value()).toBe('refreshing');
      expect(list.context().lastChange).toEqual({ kind: 'madePrimary', id: 2 });
      // Still under way for the screen until the list shows it.
      expect(list.context().switching).toEqual(grace);
      await list.answer('loadRecords', 'done', switched);
      expect(list.value()).toBe('ready');
      expect(list.context()).toMatchObject({
        records: switched,
        switching: null,
        switchFailure: null,
        errorMessage: undefined,
      });
      expect(list.context().lastChange).toEqual({ kind: 'madePrimary', id: 2 });
    });

    it('ends the switch when the reload after it fails, keeping the list it has', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.makePrimary', id: 2, values: graceAsPrimary });
      await list.answer('saveRecord', 'done', { ...grace, primary: true });
      await list.answer('loadRecords', 'error', serverDown);
      expect(list.value()).toBe('ready');
      expect(list.context()).toMatchObject({
        records: listed,
        switching: null,
        errorMessage: '500: The account service is unavailable.',
      });
      expect(list.context().lastChange).toEqual({ kind: 'madePrimary', id: 2 });
    });

    it('says a refusal by the list: nothing reloaded, no dialog opened, the refresh failure untouched', async () => {
      const list = await readyHarness();
      const states: unknown[] = [];
      list.actor.subscribe((snapshot) => states.push(snapshot.value));
      list.send({ type: 'record.makePrimary', id: 2, values: graceAsPrimary });
      await list.answer('saveRecord', 'error', notAllowed);
      expect(list.value()).toBe('ready');
      expect(list.context()).toMatchObject({
        records: listed,
        switching: null,
        switchFailure: {
          id: 2,
          record: grace,
          message: '409: Grace cannot be the primary contact: she has no e-mail address.',
        },
        editing: null,
        errorMessage: undefined,
        fieldErrors: {},
        lastChange: undefined,
      });
      expect(states).toEqual(['switchingPrimary', 'ready']);
      expect(list.calls.map((call) => call.call)).toEqual(['loadRecords', 'saveRecord']);
    });

    it('forgets the refusal at the next add, edit, delete or switch, and not before', async () => {
      const refused = async () => {
        const list = await readyHarness();
        list.send({ type: 'record.makePrimary', id: 2, values: graceAsPrimary });
        await list.answer('saveRecord', 'error', notAllowed);
        expect(list.context().switchFailure).not.toBeNull();
        return list;
      };
      let list = await refused();
      // Ignored events and a reload leave it.
      list.send({ type: 'record.edit', id: 99 });
      list.send({ type: 'record.makePrimary', id: 99, values: {} });
      list.send({ type: 'records.retry' });
      await list.answer('loadRecords', 'done', listed);
      expect(list.context().switchFailure).toMatchObject({ id: 2 });
      for (const event of [
        { type: 'record.add' },
        { type: 'record.edit', id: 1 },
        { type: 'record.remove', id: 2 },
        { type: 'record.makePrimary', id: 2, values: graceAsPrimary },
      ] as const) {
        list = await refused();
        list.send(event);
        expect(list.context().switchFailure, event.type).toBeNull();
      }
    });

    it('ignores a record it does not hold', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.makePrimary', id: 99, values: { id: 99, isprimary: true } });
      expect(list.value()).toBe('ready');
      expect(list.context()).toMatchObject({ switching: null, switchFailure: null });
      expect(list.calls).toHaveLength(1);
    });

    it('takes no second switch, and no other change, while one is under way or the list reloads', async () => {
      const list = await readyHarness([ada, grace, katherine]);
      list.send({ type: 'record.makePrimary', id: 2, values: graceAsPrimary });
      const busy = [
        { type: 'record.makePrimary', id: 3, values: { id: 3, isprimary: true } },
        { type: 'record.add' },
        { type: 'record.edit', id: 1 },
        { type: 'record.remove', id: 1 },
        { type: 'editor.save', values: {} },
        { type: 'editor.cancel' },
      ] as const;
      for (const event of busy) {
        list.send(event);
        expect(list.value()).toBe('switchingPrimary');
      }
      expect(list.context().switching).toEqual(grace);
      await list.answer('saveRecord', 'done', { ...grace, primary: true });
      for (const event of busy) {
        list.send(event);
        expect(list.value()).toBe('refreshing');
      }
      expect(list.calls.filter((call) => call.call === 'saveRecord')).toHaveLength(1);
    });

    it('is ignored while a dialog is open', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.edit', id: 1 });
      list.send({ type: 'record.makePrimary', id: 2, values: graceAsPrimary });
      expect(list.value()).toBe('editing');
      list.send({ type: 'editor.cancel' });
      list.send({ type: 'record.remove', id: 1 });
      list.send({ type: 'record.makePrimary', id: 2, values: graceAsPrimary });
      expect(list.value()).toBe('confirmingRemove');
      expect(list.context().switching).toBeNull();
    });
  });

  describe('reloading', () => {
    it('keeps the list it has when a reload after a change fails, and says so; Try again reloads', async () => {
      const list = await readyHarness();
      list.send({ type: 'record.add' });
      list.send({ type: 'editor.save', values: { name: 'Katherine' } });
      await list.answer('saveRecord', 'done', katherine);
      await list.answer('loadRecords', 'error', serverDown);
      expect(list.value()).toBe('ready');
      expect(list.context()).toMatchObject({
        records: listed,
        errorMessage: '500: The account service is unavailable.',
        lastChange: { kind: 'added', id: 3 },
      });
      list.send({ type: 'records.retry' });
      expect(list.value()).toBe('refreshing');
      await list.answer('loadRecords', 'done', [...listed, katherine]);
      expect(list.context()).toMatchObject({ records: [...listed, katherine], errorMessage: undefined });
    });
  });

  it('ignores events that do not belong to the state it is in', async () => {
    const list = await readyHarness();
    for (const event of [
      { type: 'editor.save', values: {} },
      { type: 'editor.cancel' },
      { type: 'remove.confirm' },
      { type: 'remove.cancel' },
    ] as const) {
      list.send(event);
      expect(list.value()).toBe('ready');
    }
    list.send({ type: 'record.add' });
    list.send({ type: 'editor.save', values: { name: 'Katherine' } });
    // While saving: no second save, no other dialog, no cancel.
    for (const event of [
      { type: 'editor.save', values: {} },
      { type: 'editor.cancel' },
      { type: 'record.add' },
      { type: 'record.remove', id: 1 },
    ] as const) {
      list.send(event);
      expect(list.value()).toBe('saving');
    }
    await list.answer('saveRecord', 'done', katherine);
    // While refreshing: nothing opens on a list that is about to change.
    list.send({ type: 'record.edit', id: 1 });
    expect(list.value()).toBe('refreshing');
    await list.answer('loadRecords', 'done', listed);
    list.send({ type: 'record.remove', id: 1 });
    list.send({ type: 'remove.confirm' });
    for (const event of [{ type: 'remove.confirm' }, { type: 'remove.cancel' }, { type: 'record.add' }] as const) {
      list.send(event);
      expect(list.value()).toBe('removing');
    }
    expect(list.calls.filter((call) => call.call !== 'loadRecords').map((call) => call.call)).toEqual([
      'saveRecord',
      'removeRecord',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

/** The id each state's call runs under: the traversal answers it with xstate.done/error.actor.<id>. */
const invokeIdOf = (state: 'loading' | 'saving' | 'switchingPrimary' | 'removing' | 'refreshing') =>
  recordListMachine.root.states[state]!.invoke[0]!.id;
const CALL_OF: Record<string, Call> = {
  [invokeIdOf('loading')]: 'loadRecords',
  [invokeIdOf('refreshing')]: 'loadRecords',
  [invokeIdOf('saving')]: 'saveRecord',
  [invokeIdOf('switchingPrimary')]: 'saveRecord',
  [invokeIdOf('removing')]: 'removeRecord',
};
const done = (state: Parameters<typeof invokeIdOf>[0], output: unknown) => ({
  type: `xstate.done.actor.${invokeIdOf(state)}`,
  output,
});
const failed = (state: Parameters<typeof invokeIdOf>[0], error: unknown) => ({
  type: `xstate.error.actor.${invokeIdOf(state)}`,
  error,
});

/** Every answer each call can give, and every user event (one unknown id among them). */
const traversalEvents = [
  done('loading', listed),
  failed('loading', serverDown),
  done('refreshing', switched),
  failed('refreshing', serverDown),
  done('saving', katherine),
  failed('saving', badRequest),
  done('switchingPrimary', { ...grace, primary: true }),
  failed('switchingPrimary', notAllowed),
  done('removing', { deletedId: 2, primaryId: 1 }),
  failed('removing', gone),
  failed('removing', onBoundPolicy),
  { type: 'records.retry' },
  { type: 'record.add' },
  { type: 'record.edit', id: 2 },
  { type: 'record.edit', id: 99 },
  { type: 'record.remove', id: 2 },
  { type: 'record.makePrimary', id: 2, values: graceAsPrimary },
  { type: 'record.makePrimary', id: 99, values: { id: 99, isprimary: true } },
  { type: 'editor.cancel' },
  { type: 'editor.save', values: { name: 'Katherine' } },
  { type: 'remove.cancel' },
  { type: 'remove.confirm' },
] as never[];

/** The idempotency key is random: states differ by whether one was made, not by its value. */
const withoutKey = (context: RecordListContext) => ({ ...context, idempotencyKey: context.idempotencyKey !== '' });
const serializeState = (snapshot: { value: unknown; context: RecordListContext }) =>
  JSON.stringify({ value: snapshot.value, context: withoutKey(snapshot.context) });

/**
 * Simple paths (no state visited twice) multiply with every difference in context; told apart
 * by the state, whether a failure is on show (a refused "Make primary" is one too: telling it
 * apart would copy every path after it) and which record is in a dialog, they stay about 1,300
 * and still cover every transition.
 */
const serializeFlowState = (snapshot: { value: unknown; context: RecordListContext }) =>
  JSON.stringify({
    value: snapshot.value,
    failing: snapshot.context.errorMessage !== undefined || snapshot.context.switchFailure !== null,
    editing: snapshot.context.editing?.id ?? null,
    changed: snapshot.context.lastChange !== undefined,
  });

interface Step {
  event: AnyEventObject;
  state: Snapshot;
}

/**
 * Replays a path on a real actor: after every step it is where the path says, the same as far as
 * `serialize` tells states apart (the traversal keeps one snapshot for all states it merges).
 */
async function replay(
  steps: readonly Step[],
  serialize: (snapshot: { value: unknown; context: RecordListContext }) => string,
) {
  const list = harness();
  for (const { event, state } of steps) {
    const answered = actorAnswer(event);
    if (answered) {
      await list.answer(CALL_OF[answered.id]!, answered.outcome, answered.value);
    } else if (event.type !== 'xstate.init') {
      list.send(event as never);
    }
    expect(list.value(), `after ${event.type}`).toEqual(state.value);
    expect(serialize(list.snapshot()), `after ${event.type}`).toEqual(serialize(state));
  }
  return list;
}

/** What must hold in a state however it was reached. */
function expectConsistent(value: unknown, context: RecordListContext) {
  if (value === 'loadFailed') expect(context.errorMessage).toBeDefined();
  if (value === 'loading' || value === 'loadFailed') expect(context.records).toEqual([]);
  if (value === 'confirmingRemove' || value === 'removing') expect(context.removing).not.toBeNull();
  else expect(context.removing).toBeNull();
  if (value === 'editing' || value === 'saving') {
    // Adding always has a key to make a retried create safe; editing names a record the list holds.
    if (context.editing === null) expect(context.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    else expect(context.records.some((record) => record.id === context.editing!.id)).toBe(true);
  }
  if (
    value === 'ready' ||
    value === 'refreshing' ||
    value === 'confirmingRemove' ||
    value === 'removing' ||
    value === 'switchingPrimary'
  ) {
    expect(Object.keys(context.fieldErrors)).toEqual([]);
  }
  // A switch names a record the list holds, and lasts until the list that shows it is loaded.
  if (value === 'switchingPrimary')
    expect(context.records.some((record) => record.id === context.switching?.id)).toBe(true);
  else if (value !== 'refreshing') expect(context.switching).toBeNull();
  if (value === 'refreshing' && context.switching)
    expect(context.lastChange).toEqual({ kind: 'madePrimary', id: context.switching.id });
  // A refused switch is said by the list, never in a dialog, and ends the switch.
  if (context.switchFailure) {
    expect(['ready', 'refreshing']).toContain(value);
    expect(context.switching).toBeNull();
    expect(context.switchFailure.message).not.toBe('');
  }
  if (context.lastChange?.kind === 'removed') expect(context.lastChange.record.id).toBe(context.lastChange.id);
}

const machineStates = Object.keys(recordListMachine.root.states);

describe('recordListMachine paths', () => {
  it('has the states this file covers', () => {
    expect(new Set(machineStates)).toEqual(
      new Set([
        'loading',
        'loadFailed',
        'ready',
        'editing',
        'saving',
        'switchingPrimary',
        'confirmingRemove',
        'removing',
        'refreshing',
      ]),
    );
  });

  it('reaches every state by a shortest path, and the real actor agrees step by step', async () => {
    const paths = getShortestPaths(recordListMachine, {
      events: traversalEvents,
      serializeState: serializeState as never,
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(machineStates));
    for (const path of paths) {
      const list = await replay(path.steps as never, serializeState);
      expectConsistent(list.value(), list.context());
      expectConsistent(path.state.value, path.state.context);
    }
  }, 60_000);

  it('takes every transition of docs/machines/record-list.mmd, and no other', () => {
    const adjacency = getAdjacencyMap(recordListMachine, {
      events: traversalEvents,
      serializeState: serializeState as never,
    });
    const label = (type: string) => type.replace(/^xstate\.(done|error)\.actor\.0\.recordList\.\w+$/, '$1');
    const transitions = new Set<string>();
    for (const [from, { state, transitions: next }] of Object.entries(adjacency)) {
      for (const { event, state: to } of Object.values(next) as Array<{ event: AnyEventObject; state: Snapshot }>) {
        if (serializeState(to as never) === from) continue; // Ignored where it is.
        transitions.add(`${String(state.value)} -> ${String(to.value)} : ${label(event.type)}`);
      }
    }
    // The diagram's edges; the guarded 404 and the plain refusal on delete are told apart by where they go.
    expect([...transitions].sort()).toEqual(
      [
        'loading -> ready : done',
        'loading -> loadFailed : error',
        'loadFailed -> loading : records.retry',
        'ready -> editing : record.add',
        'ready -> editing : record.edit',
        'ready -> confirmingRemove : record.remove',
        'ready -> refreshing : records.retry',
        'ready -> switchingPrimary : record.makePrimary',
        'switchingPrimary -> refreshing : done',
        'switchingPrimary -> ready : error',
        'editing -> ready : editor.cancel',
        'editing -> saving : editor.save',
        'saving -> refreshing : done',
        'saving -> editing : error',
        'confirmingRemove -> ready : remove.cancel',
        'confirmingRemove -> removing : remove.confirm',
        'removing -> refreshing : done',
        'removing -> refreshing : error',
        'removing -> confirmingRemove : error',
        'refreshing -> ready : done',
        'refreshing -> ready : error',
      ].sort(),
    );
  });

  it('walks every simple path on a real actor, through failures, retries, refusals and a first change', async () => {
    const paths = getSimplePaths(recordListMachine, {
      events: traversalEvents,
      serializeState: serializeFlowState as never,
      // A path ends once a change is saved or deleted and the list is back: what follows repeats what came before.
      stopWhen: ((snapshot: Snapshot) =>
        snapshot.value === 'ready' && snapshot.context.lastChange !== undefined) as never,
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(machineStates));
    // Among them: a refused save sent again, and a refused delete confirmed again.
    const walked = (types: string[]) =>
      paths.some((path) => {
        let next = 0;
        for (const step of path.steps) if (next < types.length && step.event.type.includes(types[next]!)) next += 1;
        return next === types.length;
      });
    expect(walked(['editor.save', 'error.actor', 'editor.save'])).toBe(true);
    expect(walked(['remove.confirm', 'error.actor', 'remove.confirm'])).toBe(true);
    // A refused switch tried again, and one put aside for another change.
    expect(walked(['record.makePrimary', 'error.actor', 'record.makePrimary'])).toBe(true);
    expect(walked(['record.makePrimary', 'error.actor', 'record.edit', 'editor.save', 'done.actor'])).toBe(true);
    for (const path of paths) {
      const list = await replay(path.steps as never, serializeFlowState);
      expectConsistent(list.value(), list.context());
    }
  }, 60_000);
});
