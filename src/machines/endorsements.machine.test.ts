import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { DownloadedDocument } from '@/api/documents';
import type { Checkout } from '@shared/contract/billing';
import type {
  Endorsement,
  EndorsementOptions,
  EndorsementQuote,
  EndorsementRequest,
} from '@shared/contract/endorsements';
import {
  endorsementsMachine,
  type ChangeRequest,
  type EndorsementsContext,
  type EndorsementsEvent,
} from '@/machines/endorsements.machine';
import { actorAnswer, answerableCalls, httpError, networkError, reading } from '@/machines/machine-test-harness';
import { PREVIEW_DELAY_MS } from '@/machines/preview-delay';
import { getTransitionPaths } from '@/machines/transition-paths';

/**
 * endorsementsMachine with its calls waiting until the test answers them (the shared harness),
 * its save and its way to the checkout recorded, and xstate's SimulatedClock in place of time:
 * the form "rests" when the test moves the clock. Then xstate/graph walks every transition, each
 * path replayed on a real actor.
 */

const options: EndorsementOptions = {
  policyId: 7,
  policyNumber: 'P-2026-000007',
  status: 'in_force',
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
  earliestEffectiveDate: '2026-11-26',
  latestEffectiveDate: '2027-06-30',
  rateTableId: 3,
  rateTableVersion: 1,
  stateCode: 'TX',
  limitCode: '1M/1M',
  deductibleCode: '2500',
  limits: [
    { code: '1M/1M', label: '$1M / $1M', perClaimCents: 100_000_000, aggregateCents: 100_000_000 },
    { code: '2M/2M', label: '$2M / $2M', perClaimCents: 200_000_000, aggregateCents: 200_000_000 },
  ],
  deductibles: [
    { code: '2500', label: '$2,500', amountCents: 250_000 },
    { code: '5000', label: '$5,000', amountCents: 500_000 },
  ],
  insuredName: 'Ada Lovelace Architects LLC',
  addressLines: ['1 Main St', 'Houston, TX 77002'],
  address: { address1: '1 Main St', address2: null, city: 'Houston', state: 'TX', zipcode: '77002' },
  locations: [],
  awaitingPayment: null,
};
const withWaiting: EndorsementOptions = {
  ...options,
  awaitingPayment: { id: 40, number: 'P-2026-000007-E01', totalChangeCents: 12_345 },
};

const raise: ChangeRequest = { limitCode: '2M/2M', effectiveDate: '2026-11-26' };
const lower: ChangeRequest = { deductibleCode: '5000', effectiveDate: '2026-11-26' };

const quoteOf = (totalCents: number, limitCode = '2M/2M'): EndorsementQuote => ({
  policyId: 7,
  policyNumber: 'P-2026-000007',
  effectiveDate: '2026-11-26',
  rateTableId: 3,
  rateTableVersion: 1,
  changes: [{ field: 'limitCode', before: '1M/1M', after: limitCode }],
  annualPremiumBeforeCents: 250_000,
  annualPremiumAfterCents: 300_000,
  daysRemaining: 217,
  daysInPeriod: 365,
  proratedPremiumCents: totalCents,
  taxCents: 0,
  feeCents: 0,
  totalCents,
  worksheet: [],
});
const increase = quoteOf(29_726);
const decrease = quoteOf(-10_000);

const endorsementOf = (status: Endorsement['status'], totalChangeCents: number): Endorsement => ({
  id: 41,
  policyId: 7,
  number: 'P-2026-000007-E01',
  kind: 'change',
  status,
  effectiveDate: '2026-11-26',
  changes: [{ field: 'limitCode', before: '1M/1M', after: '2M/2M' }],
  annualPremiumBeforeCents: 250_000,
  annualPremiumAfterCents: 300_000,
  premiumChangeCents: totalChangeCents,
  taxChangeCents: 0,
  feeChangeCents: 0,
  totalChangeCents,
  returnPremiumStatus: totalChangeCents < 0 ? 'owed' : null,
  invoiceId: status === 'awaiting_payment' ? 90 : null,
  invoiceNumber: status === 'awaiting_payment' ? 'INV-2026-000090' : null,
  createdAt: '2026-11-26T15:00:00.000Z',
  issuedAt: status === 'issued' ? '2026-11-26T15:00:00.000Z' : null,
  hasDocument: status === 'issued',
});
const issued = endorsementOf('issued', -10_000);
const awaiting = endorsementOf('awaiting_payment', 29_726);
const referred = endorsementOf('referred', 29_726);

