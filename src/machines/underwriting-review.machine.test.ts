import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { DecisionResult, Review } from '@shared/contract/underwriting';
import {
  underwritingReviewMachine,
  type DecisionRequest,
  type UnderwritingReviewContext,
} from '@/machines/underwriting-review.machine';

const SUBMISSION_ID = 4217;

function reviewOf(status: Review['order']['status'], version: number, allowed: Review['allowed']): Review {
  return {
    order: {
      submissionId: SUBMISSION_ID,
      number: 'Q-2026-004217',
      status,
      version,
      speciality: { id: 101, name: 'Architects' },
      state: { code: 'TX', name: 'Texas' },
      zipcode: '77002',
      limit: null,
      deductible: null,
      paymentTerm: 'annual',
      effectiveDate: '2026-07-01',
      answers: {},
      applicationAnswers: {},
      rating: null,
      premiumCents: 272_132,
      createdAt: '2026-06-24T15:02:11.000Z',
      updatedAt: '2026-06-24T15:02:11.000Z',
      history: [],
    },
    insured: { id: 7, name: 'Ada Lovelace', email: 'ada@example.com', companyName: 'Lovelace Architects', phone: null },
    broker: { id: 3, name: 'Harbor Risk Partners' },
    questions: [],
    locations: [],
    reasons: [{ code: 'prior_claims', label: 'Prior claims', detail: '2 claims in the last 5 years' }],
    requiredItems: [],
    conversation: [],
    latestRequest: null,
    files: [],
    allowed,
  };
}

const ALL = { approve: true, requestInfo: true, decline: true };
const NONE = { approve: false, requestInfo: false, decline: false };
const referred = reviewOf('underwriter_review', 5, ALL);
const waiting = reviewOf('missing_info', 6, NONE);
const approved = reviewOf('approved', 6, NONE);
const approvedResult: DecisionResult = {
  submissionId: SUBMISSION_ID,
  number: 'Q-2026-004217',
  status: 'approved',
  version: 6,
  premiumCents: 299_345,
};
const askedResult: DecisionResult = { ...approvedResult, status: 'missing_info' };

const approveRequest: DecisionRequest = { kind: 'approve', adjustmentBps: 1000, reason: 'Two prior claims' };
const askRequest: DecisionRequest = { kind: 'requestInfo', message: 'Please send your loss runs.' };
const declineRequest: DecisionRequest = { kind: 'decline', reason: 'Outside appetite' };

function httpError(status: number, message = 'Failed', fields?: Record<string, string>): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/underwriting/approve'),
    {} as never,
  );
  error.message = `${status}: ${message}`;
  // As the client's beforeError hook leaves an API error: its field messages (maybe none) attached.
  Object.assign(error, { fields: fields ?? {} });
  return error;
}

type Call = 'loadReview' | 'decide';
type Pending = { input: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** A real actor whose calls wait to be answered; `inputs` records what each call was given. */
function harness({ submissionId }: { submissionId: number | undefined } = { submissionId: SUBMISSION_ID }) {
  const pending: Record<Call, Pending[]> = { loadReview: [], decide: [] };
  const waitFor = (call: Call) =>
    fromPromise<never, unknown>(
      ({ input }) => new Promise((resolve, reject) => pending[call].push({ input, resolve: resolve as never, reject })),
    );
  const actor = createActor(
    underwritingReviewMachine.provide({
      actors: { loadReview: waitFor('loadReview') as never, decide: waitFor('decide') as never },
    }),
    { input: { submissionId } },
  ).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    actor,
    pending,
    inputs: (call: Call) => pending[call].map((entry) => entry.input),
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    async answer(call: Call, outcome: 'done' | 'error', value: unknown) {
      const entry = pending[call].at(-1)!;
      if (outcome === 'done') entry.resolve(value);
      else entry.reject(value);
      await settle();
    },
  };
}

async function loadedHarness(review: Review = referred) {
  const desk = harness();
  await desk.answer('loadReview', 'done', review);
  return desk;
}

