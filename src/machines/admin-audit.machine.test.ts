import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { AuditFilters } from '@/api/admin-users';
import type { AuditEntry } from '@shared/contract/admin-users';
import { adminAuditMachine } from '@/machines/admin-audit.machine';

const entry: AuditEntry = {
  id: 1,
  at: '2026-11-24T10:00:00.000Z',
  actor: null,
  action: 'broker.create',
  entity: 'broker',
  entityId: '1',
  data: {},
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(filters: AuditFilters = {}) {
  const calls: Array<{
    input: AuditFilters;
    resolve: (value: { entries: AuditEntry[]; pageSize: number }) => void;
    reject: (error: unknown) => void;
  }> = [];
  const shown: AuditFilters[] = [];
  const actor = createActor(
    adminAuditMachine.provide({
      actors: {
        loadAudit: fromPromise(
          ({ input }: { input: AuditFilters }) =>
            new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
        ),
      },
      actions: { showFilters: (_, chosen: AuditFilters) => void shown.push(chosen) },
    }),
    { input: { filters } },
  ).start();
  return { actor, calls, shown, state: () => actor.getSnapshot() };
}

describe('adminAuditMachine', () => {
  it('loads the address’s filters; a new filter goes into the address; Back loads without navigating', async () => {
    const h = harness({ entity: 'broker' });
    expect(h.calls[0]!.input).toEqual({ entity: 'broker' });
    h.calls[0]!.resolve({ entries: [entry], pageSize: 50 });
    await settle();
    expect(h.state().value).toBe('loaded');
    h.actor.send({ type: 'audit.filter', filters: { entity: 'broker', page: 2 } });
    expect(h.shown).toEqual([{ entity: 'broker', page: 2 }]);
    h.actor.send({ type: 'audit.sync', filters: { entity: 'broker', page: 2 } });
    expect(h.calls).toHaveLength(2);
    h.actor.send({ type: 'audit.sync', filters: {} });
    expect(h.calls.map((call) => call.input)).toEqual([{ entity: 'broker' }, { entity: 'broker', page: 2 }, {}]);
    expect(h.shown).toHaveLength(1);
  });

  it('a failure is said, and Try again loads again', async () => {
    const h = harness();
    const error = new HTTPError(
      new Response('{}', { status: 503 }),
      new Request('http://localhost/api/weborder/admin/audit'),
      {} as never,
    );
    error.message = '503: Unavailable';
    h.calls[0]!.reject(error);
    await settle();
    expect(h.state().value).toBe('loadFailed');
    expect(h.state().context.errorMessage).toBe('503: Unavailable');
    h.actor.send({ type: 'audit.retry' });
    expect(h.calls).toHaveLength(2);
  });

  it('reaches every state by a shortest path', () => {
    const paths = getShortestPaths(adminAuditMachine, {
      input: { filters: {} },
      events: [
        { type: 'xstate.done.actor.loadAudit', output: { entries: [], pageSize: 50 } },
        { type: 'xstate.error.actor.loadAudit', error: new Error('x') },
        { type: 'audit.retry' },
      ] as never,
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['loading', 'loaded', 'loadFailed']));
  });
});
