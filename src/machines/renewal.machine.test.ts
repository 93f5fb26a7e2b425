import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Checkout } from '@shared/contract/billing';
import type { Calculation } from '@shared/contract/rating';
import type {
  AskedQuestion,
  Renewal,
  RenewalAccept,
  RenewalQuote,
  RenewalQuoteRequest,
} from '@shared/contract/renewal';
import {
  previewRequest,
  problemsOf,
  renewalMachine,
  type RenewalContext,
  type RenewalEvent,
} from '@/machines/renewal.machine';
import { actorAnswer, answerableCalls, httpError, reading, settle } from '@/machines/machine-test-harness';
import { PREVIEW_DELAY_MS } from '@/machines/preview-delay';
import { getTransitionPaths } from '@/machines/transition-paths';

/**
 * renewalMachine with its three calls waiting until the test answers them (the shared harness), its
 * checkout visits recorded and its clock simulated (the answers priced once they rest); then
 * xstate/graph walks every transition, each path replayed on a real actor. The figures are
 * placeholders: the machine passes the offer and the server's prices through and prices nothing.
 */

const question: AskedQuestion = {
  id: 1,
  code: 'bim',
  text: 'Do you coordinate BIM?',
  helpText: null,
  type: 'yesno',
  required: true,
  options: [
    { value: 'yes', label: 'Yes' },
    { value: 'no', label: 'No' },
  ],
  condition: null,
  general: false,
  why: 'new',
};
const general: AskedQuestion = {
  ...question,
  id: 2,
  code: 'prior_claims',
  general: true,
  why: 'changed',
  answer: 'no',
};

const rating = { totalCents: 300_000, paymentPlans: [], worksheet: [] } as unknown as Calculation;

const renewalOf = (status: Renewal['status']): Renewal => ({
  policyId: 7,
  policyNumber: 'P-2026-000007',
  status,
  currentPeriod: { effectiveDate: '2026-01-01', expirationDate: '2027-01-01' },
  offerDate: '2026-11-02',
  offer: {
    submissionId: 70,
    renewalNumber: 'P-2026-000007-R1',
    effectiveDate: '2027-01-01',
    expirationDate: '2028-01-01',
    rating,
    previousRating: null,
    changes: [],
    paymentTerm: 'annual',
    questions: [question, general],
    answered: [],
    reasons: [],
    renewedPolicyId: null,
  },
});

const checkout: Checkout = {
  submissionId: 70,
  invoiceId: 9,
  provider: 'sandbox',
  sessionId: 'cs_1',
  url: 'https://pay.example.com/cs_1',
  amountCents: 300_000,
};
const toCheckout: RenewalAccept = { outcome: 'checkout', checkout, renewal: renewalOf('awaiting_payment') };
const referred: RenewalAccept = { outcome: 'referred', checkout: null, renewal: renewalOf('with_underwriter') };
const refused = httpError(409, 'Policy P-2026-000007 is cancelled', { status: 'is cancelled' });
const priceRefused = httpError(400, 'Check the answers: answers.bim is not one of the choices', {
  'answers.bim': 'is not one of the choices',
});
const quoteOf = (totalCents: number): RenewalQuote => ({
  rating: { ...rating, totalCents } as Calculation,
  changes: [],
});
const pricedYes = quoteOf(330_000);
const pricedNo = quoteOf(300_000);
const serverDown = httpError(503, 'The service is unavailable.');

type Call = 'loadRenewal' | 'previewRenewal' | 'acceptRenewal';
type Snapshot = SnapshotFrom<typeof renewalMachine>;

function harness() {
  const { calls, waiting, answer, waitingOn } = answerableCalls<Call>();
  const visited: string[] = [];
  const clock = new SimulatedClock();
  const machine = renewalMachine.provide({
    actors: {
      loadRenewal: waiting('loadRenewal'),
      previewRenewal: waiting('previewRenewal'),
      acceptRenewal: waiting('acceptRenewal'),
    } as never,
    actions: { goToCheckout: (_, params) => void visited.push(params.url) },
  });
  const actor = createActor(machine, { input: { policyId: 7 }, clock });
  actor.start();
  return { ...reading(actor), calls, answer, waitingOn, visited, clock };
}

const rest = (h: ReturnType<typeof harness>) => h.clock.increment(PREVIEW_DELAY_MS);
const previewRequests = (h: ReturnType<typeof harness>) =>
  h.calls
    .filter((call) => call.call === 'previewRenewal')
    .map((call) => (call.input as { request: RenewalQuoteRequest }).request);