describe('underwritingReviewMachine: loading', () => {
  it('without a submission id there is nothing to load: not found', () => {
    const desk = harness({ submissionId: undefined });
    expect(desk.value()).toBe('notFound');
    expect(desk.pending.loadReview).toHaveLength(0);
  });

  it('loads the submission and is ready', async () => {
    const desk = harness();
    expect(desk.value()).toBe('loading');
    expect(desk.inputs('loadReview')).toEqual([{ submissionId: SUBMISSION_ID }]);
    await desk.answer('loadReview', 'done', referred);
    expect(desk.value()).toBe('ready');
    expect(desk.context().review).toEqual(referred);
  });

  it.each([404, 400])('a %i is not found', async (status) => {
    const desk = harness();
    await desk.answer('loadReview', 'error', httpError(status, 'No such submission'));
    expect(desk.value()).toBe('notFound');
  });

  it('any other failure says why, and retry loads again', async () => {
    const desk = harness();
    await desk.answer('loadReview', 'error', httpError(503, 'The desk is unavailable.'));
    expect(desk.value()).toBe('loadFailed');
    expect(desk.context().errorMessage).toBe('503: The desk is unavailable.');
    desk.actor.send({ type: 'review.retry' });
    await desk.answer('loadReview', 'done', referred);
    expect(desk.value()).toBe('ready');
    expect(desk.context().errorMessage).toBeUndefined();
  });
});