const checkout: Checkout = {
  submissionId: 4217,
  invoiceId: 90,
  provider: 'sandbox',
  sessionId: 'cs_sandbox_0001',
  url: 'https://pay.example.com/checkout/cs_sandbox_0001',
  amountCents: 29_726,
};
const pdf: DownloadedDocument = { blob: new Blob(['%PDF-1.7 test']), filename: 'endorsement-p-2026-000007-e01.pdf' };

const notInForce = httpError(409, 'Policy P-2026-000007 is cancelled: it can no longer be changed', {
  status: 'is cancelled',
});
const serverDown = httpError(503, 'The policy service is unavailable.');
const dateRefused = httpError(400, 'The change can take effect from Nov 26, 2026 to the day before Jul 1, 2027', {
  effectiveDate: 'must be a day from 2026-11-26 to the day before 2027-07-01',
});
const gone = httpError(404, 'No such endorsement document (or it is not yours, or not issued yet)');

type Call = 'loadOptions' | 'previewEndorsement' | 'endorse' | 'payEndorsement' | 'fetchEndorsement';
type Snapshot = SnapshotFrom<typeof endorsementsMachine>;

function harness(input: { policyId: number; clientId?: string } = { policyId: 7 }) {
  const { calls, waiting, answer, waitingOn } = answerableCalls<Call>();
  const saved: string[] = [];
  const went: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    endorsementsMachine.provide({
      actors: {
        loadOptions: waiting('loadOptions'),
        previewEndorsement: waiting('previewEndorsement'),
        endorse: waiting('endorse'),
        payEndorsement: waiting('payEndorsement'),
        fetchEndorsement: waiting('fetchEndorsement'),
      },
      actions: {
        saveFile: (_, { filename }) => void saved.push(filename),
        goToCheckout: (_, { url }) => void went.push(url),
      },
    }),
    { input, clock },
  ).start();
  return { ...reading(actor), calls, answer, waitingOn, saved, went, clock };
}

type Harness = ReturnType<typeof harness>;

const edit = (request: ChangeRequest | null): EndorsementsEvent => ({ type: 'change.edit', request });
const rest = (endorsements: Harness) => endorsements.clock.increment(PREVIEW_DELAY_MS);
const callsOf = (endorsements: Harness, call: Call) => endorsements.calls.filter((one) => one.call === call);
const keyOf = (call: { input: unknown } | undefined) => (call?.input as { idempotencyKey: string }).idempotencyKey;

async function loaded(answer: EndorsementOptions = options) {
  const endorsements = harness();
  await endorsements.answer('loadOptions', 'done', answer);
  return endorsements;
}

/** The change priced: edited, rested, answered. */
async function previewed(change: ChangeRequest = raise, quote: EndorsementQuote = increase) {
  const endorsements = await loaded();
  endorsements.send(edit(change));
  rest(endorsements);
  await endorsements.answer('previewEndorsement', 'done', quote);
  expect(endorsements.value()).toEqual({ editing: 'previewed' });
  return endorsements;
}

