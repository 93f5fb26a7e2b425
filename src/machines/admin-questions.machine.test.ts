import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { AdminQuestion, AdminQuestionSet, NewQuestionRequest } from '@shared/contract/admin-questions';
import { adminQuestionsMachine, movedIds } from '@/machines/admin-questions.machine';
import { holding, httpError, settle, type HeldCall } from '@/machines/machine-test-harness';

const question = (id: number, overrides: Partial<AdminQuestion> = {}): AdminQuestion => ({
  id,
  code: `q${id}`,
  text: `Question ${id}?`,
  helpText: null,
  type: 'yesno',
  required: true,
  options: [
    { value: 'yes', label: 'Yes' },
    { value: 'no', label: 'No' },
  ],
  condition: null,
  sortOrder: id * 10,
  active: true,
  ...overrides,
});
const setOf = (...questions: AdminQuestion[]): AdminQuestionSet => ({ speciality: { id: 7, name: 'Vets' }, questions });
const values: NewQuestionRequest = { code: 'q9', type: 'text', text: 'Anything else?' };

function harness() {
  const calls = {
    load: [] as HeldCall<{ specialityId: number }, AdminQuestionSet>[],
    save: [] as HeldCall<{ specialityId: number; id: number | undefined; values: NewQuestionRequest }, AdminQuestion>[],
    order: [] as HeldCall<{ specialityId: number; ids: number[] }, AdminQuestionSet>[],
    active: [] as HeldCall<{ id: number; active: boolean }, AdminQuestion>[],
  };
  const actor = createActor(
    adminQuestionsMachine.provide({
      actors: {
        loadSet: holding(calls.load),
        saveQuestion: holding(calls.save),
        saveOrder: holding(calls.order),
        switchActive: holding(calls.active),
      },
    }),
    { input: { specialityId: 7 } },
  ).start();
  return { actor, calls, state: () => actor.getSnapshot() };
}

describe('movedIds', () => {
  it('swaps with the neighbour, and leaves the ends alone', () => {
    const questions = [question(1), question(2), question(3)];
    expect(movedIds(questions, 2, -1)).toEqual([2, 1, 3]);
    expect(movedIds(questions, 2, 1)).toEqual([1, 3, 2]);
    expect(movedIds(questions, 1, -1)).toEqual([1, 2, 3]);
    expect(movedIds(questions, 3, 1)).toEqual([1, 2, 3]);
  });
});

describe('adminQuestionsMachine', () => {
  it('adds a question for its speciality, then loads the set again; a refusal stays in the form', async () => {
    const h = harness();
    expect(h.calls.load[0]!.input).toEqual({ specialityId: 7 });
    h.calls.load[0]!.resolve(setOf(question(1)));
    await settle();
    h.actor.send({ type: 'question.add' });
    h.actor.send({ type: 'editor.save', values });
    h.calls.save[0]!.reject(httpError(409, 'Refused', { code: 'is already used in this set' }));
    await settle();
    expect(h.state().value).toEqual({ editor: 'form' });
    expect(h.state().context.fieldErrors).toEqual({ code: 'is already used in this set' });
    h.actor.send({ type: 'editor.save', values });
    expect(h.calls.save[1]!.input).toEqual({ specialityId: 7, id: undefined, values });
    h.calls.save[1]!.resolve(question(9, { code: 'q9' }));
    await settle();
    expect(h.state().value).toBe('loading');
    expect(h.state().context.lastChange).toEqual({ kind: 'saved', code: 'q9' });
  });

  it('moves by the whole order, never past an end; retires and brings back', async () => {
    const h = harness();
    h.calls.load[0]!.resolve(setOf(question(1), question(2)));
    await settle();
    h.actor.send({ type: 'question.move', id: 1, by: -1 });
    expect(h.state().value).toBe('list');
    h.actor.send({ type: 'question.move', id: 2, by: -1 });
    expect(h.calls.order[0]!.input).toEqual({ specialityId: 7, ids: [2, 1] });
    h.calls.order[0]!.resolve(setOf(question(2), question(1)));
    await settle();
    expect(h.state().context.set!.questions.map((entry) => entry.id)).toEqual([2, 1]);
    expect(h.state().context.lastChange).toEqual({ kind: 'moved', code: 'q2' });

    h.actor.send({ type: 'question.retire', id: 1 });
    expect(h.calls.active[0]!.input).toEqual({ id: 1, active: false });
    h.calls.active[0]!.reject(httpError(409, 'Refused', { active: 'cannot be false while q2 depend on it' }));
    await settle();
    expect(h.state().value).toBe('list');
    expect(h.state().context.errorMessage).toBe('409: Refused');
  });

  it('reaches every state by a shortest path', () => {
    const paths = getShortestPaths(adminQuestionsMachine, {
      input: { specialityId: 7 },
      events: [
        { type: 'xstate.done.actor.loadSet', output: setOf(question(1), question(2)) },
        { type: 'xstate.error.actor.loadSet', error: httpError(503) },
        { type: 'questions.retry' },
        { type: 'question.add' },
        { type: 'editor.save', values },
        { type: 'question.move', id: 2, by: -1 },
        { type: 'question.retire', id: 1 },
      ] as never,
    });
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set([
        '"loading"',
        '"loadFailed"',
        '"list"',
        '"moving"',
        '"switching"',
        '{"editor":"form"}',
        '{"editor":"saving"}',
      ]),
    );
  });
});
