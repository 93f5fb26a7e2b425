import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { errorText } from '@/api/api-error';
import type { SubmissionSummary } from '@/api/contract/dashboard';
import { getExistingOpenOrder, getSubmissionDetails } from '@/api/dashboard';

export interface DashboardContext {
  /** Every order, newest change first (dashboard/submissiondetails). */
  orders: SubmissionSummary[];
  /** The open order to resume (insured/existingopenorder); null when none is open, undefined until known. */
  openOrder: SubmissionSummary | null | undefined;
  errorMessage: string | undefined;
}

export type DashboardEvent = { type: 'dashboard.retry' };

/**
 * The insured's dashboard: their orders and the one to resume, loaded side by side. Without the
 * list there is nothing to show, so its failure is the screen's; the open order only adds a
 * shortcut, so when that call fails the list's newest open order stands in for it (the list is
 * ordered the same way, newest change first).
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    /** GET dashboard/submissiondetails. */
    loadOrders: fromPromise<SubmissionSummary[]>(() => getSubmissionDetails()),
    /** GET insured/existingopenorder. */
    loadOpenOrder: fromPromise<SubmissionSummary | null>(() => getExistingOpenOrder()),
  },
  actions: {
    storeOrders: assign((_, orders: SubmissionSummary[]) => ({ orders })),
    storeOpenOrder: assign((_, openOrder: SubmissionSummary | null) => ({ openOrder })),
    /** When insured/existingopenorder could not say, the list's newest open order stands in. */
    settleOpenOrder: assign(({ context }) => ({
      openOrder: context.openOrder !== undefined ? context.openOrder : (context.orders.find((order) => order.open) ?? null),
    })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    startLoading: assign({ errorMessage: undefined, openOrder: undefined }),
  },
  guards: {
    hasNoOrders: ({ context }) => context.orders.length === 0,
  },
}).createMachine({
  id: 'dashboard',
  context: { orders: [], openOrder: undefined, errorMessage: undefined },
  initial: 'loading',
  states: {
    loading: {
      type: 'parallel',
      entry: 'startLoading',
      states: {
        orders: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadOrders',
                src: 'loadOrders',
                onDone: { target: 'fetched', actions: { type: 'storeOrders', params: ({ event }) => event.output } },
                onError: {
                  target: '#dashboard.loadFailed',
                  actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
                },
              },
            },
            fetched: { type: 'final' },
          },
        },
        openOrder: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadOpenOrder',
                src: 'loadOpenOrder',
                onDone: { target: 'fetched', actions: { type: 'storeOpenOrder', params: ({ event }) => event.output } },
                onError: { target: 'unavailable' },
              },
            },
            fetched: { type: 'final' },
            // Worked out from the list once both are in (settleOpenOrder).
            unavailable: { type: 'final' },
          },
        },
      },
      onDone: [
        { guard: 'hasNoOrders', target: 'empty', actions: 'settleOpenOrder' },
        { target: 'loaded', actions: 'settleOpenOrder' },
      ],
    },
    loadFailed: {
      on: { 'dashboard.retry': 'loading' },
    },
    empty: {},
    loaded: {},
  },
});
