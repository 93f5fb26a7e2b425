import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { errorStatus, errorText } from '@/api/api-error';
import type { OrderDetails } from '@/api/contract/submissions';
import { getOrderDetails } from '@/api/submissions';

export interface OrderDetailsContext {
  submissionId: number;
  order: OrderDetails | undefined;
  errorMessage: string | undefined;
}

/**
 * One order as its owner sees it (insured/orderdetails). Someone else's order, or one that does
 * not exist, answers 404 alike: "not found", never "not yours".
 */
export const orderDetailsMachine = setup({
  types: {
    context: {} as OrderDetailsContext,
    input: {} as { submissionId: number },
    events: {} as { type: 'order.retry' },
  },
  actors: {
    loadOrder: fromPromise<OrderDetails, { submissionId: number }>(({ input }) => getOrderDetails(input.submissionId)),
  },
  actions: {
    storeOrder: assign((_, order: OrderDetails) => ({ order, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
  },
  guards: {
    isNotFound: (_, error: unknown) => errorStatus(error) === 404 || errorStatus(error) === 400,
  },
}).createMachine({
  id: 'orderDetails',
  context: ({ input }) => ({ submissionId: input.submissionId, order: undefined, errorMessage: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ submissionId: context.submissionId }),
        onDone: { target: 'loaded', actions: { type: 'storeOrder', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }: { event: ErrorActorEvent }) => event.error }, target: 'notFound' },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    loaded: {},
    notFound: {},
    failed: { on: { 'order.retry': 'loading' } },
  },
});
