import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { Speciality } from '@shared/contract/specialities';
import { chosenSpecialityMachine } from '@/machines/chosen-speciality.machine';
import { actorAnswer, answerableCalls, bareHttpError, networkError } from '@/machines/machine-test-harness';

const dentists: Speciality = {
  id: 1,
  categoryId: 1,
  name: 'Dentists',
  description: 'General dentists, orthodontists and oral surgeons.',
  speiclaityRandomCode: 'UY5EL3R2',
};

/** A real actor whose load waits to be answered; the ids it was asked for are recorded. */
function harness(specialityId: number | undefined) {
  const loads: number[] = [];
  const { waiting, answer } = answerableCalls<'loadSpeciality'>();
  const actor = createActor(
    chosenSpecialityMachine.provide({
      actors: {
        loadSpeciality: waiting<Speciality, { specialityId: number }>('loadSpeciality', (input) =>
          loads.push(input.specialityId),
        ),
      },
    }),
    { input: { specialityId } },
  ).start();
  return {
    actor,
    loads,
    answer: (outcome: 'done' | 'error', value: unknown) => answer('loadSpeciality', outcome, value),
  };
}

describe('chosenSpecialityMachine on a real actor', () => {
  it('without an id is unchosen and loads nothing', () => {
    const { actor, loads } = harness(undefined);
    expect(actor.getSnapshot().value).toBe('unchosen');
    expect(actor.getSnapshot().context.speciality).toBeUndefined();
    expect(loads).toEqual([]);
  });

  it('with an id loads that speciality and holds it', async () => {
    const { actor, loads, answer } = harness(1);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(loads).toEqual([1]);
    await answer('done', dentists);
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(actor.getSnapshot().context).toEqual({ specialityId: 1, speciality: dentists, errorMessage: undefined });
  });

  for (const status of [404, 400]) {
    it(`an id no speciality has (${status}) is unchosen, not a failure`, async () => {
      const { actor, answer } = harness(999);
      await answer('error', bareHttpError(status, 'No such speciality.'));
      expect(actor.getSnapshot().value).toBe('unchosen');
      expect(actor.getSnapshot().context.speciality).toBeUndefined();
      expect(actor.getSnapshot().context.errorMessage).toBeUndefined();
    });
  }

  for (const [label, error, text] of [
    ['a 500', bareHttpError(500, 'Database unavailable'), '500: Database unavailable'],
    ['a 403', bareHttpError(403, 'Forbidden'), '403: Forbidden'],
    ['no connection', networkError(), 'The server could not be reached. Check your connection and try again.'],
  ] as const) {
    it(`${label} is a failure with its text; retry loads again and chooses`, async () => {
      const { actor, loads, answer } = harness(1);
      await answer('error', error);
      expect(actor.getSnapshot().value).toBe('failed');
      expect(actor.getSnapshot().context.errorMessage).toBe(text);
      actor.send({ type: 'speciality.retry' });
      expect(actor.getSnapshot().value).toBe('loading');
      expect(loads).toEqual([1, 1]);
      await answer('done', dentists);
      expect(actor.getSnapshot().value).toBe('chosen');
      expect(actor.getSnapshot().context.speciality).toEqual(dentists);
      expect(actor.getSnapshot().context.errorMessage).toBeUndefined();
    });
  }

  it('ignores retry unless the load failed', async () => {
    const { actor, loads, answer } = harness(1);
    actor.send({ type: 'speciality.retry' });
    expect(loads).toEqual([1]);
    await answer('done', dentists);
    actor.send({ type: 'speciality.retry' });
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(loads).toEqual([1]);
  });
});

const traversalEvents = [
  { type: 'xstate.done.actor.loadSpeciality', output: dentists },
  { type: 'xstate.error.actor.loadSpeciality', error: bareHttpError(404) },
  { type: 'xstate.error.actor.loadSpeciality', error: bareHttpError(400) },
  { type: 'xstate.error.actor.loadSpeciality', error: bareHttpError(500, 'Database unavailable') },
  { type: 'xstate.error.actor.loadSpeciality', error: networkError() },
  { type: 'speciality.retry' },
] as never[];

interface Step {
  event: AnyEventObject;
  state: { value: unknown; context: { errorMessage: string | undefined; speciality: Speciality | undefined } };
}

/** Replays one path on a real actor; after every step it must be where the path says, holding the same. */
async function replay(specialityId: number | undefined, steps: readonly Step[]) {
  const { actor, loads, answer } = harness(specialityId);
  let answered = 0;
  for (const { event, state } of steps) {
    const call = actorAnswer(event);
    if (call) {
      answered++;
      await answer(call.outcome, call.value);
    } else if (event.type !== 'xstate.init') {
      actor.send(event as never);
    }
    expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(state.value);
    expect(actor.getSnapshot().context.errorMessage).toBe(state.context.errorMessage);
    expect(actor.getSnapshot().context.speciality).toEqual(state.context.speciality);
  }
  expect(loads.length - answered).toBe(actor.getSnapshot().value === 'loading' ? 1 : 0);
  expect(loads.every((id) => id === specialityId)).toBe(true);
  return actor.getSnapshot();
}

describe('chosenSpecialityMachine paths', () => {
  it('without an id only unchosen is reachable', () => {
    const paths = getShortestPaths(chosenSpecialityMachine, {
      events: traversalEvents,
      input: { specialityId: undefined },
    });
    expect(paths.map((path) => path.state.value)).toEqual(['unchosen']);
  });

  it('reaches each state by its shortest path and the real actor agrees', async () => {
    const paths = getShortestPaths(chosenSpecialityMachine, { events: traversalEvents, input: { specialityId: 1 } });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(
      new Set(['loading', 'chosen', 'unchosen', 'failed']),
    );
    for (const path of paths) {
      const snapshot = await replay(1, path.steps as never);
      expect(snapshot.value).toEqual(path.state.value);
    }
  });

  it('walks every simple path, including retries after failures', async () => {
    const paths = getSimplePaths(chosenSpecialityMachine, { events: traversalEvents, input: { specialityId: 1 } });
    const retried = paths.filter((path) => path.steps.some((step) => step.event.type === 'speciality.retry'));
    expect(new Set(retried.map((path) => path.state.value))).toEqual(
      new Set(['loading', 'chosen', 'unchosen', 'failed']),
    );
    for (const path of paths) {
      const snapshot = await replay(1, path.steps as never);
      expect(snapshot.value).toEqual(path.state.value);
      // Chosen always holds the speciality; anywhere else none is held.
      expect(snapshot.context.speciality).toEqual(snapshot.value === 'chosen' ? dentists : undefined);
      if (snapshot.value === 'failed') expect(snapshot.context.errorMessage).toBeDefined();
      if (snapshot.value === 'chosen') expect(snapshot.context.errorMessage).toBeUndefined();
    }
  });
});
