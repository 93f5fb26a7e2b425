import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { SubmissionSummary } from '@shared/contract/dashboard';
import type { LifecycleMove } from '@shared/contract/lifecycle';
import type { CloseLostReason } from '@/api/lifecycle';
import { closeLostMachine } from '@/machines/close-lost.machine';
import { dashboardMachine, type DashboardContext } from '@/machines/dashboard.machine';

function order(submissionId: number, overrides: Partial<SubmissionSummary> = {}): SubmissionSummary {
  return {
    submissionId,
    number: `Q-2026-${String(submissionId).padStart(6, '0')}`,
    speciality: { id: 101, name: 'Architects' },
    status: 'quoted',
    totalCents: 312_345,
    stateCode: 'TX',
    effectiveDate: '2026-07-01',
    updatedAt: '2026-06-01T10:00:00.000Z',
    open: true,
    nextStep: { action: 'buy', label: 'Buy now', screen: 'order' },
    ...overrides,
  };
}

const closed = order(1, {
  status: 'declined',
  open: false,
  nextStep: { action: 'none', label: 'Nothing to do', screen: null },
});
const quoted = order(2);
const draft = order(3, {
  status: 'draft',
  totalCents: null,
  nextStep: { action: 'answer', label: 'Answer the remaining questions', screen: 'order' },
});

function httpError(status: number, message: string): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/dashboard/submissiondetails'),
    {} as never,
  );
  error.message = `${status}: ${message}`;
  return error;
}

type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

/** A real actor whose two calls wait to be answered, in whichever order a test likes. */
function harness() {
  const calls = { orders: 0, openOrder: 0, closeOrder: [] as unknown[] };
  let orders: Pending<SubmissionSummary[]> | undefined;
  let openOrder: Pending<SubmissionSummary | null> | undefined;
  let closeOrder: Pending<LifecycleMove> | undefined;
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        loadOrders: fromPromise<SubmissionSummary[]>(() => {
          calls.orders++;
          return new Promise((resolve, reject) => (orders = { resolve, reject }));
        }),
        loadOpenOrder: fromPromise<SubmissionSummary | null>(() => {
          calls.openOrder++;
          return new Promise((resolve, reject) => (openOrder = { resolve, reject }));
        }),
        closeLost: closeLostMachine.provide({
          actors: {
            closeOrder: fromPromise<
              LifecycleMove,
              { submissionId: number; reason: CloseLostReason; comment: string; idempotencyKey: string }
            >(({ input }) => {
              calls.closeOrder.push(input);
              return new Promise((resolve, reject) => (closeOrder = { resolve, reject }));
            }),
          },
        }),
      },
    }),
  ).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    actor,
    calls,
    async orders(outcome: 'done' | 'error', value: unknown) {
      const pending = orders!;
      orders = undefined;
      if (outcome === 'done') pending.resolve(value as SubmissionSummary[]);
      else pending.reject(value);
      await settle();
    },
    async openOrder(outcome: 'done' | 'error', value: unknown) {
      const pending = openOrder!;
      openOrder = undefined;
      if (outcome === 'done') pending.resolve(value as SubmissionSummary | null);
      else pending.reject(value);
      await settle();
    },
    async closeOrder(outcome: 'done' | 'error', value: unknown) {
      const pending = closeOrder!;
      closeOrder = undefined;
      if (outcome === 'done') pending.resolve(value as LifecycleMove);
      else pending.reject(value);
      await settle();
    },
    dialog: () => actor.getSnapshot().children.closeLost as ActorRefFrom<typeof closeLostMachine> | undefined,
  };
}

async function loadedHarness(
  list: SubmissionSummary[] = [quoted, draft, closed],
  open: SubmissionSummary | null = quoted,
) {
  const dashboard = harness();
  await dashboard.orders('done', list);
  await dashboard.openOrder('done', open);
  expect(dashboard.actor.getSnapshot().value).toEqual({ loaded: 'idle' });
  return dashboard;
}

const closedMove = (order: SubmissionSummary): LifecycleMove => ({
  submissionId: order.submissionId,
  number: order.number,
  status: 'close_lost',
  version: 9,
});
const asListedClosed = (order: SubmissionSummary): SubmissionSummary => ({
  ...order,
  status: 'close_lost',
  open: false,
  nextStep: { action: 'none', label: 'This order is closed', screen: null },
});

