import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Book, BookOrder } from '@shared/contract/broker-book';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { brokerBookMachine, type BrokerBookContext } from '@/machines/broker-book.machine';

const order = (submissionId: number, status: SubmissionStatus = 'quoted'): BookOrder => ({
  submissionId,
  number: `Q-2026-${String(submissionId).padStart(6, '0')}`,
  insuredName: 'Ada Lovelace',
  companyName: 'Lovelace Architects',
  speciality: { id: 101, name: 'Architects' },
  stateCode: 'TX',
  status,
  totalCents: 272_132,
  nextStep: 'Quoted: the insured can buy',
  updatedAt: '2026-06-24T15:02:11.000Z',
  policy: null,
});
const storefront = {
  url: 'https://example.test/client/landing/harbor-risk',
  specialities: [],
  allSpecialitiesUrl: null,
};
const broker = { id: 3, name: 'Harbor Risk Partners', abbreviation: 'HRP', clientUrl: 'harbor-risk' };
const bookOf = (orders: BookOrder[]): Book => ({
  broker,
  storefront,
  orders,
  total: orders.length,
  page: 1,
  pageSize: 50,
});
const full = bookOf([order(1), order(2, 'bound')]);
const none = bookOf([]);

function httpError(status: number): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/broker/book'),
    {} as never,
  );
  error.message = `${status}: Failed`;
  return Object.assign(error, { label: `HTTP ${status}` });
}

type Pending = {
  status: SubmissionStatus | undefined;
  resolve: (book: Book) => void;
  reject: (error: unknown) => void;
};

function harness(status?: SubmissionStatus) {
  const calls: Pending[] = [];
  const shown: Array<SubmissionStatus | undefined> = [];
  const actor = createActor(
    brokerBookMachine.provide({
      actors: {
        loadBook: fromPromise<Book, { status: SubmissionStatus | undefined }>(
          ({ input }) => new Promise((resolve, reject) => calls.push({ status: input.status, resolve, reject })),
        ),
      },
      actions: { showStatus: (_, chosen: SubmissionStatus | undefined) => void shown.push(chosen) },
    }),
    { input: { status } },
  ).start();
  return {
    actor,
    calls,
    shown,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    async answer(outcome: 'done' | 'error', value: unknown, index = calls.length - 1) {
      if (outcome === 'done') calls[index]!.resolve(value as Book);
      else calls[index]!.reject(value);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('brokerBookMachine', () => {
  it('loads the book for the status in the address, and shows it, or says it is empty', async () => {
    const book = harness('bound');
    expect(book.calls.map((call) => call.status)).toEqual(['bound']);
    await book.answer('done', full);
    expect(book.value()).toBe('loaded');
    expect(book.context().book).toEqual(full);
    const empty = harness();
    await empty.answer('done', none);
    expect(empty.value()).toBe('empty');
  });

  it('a chosen status goes into the address and loads; the address changing by itself loads without navigating', async () => {
    const book = harness();
    await book.answer('done', full);
    book.actor.send({ type: 'book.filter', status: 'bound' });
    expect(book.shown).toEqual(['bound']);
    expect(book.calls.at(-1)!.status).toBe('bound');
    // The address now says "bound": the sync that follows the navigation changes nothing.
    book.actor.send({ type: 'book.sync', status: 'bound' });
    expect(book.calls).toHaveLength(2);
    book.actor.send({ type: 'book.sync', status: undefined });
    expect(book.shown).toEqual(['bound']);
    expect(book.calls.at(-1)!.status).toBeUndefined();
  });

  it('an account not tied to a broker (409) is told so, with nothing to retry; another failure offers Try again', async () => {
    const untied = harness();
    await untied.answer('error', httpError(409));
    expect(untied.value()).toBe('notTied');
    expect(untied.actor.getSnapshot().status).toBe('done');
    const failing = harness();
    await failing.answer('error', httpError(503));
    expect(failing.value()).toBe('loadFailed');
    expect(failing.context().errorMessage).toBe('503: Failed');
    failing.actor.send({ type: 'book.retry' });
    expect(failing.value()).toBe('loading');
    expect(failing.context().errorMessage).toBeUndefined();
  });
});

const traversalEvents = [
  { type: 'xstate.done.actor.loadBook', output: full },
  { type: 'xstate.done.actor.loadBook', output: none },
  { type: 'xstate.error.actor.loadBook', error: httpError(503) },
  { type: 'xstate.error.actor.loadBook', error: httpError(409) },
  { type: 'book.retry' },
  { type: 'book.filter', status: 'quoted' },
  { type: 'book.sync', status: undefined },
] as AnyEventObject[];

describe('brokerBookMachine paths', () => {
  it('reaches every state by a shortest path, and a real actor agrees step by step', async () => {
    const paths = getShortestPaths(brokerBookMachine, {
      events: traversalEvents as never,
      input: { status: undefined },
      serializeState: ((snapshot: { value: unknown; context: BrokerBookContext }) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.status,
          snapshot.context.book?.orders.length,
          Boolean(snapshot.context.errorMessage),
        ])) as never,
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(Object.keys(brokerBookMachine.root.states)));
    for (const path of paths) {
      const book = harness();
      for (const { event, state } of path.steps as Array<{
        event: AnyEventObject;
        state: { value: unknown; context: BrokerBookContext };
      }>) {
        if (event.type === 'xstate.done.actor.loadBook')
          await book.answer('done', (event as unknown as { output: Book }).output);
        else if (event.type === 'xstate.error.actor.loadBook')
          await book.answer('error', (event as unknown as { error: unknown }).error);
        else if (event.type !== 'xstate.init') book.actor.send(event as never);
        expect(book.value(), `after ${event.type}`).toEqual(state.value);
        expect(book.context()).toEqual(state.context);
      }
    }
  });
});
