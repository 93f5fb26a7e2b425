import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { UserFilters } from '@/api/admin-users';
import type { AdminBroker } from '@shared/contract/admin-brokers';
import type { AdminUser, Role, UserList } from '@shared/contract/admin-users';
import { adminUsersMachine } from '@/machines/admin-users.machine';
import { holding, httpError, settle, type HeldCall } from '@/machines/machine-test-harness';

const user = (id: number, role: Role = 'insured'): AdminUser => ({
  id,
  email: `user${id}@example.com`,
  firstName: 'User',
  lastName: String(id),
  companyName: null,
  role,
  broker: null,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const listOf = (users: AdminUser[]): UserList => ({ users, total: users.length, page: 1, pageSize: 50 });
const harbor = { id: 1, name: 'Harbor', active: true } as AdminBroker;

function harness(filters: UserFilters = {}) {
  const calls = {
    load: [] as HeldCall<
      { filters: UserFilters; withBrokers: boolean },
      { list: UserList; brokers: AdminBroker[] | undefined }
    >[],
    role: [] as HeldCall<{ id: number; role: Role; brokerId: number | null }, AdminUser>[],
    unlock: [] as HeldCall<{ id: number }, AdminUser>[],
  };
  const shown: UserFilters[] = [];
  const actor = createActor(
    adminUsersMachine.provide({
      actors: {
        loadUsers: holding(calls.load),
        saveRole: holding(calls.role),
        unlock: holding(calls.unlock),
      },
      actions: { showFilters: (_, chosen: UserFilters) => void shown.push(chosen) },
    }),
    { input: { filters } },
  ).start();
  return { actor, calls, shown, state: () => actor.getSnapshot() };
}

describe('adminUsersMachine', () => {
  it('loads the address’s search with the brokers once; a new search goes into the address and loads without them', async () => {
    const h = harness({ q: 'ada' });
    expect(h.calls.load[0]!.input).toEqual({ filters: { q: 'ada' }, withBrokers: true });
    h.calls.load[0]!.resolve({ list: listOf([user(1)]), brokers: [harbor] });
    await settle();
    h.actor.send({ type: 'users.search', filters: { q: 'ada', role: 'broker' } });
    expect(h.shown).toEqual([{ q: 'ada', role: 'broker' }]);
    expect(h.calls.load[1]!.input).toEqual({ filters: { q: 'ada', role: 'broker' }, withBrokers: false });
    h.calls.load[1]!.resolve({ list: listOf([]), brokers: undefined });
    await settle();
    expect(h.state().context.brokers).toEqual([harbor]);
    h.actor.send({ type: 'users.sync', filters: { q: 'ada', role: 'broker', page: 1 } });
    expect(h.calls.load).toHaveLength(2);
  });

  it('changes a role, reloads and says so; a refusal stays in the dialog; cancel only while not saving', async () => {
    const h = harness();
    h.calls.load[0]!.resolve({ list: listOf([user(1), user(2)]), brokers: [harbor] });
    await settle();
    h.actor.send({ type: 'user.changeRole', id: 2 });
    h.actor.send({ type: 'role.save', role: 'broker', brokerId: 1 });
    h.actor.send({ type: 'role.cancel' });
    expect(h.state().value).toEqual({ roleDialog: 'saving' });
    h.calls.role[0]!.reject(httpError(400, 'Refused', { brokerId: 'is not an active broker' }));
    await settle();
    expect(h.state().value).toEqual({ roleDialog: 'editing' });
    expect(h.state().context.fieldErrors).toEqual({ brokerId: 'is not an active broker' });
    h.actor.send({ type: 'role.save', role: 'underwriter', brokerId: null });
    expect(h.calls.role[1]!.input).toEqual({ id: 2, role: 'underwriter', brokerId: null });
    h.calls.role[1]!.resolve(user(2, 'underwriter'));
    await settle();
    expect(h.state().value).toBe('loading');
    expect(h.state().context.lastChange).toEqual({ kind: 'role', user: user(2, 'underwriter') });
  });

  it('unlocks, and a failed unlock is said by the list', async () => {
    const h = harness();
    h.calls.load[0]!.resolve({ list: listOf([user(1)]), brokers: [] });
    await settle();
    h.actor.send({ type: 'user.unlock', id: 1 });
    h.calls.unlock[0]!.reject(httpError(503));
    await settle();
    expect(h.state().value).toBe('list');
    expect(h.state().context.errorMessage).toBe('503: Refused');
    h.actor.send({ type: 'user.unlock', id: 99 });
    expect(h.state().value).toBe('list');
  });

  it('reaches every state by a shortest path', () => {
    const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
    const paths = getShortestPaths(adminUsersMachine, {
      input: { filters: {} },
      events: [
        done('loadUsers', { list: listOf([user(1)]), brokers: [] }),
        { type: `xstate.error.actor.loadUsers`, error: httpError(503) },
        { type: 'users.retry' },
        { type: 'user.changeRole', id: 1 },
        { type: 'role.save', role: 'admin', brokerId: null },
        { type: 'user.unlock', id: 1 },
      ] as never,
    });
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set([
        '"loading"',
        '"loadFailed"',
        '"list"',
        '"unlocking"',
        '{"roleDialog":"editing"}',
        '{"roleDialog":"saving"}',
      ]),
    );
  });
});
