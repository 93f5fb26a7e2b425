import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '@/api/api-error';
import { getRenewals } from '@/api/renewal';
import type { RenewalSummary } from '@shared/contract/renewal';
import { errorOf, outputOf } from '@/machines/actor-events';

export interface RenewalOffersContext {
  renewals: RenewalSummary[];
  errorMessage: string | undefined;
}

/**
 * The dashboard's renewal card (issue 20): the insured's renewals to act on — offered, needing
 * answers, accepted and waiting for payment — or with an underwriter. None: nothing shows.
 */
export const renewalOffersMachine = setup({
  types: {
    context: {} as RenewalOffersContext,
    events: {} as { type: 'renewals.retry' },
  },
  actors: {
    loadRenewals: fromPromise<RenewalSummary[]>(() => getRenewals()),
  },
  actions: {
    storeRenewals: assign((_, renewals: RenewalSummary[]) => ({ renewals, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
  },
  guards: {
    hasRenewals: (_, renewals: RenewalSummary[]) => renewals.length > 0,
  },
}).createMachine({
  id: 'renewalOffers',
  description: 'The insured’s renewals, loaded once for the dashboard.',
  context: { renewals: [], errorMessage: undefined },
  initial: 'loading',
  states: {
    loading: {
      description: 'The renewals are being loaded.',
      invoke: {
        src: 'loadRenewals',
        onDone: [
          {
            guard: { type: 'hasRenewals', params: outputOf<RenewalSummary[]> },
            target: 'shown',
            actions: { type: 'storeRenewals', params: outputOf<RenewalSummary[]> },
            description: 'At least one renewal is offered or being decided.',
          },
          { target: 'none', description: 'No renewal to act on: nothing to show.' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: errorOf },
          description: 'They did not load.',
        },
      },
    },
    none: { description: 'Nothing to show.' },
    shown: { description: 'Each renewal: the new period, its price, and a link to the renewal screen.' },
    failed: {
      description: 'The renewals did not load; the reason shows with Try again.',
      on: { 'renewals.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
  },
});
