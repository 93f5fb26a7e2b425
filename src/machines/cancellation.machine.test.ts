import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { DownloadedDocument } from '@/api/documents';
import type { Checkout } from '@shared/contract/billing';
import type {
  Cancellation,
  CancellationOptions,
  CancellationQuote,
  TailOption,
  TailPurchase,
} from '@shared/contract/cancellation';
import {
  cancellationMachine,
  dateProblemOf,
  type CancellationContext,
  type CancellationEvent,
} from '@/machines/cancellation.machine';
import { actorAnswer, answerableCalls, httpError, networkError, reading } from '@/machines/machine-test-harness';
import { getTransitionPaths } from '@/machines/transition-paths';

/**
 * cancellationMachine with its six calls waiting until the test answers them (the shared harness),
 * its saves and checkout visits recorded; then xstate/graph walks every transition, each path
 * replayed on a real actor.
 */

const policy = {
  policyId: 7,
  policyNumber: 'P-2026-000007',
  effectiveDate: '2026-06-01',
  expirationDate: '2027-06-01',
  retroactiveDate: '2026-06-01',
};

const tailOffer: TailOption[] = [1, 2, 3].map((years) => ({
  years: years as 1 | 2 | 3,
  percentBps: [10_000, 16_000, 19_000][years - 1]!,
  premiumCents: 100_000 * years,
  taxCents: 3_000 * years,
  stateFeeCents: 500 * years,
  totalCents: 103_500 * years,
  reportingUntil: `${2026 + years}-07-10`,
}));

const inForce: CancellationOptions = {
  ...policy,
  status: 'in_force',
  earliestCancellationDate: '2026-07-02',
  latestCancellationDate: '2027-05-31',
  cancellationDate: null,
  cancellationReason: null,
  cancellation: null,
  tailStartsOn: null,
  tailOffer: [],
  tail: null,
};

const endorsement = { id: 41, number: 'P-2026-000007-E01', status: 'issued' as const, totalChangeCents: -80_000 };

const cancelledBefore: CancellationOptions = {
  ...inForce,
  status: 'cancelled',
  earliestCancellationDate: null,
  latestCancellationDate: null,
  cancellationDate: '2026-07-10',
  cancellationReason: 'Retiring',
  cancellation: endorsement,
  tailStartsOn: '2026-07-10',
  tailOffer,
};

const tailBought = {
  id: 42,
  number: 'P-2026-000007-E02',
  status: 'awaiting_payment' as const,
  totalChangeCents: 207_000,
  years: 2 as const,
  startsOn: '2026-07-10',
  reportingUntil: '2028-07-10',
};
const withTail: CancellationOptions = { ...cancelledBefore, tailOffer: [], tail: tailBought };

const quoteFor = (date: string): CancellationQuote => ({
  ...policy,
  status: 'in_force',
  cancellationDate: date,
  returnPremium: {
    method: 'pro_rata',
    daysRemaining: 326,
    daysInPeriod: 365,
    annualPremiumCents: 100_000,
    premiumCents: 89_315,
    policyFeeCents: 0,
    taxCents: 2_679,
    stateFeeCents: 447,
    totalCents: 92_441,
  },
  tailOffer,
});

const cancellation: Cancellation = {
  ...quoteFor('2026-07-10'),
  status: 'cancelled',
  reason: 'Retiring',
  cancelledAt: '2026-07-02T15:00:00.000Z',
  endorsement,
  notice: { filename: 'cancellation-notice-p-2026-000007.pdf' },
};

const purchase: TailPurchase = {
  ...policy,
  status: 'cancelled',
  tail: tailOffer[1]!,
  startsOn: '2026-07-10',
  endorsement: { id: 42, number: 'P-2026-000007-E02', status: 'awaiting_payment', totalChangeCents: 207_000 },
  invoice: {
    invoiceId: 90,
    number: 'INV-90',
    status: 'open',
    premiumCents: 200_000,
    taxCents: 6_000,
    feeCents: 1_000,
    totalCents: 207_000,
  },
};

const checkout: Checkout = {
  submissionId: 3,
  invoiceId: 90,
  provider: 'sandbox',
  sessionId: 'cs_test_1',
  url: 'https://pay.example.com/cs_test_1',
  amountCents: 207_000,
};

const pdf: DownloadedDocument = { blob: new Blob(['%PDF-1.7 test']), filename: 'cancellation-notice.pdf' };
const serverDown = httpError(503, 'The service is unavailable.');
const alreadyCancelled = httpError(
  409,
  'Policy P-2026-000007 is cancelled from 07/10/2026: it cannot be cancelled again',
  {
    status: 'is cancelled',
  },
);
const dateRefused = httpError(400, 'The cancellation date must be today (2026-07-03) or later', {
  cancellationDate: 'must be today (2026-07-03) or later',
});

