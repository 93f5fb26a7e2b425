import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyStateNode } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { Location, PlanLocation, PlanLocations } from '@shared/contract/locations';
import type { PrimaryInsured, PrimaryInsuredWithLocation } from '@shared/contract/primary-insured';
import type { OrderDetails } from '@shared/contract/submissions';
import {
  editOrderMachine,
  locationChanges,
  refusalWords,
  type EditOrderContext,
  type EditOrderData,
  type InsuredRequest,
} from '@/machines/edit-order.machine';

const SUBMISSION_ID = 42;

function httpError(status: number, message = 'Request failed', fields?: Record<string, string>): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/insured/addlocation'),
    {} as never,
  );
  error.message = `${status}: ${message}`;
  // As src/api/client.ts does when the body is the API's JSON error; the label keeps the traversal from merging errors.
  return Object.assign(error, { fields: fields ?? {}, label: `HTTP ${status} ${message}` });
}

const houston: Location = {
  id: 11,
  title: 'Houston office',
  address1: '1200 Main St',
  address2: null,
  city: 'Houston',
  state: 'TX',
  zipcode: '77002',
  isprimary: false,
};
const dallas: Location = {
  id: 12,
  title: 'Dallas office',
  address1: '2100 Ross Ave',
  address2: 'Suite 400',
  city: 'Dallas',
  state: 'TX',
  zipcode: '75201',
  isprimary: true,
};
const copyOf = (location: Location, id: number, isprimary: boolean): PlanLocation => ({
  ...location,
  id,
  locationId: location.id,
  isprimary,
});
/** A copy whose saved location was deleted since. */
const oldClinic: PlanLocation = {
  id: 301,
  locationId: null,
  title: 'Old clinic',
  address1: '9 Elm St',
  address2: null,
  city: 'Houston',
  state: 'TX',
  zipcode: '77002',
  isprimary: true,
};

const order = (overrides: Partial<PlanLocations>): PlanLocations => ({
  submissionId: SUBMISSION_ID,
  number: 'Q-2026-000042',
  status: 'quoted',
  version: 1,
  stateCode: 'TX',
  zipcode: '77002',
  totalCents: 300_000,
  previousTotalCents: 300_000,
  rerated: false,
  locations: [],
  ...overrides,
});
/** Quoted in Houston with the old clinic's copy on it. */
const atTheClinic = order({ locations: [oldClinic] });
/** Both offices added, Dallas (the insured's primary) first: priced again there. */
const inDallas = order({
  version: 2,
  zipcode: '75201',
  totalCents: 293_000,
  previousTotalCents: 300_000,
  rerated: true,
  locations: [oldClinic, copyOf(dallas, 201, false), copyOf(houston, 202, false)].map((plan) => ({
    ...plan,
    isprimary: plan.id === 201,
  })),
});
/** The old clinic taken off: nothing on the order, nothing re-rated. */
const bare = order({ version: 2, locations: [] });

const insured: PrimaryInsured = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  companyname: 'Analytical Dental',
  insuredtype: 'business',
  gender: null,
  dob: null,
  industrycode: null,
  paymentterm: null,
  email: 'ada@example.com',
  contactnumber: '+15125550142',
  hasPassword: true,
  primaryLocation: dallas,
  primaryContact: null,
};
const details = {
  submissionId: SUBMISSION_ID,
  number: 'Q-2026-000042',
  speciality: { id: 1, name: 'Dentists' },
} as OrderDetails;
const dataWith = (planLocations: PlanLocations): EditOrderData => ({
  details,
  order: planLocations,
  insured,
  savedLocations: [houston, dallas],
  states: [{ code: 'TX', name: 'Texas', offered: true }],
});
const loaded = dataWith(atTheClinic);
const reloaded = dataWith(inDallas);

const request: InsuredRequest = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  companyname: 'Analytical Dental',
  contactnumber: '(512) 555-0142',
  address1: '2100 Ross Ave',
  address2: 'Suite 400',
  city: 'Dallas',
  state: 'TX',
  zipcode: '75201',
  locationId: 12,
  contactId: null,
  isupdatemaster: false,
};
const insuredSaved: PrimaryInsuredWithLocation = { insured, order: inDallas };

type Call = 'loadOrder' | 'saveInsured' | 'saveLocations' | 'removePlanLocation';

