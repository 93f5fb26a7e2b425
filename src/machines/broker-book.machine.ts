import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, errorText } from '@/api/api-error';
import { brokerBook } from '@/api/broker-book';
import type { Book } from '@shared/contract/broker-book';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { errorOf } from '@/machines/actor-events';

export interface BrokerBookContext {
  /** The status the book is narrowed to (in the address: broker?status), or none. */
  status: SubmissionStatus | undefined;
  /** The last book loaded; kept while another loads, so the page keeps its storefront. */
  book: Book | undefined;
  errorMessage: string | undefined;
}

export type BrokerBookEvent =
  /** The broker chose a status (or "any"): the address follows, and the book loads for it. */
  | { type: 'book.filter'; status: SubmissionStatus | undefined }
  /** The address changed by itself (Back, a link): load for its status unless it is the one shown. */
  | { type: 'book.sync'; status: SubmissionStatus | undefined }
  | { type: 'book.retry' };

/**
 * The broker's own book (issue 9): the orders and policies quoted through the broker's client
 * URL, narrowed by status, and the storefront links. The status lives in the address: choosing
 * one calls `showStatus` (navigation, provided at the router edge) and loads again. An account
 * not tied to a broker (409) is told so, with nothing to retry.
 */
export const brokerBookMachine = setup({
  types: {
    context: {} as BrokerBookContext,
    input: {} as { status: SubmissionStatus | undefined },
    events: {} as BrokerBookEvent,
  },
  actors: {
    /** GET broker/book. */
    loadBook: fromPromise<Book, { status: SubmissionStatus | undefined }>(({ input }) => brokerBook(input.status)),
  },
  actions: {
    storeStatus: assign((_, status: SubmissionStatus | undefined) => ({ status })),
    /** Puts the status in the address; provided by the screen (router navigation). */
    showStatus: (_, _status: SubmissionStatus | undefined) => {},
    storeBook: assign((_, book: Book) => ({ book, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    clearError: assign({ errorMessage: undefined }),
  },
  guards: {
    isEmpty: (_, book: Book) => book.orders.length === 0,
    isNotTied: (_, error: unknown) => errorStatus(error) === 409,
    statusDiffers: ({ context }, status: SubmissionStatus | undefined) => context.status !== status,
  },
}).createMachine({
  id: 'brokerBook',
  context: ({ input }) => ({ status: input.status, book: undefined, errorMessage: undefined }),
  initial: 'loading',
  on: {
    'book.filter': {
      description: 'The broker narrows the book to one status (or any), and the book is fetched for it.',
      guard: { type: 'statusDiffers', params: ({ event }) => event.status },
      target: '.loading',
      reenter: true,
      actions: [
        { type: 'storeStatus', params: ({ event }) => event.status },
        { type: 'showStatus', params: ({ event }) => event.status },
      ],
    },
    'book.sync': {
      description: 'The address changed by itself (Back, a link) to another status, and the book is fetched for it.',
      guard: { type: 'statusDiffers', params: ({ event }) => event.status },
      target: '.loading',
      reenter: true,
      actions: { type: 'storeStatus', params: ({ event }) => event.status },
    },
  },
  states: {
    loading: {
      description: 'The broker’s orders and policies are being fetched for the chosen status.',
      entry: 'clearError',
      invoke: {
        id: 'loadBook',
        src: 'loadBook',
        input: ({ context }) => ({ status: context.status }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => event.output },
            target: 'empty',
            description: 'Nothing matches.',
            actions: { type: 'storeBook', params: ({ event }) => event.output },
          },
          {
            target: 'loaded',
            description: 'The book arrived.',
            actions: { type: 'storeBook', params: ({ event }) => event.output },
          },
        ],
        onError: [
          {
            guard: { type: 'isNotTied', params: errorOf },
            target: 'notTied',
            description: 'The account is not tied to a broker.',
          },
          {
            target: 'loadFailed',
            description: 'The book could not be fetched.',
            actions: { type: 'storeError', params: errorOf },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The book could not be fetched; the reason shows with Try again.',
      on: { 'book.retry': { target: 'loading', description: 'The broker tries again.' } },
    },
    notTied: {
      description:
        'This account is not tied to a broker, so it has no book; the screen says so, with nothing to retry.',
      type: 'final',
    },
    empty: { description: 'No order or policy matches the chosen status; the storefront links still show.' },
    loaded: { description: 'The broker sees the orders and policies quoted through their storefront, and its links.' },
  },
});