type Call = 'loadOptions' | 'previewCancellation' | 'cancelPolicy' | 'fetchNotice' | 'buyTail' | 'payTail';
type Snapshot = SnapshotFrom<typeof cancellationMachine>;

function harness(clientId?: string) {
  const { calls, waiting, answer, waitingOn } = answerableCalls<Call>();
  const saved: string[] = [];
  const visited: string[] = [];
  const machine = cancellationMachine.provide({
    actors: {
      loadOptions: waiting('loadOptions'),
      previewCancellation: waiting('previewCancellation'),
      cancelPolicy: waiting('cancelPolicy'),
      fetchNotice: waiting('fetchNotice'),
      buyTail: waiting('buyTail'),
      payTail: waiting('payTail'),
    } as never,
    actions: {
      saveFile: (_, params) => void saved.push(params.filename),
      goToCheckout: (_, params) => void visited.push(params.url),
    },
  });
  const actor = createActor(machine, { input: { policyId: 7, clientId } });
  actor.start();
  return { ...reading(actor), calls, answer, waitingOn, saved, visited };
}

const inputOf = (h: ReturnType<typeof harness>, call: Call) =>
  h.calls.filter((made) => made.call === call).map((made) => made.input);

describe('dateProblemOf', () => {
  it('allows the days from the earliest to the latest, and names the rule otherwise', () => {
    expect(dateProblemOf(inForce, '2026-07-02')).toBeNull();
    expect(dateProblemOf(inForce, '2027-05-31')).toBeNull();
    expect(dateProblemOf(inForce, '2026-07-01')).toBe('must be today (2026-07-02) or later');
    expect(dateProblemOf(inForce, '2027-06-01')).toBe('must be before the expiration date (2027-06-01)');
    expect(dateProblemOf(inForce, '')).toBe('is required: choose a day');
    const notStarted = { ...inForce, effectiveDate: '2026-08-01', earliestCancellationDate: '2026-08-01' };
    expect(dateProblemOf(notStarted, '2026-07-20')).toBe('must be on or after the effective date (2026-08-01)');
    expect(dateProblemOf(cancelledBefore, '2026-07-20')).toMatch(/cannot be cancelled/);
  });
});

