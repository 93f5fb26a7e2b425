import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '@/api/api-error';
import { getClaimQueue } from '@/api/claims';
import type { ClaimQueueItem, ClaimStatus } from '@shared/contract/claims';
import { errorOf, outputOf } from '@/machines/actor-events';

export interface ClaimsDeskContext {
  /** The status asked for (none: every claim not closed); it lives in the address. */
  status: ClaimStatus | undefined;
  /** The last queue loaded, newest waiting first; kept while another loads. */
  queue: ClaimQueueItem[] | undefined;
  errorMessage: string | undefined;
}

export type ClaimsDeskEvent =
  /** The handler chose a status: the address follows, and the queue loads for it. */
  | { type: 'queue.filter'; status: ClaimStatus | undefined }
  /** The address changed by itself (Back, a link): load for its status unless it is the one shown. */
  | { type: 'queue.sync'; status: ClaimStatus | undefined }
  | { type: 'queue.retry' };

/**
 * Newest waiting first: the claims where the insured wrote or attached something the handler has
 * not answered come first, then the rest; within each, the most recent activity first.
 */
export function newestWaitingFirst(items: readonly ClaimQueueItem[]): ClaimQueueItem[] {
  return [...items].sort(
    (a, b) =>
      Number(b.awaitingHandler) - Number(a.awaitingHandler) ||
      Date.parse(b.lastActivityAt) - Date.parse(a.lastActivityAt),
  );
}

/**
 * The handler's claims desk (underwriting/claims): the claims to handle, narrowed to one status
 * (without one, every claim not closed), newest waiting first. The status lives in the address:
 * choosing one calls `showStatus` (navigation, provided at the router edge) and loads again; an
 * address changed from outside (Back) is followed with `queue.sync`.
 */
export const claimsDeskMachine = setup({
  types: {
    context: {} as ClaimsDeskContext,
    input: {} as { status: ClaimStatus | undefined },
    events: {} as ClaimsDeskEvent,
  },
  actors: {
    loadQueue: fromPromise<ClaimQueueItem[], { status: ClaimStatus | undefined }>(({ input }) =>
      getClaimQueue(input.status),
    ),
  },
  actions: {
    storeStatus: assign((_, status: ClaimStatus | undefined) => ({ status })),
    /** Puts the status in the address; provided by the screen (router navigation). */
    showStatus: (_, _status: ClaimStatus | undefined) => {},
    storeQueue: assign((_, items: ClaimQueueItem[]) => ({ queue: newestWaitingFirst(items), errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
  },
  guards: {
    isEmpty: (_, items: ClaimQueueItem[]) => items.length === 0,
    statusDiffers: ({ context }, status: ClaimStatus | undefined) => context.status !== status,
  },
}).createMachine({
  id: 'claimsDesk',
  context: ({ input }) => ({ status: input.status, queue: undefined, errorMessage: undefined }),
  initial: 'loading',
  on: {
    'queue.filter': {
      description: 'The handler narrows the queue to one status (or all open), and it is fetched for it.',
      guard: { type: 'statusDiffers', params: ({ event }) => event.status },
      target: '.loading',
      reenter: true,
      actions: [
        { type: 'storeStatus', params: ({ event }) => event.status },
        { type: 'showStatus', params: ({ event }) => event.status },
      ],
    },
    'queue.sync': {
      description: 'The address changed by itself (Back, a link) to another status, and the queue is fetched for it.',
      guard: { type: 'statusDiffers', params: ({ event }) => event.status },
      target: '.loading',
      reenter: true,
      actions: { type: 'storeStatus', params: ({ event }) => event.status },
    },
  },
  states: {
    loading: {
      description: 'The claims to handle are being fetched.',
      invoke: {
        id: 'loadQueue',
        src: 'loadQueue',
        input: ({ context }) => ({ status: context.status }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: outputOf<ClaimQueueItem[]> },
            target: 'empty',
            description: 'No claim is in that status.',
            actions: { type: 'storeQueue', params: outputOf<ClaimQueueItem[]> },
          },
          {
            target: 'loaded',
            description: 'The queue arrived.',
            actions: { type: 'storeQueue', params: outputOf<ClaimQueueItem[]> },
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
      on: { 'queue.retry': { target: 'loading', description: 'The handler tries again.' } },
    },
    empty: { description: 'No claim in the chosen status is waiting.' },
    loaded: { description: 'The handler sees the claims, newest waiting first, each to open and handle.' },
  },
});