/** A real actor whose calls wait to be answered; what each was asked is recorded. */
function harness(submissionId: number | undefined) {
  const calls: Array<{ call: Call; input: unknown }> = [];
  let pending: { call: Call; resolve: (value: unknown) => void; reject: (error: unknown) => void } | undefined;
  // Typed loosely: each stands in for a call of its own type, and the test decides what it answers.
  const waiting = (call: Call) =>
    fromPromise<never, unknown>(({ input }) => {
      calls.push({ call, input });
      return new Promise(
        (resolve, reject) => (pending = { call, resolve: resolve as (value: unknown) => void, reject }),
      );
    }) as never;
  const actor = createActor(
    editOrderMachine.provide({
      actors: {
        loadOrder: waiting('loadOrder'),
        saveInsured: waiting('saveInsured'),
        saveLocations: waiting('saveLocations'),
        removePlanLocation: waiting('removePlanLocation'),
      },
    }),
    { input: { submissionId } },
  ).start();

  async function answer(call: Call, outcome: 'done' | 'error', value: unknown) {
    const open = pending;
    expect(open?.call, `the machine is not waiting on ${call}`).toBe(call);
    pending = undefined;
    if (outcome === 'done') open!.resolve(value);
    else open!.reject(value);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  const value = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  return { actor, calls, answer, value, context, waitingOn: () => pending?.call };
}

async function loadedHarness() {
  const edit = harness(SUBMISSION_ID);
  await edit.answer('loadOrder', 'done', loaded);
  expect(edit.value()).toEqual({ editing: 'ready' });
  return edit;
}

describe('locationChanges', () => {
  it('adds the ticked ones not on the order, the insured’s primary first, and removes the unticked ones that are', () => {
    expect(locationChanges(loaded, [11, 12])).toEqual({ add: [12, 11], remove: [] });
    expect(locationChanges(reloaded, [11])).toEqual({ add: [], remove: [12] });
    expect(locationChanges(reloaded, [11, 12])).toEqual({ add: [], remove: [] });
  });
});

describe('refusalWords', () => {
  it('says what a 409 and a 422 mean for the order, with the server’s reason', () => {
    expect(refusalWords(httpError(409, 'Order Q-2026-000042 is approved'))).toBe(
      'This order can no longer be changed. Order Q-2026-000042 is approved',
    );
    expect(refusalWords(httpError(422, 'Dentists cover is not offered in Alaska'))).toBe(
      'We cannot price this order at that address. Dentists cover is not offered in Alaska',
    );
    expect(refusalWords(httpError(400, 'Invalid body: zipcode is not in TX'))).toBe(
      'Invalid body: zipcode is not in TX',
    );
    expect(refusalWords(httpError(500, 'Database unavailable'))).toBe('500: Database unavailable');
    expect(refusalWords(new TypeError('fetch failed'))).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
  });
});

describe('editOrderMachine on a real actor', () => {
  it('without an order number is not found and loads nothing', () => {
    const { value, calls } = harness(undefined);
    expect(value()).toBe('notFound');
    expect(calls).toEqual([]);
  });

  it('loads the order and ticks the saved locations already on it', async () => {
    const edit = harness(SUBMISSION_ID);
    expect(edit.calls).toEqual([{ call: 'loadOrder', input: { submissionId: SUBMISSION_ID, states: null } }]);
    await edit.answer('loadOrder', 'done', reloaded);
    expect(edit.value()).toEqual({ editing: 'ready' });
    expect(edit.context()).toMatchObject({
      data: reloaded,
      chosen: [12, 11],
      errorMessage: undefined,
      failure: undefined,
    });
  });

  for (const status of [404, 400]) {
    it(`an order that is not there or not theirs (${status}) is not found`, async () => {
      const edit = harness(SUBMISSION_ID);
      await edit.answer('loadOrder', 'error', httpError(status, 'No such submission'));
      expect(edit.value()).toBe('notFound');
    });
  }

  it('a failed load says why; Try again loads again', async () => {
    const edit = harness(SUBMISSION_ID);
    await edit.answer('loadOrder', 'error', httpError(500, 'Database unavailable'));
    expect(edit.value()).toBe('loadFailed');
    expect(edit.context().errorMessage).toBe('500: Database unavailable');
    edit.actor.send({ type: 'order.retry' });
    await edit.answer('loadOrder', 'done', loaded);
    expect(edit.value()).toEqual({ editing: 'ready' });
    expect(edit.context().errorMessage).toBeUndefined();
  });

  it('sends the ticked differences, shows the new price at once, announces it, then loads everything again', async () => {
    const edit = await loadedHarness();
    edit.actor.send({ type: 'locations.toggle', locationId: 11, chosen: true });
    edit.actor.send({ type: 'locations.toggle', locationId: 12, chosen: true });
    edit.actor.send({ type: 'locations.toggle', locationId: 999, chosen: true });
    expect(edit.context().chosen).toEqual([11, 12]);
    edit.actor.send({ type: 'locations.update' });
    expect(edit.value()).toEqual({ editing: 'savingLocations' });
    expect(edit.calls.at(-1)).toEqual({
      call: 'saveLocations',
      input: { submissionId: SUBMISSION_ID, add: [12, 11], remove: [] },
    });
    // Nothing else is accepted while it saves.
    edit.actor.send({ type: 'insured.save', request });
    edit.actor.send({ type: 'locations.update' });
    expect(edit.calls).toHaveLength(2);
    await edit.answer('saveLocations', 'done', inDallas);
    expect(edit.value()).toEqual({ editing: 'refreshing' });
    // The reload asks for what may have changed; the states it has already.
    expect(edit.calls.at(-1)).toEqual({
      call: 'loadOrder',
      input: { submissionId: SUBMISSION_ID, states: loaded.states },
    });
    expect(edit.context().data?.order).toEqual(inDallas);
    expect(edit.context().lastChange).toEqual({ kind: 'rerated', totalCents: 293_000, previousTotalCents: 300_000 });
    expect(edit.context().changes).toBe(1);
    await edit.answer('loadOrder', 'done', reloaded);
    expect(edit.value()).toEqual({ editing: 'ready' });
    expect(edit.context().chosen).toEqual([12, 11]);
  });

  it('a change that does not move the rating address is "saved", not re-rated', async () => {
    const edit = await loadedHarness();
    edit.actor.send({ type: 'locations.toggle', locationId: 11, chosen: true });
    edit.actor.send({ type: 'locations.update' });
    await edit.answer('saveLocations', 'done', order({ locations: [oldClinic, copyOf(houston, 202, false)] }));
    expect(edit.context().lastChange).toEqual({ kind: 'saved', what: 'locations' });
  });

  it('says so when nothing changed, or when no location would be left, and sends nothing', async () => {
    const edit = harness(SUBMISSION_ID);
    await edit.answer('loadOrder', 'done', reloaded);
    edit.actor.send({ type: 'locations.update' });
    expect(edit.value()).toEqual({ editing: 'ready' });
    expect(edit.context().failure).toMatchObject({ section: 'locations', title: 'Nothing to update' });
    edit.actor.send({ type: 'locations.toggle', locationId: 11, chosen: false });
    expect(edit.context().failure).toBeUndefined();
    edit.actor.send({ type: 'locations.toggle', locationId: 12, chosen: false });
    edit.actor.send({ type: 'locations.update' });
    // The old clinic's copy stays on the order, so taking both offices off leaves it somewhere to be priced.
    expect(edit.value()).toEqual({ editing: 'savingLocations' });

    const onlyOffices = harness(SUBMISSION_ID);
    await onlyOffices.answer('loadOrder', 'done', dataWith(order({ locations: [copyOf(dallas, 201, true)] })));
    onlyOffices.actor.send({ type: 'locations.toggle', locationId: 12, chosen: false });
    onlyOffices.actor.send({ type: 'locations.update' });
    expect(onlyOffices.value()).toEqual({ editing: 'ready' });
    expect(onlyOffices.context().failure).toMatchObject({ section: 'locations', title: 'Keep at least one location' });
    expect(onlyOffices.calls).toHaveLength(1);
  });

  it('saves the named insured with the order’s number, and announces the new price', async () => {
    const edit = await loadedHarness();
    edit.actor.send({ type: 'insured.save', request });
    expect(edit.calls.at(-1)).toEqual({ call: 'saveInsured', input: { submissionId: SUBMISSION_ID, request } });
    await edit.answer('saveInsured', 'done', insuredSaved);
    expect(edit.value()).toEqual({ editing: 'refreshing' });
    expect(edit.context().lastChange).toEqual({ kind: 'rerated', totalCents: 293_000, previousTotalCents: 300_000 });
    await edit.answer('loadOrder', 'done', reloaded);
    expect(edit.value()).toEqual({ editing: 'ready' });
  });

  it('keeps a 400’s field messages for the form, and a 422 in words', async () => {
    const edit = await loadedHarness();
    edit.actor.send({ type: 'insured.save', request });
    await edit.answer(
      'saveInsured',
      'error',
      httpError(400, 'Invalid body: zipcode is in Alaska, not Texas', { zipcode: 'is in Alaska, not Texas' }),
    );
    expect(edit.value()).toEqual({ editing: 'ready' });
    expect(edit.context().failure).toEqual({
      section: 'insured',
      title: 'We could not save the named insured',
      message: 'Invalid body: zipcode is in Alaska, not Texas',
      fields: { zipcode: 'is in Alaska, not Texas' },
    });
    edit.actor.send({ type: 'locations.toggle', locationId: 11, chosen: true });
    edit.actor.send({ type: 'locations.update' });
    expect(edit.context().failure).toBeUndefined();
    await edit.answer('saveLocations', 'error', httpError(422, 'Dentists cover is not offered there'));
    expect(edit.value()).toEqual({ editing: 'ready' });
    expect(edit.context().failure).toMatchObject({
      section: 'locations',
      message: 'We cannot price this order at that address. Dentists cover is not offered there',
      fields: {},
    });
  });

  it('after a 409 loads the order again to show it as it is now, keeping the reason', async () => {
    const edit = await loadedHarness();
    edit.actor.send({ type: 'insured.save', request });
    await edit.answer('saveInsured', 'error', httpError(409, 'The order is approved'));
    expect(edit.value()).toEqual({ editing: 'refreshing' });
    const approved = dataWith(order({ status: 'approved', locations: [oldClinic] }));
    await edit.answer('loadOrder', 'done', approved);
    expect(edit.value()).toEqual({ editing: 'ready' });
    expect(edit.context().data).toEqual(approved);
    expect(edit.context().failure).toMatchObject({
      section: 'insured',
      message: 'This order can no longer be changed. The order is approved',
    });
  });

  it('a reload that fails keeps what is shown and offers Try again', async () => {
    const edit = await loadedHarness();
    edit.actor.send({ type: 'insured.save', request });
    await edit.answer('saveInsured', 'done', insuredSaved);
    await edit.answer('loadOrder', 'error', new TypeError('fetch failed'));
    expect(edit.value()).toEqual({ editing: 'ready' });
    expect(edit.context().data?.order).toEqual(inDallas);
    expect(edit.context().errorMessage).toBe('The server could not be reached. Check your connection and try again.');
    edit.actor.send({ type: 'order.retry' });
    expect(edit.value()).toEqual({ editing: 'refreshing' });
    await edit.answer('loadOrder', 'done', reloaded);
    expect(edit.context().errorMessage).toBeUndefined();
  });

  it('takes a copy off the order only once confirmed; a refusal stays in the confirmation', async () => {
    const edit = await loadedHarness();
    edit.actor.send({ type: 'planLocation.remove', id: 999 });
    expect(edit.value()).toEqual({ editing: 'ready' });
    edit.actor.send({ type: 'planLocation.remove', id: 301 });
    expect(edit.value()).toEqual({ editing: { removing: 'confirming' } });
    expect(edit.context().removing).toEqual(oldClinic);
    edit.actor.send({ type: 'remove.cancel' });
    expect(edit.value()).toEqual({ editing: 'ready' });
    expect(edit.context().removing).toBeNull();

    edit.actor.send({ type: 'planLocation.remove', id: 301 });
    edit.actor.send({ type: 'remove.confirm' });
    expect(edit.calls.at(-1)).toEqual({
      call: 'removePlanLocation',
      input: { submissionId: SUBMISSION_ID, planLocationId: 301 },
    });
    await edit.answer('removePlanLocation', 'error', httpError(409, 'The order is approved'));
    expect(edit.value()).toEqual({ editing: { removing: 'confirming' } });
    expect(edit.context().removeError).toBe('This order can no longer be changed. The order is approved');
    edit.actor.send({ type: 'remove.confirm' });
    await edit.answer('removePlanLocation', 'done', bare);
    expect(edit.value()).toEqual({ editing: 'refreshing' });
    expect(edit.context()).toMatchObject({
      removing: null,
      removeError: undefined,
      lastChange: { kind: 'saved', what: 'locations' },
    });
  });

  it('a copy already gone (404) just reloads', async () => {
    const edit = await loadedHarness();
    edit.actor.send({ type: 'planLocation.remove', id: 301 });
    edit.actor.send({ type: 'remove.confirm' });
    await edit.answer('removePlanLocation', 'error', httpError(404, 'No such plan location'));
    expect(edit.value()).toEqual({ editing: 'refreshing' });
    expect(edit.context().removing).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const traversalEvents = [
  done('loadOrder', loaded),
  failed('loadOrder', httpError(404)),
  failed('loadOrder', httpError(500, 'Database unavailable')),
  done('reloadOrder', reloaded),
  failed('reloadOrder', httpError(404)),
  failed('reloadOrder', httpError(503, 'Try later')),
  { type: 'order.retry' },
  { type: 'locations.toggle', locationId: 11, chosen: true },
  { type: 'locations.toggle', locationId: 12, chosen: true },
  { type: 'locations.update' },
  done('saveLocations', inDallas),
  failed('saveLocations', httpError(409, 'The order is approved')),
  failed('saveLocations', httpError(422, 'Not priceable there')),
  { type: 'insured.save', request },
  done('saveInsured', insuredSaved),
  failed('saveInsured', httpError(400, 'Invalid body', { zipcode: 'is not a known US ZIP code' })),
  { type: 'planLocation.remove', id: 301 },
  { type: 'remove.cancel' },
  { type: 'remove.confirm' },
  done('removePlanLocation', bare),
  failed('removePlanLocation', httpError(409, 'The order is approved')),
  failed('removePlanLocation', httpError(404)),
] as AnyEventObject[];

/** Which provided call an invocation id stands for. */
const CALL_OF: Record<string, Call> = {
  loadOrder: 'loadOrder',
  reloadOrder: 'loadOrder',
  saveInsured: 'saveInsured',
  saveLocations: 'saveLocations',
  removePlanLocation: 'removePlanLocation',
};

/**
 * What tells states apart for the traversal: where the machine is, which order it holds, what is
 * ticked and what it has to say. (The count of changes only grows, and the exact words add nothing.)
 */
const serializeState = (snapshot: { value: unknown; context: EditOrderContext }) => {
  const { data, chosen, failure, removeError, errorMessage } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    data?.order.version,
    data?.order.locations.length,
    [...chosen].sort(),
    failure?.title,
    Boolean(removeError),
    Boolean(errorMessage),
  ]);
};

/** Coarser still, for simple paths: the state, whether something changed and whether a message shows. */
const serializeBriefly = (snapshot: { value: unknown; context: EditOrderContext }) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.changes > 0,
    [...snapshot.context.chosen].sort(),
    Boolean(snapshot.context.errorMessage ?? snapshot.context.failure),
  ]);

interface Step {
  event: AnyEventObject;
  state: { value: unknown; context: EditOrderContext };
}

/**
 * Replays one path on a real actor; after every step it must be where the path says, and (unless
 * the traversal merged states that differ in what they hold) holding the same.
 */
async function replay(steps: readonly Step[], sameContext = true) {
  const edit = harness(SUBMISSION_ID);
  for (const { event, state } of steps) {
    const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (answer) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      await edit.answer(
        CALL_OF[answer[2]!]!,
        answer[1] as 'done' | 'error',
        answer[1] === 'done' ? payload.output : payload.error,
      );
    } else if (event.type !== 'xstate.init') {
      edit.actor.send(event as never);
    }
    expect(edit.value(), `after ${event.type}`).toEqual(state.value);
    if (sameContext)
      expect({ ...edit.context(), changes: undefined }).toEqual({ ...state.context, changes: undefined });
  }
  return edit;
}

