import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Checkout } from '@shared/contract/billing';
import type { Calculation } from '@shared/contract/rating';
import type { AskedQuestion, Renewal, RenewalAccept } from '@shared/contract/renewal';
import { problemsOf, renewalMachine, type RenewalContext, type RenewalEvent } from '@/machines/renewal.machine';
import { actorAnswer, answerableCalls, httpError, reading } from '@/machines/machine-test-harness';
import { getTransitionPaths } from '@/machines/transition-paths';

/**
 * renewalMachine with its two calls waiting until the test answers them (the shared harness), its
 * checkout visits recorded; then xstate/graph walks every transition, each path replayed on a real
 * actor. The figures are placeholders: the machine passes the offer through and prices nothing.
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
const serverDown = httpError(503, 'The service is unavailable.');

type Call = 'loadRenewal' | 'acceptRenewal';
type Snapshot = SnapshotFrom<typeof renewalMachine>;

function harness() {
  const { calls, waiting, answer, waitingOn } = answerableCalls<Call>();
  const visited: string[] = [];
  const machine = renewalMachine.provide({
    actors: { loadRenewal: waiting('loadRenewal'), acceptRenewal: waiting('acceptRenewal') } as never,
    actions: { goToCheckout: (_, params) => void visited.push(params.url) },
  });
  const actor = createActor(machine, { input: { policyId: 7 } });
  actor.start();
  return { ...reading(actor), calls, answer, waitingOn, visited };
}

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
    expect(h.value()).toBe('offered');
    expect(h.context().answers).toEqual({ prior_claims: 'no' });
    h.send({ type: 'renewal.accept' });
    expect(h.value()).toBe('offered');
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
    expect(h.value()).toBe('offered');
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

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const traversalEvents = [
  done('loadRenewal', renewalOf('offered')),
  done('loadRenewal', renewalOf('renewed')),
  failed('loadRenewal', serverDown),
  done('acceptRenewal', toCheckout),
  done('acceptRenewal', referred),
  failed('acceptRenewal', refused),
  { type: 'renewal.retry' },
  { type: 'renewal.answer', code: 'bim', value: 'no' },
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
    term: snapshot.context.paymentTerm,
  });

async function replay(steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const h = harness();
  for (const { event, state } of steps) {
    const answered = actorAnswer(event);
    if (answered) await h.answer(answered.id as Call, answered.outcome, answered.value);
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
      reached.add(String(path.state.value));
      expectConsistent(await replay(path.steps as never));
    }
    expect([...reached].sort()).toEqual(['accepting', 'loadFailed', 'loading', 'offered', 'settled', 'toCheckout']);
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