describe('endorsementsMachine: the policy', () => {
  it('loads the policy’s options, then waits for a change', async () => {
    const endorsements = harness({ policyId: 7 });
    expect(endorsements.value()).toBe('loading');
    expect(endorsements.calls).toEqual([{ call: 'loadOptions', input: { policyId: 7 } }]);
    await endorsements.answer('loadOptions', 'done', options);
    expect(endorsements.value()).toEqual({ editing: 'choosing' });
    expect(endorsements.context().options).toEqual(options);
    expect(endorsements.context().payable).toBeNull();
  });

  it('a policy not in force (409) cannot change: no form, the server’s words', async () => {
    const endorsements = harness();
    await endorsements.answer('loadOptions', 'error', notInForce);
    expect(endorsements.value()).toBe('notInForce');
    expect(endorsements.context().errorMessage).toBe('Policy P-2026-000007 is cancelled: it can no longer be changed');
    expect(endorsements.snapshot().status).toBe('done');
    expect(endorsements.waitingOn()).toBeUndefined();
  });

  it('says why it could not load, and Try again loads it', async () => {
    const endorsements = harness();
    await endorsements.answer('loadOptions', 'error', serverDown);
    expect(endorsements.value()).toBe('loadFailed');
    expect(endorsements.context().errorMessage).toBe('The policy service is unavailable.');
    endorsements.send({ type: 'policy.retry' });
    await endorsements.answer('loadOptions', 'done', options);
    expect(endorsements.value()).toEqual({ editing: 'choosing' });
    expect(endorsements.context().errorMessage).toBeUndefined();
  });

  it('a change left waiting for its payment is offered to pay first', async () => {
    const endorsements = await loaded(withWaiting);
    expect(endorsements.value()).toEqual({ awaitingPayment: 'idle' });
    expect(endorsements.context().payable).toEqual({ id: 40, number: 'P-2026-000007-E01', totalCents: 12_345 });
    endorsements.send({ type: 'endorsement.pay' });
    expect(endorsements.calls.at(-1)).toEqual({
      call: 'payEndorsement',
      input: { endorsementId: 40, clientId: undefined, idempotencyKey: endorsements.context().payKey },
    });
  });
});

describe('endorsementsMachine: the preview', () => {
  it('prices a change once the form rests, never before, with the policy', async () => {
    const endorsements = await loaded();
    endorsements.send(edit(raise));
    expect(endorsements.value()).toEqual({ editing: 'waiting' });
    endorsements.clock.increment(PREVIEW_DELAY_MS - 1);
    expect(callsOf(endorsements, 'previewEndorsement')).toHaveLength(0);
    endorsements.clock.increment(1);
    expect(endorsements.value()).toEqual({ editing: 'previewing' });
    expect(endorsements.calls.at(-1)).toEqual({
      call: 'previewEndorsement',
      input: { request: { ...raise, policyid: 7 } },
    });
    await endorsements.answer('previewEndorsement', 'done', increase);
    expect(endorsements.value()).toEqual({ editing: 'previewed' });
    expect(endorsements.context().quote).toBe(increase);
    expect(endorsements.context().quoted).toEqual(raise);
  });

  it('changes in quick succession are priced once, as the last of them', async () => {
    const endorsements = await loaded();
    endorsements.send(edit({ insuredName: 'A' }));
    endorsements.clock.increment(PREVIEW_DELAY_MS / 2);
    endorsements.send(edit({ insuredName: 'Ad' }));
    endorsements.clock.increment(PREVIEW_DELAY_MS / 2);
    endorsements.send(edit({ insuredName: 'Ada' }));
    rest(endorsements);
    expect(callsOf(endorsements, 'previewEndorsement').map((call) => call.input)).toEqual([
      { request: { insuredName: 'Ada', policyid: 7 } },
    ]);
  });

  it('a change while one is priced cancels that preview (its request aborted): only the last is shown', async () => {
    const signals: AbortSignal[] = [];
    const answers: Array<(quote: EndorsementQuote) => void> = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      endorsementsMachine.provide({
        actors: {
          loadOptions: fromPromise(async () => options),
          previewEndorsement: fromPromise<EndorsementQuote, { request: EndorsementRequest }>(({ signal }) => {
            signals.push(signal);
            return new Promise((resolve) => answers.push(resolve));
          }),
        },
      }),
      { input: { policyId: 7 }, clock },
    ).start();
    await new Promise((resolve) => setImmediate(resolve));
    actor.send(edit(raise));
    clock.increment(PREVIEW_DELAY_MS);
    actor.send(edit(lower));
    expect(signals[0]!.aborted).toBe(true);
    // The first answer arrives anyway: it is not the change the form holds, so it is not shown.
    answers[0]!(increase);
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toEqual({ editing: 'waiting' });
    expect(actor.getSnapshot().context.quote).toBeNull();
    clock.increment(PREVIEW_DELAY_MS);
    answers[1]!(decrease);
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().context.quote).toBe(decrease);
    expect(actor.getSnapshot().context.quoted).toEqual(lower);
    expect(signals[1]!.aborted).toBe(false);
  });

  it('the same change sent again is not priced again', async () => {
    const endorsements = await previewed();
    endorsements.send(edit({ ...raise }));
    rest(endorsements);
    expect(endorsements.value()).toEqual({ editing: 'previewed' });
    expect(callsOf(endorsements, 'previewEndorsement')).toHaveLength(1);
  });

  it('a form that changes nothing (or holds a field to correct) prices nothing and drops the last price’s draft', async () => {
    const endorsements = await previewed();
    endorsements.send(edit({ effectiveDate: '2026-12-01' }));
    expect(endorsements.value()).toEqual({ editing: 'choosing' });
    endorsements.send(edit(null));
    rest(endorsements);
    expect(endorsements.value()).toEqual({ editing: 'choosing' });
    expect(endorsements.context().draft).toBeNull();
    expect(callsOf(endorsements, 'previewEndorsement')).toHaveLength(1);
    // Confirm means nothing without a price on screen.
    endorsements.send({ type: 'change.confirm' });
    expect(callsOf(endorsements, 'endorse')).toHaveLength(0);
  });

  it('keeps a refusal with its field until the change is edited; Try again asks again', async () => {
    const endorsements = await loaded();
    endorsements.send(edit({ ...raise, effectiveDate: '2027-08-01' }));
    rest(endorsements);
    await endorsements.answer('previewEndorsement', 'error', dateRefused);
    expect(endorsements.value()).toEqual({ editing: 'previewFailed' });
    expect(endorsements.context().previewFailure).toEqual({
      message: 'The change can take effect from Nov 26, 2026 to the day before Jul 1, 2027',
      fields: { effectiveDate: 'must be a day from 2026-11-26 to the day before 2027-07-01' },
    });
    endorsements.send({ type: 'change.confirm' });
    expect(callsOf(endorsements, 'endorse')).toHaveLength(0);
    endorsements.send({ type: 'preview.retry' });
    await endorsements.answer('previewEndorsement', 'error', networkError());
    expect(endorsements.context().previewFailure?.message).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
    endorsements.send(edit(raise));
    expect(endorsements.context().previewFailure).toBeNull();
  });
});