/** A state value as a dotted path: `{ editing: { removing: 'sending' } }` → `editing.removing.sending`. */
function pathOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const [[key, inner]] = Object.entries(value as Record<string, unknown>) as [[string, unknown]];
  return `${key}.${pathOf(inner)}`;
}

/** What must hold in each state, whichever way it was reached. */
function expectConsistent(stateValue: unknown, context: EditOrderContext) {
  const value = pathOf(stateValue);
  if (
    [
      'editing.ready',
      'editing.savingInsured',
      'editing.savingLocations',
      'editing.removing.confirming',
      'editing.removing.sending',
      'editing.refreshing',
    ].includes(value)
  ) {
    expect(context.data).toBeDefined();
  }
  if (value === 'loadFailed') expect(context.errorMessage).toBeDefined();
  if (value === 'editing.removing.confirming' || value === 'editing.removing.sending')
    expect(context.removing?.id).toBe(oldClinic.id);
  else expect(context.removing).toBeNull();
  if (context.data)
    expect(context.chosen.every((id) => context.data!.savedLocations.some((location) => location.id === id))).toBe(
      true,
    );
}

/** Every state a snapshot can be in, as a dotted path: the states without states inside. */
function leafPaths(node: AnyStateNode): string[] {
  const inner = Object.values(node.states) as AnyStateNode[];
  return inner.length ? inner.flatMap(leafPaths) : [node.path.join('.')];
}

