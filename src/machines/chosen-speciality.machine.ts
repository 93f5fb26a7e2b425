import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, errorText } from '@/api/api-error';
import type { Speciality } from '@shared/contract/specialities';
import { getSpeciality } from '@/api/specialities';
import { errorOf } from '@/machines/actor-events';

export interface ChosenSpecialityContext {
  specialityId: number | undefined;
  speciality: Speciality | undefined;
  errorMessage: string | undefined;
}

/**
 * The speciality a quote starts from: quotes' state specialityId, or the session's default
 * speciality in the client area (specification §2). No id, or an id no speciality has, is
 * "unchosen": the screen then asks for one.
 */
export const chosenSpecialityMachine = setup({
  types: {
    context: {} as ChosenSpecialityContext,
    input: {} as { specialityId: number | undefined },
    events: {} as { type: 'speciality.retry' },
  },
  actors: {
    loadSpeciality: fromPromise<Speciality, { specialityId: number }>(({ input }) => getSpeciality(input.specialityId)),
  },
  actions: {
    storeSpeciality: assign((_, speciality: Speciality) => ({ speciality, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
  },
  guards: {
    hasNoSpecialityId: ({ context }) => context.specialityId === undefined,
    isNoSuchSpeciality: (_, error: unknown) => errorStatus(error) === 404 || errorStatus(error) === 400,
  },
}).createMachine({
  id: 'chosenSpeciality',
  context: ({ input }) => ({ specialityId: input.specialityId, speciality: undefined, errorMessage: undefined }),
  initial: 'checking',
  states: {
    checking: {
      description: 'A moment’s check of whether the quote names a speciality at all.',
      always: [
        { guard: 'hasNoSpecialityId', target: 'unchosen', description: 'No speciality is named.' },
        { target: 'loading', description: 'A speciality is named: it is fetched.' },
      ],
    },
    loading: {
      description: 'The speciality the quote starts from is being fetched.',
      invoke: {
        id: 'loadSpeciality',
        src: 'loadSpeciality',
        input: ({ context }) => ({ specialityId: context.specialityId ?? 0 }),
        onDone: {
          target: 'chosen',
          description: 'The speciality arrived.',
          actions: { type: 'storeSpeciality', params: ({ event }) => event.output },
        },
        onError: [
          {
            description: 'No speciality has that number.',
            guard: { type: 'isNoSuchSpeciality', params: errorOf },
            target: 'unchosen',
          },
          {
            target: 'failed',
            description: 'The speciality could not be fetched.',
            actions: { type: 'storeError', params: errorOf },
          },
        ],
      },
    },
    chosen: { description: 'The quote shows the speciality it is for.' },
    unchosen: { description: 'No speciality is chosen yet: the person is asked to choose one.' },
    failed: {
      description: 'The speciality could not be fetched; the reason shows with Try again.',
      on: { 'speciality.retry': { target: 'loading', description: 'The person tries again.' } },
    },
  },
});
