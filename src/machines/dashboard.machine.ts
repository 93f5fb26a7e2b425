import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '@/api/api-error';
import type { SubmissionSummary } from '@shared/contract/dashboard';
import { getExistingOpenOrder, getSubmissionDetails } from '@/api/dashboard';
import { closeLostMachine, type CloseLostOutput } from '@/machines/close-lost.machine';
import { errorOf, outputOf } from '@/machines/actor-events';

export interface DashboardContext {
  /** Every order, newest change first (dashboard/submissiondetails). */
  orders: SubmissionSummary[];
  /** The open order to resume (insured/existingopenorder); null when none is open, undefined until known. */
  openOrder: SubmissionSummary | null | undefined;
  errorMessage: string | undefined;
  /** The order whose "Close this order" dialog is open. */
  closing: SubmissionSummary | null;
  /** The order last closed, for the screen's announcement. */
  closed: SubmissionSummary | null;
}

export type DashboardEvent = { type: 'dashboard.retry' } | { type: 'order.close'; submissionId: number };

/** An order as the dashboard shows it once closed, until the list is loaded again. */
const asClosed = (order: SubmissionSummary): SubmissionSummary => ({
  ...order,
  status: 'close_lost',
  open: false,
  nextStep: { action: 'none', label: 'This order is closed', screen: null },
});

/**
 * The insured's dashboard: their orders and the one to resume, loaded side by side. Without the
 * list there is nothing to show, so its failure is the screen's; the open order only adds a
 * shortcut, so when that call fails the list's newest open order stands in for it (the list is
 * ordered the same way, newest change first).
 *
 * Each open order can be closed from its card: the close-lost machine asks why and closes it; the
 * card shows it closed at once and the list is loaded again behind it.
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
    closeLost: closeLostMachine,
  },
  actions: {
    storeOrders: assign((_, orders: SubmissionSummary[]) => ({ orders })),
    storeOpenOrder: assign((_, openOrder: SubmissionSummary | null) => ({ openOrder })),
    /** When insured/existingopenorder could not say, the list's newest open order stands in. */
    settleOpenOrder: assign(({ context }) => ({
      openOrder:
        context.openOrder !== undefined ? context.openOrder : (context.orders.find((order) => order.open) ?? null),
    })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    startLoading: assign({ errorMessage: undefined, openOrder: undefined }),
    startClosing: assign(({ context }, submissionId: number) => ({
      closing: context.orders.find((order) => order.submissionId === submissionId) ?? null,
    })),
    stopClosing: assign({ closing: null }),
    /** The closed order reads as closed at once; the one to resume is the next open one. */
    markClosed: assign(({ context }) => {
      const id = context.closing?.submissionId;
      const orders = context.orders.map((order) => (order.submissionId === id ? asClosed(order) : order));
      const openOrder =
        context.openOrder?.submissionId === id ? (orders.find((order) => order.open) ?? null) : context.openOrder;
      return { orders, openOrder, closed: orders.find((order) => order.submissionId === id) ?? null, closing: null };
    }),
    /** The list again after a change; the order to resume follows it unless it is still open there. */
    storeRefreshed: assign(({ context }, orders: SubmissionSummary[]) => {
      const current = orders.find((order) => order.submissionId === context.openOrder?.submissionId);
      return { orders, openOrder: current?.open ? current : (orders.find((order) => order.open) ?? null) };
    }),
  },
  guards: {
    hasNoOrders: ({ context }) => context.orders.length === 0,
    isOpenOrder: ({ context }, submissionId: number) =>
      context.orders.some((order) => order.submissionId === submissionId && order.open),
    wasClosed: (_, output: CloseLostOutput) => output.closed !== null,
  },
}).createMachine({
  id: 'dashboard',
  context: { orders: [], openOrder: undefined, errorMessage: undefined, closing: null, closed: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The insured’s orders, and the open order to resume, are being fetched side by side.',
      type: 'parallel',
      entry: 'startLoading',
      states: {
        orders: {
          description: 'Every order of the insured, newest change first.',
          initial: 'fetching',
          states: {
            fetching: {
              description: 'The orders are being fetched.',
              invoke: {
                id: 'loadOrders',
                src: 'loadOrders',
                onDone: {
                  target: 'fetched',
                  description: 'The orders arrived.',
                  actions: { type: 'storeOrders', params: ({ event }) => event.output },
                },
                onError: {
                  target: '#dashboard.loadFailed',
                  description: 'The orders could not be fetched: without them there is nothing to show.',
                  actions: { type: 'storeError', params: errorOf },
                },
              },
            },
            fetched: { description: 'The orders are in.', type: 'final' },
          },
        },
        openOrder: {
          description: 'The open order to resume, offered as a shortcut.',
          initial: 'fetching',
          states: {
            fetching: {
              description: 'The open order to resume is being fetched.',
              invoke: {
                id: 'loadOpenOrder',
                src: 'loadOpenOrder',
                onDone: {
                  target: 'fetched',
                  description: 'The open order (or none) arrived.',
                  actions: { type: 'storeOpenOrder', params: ({ event }) => event.output },
                },
                onError: { target: 'unavailable', description: 'It could not be fetched: the list will stand in.' },
              },
            },
            fetched: { description: 'The open order to resume is known.', type: 'final' },
            // Worked out from the list once both are in (settleOpenOrder).
            unavailable: {
              description: 'The open order could not be fetched; the newest open order in the list stands in for it.',
              type: 'final',
            },
          },
        },
      },
      onDone: [
        {
          guard: 'hasNoOrders',
          target: 'empty',
          description: 'Both are in, and the insured has no order.',
          actions: 'settleOpenOrder',
        },
        { target: 'loaded', description: 'Both are in.', actions: 'settleOpenOrder' },
      ],
    },
    loadFailed: {
      description: 'The orders could not be fetched; the reason shows with Try again.',
      on: { 'dashboard.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    empty: { description: 'The insured has no order yet and is invited to start a quote.' },
    loaded: {
      description: 'The insured sees their orders, each with its next step, and the open order to resume.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The orders are on show; each open one can be closed from its card.',
          on: {
            'order.close': {
              description: 'The insured chooses to close an open order.',
              guard: { type: 'isOpenOrder', params: ({ event }) => event.submissionId },
              target: 'closing',
              actions: { type: 'startClosing', params: ({ event }) => event.submissionId },
            },
          },
        },
        closing: {
          description: 'The “Close this order” dialog is open for that order.',
          invoke: {
            id: 'closeLost',
            src: 'closeLost',
            input: ({ context }) => ({ submissionId: context.closing!.submissionId, number: context.closing!.number }),
            onDone: [
              {
                description: 'The order was closed: its card shows it closed at once.',
                guard: { type: 'wasClosed', params: outputOf<CloseLostOutput> },
                target: 'refreshing',
                actions: 'markClosed',
              },
              { target: 'idle', description: 'The insured kept the order open.', actions: 'stopClosing' },
            ],
          },
        },
        // The list again from the server, while the one on show stays.
        refreshing: {
          description: 'The orders are fetched again behind the list on show.',
          invoke: {
            id: 'refreshOrders',
            src: 'loadOrders',
            onDone: {
              target: 'idle',
              description: 'The fresh list arrived.',
              actions: { type: 'storeRefreshed', params: ({ event }) => event.output },
            },
            // The order is closed either way; the card already says so.
            onError: {
              target: 'idle',
              description: 'The list could not be fetched; the card already shows the order closed.',
            },
          },
        },
      },
    },
  },
});