const machineStates = leafPaths(editOrderMachine.root as AnyStateNode);

describe('editOrderMachine paths', () => {
  it('has the states this file covers', () => {
    expect(new Set(machineStates)).toEqual(
      new Set([
        'checking',
        'loading',
        'loadFailed',
        'notFound',
        'editing.ready',
        'editing.savingInsured',
        'editing.savingLocations',
        'editing.removing.confirming',
        'editing.removing.sending',
        'editing.refreshing',
      ]),
    );
  });

  it('without an order number only "not found" is reachable', () => {
    const paths = getShortestPaths(editOrderMachine, {
      events: traversalEvents as never,
      input: { submissionId: undefined },
    });
    expect(paths.map((path) => path.state.value)).toEqual(['notFound']);
  });

  it('reaches every state by a shortest path, and the real actor agrees step by step', async () => {
    const paths = getShortestPaths(editOrderMachine, {
      events: traversalEvents as never,
      input: { submissionId: SUBMISSION_ID },
      serializeState: serializeState as never,
    });
    // `checking` decides at once: no snapshot ever rests there.
    expect(new Set(paths.map((path) => pathOf(path.state.value)))).toEqual(
      new Set(machineStates.filter((state) => state !== 'checking')),
    );
    const best = new Map<string, (typeof paths)[number]>();
    for (const path of paths) {
      const key = JSON.stringify(path.state.value);
      if (!best.has(key) || path.weight < best.get(key)!.weight) best.set(key, path);
    }
    for (const path of best.values()) {
      const edit = await replay(path.steps as never);
      expectConsistent(edit.value(), edit.context());
    }
    for (const path of paths) expectConsistent(path.state.value, path.state.context as EditOrderContext);
  }, 60_000);

  it('walks every simple path through loading, failing, retrying and a change of locations on a real actor', async () => {
    const allowed = new Set<unknown>([
      traversalEvents[0],
      traversalEvents[1],
      traversalEvents[2],
      traversalEvents[3],
      traversalEvents[5],
      traversalEvents[6],
      traversalEvents[7],
      traversalEvents[9],
      traversalEvents[10],
      traversalEvents[12],
    ]);
    const paths = getSimplePaths(editOrderMachine, {
      events: traversalEvents as never,
      input: { submissionId: SUBMISSION_ID },
      serializeState: serializeBriefly as never,
      // The load, its failures and retries, then ticking Houston, updating (refused, then done) and the reload.
      filterEvents: ((_: unknown, event: AnyEventObject) => allowed.has(event)) as never,
      stopWhen: ((snapshot: { value: unknown; context: EditOrderContext }) =>
        snapshot.context.changes > 0 && pathOf(snapshot.value) === 'editing.ready') as never,
    });
    const ends = new Set(paths.map((path) => pathOf(path.state.value)));
    for (const state of [
      'loading',
      'loadFailed',
      'notFound',
      'editing.ready',
      'editing.savingLocations',
      'editing.refreshing',
    ])
      expect(ends).toContain(state);
    expect(
      paths.some(
        (path) =>
          pathOf(path.state.value) === 'editing.ready' && path.steps.some((step) => step.event === traversalEvents[12]),
      ),
    ).toBe(true);
    expect(
      paths.some(
        (path) =>
          pathOf(path.state.value) === 'editing.ready' && path.steps.some((step) => step.event.type === 'order.retry'),
      ),
    ).toBe(true);
    for (const path of paths) {
      const edit = await replay(path.steps as never, false);
      expectConsistent(edit.value(), edit.context());
    }
  }, 60_000);
});
