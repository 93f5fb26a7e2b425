import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { AdminCatalog, AdminSpeciality } from '@shared/contract/admin-catalog';
import { adminCatalogMachine, type CatalogSave } from '@/machines/admin-catalog.machine';
import { holding, httpError, settle, type HeldCall } from '@/machines/machine-test-harness';

const speciality = (id: number, overrides: Partial<AdminSpeciality> = {}): AdminSpeciality => ({
  id,
  categoryId: 1,
  name: `Speciality ${id}`,
  description: '',
  code: 'ABCDEFGH',
  active: true,
  sortOrder: 0,
  states: ['TX'],
  questions: 3,
  orders: 2,
  ...overrides,
});
const catalog: AdminCatalog = {
  categories: [{ id: 1, name: 'Healthcare', description: '', sortOrder: 0, specialities: 2 }],
  specialities: [speciality(10), speciality(11, { active: false })],
};
const newVets: CatalogSave = { kind: 'speciality', values: { categoryId: 1, name: 'Vets', copyFrom: 10 } };

function harness() {
  const calls = {
    load: [] as HeldCall<unknown, AdminCatalog>[],
    save: [] as HeldCall<{ id: number | undefined; save: CatalogSave }, { name: string }>[],
    active: [] as HeldCall<{ id: number; active: boolean }, AdminSpeciality>[],
  };
  const actor = createActor(
    adminCatalogMachine.provide({
      actors: {
        loadCatalog: holding(calls.load),
        saveRecord: holding(calls.save),
        switchActive: holding(calls.active),
      },
    }),
  ).start();
  return { actor, calls, state: () => actor.getSnapshot() };
}

describe('adminCatalogMachine', () => {
  it('creates a speciality, reloads, and says it was saved; a refusal stays in the form with its field', async () => {
    const h = harness();
    h.calls.load[0]!.resolve(catalog);
    await settle();
    h.actor.send({ type: 'speciality.add' });
    expect(h.state().context.editing).toEqual({ kind: 'speciality', record: null });
    h.actor.send({ type: 'editor.save', save: newVets });
    h.calls.save[0]!.reject(httpError(409, 'Refused', { name: 'is already taken' }));
    await settle();
    expect(h.state().value).toEqual({ editor: 'form' });
    expect(h.state().context.fieldErrors).toEqual({ name: 'is already taken' });
    h.actor.send({ type: 'editor.save', save: newVets });
    expect(h.calls.save[1]!.input).toEqual({ id: undefined, save: newVets });
    h.calls.save[1]!.resolve({ name: 'Vets' });
    await settle();
    expect(h.state().value).toBe('loading');
    expect(h.state().context).toMatchObject({ editing: null, lastChange: { kind: 'saved', name: 'Vets' } });
  });

  it('edits a category by id; an unknown one opens nothing', async () => {
    const h = harness();
    h.calls.load[0]!.resolve(catalog);
    await settle();
    h.actor.send({ type: 'category.edit', id: 99 });
    expect(h.state().value).toBe('list');
    h.actor.send({ type: 'category.edit', id: 1 });
    h.actor.send({ type: 'editor.save', save: { kind: 'category', values: { name: 'Health' } } });
    expect(h.calls.save[0]!.input.id).toBe(1);
  });

  it('retiring asks first; putting back on sale does not; a failure is said by the list', async () => {
    const h = harness();
    h.calls.load[0]!.resolve(catalog);
    await settle();
    h.actor.send({ type: 'speciality.retire', id: 10 });
    expect(h.state().value).toBe('confirmingRetire');
    h.actor.send({ type: 'retire.cancel' });
    expect(h.calls.active).toHaveLength(0);
    h.actor.send({ type: 'speciality.retire', id: 10 });
    h.actor.send({ type: 'retire.confirm' });
    expect(h.calls.active[0]!.input).toEqual({ id: 10, active: false });
    h.calls.active[0]!.resolve(speciality(10, { active: false }));
    await settle();
    expect(h.state().context.lastChange).toEqual({ kind: 'retired', name: 'Speciality 10' });
    h.calls.load[1]!.resolve(catalog);
    await settle();
    h.actor.send({ type: 'speciality.restore', id: 11 });
    expect(h.calls.active[1]!.input).toEqual({ id: 11, active: true });
    h.calls.active[1]!.reject(httpError(503));
    await settle();
    expect(h.state().value).toBe('list');
    expect(h.state().context.errorMessage).toBe('503: Refused');
  });

  it('reaches every state by a shortest path', () => {
    const paths = getShortestPaths(adminCatalogMachine, {
      events: [
        { type: 'xstate.done.actor.loadCatalog', output: catalog },
        { type: 'xstate.error.actor.loadCatalog', error: httpError(503) },
        { type: 'catalog.retry' },
        { type: 'speciality.add' },
        { type: 'editor.save', save: newVets },
        { type: 'speciality.retire', id: 10 },
        { type: 'retire.confirm' },
      ] as never,
    });
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set([
        '"loading"',
        '"loadFailed"',
        '"list"',
        '"confirmingRetire"',
        '"switching"',
        '{"editor":"form"}',
        '{"editor":"saving"}',
      ]),
    );
  });
});