const acceptInputs = (h: ReturnType<typeof harness>) =>
  h.calls
    .filter((call) => call.call === 'acceptRenewal')
    .map((call) => (call.input as { context: RenewalContext }).context);

function fillIn(h: ReturnType<typeof harness>) {
  h.send({ type: 'renewal.answer', code: 'bim', value: 'no' });
  h.send({ type: 'renewal.signer', name: 'Ada Lovelace' });
  h.send({ type: 'renewal.agree', agreed: true });
}

describe('renewalMachine', () => {
  it('prefills last year’s answers, refuses an acceptance with something missing, then leaves for the checkout', async () => {
    const h = harness();
    await h.answer('loadRenewal', 'done', renewalOf('offered'));
    expect(h.value()).toEqual({ offered: 'shown' });
    expect(h.context().answers).toEqual({ prior_claims: 'no' });
    h.send({ type: 'renewal.accept' });
    expect(h.value()).toEqual({ offered: 'shown' });
    expect(h.context().problems).toEqual({
      bim: 'is required',
      signerName: 'Type your full name to sign',
      agreed: 'Tick the box to agree',
    });
    expect(h.waitingOn()).toBeUndefined();
    fillIn(h);
    expect(h.context().problems).toEqual({});
    h.send({ type: 'renewal.accept' });
    expect(h.value()).toBe('accepting');
    const [sent] = acceptInputs(h);
    expect(sent!.answers).toEqual({ bim: 'no', prior_claims: 'no' });
    expect(sent!.acceptKey).toMatch(/^[0-9a-f]{64}$/);
    await h.answer('acceptRenewal', 'done', toCheckout);
    expect(h.value()).toBe('toCheckout');
    expect(h.visited).toEqual([checkout.url]);
  });

  it('a refusal shows the server’s words, and the retry keeps the same key', async () => {
    const h = harness();
    await h.answer('loadRenewal', 'done', renewalOf('offered'));
    fillIn(h);
    h.send({ type: 'renewal.accept' });
    await h.answer('acceptRenewal', 'error', refused);
    expect(h.value()).toEqual({ offered: 'shown' });
    expect(h.context().failure).toEqual({
      message: 'Policy P-2026-000007 is cancelled',
      fields: { status: 'is cancelled' },
    });
    h.send({ type: 'renewal.accept' });
    const [first, second] = acceptInputs(h);
    expect(second!.acceptKey).toBe(first!.acceptKey);
  });

  it('referred: settled with an underwriter, nowhere to go', async () => {
    const h = harness();
    await h.answer('loadRenewal', 'done', renewalOf('offered'));
    fillIn(h);
    h.send({ type: 'renewal.accept' });
    await h.answer('acceptRenewal', 'done', referred);
    expect(h.value()).toBe('settled');
    expect(h.context().renewal?.status).toBe('with_underwriter');
    expect(h.visited).toEqual([]);
  });

  it('an offer already accepted asks for no answers again, only the signature', () => {
    expect(
      problemsOf({ renewal: renewalOf('awaiting_payment'), answers: {}, signerName: 'Ada', agreed: true }),
    ).toEqual({});
  });

  it('nothing to do (renewed, not yet) settles at once; a load that fails tries again', async () => {
    const renewed = harness();
    await renewed.answer('loadRenewal', 'done', renewalOf('renewed'));
    expect(renewed.value()).toBe('settled');
    const failing = harness();
    await failing.answer('loadRenewal', 'error', serverDown);
    expect(failing.value()).toBe('loadFailed');
    expect(failing.context().loadError).toMatch(/unavailable/);
    failing.send({ type: 'renewal.retry' });
    expect(failing.waitingOn()).toBe('loadRenewal');
  });
});

