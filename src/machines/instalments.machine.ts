import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '@/api/api-error';
import { getPolicyInstalments } from '@/api/instalments';
import type { PolicyInstalments } from '@shared/contract/instalments';
import { errorOf, outputOf } from '@/machines/actor-events';

export interface InstalmentsContext {
  plans: PolicyInstalments[];
  errorMessage: string | undefined;
}

/**
 * The dashboard's payment plans (issue 20): the insured's policies paid by instalments, each with
 * its schedule, what is due next and whether it is overdue or under a notice. None: nothing shows.
 */
export const instalmentsMachine = setup({
  types: {
    context: {} as InstalmentsContext,
    events: {} as { type: 'instalments.retry' },
  },
  actors: {
    loadPlans: fromPromise<PolicyInstalments[]>(() => getPolicyInstalments()),
  },
  actions: {
    storePlans: assign((_, plans: PolicyInstalments[]) => ({ plans, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
  },
  guards: {
    hasPlans: (_, plans: PolicyInstalments[]) => plans.length > 0,
  },
}).createMachine({
  id: 'instalments',
  description: 'The insured’s payment plans, loaded once for the dashboard.',
  context: { plans: [], errorMessage: undefined },
  initial: 'loading',
  states: {
    loading: {
      description: 'The plans are being loaded.',
      invoke: {
        src: 'loadPlans',
        onDone: [
          {
            guard: { type: 'hasPlans', params: outputOf },
            target: 'shown',
            actions: { type: 'storePlans', params: outputOf },
            description: 'At least one policy is paid by instalments.',
          },
          { target: 'none', description: 'No policy is paid by instalments: nothing to show.' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: errorOf },
          description: 'They did not load.',
        },
      },
    },
    none: { description: 'Nothing to show.' },
    shown: {
      description: 'Each plan: what is due next (Pay now once invoiced), overdue or under notice, and the schedule.',
    },
    failed: {
      description: 'The plans did not load; the reason shows with Try again.',
      on: { 'instalments.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
  },
});
