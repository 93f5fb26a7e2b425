import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '@shared/contract/billing';
import { createActor, fromPromise, SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { DownloadedDocument } from '@/api/documents';
import type { Endorsement } from '@shared/contract/endorsements';
import { actorAnswer, answerableCalls, reading } from '@/machines/machine-test-harness';
import type { PaymentConfirmation } from '@shared/contract/billing';
import {
  paymentConfirmMachine,
  PENDING_BACKOFF_MS,
  type PaymentConfirmContext,
} from '@/machines/payment-confirm.machine';

/**
 * paymentConfirmMachine with its one call mocked (answered by the test) and xstate's
 * SimulatedClock in place of time: the waits between asking again pass when the test moves the
 * clock, never by sleeping. Then xstate/graph walks its paths, each replayed on a real actor.
 */

const session = { submissionId: 4217, sessionId: 'cs_sandbox_0001' };

const answerOf = (
  outcome: PaymentConfirmation['outcome'],
  extra: Partial<PaymentConfirmation> = {},
): PaymentConfirmation => ({
  submissionId: 4217,
  outcome,
  orderStatus: outcome === 'paid' ? 'complete' : 'awaiting_payment',
  message:
    outcome === 'paid'
      ? null
      : outcome === 'pending'
        ? 'We have not received your payment yet.'
        : 'Your card was declined.',
  policyNumber: outcome === 'paid' ? 'P-2026-004217' : null,
  ...extra,
});
const paid = answerOf('paid');
const pending = answerOf('pending');
const declined = answerOf('failed');

function httpError(status: number, message: string): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/payments/confirm'),
    {} as never,
  );
  error.message = `${status}: ${message}`;
  return Object.assign(error, { fields: {}, label: `HTTP ${status}` });
}
const noSuchCheckout = httpError(404, 'Order Q-2026-004217 has no such checkout');
const serverDown = httpError(503, 'The order service is unavailable.');

type Snapshot = SnapshotFrom<typeof paymentConfirmMachine>;

/** The paid invoice the receipt shows: the first of four quarterly payments, three to come. */
const paidInvoice = {
  invoiceId: 12,
  number: 'INV-2026-000012',
  submissionId: session.submissionId,
  orderNumber: 'Q-2026-004217',
  status: 'paid',
  orderStatus: 'complete',
  orderVersion: 8,
  paymentTerm: { code: 'quarterly', name: 'Quarterly' },
  premiumCents: 250_000,
  policyFeeCents: 15_000,
  taxCents: 7_132,
  stateFeeCents: 0,
  totalCents: 272_132,
  amountDueCents: 68_033,
  currency: 'USD',
  dueDate: '2026-07-01',
  schedule: [
    { installmentNo: 1, dueDate: '2026-07-01', amountCents: 68_033 },
    { installmentNo: 2, dueDate: '2026-10-01', amountCents: 68_533 },
  ],
  createdAt: '2026-06-25T10:05:00.000Z',
  paidAt: '2026-06-25T10:09:00.000Z',
  lastPaymentFailure: null,
} satisfies Invoice;

/** A nested state as a dotted path ('confirmed.receipt'). */
function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0]!;
  return `${key}.${statePath(child)}`;
}

