import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '@/api/api-error';
import { getOverdueInstalments } from '@/api/instalments';
import type { OverdueInstalment } from '@shared/contract/instalments';
import { errorOf, outputOf } from '@/machines/actor-events';

export interface OverdueInstalmentsContext {
  overdue: OverdueInstalment[];
  errorMessage: string | undefined;
}

/** The broker's book's overdue instalments (issue 20): loaded once; none shows nothing. */
export const overdueInstalmentsMachine = setup({
  types: {
    context: {} as OverdueInstalmentsContext,
    events: {} as { type: 'overdue.retry' },
  },
  actors: {
    loadOverdue: fromPromise<OverdueInstalment[]>(() => getOverdueInstalments()),
  },
  actions: {
    storeOverdue: assign((_, overdue: OverdueInstalment[]) => ({ overdue, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
  },
  guards: {
    hasOverdue: (_, overdue: OverdueInstalment[]) => overdue.length > 0,
  },
}).createMachine({
  id: 'overdueInstalments',
  description: 'The broker’s insureds with an instalment past due, most overdue first.',
  context: { overdue: [], errorMessage: undefined },
  initial: 'loading',
  states: {
    loading: {
      description: 'The overdue instalments are being loaded.',
      invoke: {
        src: 'loadOverdue',
        onDone: [
          {
            guard: { type: 'hasOverdue', params: outputOf },
            target: 'shown',
            actions: { type: 'storeOverdue', params: outputOf },
            description: 'Some are overdue.',
          },
          { target: 'none', description: 'Nothing is overdue: nothing shows.' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: errorOf },
          description: 'They did not load.',
        },
      },
    },
    none: { description: 'Nothing overdue.' },
    shown: { description: 'Each overdue instalment: the insured, the policy, the amount, days overdue, any notice.' },
    failed: {
      description: 'They did not load; the reason shows with Try again.',
      on: { 'overdue.retry': { target: 'loading', description: 'The broker tries again.' } },
    },
  },
});