describe('endorsementsMachine: confirming', () => {
  it('a return premium is issued at once; its PDF downloads under the server’s name', async () => {
    const endorsements = await previewed(lower, decrease);
    endorsements.send({ type: 'change.confirm' });
    expect(endorsements.value()).toEqual({ editing: 'confirming' });
    const call = endorsements.calls.at(-1)!;
    expect(call.call).toBe('endorse');
    expect((call.input as { request: unknown }).request).toEqual({ ...lower, policyid: 7 });
    expect(keyOf(call)).toMatch(/^[0-9a-f]{64}$/);
    // The form is ignored while the change is made, and a second Confirm too.
    endorsements.send(edit(raise));
    endorsements.send({ type: 'change.confirm' });
    expect(callsOf(endorsements, 'endorse')).toHaveLength(1);
    await endorsements.answer('endorse', 'done', issued);
    expect(endorsements.value()).toEqual({ issued: 'idle' });
    expect(endorsements.context().endorsement).toBe(issued);
    endorsements.send({ type: 'endorsement.download' });
    expect(endorsements.calls.at(-1)).toEqual({ call: 'fetchEndorsement', input: { endorsement: issued } });
    await endorsements.answer('fetchEndorsement', 'done', pdf);
    expect(endorsements.saved).toEqual(['endorsement-p-2026-000007-e01.pdf']);
    expect(endorsements.context().downloaded).toBe(true);
  });

  it('a failed download says why and saves nothing; Download again clears it', async () => {
    const endorsements = await previewed(lower, decrease);
    endorsements.send({ type: 'change.confirm' });
    await endorsements.answer('endorse', 'done', issued);
    endorsements.send({ type: 'endorsement.download' });
    await endorsements.answer('fetchEndorsement', 'error', gone);
    expect(endorsements.value()).toEqual({ issued: 'idle' });
    expect(endorsements.context().downloadFailure).toBe(
      '404: No such endorsement document (or it is not yours, or not issued yet)',
    );
    expect(endorsements.saved).toEqual([]);
    endorsements.send({ type: 'endorsement.download' });
    expect(endorsements.context().downloadFailure).toBeNull();
  });

  it('an additional premium waits for its payment: Pay opens the checkout and the browser goes there', async () => {
    const endorsements = harness({ policyId: 7, clientId: 'harbor-risk' });
    await endorsements.answer('loadOptions', 'done', options);
    endorsements.send(edit(raise));
    rest(endorsements);
    await endorsements.answer('previewEndorsement', 'done', increase);
    endorsements.send({ type: 'change.confirm' });
    await endorsements.answer('endorse', 'done', awaiting);
    expect(endorsements.value()).toEqual({ awaitingPayment: 'idle' });
    expect(endorsements.context().payable).toEqual({ id: 41, number: 'P-2026-000007-E01', totalCents: 29_726 });
    endorsements.send({ type: 'endorsement.pay' });
    endorsements.send({ type: 'endorsement.pay' });
    expect(callsOf(endorsements, 'payEndorsement')).toHaveLength(1);
    const payKey = keyOf(endorsements.calls.at(-1));
    expect(endorsements.calls.at(-1)!.input).toEqual({
      endorsementId: 41,
      clientId: 'harbor-risk',
      idempotencyKey: payKey,
    });
    // Not reached: Pay again is the same attempt, with the same key.
    await endorsements.answer('payEndorsement', 'error', networkError());
    expect(endorsements.context().payFailure).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
    endorsements.send({ type: 'endorsement.pay' });
    expect(keyOf(endorsements.calls.at(-1))).toBe(payKey);
    expect(endorsements.context().payFailure).toBeNull();
    await endorsements.answer('payEndorsement', 'done', checkout);
    expect(endorsements.value()).toEqual({ awaitingPayment: 'leaving' });
    expect(endorsements.went).toEqual([checkout.url]);
  });

  it('a change the rules refer waits for an underwriter', async () => {
    const endorsements = await previewed();
    endorsements.send({ type: 'change.confirm' });
    await endorsements.answer('endorse', 'done', referred);
    expect(endorsements.value()).toBe('referred');
    expect(endorsements.context().payable).toBeNull();
  });

  it('a lost answer retried sends the same key; a changed change is a new confirmation with a new key', async () => {
    const endorsements = await previewed();
    endorsements.send({ type: 'change.confirm' });
    const firstKey = keyOf(endorsements.calls.at(-1));
    await endorsements.answer('endorse', 'error', networkError());
    expect(endorsements.value()).toEqual({ editing: 'previewed' });
    expect(endorsements.context().endorseFailure?.message).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
    endorsements.send({ type: 'change.confirm' });
    expect(keyOf(endorsements.calls.at(-1))).toBe(firstKey);
    await endorsements.answer('endorse', 'error', serverDown);
    // The insured changes their mind: priced again, then confirmed as a new change.
    endorsements.send(edit(lower));
    expect(endorsements.context().endorseFailure).toBeNull();
    rest(endorsements);
    await endorsements.answer('previewEndorsement', 'done', decrease);
    endorsements.send({ type: 'change.confirm' });
    expect(keyOf(endorsements.calls.at(-1))).not.toBe(firstKey);
    expect((endorsements.calls.at(-1)!.input as { request: unknown }).request).toEqual({ ...lower, policyid: 7 });
  });

  it('a 409 on confirming (another change awaits payment) shows in the server’s words', async () => {
    const endorsements = await previewed();
    endorsements.send({ type: 'change.confirm' });
    await endorsements.answer(
      'endorse',
      'error',
      httpError(409, 'Endorsement P-2026-000007-E01 is awaiting payment: pay it before another change', {
        status: 'is awaiting_payment',
      }),
    );
    expect(endorsements.context().endorseFailure).toEqual({
      message: 'Endorsement P-2026-000007-E01 is awaiting payment: pay it before another change',
      fields: { status: 'is awaiting_payment' },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const RESTED = 'xstate.after.previewDelay.endorsements.editing.waiting';

const traversalEvents = [
  done('loadOptions', options),
  done('loadOptions', withWaiting),
  failed('loadOptions', notInForce),
  failed('loadOptions', serverDown),
  { type: 'policy.retry' },
  edit(raise),
  edit(lower),
  edit(null),
  { type: RESTED },
  done('previewEndorsement', increase),
  failed('previewEndorsement', dateRefused),
  { type: 'preview.retry' },
  { type: 'change.confirm' },
  done('endorse', issued),
  done('endorse', awaiting),
  done('endorse', referred),
  failed('endorse', serverDown),
  { type: 'endorsement.download' },
  done('fetchEndorsement', pdf),
  failed('fetchEndorsement', gone),
  { type: 'endorsement.pay' },
  done('payEndorsement', checkout),
  failed('payEndorsement', serverDown),
] as never[];

const serializeState = (snapshot: { value: unknown; context: EndorsementsContext }) =>
  JSON.stringify({
    value: snapshot.value,
    draft: snapshot.context.draft,
    quoted: snapshot.context.quoted,
    endorseFailed: snapshot.context.endorseFailure !== null,
    payFailed: snapshot.context.payFailure !== null,
    downloadFailed: snapshot.context.downloadFailure !== null,
    payable: snapshot.context.payable?.id ?? null,
  });

async function replay(steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const endorsements = harness();
  for (const { event, state } of steps) {
    const answered = actorAnswer(event);
    if (answered) await endorsements.answer(answered.id as Call, answered.outcome, answered.value);
    else if (event.type === RESTED) rest(endorsements);
    else if (event.type !== 'xstate.init') endorsements.send(event as never);
    expect(serializeState(endorsements.snapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return endorsements;
}

/** What must hold in a state however it was reached. */
function expectConsistent(endorsements: Harness) {
  const { context } = endorsements.snapshot();
  const leaf = JSON.stringify(endorsements.value());
  if (leaf === '"loadFailed"' || leaf === '"notInForce"') expect(context.errorMessage).toBeDefined();
  if (leaf.startsWith('{"editing"')) expect(context.options).not.toBeNull();
  if (leaf === JSON.stringify({ editing: 'previewed' })) expect(context.quote).not.toBeNull();
  if (leaf === JSON.stringify({ editing: 'previewFailed' })) expect(context.previewFailure).not.toBeNull();
  if (leaf.startsWith('{"issued"')) expect(context.endorsement?.status).toBe('issued');
  if (leaf.startsWith('{"awaitingPayment"')) expect(context.payable).not.toBeNull();
  // Only a change priced is ever committed, and exactly as priced.
  for (const call of callsOf(endorsements, 'endorse')) {
    const { request } = call.input as { request: Record<string, unknown> };
    expect([raise, lower].map((change) => ({ ...change, policyid: 7 }))).toContainEqual(request);
  }
  // The browser leaves only with a checkout opened, once.
  expect(endorsements.went.length).toBeLessThanOrEqual(1);
  if (endorsements.went.length) expect(leaf).toBe(JSON.stringify({ awaitingPayment: 'leaving' }));
}

describe('endorsementsMachine paths', () => {
  const leaves = [
    'loading',
    'loadFailed',
    'notInForce',
    'editing.choosing',
    'editing.waiting',
    'editing.previewing',
    'editing.previewFailed',
    'editing.previewed',
    'editing.confirming',
    'issued.idle',
    'issued.downloading',
    'referred',
    'awaitingPayment.idle',
    'awaitingPayment.opening',
    'awaitingPayment.leaving',
  ];
  const leafOf = (value: unknown) =>
    typeof value === 'string' ? value : Object.entries(value as object).map(([k, v]) => `${k}.${String(v)}`)[0]!;

  it('reaches every state by a shortest path, and the real actor on a simulated clock agrees', async () => {
    const paths = getShortestPaths(endorsementsMachine, {
      events: traversalEvents,
      input: { policyId: 7 },
      serializeState: serializeState as never,
    });
    const reached = new Set<string>();
    for (const path of paths) {
      reached.add(leafOf(path.state.value));
      expectConsistent(await replay(path.steps as never));
    }
    expect([...reached].sort()).toEqual([...leaves].sort());
  });

  it('walks every transition on a real actor', async () => {
    const paths = getTransitionPaths(endorsementsMachine, {
      events: traversalEvents,
      input: { policyId: 7 },
      serializeState: serializeState as never,
    });
    expect(paths.length).toBeGreaterThan(leaves.length);
    for (const path of paths) expectConsistent(await replay(path.steps as never));
  });
});