describe('dashboardMachine', () => {
  it('loads the orders and the open order side by side, and shows them once both are in', async () => {
    const { actor, calls, orders, openOrder } = harness();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(calls).toEqual({ orders: 1, openOrder: 1, closeOrder: [] });
    await orders('done', [quoted, closed]);
    // The list alone is not enough: the card to resume is part of the first view.
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await openOrder('done', quoted);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'idle' });
    expect(actor.getSnapshot().context).toEqual({
      orders: [quoted, closed],
      openOrder: quoted,
      errorMessage: undefined,
      closing: null,
      closed: null,
    });
  });

  it('takes the open order in either order of answers, and null when none is open', async () => {
    const { actor, orders, openOrder } = harness();
    await openOrder('done', null);
    await orders('done', [closed]);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.openOrder).toBeNull();
  });

  it('is empty when the insured has no orders yet', async () => {
    const { actor, orders, openOrder } = harness();
    await orders('done', []);
    await openOrder('done', null);
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.openOrder).toBeNull();
  });

  it('when the open order cannot be read, resumes the newest open order of the list instead', async () => {
    const { actor, orders, openOrder } = harness();
    await openOrder('error', httpError(500, 'Database unavailable'));
    await orders('done', [closed, draft, quoted]);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.openOrder).toEqual(draft);
    expect(actor.getSnapshot().context.errorMessage).toBeUndefined();
  });

  it('a failed list is the screen’s failure; retry loads both again', async () => {
    const { actor, calls, orders, openOrder } = harness();
    await orders('error', httpError(503, 'The order service is unavailable.'));
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.errorMessage).toBe('503: The order service is unavailable.');
    actor.send({ type: 'dashboard.retry' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.errorMessage).toBeUndefined();
    expect(calls).toEqual({ orders: 2, openOrder: 2, closeOrder: [] });
    await orders('done', [draft]);
    await openOrder('done', draft);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.openOrder).toEqual(draft);
  });

  it('ignores retry unless loading failed', async () => {
    const { actor, calls, orders, openOrder } = harness();
    actor.send({ type: 'dashboard.retry' });
    await orders('done', [quoted]);
    await openOrder('done', quoted);
    actor.send({ type: 'dashboard.retry' });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(calls).toEqual({ orders: 1, openOrder: 1, closeOrder: [] });
  });
});

