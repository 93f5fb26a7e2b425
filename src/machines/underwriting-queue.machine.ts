import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '@/api/api-error';
import type { Queue } from '@shared/contract/underwriting';
import { queue, type QueueFilters } from '@/api/underwriting';
import { errorOf } from '@/machines/actor-events';

export interface UnderwritingQueueContext {
  /** The filters asked for: they live in the address (underwriting?brokerId&specialityId&status). */
  filters: QueueFilters;
  /** The last queue loaded; kept while another loads, so the filters keep their choices. */
  queue: Queue | undefined;
  errorMessage: string | undefined;
}

export type UnderwritingQueueEvent =
  /** The underwriter chose filters: the address follows, and the queue loads for them. */
  | { type: 'queue.filter'; filters: QueueFilters }
  /** The address changed by itself (Back, a link): load for its filters unless they are the ones shown. */
  | { type: 'queue.sync'; filters: QueueFilters }
  | { type: 'queue.retry' };

/** The same filters, whichever way they were written (an absent key is an undefined one). */
export function sameFilters(a: QueueFilters, b: QueueFilters): boolean {
  return a.brokerId === b.brokerId && a.specialityId === b.specialityId && a.status === b.status;
}

/** Only the filters set, so the address carries no empty keys. */
export function setFilters(filters: QueueFilters): QueueFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as QueueFilters;
}

/**
 * The underwriter's queue (issue 7): the orders waiting on the desk, oldest first, narrowed by
 * broker, speciality and status. The filters are kept in the address: choosing one calls
 * `showFilters` (navigation, provided at the router edge) and loads again; an address changed
 * from outside (Back) is followed with `queue.sync`. A new choice while loading replaces the load.
 */
export const underwritingQueueMachine = setup({
  types: {
    context: {} as UnderwritingQueueContext,
    input: {} as { filters: QueueFilters },
    events: {} as UnderwritingQueueEvent,
  },
  actors: {
    /** GET underwriting/queue. */
    loadQueue: fromPromise<Queue, QueueFilters>(({ input }) => queue(input)),
  },
  actions: {
    storeFilters: assign((_, filters: QueueFilters) => ({ filters: setFilters(filters) })),
    /** Puts the filters in the address; provided by the screen (router navigation). */
    showFilters: (_, _filters: QueueFilters) => {},
    storeQueue: assign((_, loaded: Queue) => ({ queue: loaded, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    clearError: assign({ errorMessage: undefined }),
  },
  guards: {
    isEmpty: (_, loaded: Queue) => loaded.items.length === 0,
    filtersDiffer: ({ context }, filters: QueueFilters) => !sameFilters(context.filters, filters),
  },
}).createMachine({
  id: 'underwritingQueue',
  context: ({ input }) => ({ filters: setFilters(input.filters), queue: undefined, errorMessage: undefined }),
  initial: 'loading',
  on: {
    'queue.filter': {
      description: 'The underwriter narrows the queue by broker, speciality or status, and it is fetched for them.',
      guard: { type: 'filtersDiffer', params: ({ event }) => event.filters },
      target: '.loading',
      reenter: true,
      actions: [
        { type: 'storeFilters', params: ({ event }) => event.filters },
        { type: 'showFilters', params: ({ event }) => setFilters(event.filters) },
      ],
    },
    'queue.sync': {
      description: 'The address changed by itself (Back, a link) to other filters, and the queue is fetched for them.',
      guard: { type: 'filtersDiffer', params: ({ event }) => event.filters },
      target: '.loading',
      reenter: true,
      actions: { type: 'storeFilters', params: ({ event }) => event.filters },
    },
  },
  states: {
    loading: {
      description: 'The orders waiting on the underwriter’s desk are being fetched, oldest first.',
      entry: 'clearError',
      invoke: {
        id: 'loadQueue',
        src: 'loadQueue',
        input: ({ context }) => context.filters,
        onDone: [
          {
            description: 'Nothing is waiting.',
            guard: { type: 'isEmpty', params: ({ event }) => event.output },
            target: 'empty',
            actions: { type: 'storeQueue', params: ({ event }) => event.output },
          },
          {
            target: 'loaded',
            description: 'The queue arrived.',
            actions: { type: 'storeQueue', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'loadFailed',
          description: 'The queue could not be fetched.',
          actions: { type: 'storeError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The queue could not be fetched; the reason shows with Try again.',
      on: { 'queue.retry': { target: 'loading', description: 'The underwriter tries again.' } },
    },
    empty: { description: 'No order matching the filters is waiting for an underwriter.' },
    loaded: {
      description: 'The underwriter sees the orders waiting on the desk, oldest first, each to open and review.',
    },
  },
});