function harness() {
  const clock = new SimulatedClock();
  const calls: unknown[] = [];
  let pendingCall: { resolve: (value: PaymentConfirmation) => void; reject: (error: unknown) => void } | undefined;
  let pendingInvoice: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    paymentConfirmMachine.provide({
      actors: {
        confirmPayment: fromPromise(({ input }) => {
          calls.push(input);
          return new Promise<PaymentConfirmation>((resolve, reject) => (pendingCall = { resolve, reject }));
        }),
        loadInvoice: fromPromise<Invoice, { submissionId: number }>(
          () =>
            new Promise<Invoice>(
              (resolve, reject) => (pendingInvoice = { resolve: resolve as (value: unknown) => void, reject }),
            ),
        ),
      },
    }),
    { input: session, clock },
  ).start();
  async function answer(outcome: 'done' | 'error', value: unknown) {
    const open = pendingCall;
    expect(open, 'the machine is not asking').toBeDefined();
    pendingCall = undefined;
    if (outcome === 'done') open!.resolve(value as PaymentConfirmation);
    else open!.reject(value);
    await new Promise((resolve) => setImmediate(resolve));
  }
  /** Answers the receipt's invoice call. */
  async function answerInvoice(outcome: 'done' | 'error', value: unknown) {
    const open = pendingInvoice;
    expect(open, 'the machine is not loading the invoice').toBeDefined();
    pendingInvoice = undefined;
    if (outcome === 'done') open!.resolve(value);
    else open!.reject(value);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return {
    actor,
    clock,
    calls,
    answer,
    answerInvoice,
    asking: () => pendingCall !== undefined,
    value: () => statePath(actor.getSnapshot().value),
    context: () => actor.getSnapshot().context,
  };
}