describe('dashboardMachine: closing an order', () => {
  it('opens the dialog for an open order; Cancel leaves everything as it was', async () => {
    const dashboard = await loadedHarness();
    dashboard.actor.send({ type: 'order.close', submissionId: draft.submissionId });
    expect(dashboard.actor.getSnapshot().value).toEqual({ loaded: 'closing' });
    expect(dashboard.actor.getSnapshot().context.closing).toEqual(draft);
    expect(dashboard.dialog()?.getSnapshot().context).toMatchObject({
      submissionId: draft.submissionId,
      number: draft.number,
    });
    dashboard.dialog()!.send({ type: 'close.cancel' });
    expect(dashboard.actor.getSnapshot().value).toEqual({ loaded: 'idle' });
    expect(dashboard.actor.getSnapshot().context).toMatchObject({
      closing: null,
      closed: null,
      orders: [quoted, draft, closed],
    });
    expect(dashboard.calls.closeOrder).toEqual([]);
  });

  it('ignores closing an order that is not open, or not listed', async () => {
    const dashboard = await loadedHarness();
    dashboard.actor.send({ type: 'order.close', submissionId: closed.submissionId });
    dashboard.actor.send({ type: 'order.close', submissionId: 999 });
    expect(dashboard.actor.getSnapshot().value).toEqual({ loaded: 'idle' });
  });

  it('closed: the card shows it closed at once, the next open order is the one to resume, and the list loads again', async () => {
    const dashboard = await loadedHarness();
    dashboard.actor.send({ type: 'order.close', submissionId: quoted.submissionId });
    dashboard.dialog()!.send({ type: 'close.edit', reason: 'price' });
    dashboard.dialog()!.send({ type: 'close.confirm' });
    expect(dashboard.calls.closeOrder).toMatchObject([{ submissionId: quoted.submissionId, reason: 'price' }]);
    await dashboard.closeOrder('done', closedMove(quoted));
    const after = dashboard.actor.getSnapshot();
    expect(after.value).toEqual({ loaded: 'refreshing' });
    expect(after.context.orders).toEqual([asListedClosed(quoted), draft, closed]);
    expect(after.context.openOrder).toEqual(draft);
    expect(after.context.closed).toEqual(asListedClosed(quoted));
    expect(dashboard.calls.orders).toBe(2);
    // The server's list wins once it is in.
    const listed = { ...asListedClosed(quoted), nextStep: { action: 'none' as const, label: 'Closed', screen: null } };
    await dashboard.orders('done', [draft, listed, closed]);
    expect(dashboard.actor.getSnapshot().value).toEqual({ loaded: 'idle' });
    expect(dashboard.actor.getSnapshot().context.orders).toEqual([draft, listed, closed]);
    expect(dashboard.actor.getSnapshot().context.openOrder).toEqual(draft);
  });

  it('a reload that fails keeps the list as closed locally', async () => {
    const dashboard = await loadedHarness([quoted], quoted);
    dashboard.actor.send({ type: 'order.close', submissionId: quoted.submissionId });
    dashboard.dialog()!.send({ type: 'close.edit', reason: 'other' });
    dashboard.dialog()!.send({ type: 'close.confirm' });
    await dashboard.closeOrder('done', closedMove(quoted));
    await dashboard.orders('error', httpError(503, 'Down'));
    expect(dashboard.actor.getSnapshot().value).toEqual({ loaded: 'idle' });
    expect(dashboard.actor.getSnapshot().context.orders).toEqual([asListedClosed(quoted)]);
    expect(dashboard.actor.getSnapshot().context.openOrder).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

type Snapshot = SnapshotFrom<typeof dashboardMachine>;
const afterClosing = [asListedClosed(quoted), draft, closed];
const traversalEvents = [
  { type: 'xstate.done.actor.loadOrders', output: [quoted, draft, closed] },
  { type: 'xstate.done.actor.loadOrders', output: [] },
  { type: 'xstate.error.actor.loadOrders', error: httpError(503, 'Down') },
  { type: 'xstate.done.actor.loadOpenOrder', output: quoted },
  { type: 'xstate.error.actor.loadOpenOrder', error: httpError(500, 'Down') },
  { type: 'xstate.done.actor.closeLost', output: { closed: closedMove(quoted) } },
  { type: 'xstate.done.actor.closeLost', output: { closed: null } },
  { type: 'xstate.done.actor.refreshOrders', output: afterClosing },
  { type: 'xstate.error.actor.refreshOrders', error: httpError(503, 'Down') },
  { type: 'dashboard.retry' },
  { type: 'order.close', submissionId: quoted.submissionId },
  { type: 'order.close', submissionId: closed.submissionId },
] as never[];

const serializeState = (snapshot: { value: unknown; context: DashboardContext }) =>
  JSON.stringify({
    value: snapshot.value,
    orders: snapshot.context.orders.map((order) => `${order.submissionId}:${order.status}`),
    open: snapshot.context.openOrder === undefined ? 'unknown' : (snapshot.context.openOrder?.submissionId ?? null),
    closing: snapshot.context.closing?.submissionId ?? null,
  });

async function replay(steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const dashboard = harness();
  for (const { event, state } of steps) {
    const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    const payload = event as unknown as { output?: unknown; error?: unknown };
    const value = answer?.[1] === 'done' ? payload.output : payload.error;
    if (answer?.[2] === 'loadOrders' || answer?.[2] === 'refreshOrders')
      await dashboard.orders(answer[1] as 'done', value);
    else if (answer?.[2] === 'loadOpenOrder') await dashboard.openOrder(answer[1] as 'done', value);
    else if (answer?.[2] === 'closeLost') {
      const { closed: move } = payload.output as { closed: LifecycleMove | null };
      if (move === null) dashboard.dialog()!.send({ type: 'close.cancel' });
      else {
        dashboard.dialog()!.send({ type: 'close.edit', reason: 'price' });
        dashboard.dialog()!.send({ type: 'close.confirm' });
        await dashboard.closeOrder('done', move);
      }
    } else if (event.type !== 'xstate.init') dashboard.actor.send(event as never);
    expect(serializeState(dashboard.actor.getSnapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return dashboard;
}

describe('dashboardMachine paths', () => {
  it('reaches every state by a shortest path, and the real actor agrees step by step', async () => {
    const paths = getShortestPaths(dashboardMachine, {
      events: traversalEvents,
      serializeState: serializeState as never,
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const value of [
      '"loadFailed"',
      '"empty"',
      '{"loaded":"idle"}',
      '{"loaded":"closing"}',
      '{"loaded":"refreshing"}',
    ]) {
      expect(reached).toContain(value);
    }
    for (const path of paths) await replay(path.steps as never);
  });

  it('walks every simple path: a closed order never comes back as open, and only open orders get the dialog', async () => {
    const paths = getSimplePaths(dashboardMachine, {
      events: traversalEvents,
      serializeState: serializeState as never,
    });
    for (const path of paths) {
      const dashboard = await replay(path.steps as never);
      const { context } = dashboard.actor.getSnapshot();
      if (dashboard.actor.getSnapshot().matches({ loaded: 'closing' })) expect(context.closing?.open).toBe(true);
      if (context.closed) {
        expect(context.orders.find((order) => order.submissionId === context.closed!.submissionId)?.open).toBe(false);
        expect(context.openOrder?.submissionId).not.toBe(context.closed.submissionId);
      }
    }
  });
});