describe('underwritingReviewMachine: decisions', () => {
  it('opens only the dialogs `allowed` permits', async () => {
    const desk = await loadedHarness(approved);
    for (const kind of ['approve', 'requestInfo', 'decline'] as const) desk.actor.send({ type: 'decision.open', kind });
    expect(desk.value()).toBe('ready');
    expect(desk.context().dialog).toBeNull();
    const open = await loadedHarness({ ...referred, allowed: { ...NONE, decline: true } });
    open.actor.send({ type: 'decision.open', kind: 'approve' });
    expect(open.value()).toBe('ready');
    open.actor.send({ type: 'decision.open', kind: 'decline' });
    expect(open.value()).toBe('deciding');
    expect(open.context().dialog).toBe('decline');
  });

  it('cancel closes the dialog and sends nothing', async () => {
    const desk = await loadedHarness();
    desk.actor.send({ type: 'decision.open', kind: 'approve' });
    desk.actor.send({ type: 'decision.cancel' });
    expect(desk.value()).toBe('ready');
    expect(desk.context().dialog).toBeNull();
    expect(desk.pending.decide).toHaveLength(0);
  });

  it('sends only the open dialog’s decision, with the version loaded; then reloads and says what happened', async () => {
    const desk = await loadedHarness();
    desk.actor.send({ type: 'decision.open', kind: 'approve' });
    desk.actor.send({ type: 'decision.submit', request: declineRequest });
    expect(desk.value()).toBe('deciding');
    desk.actor.send({ type: 'decision.submit', request: approveRequest });
    expect(desk.value()).toBe('submitting');
    expect(desk.inputs('decide')).toEqual([{ submissionId: SUBMISSION_ID, version: 5, request: approveRequest }]);
    // The dialog stays while the decision is sent: Cancel does nothing then.
    desk.actor.send({ type: 'decision.cancel' });
    expect(desk.value()).toBe('submitting');
    await desk.answer('decide', 'done', approvedResult);
    expect(desk.value()).toBe('refreshing');
    expect(desk.context()).toMatchObject({
      dialog: null,
      outcome: { kind: 'approve', number: 'Q-2026-004217', status: 'approved' },
      decisions: 1,
    });
    await desk.answer('loadReview', 'done', approved);
    expect(desk.value()).toBe('ready');
    expect(desk.context().review).toEqual(approved);
    expect(desk.context().outcome?.status).toBe('approved');
  });

  it('a second decision alike is counted again, so it is announced again', async () => {
    const desk = await loadedHarness();
    desk.actor.send({ type: 'decision.open', kind: 'requestInfo' });
    desk.actor.send({ type: 'decision.submit', request: askRequest });
    await desk.answer('decide', 'done', askedResult);
    await desk.answer('loadReview', 'done', {
      ...referred,
      order: { ...referred.order, status: 'application_under_review', version: 8 },
    });
    desk.actor.send({ type: 'decision.open', kind: 'requestInfo' });
    desk.actor.send({ type: 'decision.submit', request: askRequest });
    expect(desk.inputs('decide').at(-1)).toEqual({ submissionId: SUBMISSION_ID, version: 8, request: askRequest });
    await desk.answer('decide', 'done', askedResult);
    expect(desk.context().decisions).toBe(2);
    expect(desk.context().outcome).toEqual({ kind: 'requestInfo', number: 'Q-2026-004217', status: 'missing_info' });
  });

  it('a 409 keeps the server’s words, closes the dialog and reloads', async () => {
    const desk = await loadedHarness();
    desk.actor.send({ type: 'decision.open', kind: 'decline' });
    desk.actor.send({ type: 'decision.submit', request: declineRequest });
    await desk.answer('decide', 'error', httpError(409, 'The order is missing_info', { status: 'is missing_info' }));
    expect(desk.value()).toBe('refreshing');
    expect(desk.context()).toMatchObject({
      dialog: null,
      conflict: 'The order is missing_info',
      outcome: undefined,
      failure: undefined,
    });
    await desk.answer('loadReview', 'done', waiting);
    expect(desk.value()).toBe('ready');
    expect(desk.context().conflict).toBe('The order is missing_info');
    expect(desk.context().review).toEqual(waiting);
  });

  it('opening another decision puts the 409 away', async () => {
    const desk = await loadedHarness();
    desk.actor.send({ type: 'decision.open', kind: 'decline' });
    desk.actor.send({ type: 'decision.submit', request: declineRequest });
    await desk.answer('decide', 'error', httpError(409, 'The order was changed meanwhile', { version: 'is 6' }));
    await desk.answer('loadReview', 'done', { ...referred, order: { ...referred.order, version: 6 } });
    desk.actor.send({ type: 'decision.open', kind: 'decline' });
    expect(desk.context().conflict).toBeUndefined();
    desk.actor.send({ type: 'decision.submit', request: declineRequest });
    expect(desk.inputs('decide').at(-1)).toMatchObject({ version: 6 });
  });

  it('a 400 goes back to the dialog with the fields it names', async () => {
    const desk = await loadedHarness();
    desk.actor.send({ type: 'decision.open', kind: 'approve' });
    desk.actor.send({ type: 'decision.submit', request: { kind: 'approve', adjustmentBps: 500, reason: null } });
    await desk.answer(
      'decide',
      'error',
      httpError(400, 'Invalid body', { reason: 'is required when the premium is adjusted' }),
    );
    expect(desk.value()).toBe('deciding');
    expect(desk.context().dialog).toBe('approve');
    expect(desk.context().failure).toEqual({
      message: 'Invalid body',
      fields: { reason: 'is required when the premium is adjusted' },
    });
    // Sending again clears it until the server answers.
    desk.actor.send({ type: 'decision.submit', request: approveRequest });
    expect(desk.context().failure).toBeUndefined();
  });

  it('a failure without an answer stays in the dialog, in words, naming no field', async () => {
    const desk = await loadedHarness();
    desk.actor.send({ type: 'decision.open', kind: 'approve' });
    desk.actor.send({ type: 'decision.submit', request: approveRequest });
    await desk.answer('decide', 'error', new TypeError('Failed to fetch'));
    expect(desk.value()).toBe('deciding');
    expect(desk.context().failure).toEqual({
      message: 'The server could not be reached. Check your connection and try again.',
      fields: {},
    });
  });

  it('a reload that fails keeps what is shown and offers retry; an order gone since is not found', async () => {
    const desk = await loadedHarness();
    desk.actor.send({ type: 'review.retry' });
    expect(desk.value()).toBe('ready');
    desk.actor.send({ type: 'decision.open', kind: 'approve' });
    desk.actor.send({ type: 'decision.submit', request: approveRequest });
    await desk.answer('decide', 'done', approvedResult);
    await desk.answer('loadReview', 'error', httpError(502, 'Bad gateway'));
    expect(desk.value()).toBe('ready');
    expect(desk.context()).toMatchObject({
      review: referred,
      errorMessage: '502: Bad gateway',
      outcome: { status: 'approved' },
    });
    desk.actor.send({ type: 'review.retry' });
    expect(desk.value()).toBe('refreshing');
    await desk.answer('loadReview', 'error', httpError(404, 'No such submission'));
    expect(desk.value()).toBe('notFound');
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const traversalEvents = [
  done('loadReview', referred),
  failed('loadReview', httpError(404)),
  failed('loadReview', httpError(500, 'Database unavailable')),
  { type: 'review.retry' },
  { type: 'decision.open', kind: 'approve' },
  { type: 'decision.open', kind: 'decline' },
  { type: 'decision.cancel' },
  { type: 'decision.submit', request: approveRequest },
  { type: 'decision.submit', request: declineRequest },
  done('decide', approvedResult),
  failed('decide', httpError(409, 'The order is approved', { status: 'is approved' })),
  failed('decide', httpError(400, 'Invalid body', { reason: 'is required' })),
  done('reloadReview', approved),
  failed('reloadReview', httpError(404)),
  failed('reloadReview', httpError(503, 'Try later')),
] as AnyEventObject[];

/** Which provided call an invocation id stands for. */
const CALL_OF: Record<string, Call> = { loadReview: 'loadReview', reloadReview: 'loadReview', decide: 'decide' };

/** What tells states apart: the count of decisions only grows, so whether there was one is enough. */
const serializeState = (snapshot: { value: unknown; context: UnderwritingReviewContext }) => {
  const { review, dialog, failure, conflict, outcome, errorMessage, decisions } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    review?.order.status,
    dialog,
    Boolean(failure),
    Boolean(conflict),
    outcome,
    decisions > 0,
    Boolean(errorMessage),
  ]);
};

/** Errors serialise to `{}`: tell them apart by their words, or the traversal takes them for one. */
const serializeEvent = (event: AnyEventObject) =>
  JSON.stringify({
    ...event,
    error: (event as { error?: Error }).error?.message,
    output: (event as { output?: unknown }).output !== undefined,
  });

interface Step {
  event: AnyEventObject;
  state: { value: unknown; context: UnderwritingReviewContext };
}

async function replay(steps: readonly Step[]) {
  const desk = harness();
  for (const { event, state } of steps) {
    const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (answer) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      await desk.answer(
        CALL_OF[answer[2]!]!,
        answer[1] as 'done' | 'error',
        answer[1] === 'done' ? payload.output : payload.error,
      );
    } else if (event.type !== 'xstate.init') {
      desk.actor.send(event as never);
    }
    expect(desk.value(), `after ${event.type}`).toEqual(state.value);
    expect({ ...desk.context(), decisions: desk.context().decisions > 0 }).toEqual({
      ...state.context,
      decisions: state.context.decisions > 0,
    });
  }
  return desk;
}

/** What must hold in each state, whichever way it was reached. */
function expectConsistent(value: unknown, context: UnderwritingReviewContext) {
  if (['ready', 'deciding', 'submitting', 'refreshing'].includes(value as string)) expect(context.review).toBeDefined();
  if (value === 'deciding' || value === 'submitting') expect(context.dialog).not.toBeNull();
  else expect(context.dialog).toBeNull();
  if (context.dialog) expect(context.review?.allowed[context.dialog]).toBe(true);
  if (value === 'loadFailed') expect(context.errorMessage).toBeDefined();
  // A decision either went through or was refused by a 409, never both.
  expect(context.outcome !== undefined && context.conflict !== undefined).toBe(false);
}

const machineStates = Object.keys(underwritingReviewMachine.root.states);

describe('underwritingReviewMachine paths', () => {
  it('has the states this file covers', () => {
    expect(new Set(machineStates)).toEqual(
      new Set(['checking', 'loading', 'loadFailed', 'notFound', 'ready', 'deciding', 'submitting', 'refreshing']),
    );
  });

  it('without a submission id only "not found" is reachable', () => {
    const paths = getShortestPaths(underwritingReviewMachine, {
      events: traversalEvents as never,
      input: { submissionId: undefined },
    });
    expect(paths.map((path) => path.state.value)).toEqual(['notFound']);
  });

  it('reaches every state by a shortest path, and the real actor agrees step by step', async () => {
    const paths = getShortestPaths(underwritingReviewMachine, {
      events: traversalEvents as never,
      input: { submissionId: SUBMISSION_ID },
      serializeState: serializeState as never,
      serializeEvent: serializeEvent as never,
    });
    // `checking` decides at once: no snapshot ever rests there.
    expect(new Set(paths.map((path) => path.state.value))).toEqual(
      new Set(machineStates.filter((state) => state !== 'checking')),
    );
    for (const path of paths) {
      const desk = await replay(path.steps as never);
      expectConsistent(desk.value(), desk.context());
    }
  }, 60_000);

  it('walks every simple path of one approval (refused, conflicting, done) on a real actor', async () => {
    const walked = new Set([0, 4, 6, 7, 9, 10, 11, 12, 14].map((index) => traversalEvents[index]));
    const paths = getSimplePaths(underwritingReviewMachine, {
      events: traversalEvents as never,
      input: { submissionId: SUBMISSION_ID },
      serializeState: serializeState as never,
      serializeEvent: serializeEvent as never,
      filterEvents: ((_: unknown, event: AnyEventObject) => walked.has(event)) as never,
    });
    const ends = (value: string, holds: (context: UnderwritingReviewContext) => boolean) =>
      paths.some((path) => path.state.value === value && holds(path.state.context as UnderwritingReviewContext));
    expect(ends('deciding', (context) => context.failure?.fields.reason === 'is required')).toBe(true);
    expect(ends('ready', (context) => context.conflict === 'The order is approved')).toBe(true);
    expect(
      ends('ready', (context) => context.outcome?.status === 'approved' && context.errorMessage === undefined),
    ).toBe(true);
    expect(
      ends('ready', (context) => context.outcome?.status === 'approved' && context.errorMessage === '503: Try later'),
    ).toBe(true);
    for (const path of paths) {
      const desk = await replay(path.steps as never);
      expectConsistent(desk.value(), desk.context());
    }
  }, 60_000);
});