describe('renewalMachine: the price as the insured answers', () => {
  it('prices the answers once they rest, never before, with exactly what Accept and pay sends', async () => {
    const h = harness();
    await h.answer('loadRenewal', 'done', renewalOf('offered'));
    expect(h.value()).toEqual({ offered: 'shown' });
    h.send({ type: 'renewal.answer', code: 'bim', value: 'yes' });
    expect(h.value()).toEqual({ offered: 'waiting' });
    h.clock.increment(PREVIEW_DELAY_MS - 1);
    expect(previewRequests(h)).toEqual([]);
    h.clock.increment(1);
    expect(h.value()).toEqual({ offered: 'pricing' });
    expect(previewRequests(h)).toEqual([
      { policyid: 7, answers: { bim: 'yes' }, applicationAnswers: { prior_claims: 'no' }, paymentTerm: 'annual' },
    ]);
    await h.answer('previewRenewal', 'done', pricedYes);
    expect(h.value()).toEqual({ offered: 'priced' });
    expect(h.context().preview).toBe(pricedYes);

    fillIn(h);
    rest(h);
    await h.answer('previewRenewal', 'done', pricedNo);
    expect(h.context().preview).toBe(pricedNo);
    h.send({ type: 'renewal.accept' });
    expect(h.value()).toBe('accepting');
    // Accepted with the very answers last priced: the price shown is the price accepted.
    expect(previewRequest(acceptInputs(h)[0]!)).toEqual(previewRequests(h).at(-1));
  });

  it('answers in quick succession are priced once, as the last of them', async () => {
    const h = harness();
    await h.answer('loadRenewal', 'done', renewalOf('offered'));
    h.send({ type: 'renewal.answer', code: 'bim', value: 'yes' });
    h.clock.increment(PREVIEW_DELAY_MS / 2);
    h.send({ type: 'renewal.answer', code: 'bim', value: 'no' });
    h.clock.increment(PREVIEW_DELAY_MS / 2);
    expect(previewRequests(h)).toEqual([]);
    rest(h);
    expect(previewRequests(h).map((request) => request.answers)).toEqual([{ bim: 'no' }]);
  });

  it('a newer answer aborts the pricing under way: a late price for older answers is never shown', async () => {
    const signals: AbortSignal[] = [];
    const prices: Array<(quote: RenewalQuote) => void> = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      renewalMachine.provide({
        actors: {
          loadRenewal: fromPromise(async () => renewalOf('offered')),
          previewRenewal: fromPromise<RenewalQuote, { request: RenewalQuoteRequest }>(({ signal }) => {
            signals.push(signal);
            return new Promise((resolve) => prices.push(resolve));
          }),
        },
      }),
      { input: { policyId: 7 }, clock },
    ).start();
    await settle();
    actor.send({ type: 'renewal.answer', code: 'bim', value: 'yes' });
    clock.increment(PREVIEW_DELAY_MS);
    actor.send({ type: 'renewal.answer', code: 'bim', value: 'no' });
    expect(signals[0]!.aborted).toBe(true);
    prices[0]!(pricedYes);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ offered: 'waiting' });
    expect(actor.getSnapshot().context.preview).toBeNull();
    clock.increment(PREVIEW_DELAY_MS);
    prices[1]!(pricedNo);
    await settle();
    expect(actor.getSnapshot().context.preview).toBe(pricedNo);
    expect(signals[1]!.aborted).toBe(false);
  });

  it('a required answer cleared: no price until it is given again', async () => {
    const h = harness();
    await h.answer('loadRenewal', 'done', renewalOf('offered'));
    h.send({ type: 'renewal.answer', code: 'bim', value: 'yes' });
    rest(h);
    await h.answer('previewRenewal', 'done', pricedYes);
    h.send({ type: 'renewal.answer', code: 'bim', value: '' });
    rest(h);
    expect(h.value()).toEqual({ offered: 'unanswered' });
    expect(h.context().preview).toBeNull();
    expect(previewRequests(h)).toHaveLength(1);
  });

  it('a price refused shows the server’s words by field; Try again prices the same answers again', async () => {
    const h = harness();
    await h.answer('loadRenewal', 'done', renewalOf('offered'));
    h.send({ type: 'renewal.answer', code: 'bim', value: 'yes' });
    rest(h);
    await h.answer('previewRenewal', 'error', priceRefused);
    expect(h.value()).toEqual({ offered: 'priceFailed' });
    expect(h.context().previewFailure).toEqual({
      message: 'Check the answers: answers.bim is not one of the choices',
      fields: { 'answers.bim': 'is not one of the choices' },
    });
    h.send({ type: 'renewal.reprice' });
    expect(h.value()).toEqual({ offered: 'pricing' });
    expect(previewRequests(h)[1]).toEqual(previewRequests(h)[0]);
    await h.answer('previewRenewal', 'done', pricedYes);
    expect(h.context().previewFailure).toBeNull();
  });

  it('Accept and pay while a price is on its way: the acceptance goes, the pricing is dropped', async () => {
    const h = harness();
    await h.answer('loadRenewal', 'done', renewalOf('offered'));
    fillIn(h);
    rest(h);
    expect(h.waitingOn()).toBe('previewRenewal');
    h.send({ type: 'renewal.accept' });
    expect(h.value()).toBe('accepting');
    expect(acceptInputs(h)).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const RESTED = 'xstate.after.previewDelay.renewal.offered.waiting';

const traversalEvents = [
  done('loadRenewal', renewalOf('offered')),
  done('loadRenewal', renewalOf('renewed')),
  failed('loadRenewal', serverDown),
  done('acceptRenewal', toCheckout),
  done('acceptRenewal', referred),
  failed('acceptRenewal', refused),
  { type: 'renewal.retry' },
  { type: 'renewal.answer', code: 'bim', value: 'no' },
  { type: 'renewal.answer', code: 'bim', value: '' },
  { type: RESTED },
  done('previewRenewal', pricedNo),
  failed('previewRenewal', priceRefused),
  { type: 'renewal.reprice' },
  { type: 'renewal.term', code: 'annual' },
  { type: 'renewal.signer', name: 'Ada Lovelace' },
  { type: 'renewal.agree', agreed: true },
  { type: 'renewal.accept' },
] satisfies Array<RenewalEvent | AnyEventObject> as never[];

const serializeState = (snapshot: { value: unknown; context: RenewalContext }) =>
  JSON.stringify({
    value: snapshot.value,
    status: snapshot.context.renewal?.status ?? null,
    complete: Object.keys(problemsOf(snapshot.context)).length === 0,
    problems: Object.keys(snapshot.context.problems).sort(),
    failure: snapshot.context.failure !== null,
    preview: snapshot.context.preview !== null,
    previewFailure: snapshot.context.previewFailure !== null,
    answers: snapshot.context.answers,
    term: snapshot.context.paymentTerm,
  });

async function replay(steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const h = harness();
  for (const { event, state } of steps) {
    const answered = actorAnswer(event);
    if (answered) await h.answer(answered.id as Call, answered.outcome, answered.value);
    else if (event.type === RESTED) rest(h);
    else if (event.type !== 'xstate.init') h.send(event as never);
    expect(serializeState(h.snapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return h;
}

function expectConsistent(h: ReturnType<typeof harness>) {
  const { context } = h.snapshot();
  const value = JSON.stringify(h.value());
  if (value === '"loadFailed"') expect(context.loadError).toBeDefined();
  // Accepted only when nothing was missing; the checkout only once the server opened it.
  for (const sent of acceptInputs(h)) expect(problemsOf(sent)).toEqual({});
  // Only answers with every required one given are priced; a price shows only for the answers on screen.
  for (const request of previewRequests(h)) expect(request.answers).toHaveProperty('bim', 'no');
  if (value === JSON.stringify({ offered: 'priced' })) expect(context.preview).not.toBeNull();
  if (value === JSON.stringify({ offered: 'priceFailed' })) expect(context.previewFailure).not.toBeNull();
  if (value === JSON.stringify({ offered: 'unanswered' })) expect(context.preview).toBeNull();
  if (value === '"toCheckout"') expect(h.visited).toEqual([checkout.url]);
  else expect(h.visited).toEqual([]);
}

describe('renewalMachine paths', () => {
  it('reaches every state by a shortest path, and the real actor agrees', async () => {
    const paths = getShortestPaths(renewalMachine, {
      events: traversalEvents,
      input: { policyId: 7 },
      serializeState: serializeState as never,
    });
    const reached = new Set<string>();
    for (const path of paths) {
      reached.add(JSON.stringify(path.state.value));
      expectConsistent(await replay(path.steps as never));
    }
    expect([...reached].sort()).toEqual(
      [
        'accepting',
        'loadFailed',
        'loading',
        { offered: 'priceFailed' },
        { offered: 'priced' },
        { offered: 'pricing' },
        { offered: 'shown' },
        { offered: 'unanswered' },
        { offered: 'waiting' },
        'settled',
        'toCheckout',
      ]
        .map((value) => JSON.stringify(value))
        .sort(),
    );
  });

  it('walks every transition on a real actor', async () => {
    const paths = getTransitionPaths(renewalMachine, {
      events: traversalEvents,
      input: { policyId: 7 },
      serializeState: serializeState as never,
    });
    expect(paths.length).toBeGreaterThan(6);
    for (const path of paths) expectConsistent(await replay(path.steps as never));
  });
});