describe('paymentConfirmMachine', () => {
  it('asks about the session it came back from; paid is confirmed, with the policy number', async () => {
    const confirm = harness();
    expect(confirm.value()).toBe('confirming');
    expect(confirm.calls).toEqual([session]);
    await confirm.answer('done', paid);
    expect(confirm.value()).toBe('confirmed.loadingReceipt');
    expect(confirm.context().confirmation?.policyNumber).toBe('P-2026-004217');
    await confirm.answerInvoice('done', paidInvoice);
    expect(confirm.value()).toBe('confirmed.receipt');
    expect(confirm.context().invoice).toEqual(paidInvoice);
    // Nothing more is asked, however long the page stays open.
    confirm.clock.increment(60_000);
    expect(confirm.calls).toEqual([session]);
    expect(confirm.asking()).toBe(false);
  });

  it('a receipt that fails to load says why, and Try again loads it; the payment stays confirmed', async () => {
    const confirm = harness();
    await confirm.answer('done', paid);
    await confirm.answerInvoice('error', serverDown);
    expect(confirm.value()).toBe('confirmed.receiptFailed');
    expect(confirm.context().errorMessage).toBe('The order service is unavailable.');
    confirm.actor.send({ type: 'receipt.retry' });
    await confirm.answerInvoice('done', paidInvoice);
    expect(confirm.value()).toBe('confirmed.receipt');
    expect(confirm.context().errorMessage).toBeUndefined();
  });

  it('failed ends with the server’s words', async () => {
    const confirm = harness();
    await confirm.answer('done', declined);
    expect(confirm.value()).toBe('failed');
    expect(confirm.context().confirmation?.message).toBe('Your card was declined.');
  });

  it('pending waits 1 s, 2 s, 4 s and 8 s between asking, then says it is still waiting', async () => {
    const confirm = harness();
    for (const [index, wait] of PENDING_BACKOFF_MS.entries()) {
      await confirm.answer('done', pending);
      expect(confirm.value()).toBe('waiting');
      expect(confirm.context().waits).toBe(index);
      // Not a moment before its time.
      confirm.clock.increment(wait - 1);
      expect(confirm.value()).toBe('waiting');
      expect(confirm.asking()).toBe(false);
      confirm.clock.increment(1);
      expect(confirm.value()).toBe('confirming');
      expect(confirm.asking()).toBe(true);
    }
    expect(confirm.calls).toHaveLength(PENDING_BACKOFF_MS.length + 1);
    await confirm.answer('done', pending);
    expect(confirm.value()).toBe('stillWaiting');
    expect(confirm.context().confirmation?.message).toBe('We have not received your payment yet.');
    // No more asking on its own.
    confirm.clock.increment(60_000);
    expect(confirm.asking()).toBe(false);
  });

  it('Check again asks once more; still pending stays still waiting, paid is confirmed', async () => {
    const confirm = harness();
    for (const wait of PENDING_BACKOFF_MS) {
      await confirm.answer('done', pending);
      confirm.clock.increment(wait);
    }
    await confirm.answer('done', pending);
    confirm.actor.send({ type: 'confirm.retry' });
    expect(confirm.value()).toBe('confirming');
    await confirm.answer('done', pending);
    expect(confirm.value()).toBe('stillWaiting');
    confirm.actor.send({ type: 'confirm.retry' });
    await confirm.answer('done', paid);
    expect(confirm.value()).toBe('confirmed.loadingReceipt');
  });

  it('paid after a wait is confirmed', async () => {
    const confirm = harness();
    await confirm.answer('done', pending);
    confirm.clock.increment(PENDING_BACKOFF_MS[0]);
    await confirm.answer('done', paid);
    expect(confirm.value()).toBe('confirmed.loadingReceipt');
  });

  it('no such checkout (404) is not found, in the server’s words', async () => {
    const confirm = harness();
    await confirm.answer('error', noSuchCheckout);
    expect(confirm.value()).toBe('notFound');
    expect(confirm.context().errorMessage).toBe('Order Q-2026-004217 has no such checkout');
  });

  it('a server that does not answer says so, and Check again asks again', async () => {
    const confirm = harness();
    await confirm.answer('error', serverDown);
    expect(confirm.value()).toBe('unreachable');
    expect(confirm.context().errorMessage).toBe('The order service is unavailable.');
    confirm.actor.send({ type: 'confirm.retry' });
    await confirm.answer('done', paid);
    expect(confirm.value()).toBe('confirmed.loadingReceipt');
    expect(confirm.context().errorMessage).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const WAITED = 'xstate.after.backoff.paymentConfirm.waiting';

const traversalEvents = [
  { type: 'xstate.done.actor.confirmPayment', output: paid },
  { type: 'xstate.done.actor.confirmPayment', output: pending },
  { type: 'xstate.done.actor.confirmPayment', output: declined },
  { type: 'xstate.error.actor.confirmPayment', error: noSuchCheckout },
  { type: 'xstate.error.actor.confirmPayment', error: serverDown },
  { type: WAITED },
  { type: 'confirm.retry' },
  { type: 'xstate.done.actor.loadInvoice', output: paidInvoice },
  { type: 'xstate.error.actor.loadInvoice', error: serverDown },
  { type: 'receipt.retry' },
] as never[];

const serializeState = (snapshot: { value: unknown; context: PaymentConfirmContext }) =>
  JSON.stringify({
    value: snapshot.value,
    waits: snapshot.context.waits,
    outcome: snapshot.context.confirmation?.outcome ?? null,
  });

async function replay(steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const confirm = harness();
  for (const { event, state } of steps) {
    if (event.type === 'xstate.done.actor.confirmPayment')
      await confirm.answer('done', (event as unknown as { output: unknown }).output);
    else if (event.type === 'xstate.error.actor.confirmPayment')
      await confirm.answer('error', (event as unknown as { error: unknown }).error);
    else if (event.type === 'xstate.done.actor.loadInvoice')
      await confirm.answerInvoice('done', (event as unknown as { output: unknown }).output);
    else if (event.type === 'xstate.error.actor.loadInvoice')
      await confirm.answerInvoice('error', (event as unknown as { error: unknown }).error);
    else if (event.type === WAITED) confirm.clock.increment(PENDING_BACKOFF_MS[confirm.context().waits]!);
    else if (event.type !== 'xstate.init') confirm.actor.send(event as never);
    expect(serializeState(confirm.actor.getSnapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return confirm;
}

/** What must hold in a state however it was reached. */
function expectConsistent(confirm: ReturnType<typeof harness>) {
  const value = confirm.value();
  const { confirmation, waits, errorMessage } = confirm.context();
  expect(confirm.asking()).toBe(value === 'confirming');
  expect(waits).toBeLessThanOrEqual(PENDING_BACKOFF_MS.length);
  if (value.startsWith('confirmed.')) expect(confirmation?.outcome).toBe('paid');
  if (value === 'confirmed.receipt') expect(confirm.context().invoice?.status).toBe('paid');
  if (value === 'failed') expect(confirmation?.outcome).toBe('failed');
  if (value === 'waiting' || value === 'stillWaiting') expect(confirmation?.outcome).toBe('pending');
  if (value === 'stillWaiting') expect(waits).toBe(PENDING_BACKOFF_MS.length);
  if (value === 'notFound' || value === 'unreachable') expect(errorMessage).toBeDefined();
}

describe('paymentConfirmMachine paths', () => {
  it('reaches every state by a shortest path, and the real actor on a simulated clock agrees', async () => {
    const paths = getShortestPaths(paymentConfirmMachine, {
      events: traversalEvents,
      input: session,
      serializeState: serializeState as never,
    });
    // An order's payment: every state but an endorsement's (below).
    const leaves = Object.entries(paymentConfirmMachine.root.states)
      .flatMap(([key, node]) =>
        Object.keys(node.states).length ? Object.keys(node.states).map((child) => `${key}.${child}`) : [key],
      )
      .filter((leaf) => !/ndorsement/.test(leaf));
    expect(new Set(paths.map((path) => statePath(path.state.value)))).toEqual(new Set(leaves));
    for (const path of paths) expectConsistent(await replay(path.steps as never));
  });

  it('walks every simple path, through every wait, on a real actor', async () => {
    const paths = getSimplePaths(paymentConfirmMachine, {
      events: traversalEvents,
      input: session,
      serializeState: serializeState as never,
    });
    // The longest pending run: four waits, then still waiting.
    expect(
      paths.some(
        (path) =>
          path.steps.filter((step) => (step.event as AnyEventObject).type === WAITED).length ===
          PENDING_BACKOFF_MS.length,
      ),
    ).toBe(true);
    for (const path of paths) expectConsistent(await replay(path.steps as never));
  });
});

// ---------------------------------------------------------------------------------------------
// An endorsement's payment (issue 19): paymentconfirm?submissionid&endorsementid&sessionid

const changeIssued: Endorsement = {
  id: 41,
  policyId: 7,
  number: 'P-2026-004217-E01',
  kind: 'change',
  status: 'issued',
  effectiveDate: '2026-11-26',
  changes: [{ field: 'limitCode', before: '1M/1M', after: '2M/4M' }],
  annualPremiumBeforeCents: 250_000,
  annualPremiumAfterCents: 350_000,
  premiumChangeCents: 59_452,
  taxChangeCents: 2_973,
  feeChangeCents: 0,
  totalChangeCents: 62_425,
  returnPremiumStatus: null,
  invoiceId: 90,
  invoiceNumber: 'INV-2026-000090',
  createdAt: '2026-11-26T15:00:00.000Z',
  issuedAt: '2026-11-26T15:05:00.000Z',
  hasDocument: true,
};
const pdf: DownloadedDocument = { blob: new Blob(['%PDF-1.7 test']), filename: 'endorsement-p-2026-004217-e01.pdf' };

type EndorsementCall = 'confirmPayment' | 'loadInvoice' | 'loadEndorsement' | 'fetchEndorsement';

function endorsementHarness() {
  const { calls, waiting, answer, waitingOn } = answerableCalls<EndorsementCall>();
  const saved: string[] = [];
  const actor = createActor(
    paymentConfirmMachine.provide({
      actors: {
        confirmPayment: waiting('confirmPayment'),
        loadInvoice: waiting('loadInvoice'),
        loadEndorsement: waiting('loadEndorsement'),
        fetchEndorsement: waiting('fetchEndorsement'),
      },
      actions: { saveFile: (_, { filename }) => void saved.push(filename) },
    }),
    { input: { ...session, endorsementId: 41 }, clock: new SimulatedClock() },
  ).start();
  return { ...reading(actor), calls, answer, waitingOn, saved, path: () => statePath(actor.getSnapshot().value) };
}

describe('paymentConfirmMachine: an endorsement’s payment', () => {
  it('paid: the endorsement is fetched (not the order’s invoice), shown, and its PDF downloads', async () => {
    const confirm = endorsementHarness();
    expect(confirm.calls[0]).toEqual({ call: 'confirmPayment', input: session });
    await confirm.answer('confirmPayment', 'done', paid);
    expect(confirm.path()).toBe('confirmed.loadingEndorsement');
    expect(confirm.calls[1]).toEqual({ call: 'loadEndorsement', input: { submissionId: 4217, endorsementId: 41 } });
    await confirm.answer('loadEndorsement', 'done', changeIssued);
    expect(confirm.path()).toBe('confirmed.endorsement.idle');
    expect(confirm.context().endorsement).toBe(changeIssued);
    confirm.send({ type: 'endorsement.download' });
    expect(confirm.calls.at(-1)).toEqual({ call: 'fetchEndorsement', input: { endorsement: changeIssued } });
    await confirm.answer('fetchEndorsement', 'done', pdf);
    expect(confirm.saved).toEqual(['endorsement-p-2026-004217-e01.pdf']);
    expect(confirm.context().downloaded).toBe(true);
    expect(confirm.calls.map((call) => call.call)).not.toContain('loadInvoice');
  });

  it('an endorsement that fails to load says why; Try again loads it; a failed download says why', async () => {
    const confirm = endorsementHarness();
    await confirm.answer('confirmPayment', 'done', paid);
    await confirm.answer('loadEndorsement', 'error', serverDown);
    expect(confirm.path()).toBe('confirmed.endorsementFailed');
    expect(confirm.context().errorMessage).toBe('The order service is unavailable.');
    confirm.send({ type: 'receipt.retry' });
    await confirm.answer('loadEndorsement', 'done', changeIssued);
    confirm.send({ type: 'endorsement.download' });
    await confirm.answer('fetchEndorsement', 'error', serverDown);
    expect(confirm.path()).toBe('confirmed.endorsement.idle');
    expect(confirm.context().downloadFailure).toBe('503: The order service is unavailable.');
    expect(confirm.saved).toEqual([]);
  });

  it('a declined card for an endorsement fails as an order’s does', async () => {
    const confirm = endorsementHarness();
    await confirm.answer('confirmPayment', 'done', declined);
    expect(confirm.path()).toBe('failed');
    expect(confirm.waitingOn()).toBeUndefined();
  });

  it('xstate/graph reaches every endorsement state, and the real actor agrees', async () => {
    const events = [
      ...traversalEvents,
      { type: 'xstate.done.actor.loadEndorsement', output: changeIssued },
      { type: 'xstate.error.actor.loadEndorsement', error: serverDown },
      { type: 'endorsement.download' },
      { type: 'xstate.done.actor.fetchEndorsement', output: pdf },
      { type: 'xstate.error.actor.fetchEndorsement', error: serverDown },
    ] as never[];
    const serialize = (snapshot: { value: unknown; context: PaymentConfirmContext }) =>
      JSON.stringify({
        value: snapshot.value,
        waits: snapshot.context.waits,
        outcome: snapshot.context.confirmation?.outcome ?? null,
        failed: snapshot.context.downloadFailure !== null,
      });
    const paths = getShortestPaths(paymentConfirmMachine, {
      events,
      input: { ...session, endorsementId: 41 },
      serializeState: serialize as never,
    });
    const reached = new Set(paths.map((path) => statePath(path.state.value)));
    for (const leaf of [
      'confirmed.loadingEndorsement',
      'confirmed.endorsementFailed',
      'confirmed.endorsement.idle',
      'confirmed.endorsement.downloading',
    ])
      expect(reached).toContain(leaf);
    // An endorsement's payment never shows the order's receipt.
    expect([...reached].some((leaf) => leaf.includes('eceipt'))).toBe(false);
    // Each path to an endorsement's state, replayed on a real actor.
    for (const path of paths.filter((one) => statePath(one.state.value).includes('ndorsement'))) {
      const confirm = endorsementHarness();
      for (const { event, state } of path.steps as unknown as { event: AnyEventObject; state: Snapshot }[]) {
        const answered = actorAnswer(event);
        if (answered) await confirm.answer(answered.id as EndorsementCall, answered.outcome, answered.value);
        else if (event.type !== 'xstate.init') confirm.send(event as never);
        expect(serialize(confirm.snapshot()), `after ${event.type}`).toEqual(serialize(state));
      }
    }
  });
});
