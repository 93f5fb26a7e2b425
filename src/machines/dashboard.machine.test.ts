import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SubmissionSummary } from '@/api/contract/dashboard';
import { dashboardMachine } from '@/machines/dashboard.machine';

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

const closed = order(1, { status: 'declined', open: false, nextStep: { action: 'none', label: 'Nothing to do', screen: null } });
const quoted = order(2);
const draft = order(3, { status: 'draft', totalCents: null, nextStep: { action: 'answer', label: 'Answer the remaining questions', screen: 'order' } });

function httpError(status: number, message: string): HTTPError {
  const error = new HTTPError(new Response('{}', { status }), new Request('http://localhost/api/weborder/dashboard/submissiondetails'), {} as never);
  error.message = `${status}: ${message}`;
  return error;
}

type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

/** A real actor whose two calls wait to be answered, in whichever order a test likes. */
function harness() {
  const calls = { orders: 0, openOrder: 0 };
  let orders: Pending<SubmissionSummary[]> | undefined;
  let openOrder: Pending<SubmissionSummary | null> | undefined;
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
  };
}

describe('dashboardMachine', () => {
  it('loads the orders and the open order side by side, and shows them once both are in', async () => {
    const { actor, calls, orders, openOrder } = harness();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(calls).toEqual({ orders: 1, openOrder: 1 });
    await orders('done', [quoted, closed]);
    // The list alone is not enough: the card to resume is part of the first view.
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await openOrder('done', quoted);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toEqual({ orders: [quoted, closed], openOrder: quoted, errorMessage: undefined });
  });

  it('takes the open order in either order of answers, and null when none is open', async () => {
    const { actor, orders, openOrder } = harness();
    await openOrder('done', null);
    await orders('done', [closed]);
    expect(actor.getSnapshot().value).toBe('loaded');
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
    expect(actor.getSnapshot().value).toBe('loaded');
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
    expect(calls).toEqual({ orders: 2, openOrder: 2 });
    await orders('done', [draft]);
    await openOrder('done', draft);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.openOrder).toEqual(draft);
  });

  it('ignores retry unless loading failed', async () => {
    const { actor, calls, orders, openOrder } = harness();
    actor.send({ type: 'dashboard.retry' });
    await orders('done', [quoted]);
    await openOrder('done', quoted);
    actor.send({ type: 'dashboard.retry' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(calls).toEqual({ orders: 1, openOrder: 1 });
  });
});