describe('cancellationMachine', () => {
  it('previews the earliest day at once, again when the day changes, and refuses a day out of range without asking', async () => {
    const h = harness();
    await h.answer('loadOptions', 'done', inForce);
    expect(h.value()).toEqual({ cancelling: { choosing: 'previewing' } });
    expect(h.context().date).toBe('2026-07-02');
    await h.answer('previewCancellation', 'done', quoteFor('2026-07-02'));
    expect(h.value()).toEqual({ cancelling: { choosing: 'previewed' } });

    h.send({ type: 'cancellation.date', date: '2027-06-01' });
    expect(h.value()).toEqual({ cancelling: { choosing: 'dateRefused' } });
    expect(h.context().dateProblem).toMatch(/before the expiration date/);
    expect(h.waitingOn()).toBeUndefined();

    h.send({ type: 'cancellation.date', date: '2026-07-10' });
    expect(h.context().quote).toBeNull();
    await h.answer('previewCancellation', 'done', quoteFor('2026-07-10'));
    expect(inputOf(h, 'previewCancellation')).toEqual([
      { policyId: 7, date: '2026-07-02' },
      { policyId: 7, date: '2026-07-10' },
    ]);
    // Not before a preview: reviewing needs what it returns.
    expect(h.snapshot().can({ type: 'cancellation.review' })).toBe(true);
  });

  it('confirms in a second step with one key per confirmation; a retry keeps it, going back and again makes another', async () => {
    const h = harness();
    await h.answer('loadOptions', 'done', inForce);
    await h.answer('previewCancellation', 'done', quoteFor('2026-07-02'));
    h.send({ type: 'cancellation.reason', reason: '  Retiring  ' });
    h.send({ type: 'cancellation.review' });
    expect(h.value()).toEqual({ cancelling: { confirming: 'asking' } });
    const key = h.context().cancelKey;
    expect(key).not.toBe('');
    h.send({ type: 'cancellation.confirm' });
    await h.answer('cancelPolicy', 'error', networkError());
    expect(h.value()).toEqual({ cancelling: { confirming: 'failed' } });
    h.send({ type: 'cancellation.confirm' });
    await h.answer('cancelPolicy', 'error', serverDown);
    expect(h.context().failure?.message).toBe('The service is unavailable.');
    h.send({ type: 'cancellation.back' });
    expect(h.context().failure).toBeNull();
    h.send({ type: 'cancellation.review' });
    expect(h.context().cancelKey).not.toBe(key);
    h.send({ type: 'cancellation.confirm' });
    await h.answer('cancelPolicy', 'done', cancellation);
    const sent = inputOf(h, 'cancelPolicy') as Array<{ key: string; reason: string }>;
    expect(sent.map((input) => input.key)).toEqual([key, key, h.context().cancelKey]);
    expect(sent[0]).toMatchObject({ policyId: 7, date: '2026-07-02', reason: '  Retiring  ' });
    expect(h.value()).toEqual({ concluded: 'idle' });
    expect(h.context()).toMatchObject({ noticeEndorsementId: 41, tailOffer, tail: null });
  });

  it('a policy cancelled meanwhile (409) shows the server’s words, and Try again shows its standing', async () => {
    const h = harness();
    await h.answer('loadOptions', 'done', inForce);
    await h.answer('previewCancellation', 'error', alreadyCancelled);
    expect(h.value()).toBe('refused');
    expect(h.context().failure?.message).toMatch(/cannot be cancelled again/);
    h.send({ type: 'cancellation.retry' });
    await h.answer('loadOptions', 'done', cancelledBefore);
    expect(h.value()).toEqual({ concluded: 'idle' });
  });

  it('a refused day keeps the server’s message by field, and Try again asks the same day', async () => {
    const h = harness();
    await h.answer('loadOptions', 'done', inForce);
    await h.answer('previewCancellation', 'error', dateRefused);
    expect(h.value()).toEqual({ cancelling: { choosing: 'previewFailed' } });
    expect(h.context().failure?.fields).toEqual({ cancellationDate: 'must be today (2026-07-03) or later' });
    h.send({ type: 'cancellation.retry' });
    expect(h.waitingOn()).toBe('previewCancellation');
  });

  it('after cancelling: the notice downloads, a tail is bought and its checkout opened in the branded site', async () => {
    const h = harness('acme');
    await h.answer('loadOptions', 'done', cancelledBefore);
    expect(h.value()).toEqual({ concluded: 'idle' });
    h.send({ type: 'notice.download' });
    await h.answer('fetchNotice', 'error', serverDown);
    expect(h.context().noticeFailure).toMatch(/unavailable/);
    h.send({ type: 'notice.download' });
    await h.answer('fetchNotice', 'done', pdf);
    expect(h.saved).toEqual(['cancellation-notice.pdf']);
    expect(h.context().noticeFailure).toBeNull();

    h.send({ type: 'tail.buy', years: 2 });
    await h.answer('buyTail', 'error', networkError());
    const key = h.context().tailKey;
    h.send({ type: 'tail.buy', years: 2 });
    await h.answer('buyTail', 'done', purchase);
    expect((inputOf(h, 'buyTail') as Array<{ key: string }>).map((input) => input.key)).toEqual([key, key]);
    expect(h.value()).toEqual({ concluded: 'payingTail' });
    expect(h.context().tail).toMatchObject({ endorsementId: 42, years: 2, status: 'awaiting_payment' });
    // No second tail on offer once one is bought.
    expect(h.context().tailOffer).toEqual([]);

    await h.answer('payTail', 'error', serverDown);
    const payKey = h.context().payKey;
    h.send({ type: 'tail.pay' });
    await h.answer('payTail', 'done', checkout);
    expect(inputOf(h, 'payTail')).toEqual([
      { endorsementId: 42, clientId: 'acme', key: payKey },
      { endorsementId: 42, clientId: 'acme', key: payKey },
    ]);
    expect(h.visited).toEqual([checkout.url]);
    expect(h.value()).toEqual({ concluded: 'leavingForCheckout' });
  });

  it('a tail bought already is not offered again; one waiting for payment can be paid, an issued one not', async () => {
    const h = harness();
    await h.answer('loadOptions', 'done', withTail);
    expect(h.snapshot().can({ type: 'tail.buy', years: 1 })).toBe(false);
    expect(h.snapshot().can({ type: 'tail.pay' })).toBe(true);
    const issued = harness();
    await issued.answer('loadOptions', 'done', { ...withTail, tail: { ...tailBought, status: 'issued' } });
    expect(issued.snapshot().can({ type: 'tail.pay' })).toBe(false);
    // Expired, never cancelled: no notice to download.
    const expired = harness();
    await expired.answer('loadOptions', 'done', { ...cancelledBefore, status: 'expired', cancellation: null });
    expect(expired.snapshot().can({ type: 'notice.download' })).toBe(false);
    expect(expired.snapshot().can({ type: 'tail.buy', years: 3 })).toBe(true);
  });

  it('a load that fails says why and tries again', async () => {
    const h = harness();
    await h.answer('loadOptions', 'error', serverDown);
    expect(h.value()).toBe('loadFailed');
    expect(h.context().loadError).toMatch(/unavailable/);
    h.send({ type: 'cancellation.retry' });
    expect(h.waitingOn()).toBe('loadOptions');
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const traversalEvents = [
  done('loadOptions', inForce),
  done('loadOptions', cancelledBefore),
  done('loadOptions', withTail),
  failed('loadOptions', serverDown),
  done('previewCancellation', quoteFor('2026-07-02')),
  failed('previewCancellation', dateRefused),
  failed('previewCancellation', alreadyCancelled),
  done('cancelPolicy', cancellation),
  failed('cancelPolicy', serverDown),
  failed('cancelPolicy', alreadyCancelled),
  done('fetchNotice', pdf),
  failed('fetchNotice', serverDown),
  done('buyTail', purchase),
  failed('buyTail', serverDown),
  done('payTail', checkout),
  failed('payTail', serverDown),
  { type: 'cancellation.retry' },
  { type: 'cancellation.date', date: '2026-07-02' },
  { type: 'cancellation.date', date: '2027-06-01' },
  { type: 'cancellation.review' },
  { type: 'cancellation.back' },
  { type: 'cancellation.confirm' },
  { type: 'notice.download' },
  { type: 'tail.buy', years: 2 },
  { type: 'tail.pay' },
] satisfies Array<CancellationEvent | AnyEventObject> as never[];

const serializeState = (snapshot: { value: unknown; context: CancellationContext }) =>
  JSON.stringify({
    value: snapshot.value,
    status: snapshot.context.options?.status ?? null,
    quoted: snapshot.context.quote !== null,
    failure: snapshot.context.failure !== null,
    offered: snapshot.context.tailOffer.length,
    tail: snapshot.context.tail?.status ?? null,
    tailFailure: snapshot.context.tailFailure !== null,
    noticeFailure: snapshot.context.noticeFailure !== null,
    dateProblem: snapshot.context.dateProblem !== null,
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
  const leaf = JSON.stringify(h.value());
  if (leaf === '"loadFailed"') expect(context.loadError).toBeDefined();
  if (leaf === '"refused"') expect(context.failure).not.toBeNull();
  if (leaf.includes('previewed')) expect(context.quote?.cancellationDate).toBe(context.date);
  if (leaf.includes('dateRefused')) expect(context.dateProblem).not.toBeNull();
  // Cancelled only after a confirmation; a tail never offered beside one bought; the checkout only once opened.
  const cancels = h.calls.filter((call) => call.call === 'cancelPolicy').length;
  if (cancels > 0) expect(h.calls.some((call) => call.call === 'previewCancellation')).toBe(true);
  if (context.tail) expect(context.tailOffer).toEqual([]);
  expect(h.visited.length).toBeLessThanOrEqual(h.calls.filter((call) => call.call === 'payTail').length);
  if (leaf.includes('leavingForCheckout')) expect(h.visited).toEqual([checkout.url]);
}

describe('cancellationMachine paths', () => {
  const leaves = [
    'loading',
    'loadFailed',
    'refused',
    'cancelling.choosing.previewing',
    'cancelling.choosing.previewed',
    'cancelling.choosing.previewFailed',
    'cancelling.choosing.dateRefused',
    'cancelling.confirming.asking',
    'cancelling.confirming.submitting',
    'cancelling.confirming.failed',
    'concluded.idle',
    'concluded.downloadingNotice',
    'concluded.buyingTail',
    'concluded.payingTail',
    'concluded.leavingForCheckout',
  ];
  const leafOf = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as object)
          .map(([key, inner]) => `${key}.${leafOf(inner)}`)
          .join('');

  it('reaches every state by a shortest path, and the real actor agrees', async () => {
    const paths = getShortestPaths(cancellationMachine, {
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
    const paths = getTransitionPaths(cancellationMachine, {
      events: traversalEvents,
      input: { policyId: 7 },
      serializeState: serializeState as never,
    });
    expect(paths.length).toBeGreaterThan(leaves.length);
    for (const path of paths) expectConsistent(await replay(path.steps as never));
  });
});
