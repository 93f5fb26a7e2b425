import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { invoiceDetails } from '@/api/billing';
import type { Checkout, Invoice } from '@shared/contract/billing';
import type { OrderSummaryDetails } from '@shared/contract/lifecycle';
import type { Calculation } from '@shared/contract/rating';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { orderSummaryDetails } from '@/api/lifecycle';
import { actorAnswer, answerableCalls, httpError, reading } from '@/machines/machine-test-harness';
import {
  amountDueNow,
  loadPayment,
  payableElsewhere,
  paymentMachine,
  type LoadedPayment,
  type PaymentContext,
} from '@/machines/payment.machine';

/**
 * paymentMachine with its calls mocked through machine.provide: each call waits until the test
 * answers it, so every state in between can be looked at, and the trip to the checkout is
 * recorded. Then xstate/graph walks its paths, each replayed on a real actor.
 */

const ID = 4217;

const rating: Calculation = {
  rateTableId: 1,
  rateTableVersion: 3,
  limit: { code: '1M/1M', label: '$1,000,000 / $1,000,000' },
  deductible: { code: '2500', label: '$2,500' },
  premiumCents: 250_000,
  policyFeeCents: 15_000,
  taxCents: 7_132,
  stateFeeCents: 0,
  totalCents: 272_132,
  worksheet: [],
  paymentPlans: [
    {
      code: 'annual',
      name: 'Annual',
      installments: 1,
      downPaymentCents: 272_132,
      installmentCents: 0,
      lastInstallmentCents: 0,
      installmentFeeCents: 0,
      totalPayableCents: 272_132,
    },
    {
      code: 'quarterly',
      name: 'Quarterly',
      installments: 4,
      downPaymentCents: 68_033,
      installmentCents: 68_533,
      lastInstallmentCents: 68_533,
      installmentFeeCents: 500,
      totalPayableCents: 273_632,
    },
  ],
};

function summaryIn(status: SubmissionStatus, paymentTerm = 'quarterly'): OrderSummaryDetails {
  return {
    order: {
      submissionId: ID,
      number: 'Q-2026-004217',
      status,
      version: 5,
      speciality: { id: 101, name: 'Architects' },
      state: { code: 'TX', name: 'Texas' },
      zipcode: '77002',
      limit: { code: '1M/1M', label: '$1,000,000 / $1,000,000' },
      deductible: { code: '2500', label: '$2,500' },
      paymentTerm,
      effectiveDate: '2026-07-01',
      answers: {},
      applicationAnswers: {},
      rating,
      premiumCents: rating.totalCents,
      createdAt: '2026-06-01T10:00:00.000Z',
      updatedAt: '2026-06-02T10:00:00.000Z',
      history: [],
    },
    locations: [],
    contact: null,
    requiredItems: [],
    reasons: [],
    infoRequest: null,
    decision: null,
    files: [],
    canCloseLost: ['approved', 'awaiting_payment'].includes(status),
  };
}

const invoice: Invoice = {
  invoiceId: 12,
  number: 'INV-2026-000012',
  submissionId: ID,
  orderNumber: 'Q-2026-004217',
  status: 'open',
  orderStatus: 'awaiting_payment',
  orderVersion: 6,
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
    { installmentNo: 3, dueDate: '2027-01-01', amountCents: 68_533 },
    { installmentNo: 4, dueDate: '2027-04-01', amountCents: 68_533 },
  ],
  createdAt: '2026-06-25T10:05:00.000Z',
  paidAt: null,
  lastPaymentFailure: null,
};
const declinedCard: Invoice = { ...invoice, lastPaymentFailure: 'Your card was declined.' };
const paidInvoice: Invoice = {
  ...invoice,
  status: 'paid',
  orderStatus: 'complete',
  paidAt: '2026-06-25T10:09:00.000Z',
};

const approved: LoadedPayment = { details: summaryIn('approved'), invoice: null };
const awaiting: LoadedPayment = { details: summaryIn('awaiting_payment'), invoice: declinedCard };
const complete: LoadedPayment = { details: summaryIn('complete'), invoice: paidInvoice };
const underReview: LoadedPayment = { details: summaryIn('underwriter_review'), invoice: null };

const checkout: Checkout = {
  submissionId: ID,
  invoiceId: 12,
  provider: 'sandbox',
  sessionId: 'cs_sandbox_0001',
  url: 'https://pay.example.test/checkout/cs_sandbox_0001',
  amountCents: 68_033,
};

const notFound = httpError(404, 'No such submission (or it is not yours)');
const serviceDown = httpError(
  503,
  'The payment service is not answering just now. Nothing was charged: try again in a minute.',
);
const bound = httpError(409, 'The order is bound', { status: 'is bound' });
const badRequest = httpError(400, 'Invalid body: clientid may hold only letters, digits and hyphens', {
  clientid: 'may hold only letters, digits and hyphens',
});

// The loader's calls, for loadPayment itself; the machine's actors are provided in the harness.
vi.mock('@/api/lifecycle', () => ({ orderSummaryDetails: vi.fn(), buyNow: vi.fn() }));
vi.mock('@/api/billing', () => ({ invoiceDetails: vi.fn(), generateInvoice: vi.fn(), startCheckout: vi.fn() }));

describe('loadPayment', () => {
  it('loads the order and its invoice; the invoice’s 404 is “none yet”, any other failure fails the load', async () => {
    vi.mocked(orderSummaryDetails).mockResolvedValue(awaiting.details);
    vi.mocked(invoiceDetails)
      .mockResolvedValueOnce(declinedCard)
      .mockRejectedValueOnce(httpError(404, 'No invoice yet'))
      .mockRejectedValueOnce(serviceDown);
    await expect(loadPayment(ID)).resolves.toEqual(awaiting);
    await expect(loadPayment(ID)).resolves.toEqual({ details: awaiting.details, invoice: null });
    await expect(loadPayment(ID)).rejects.toBe(serviceDown);
    expect(vi.mocked(orderSummaryDetails).mock.calls).toEqual([[ID], [ID], [ID]]);
  });

  it('does not ask for an invoice before the order can have one (no 404 in the console on the way to pay)', async () => {
    vi.mocked(invoiceDetails).mockClear();
    for (const status of ['quoted', 'incomplete', 'approved', 'underwriter_review'] as const) {
      vi.mocked(orderSummaryDetails).mockResolvedValueOnce(summaryIn(status));
      await expect(loadPayment(ID)).resolves.toEqual({ details: summaryIn(status), invoice: null });
    }
    expect(vi.mocked(invoiceDetails)).not.toHaveBeenCalled();
  });
});

type Call = 'loadPayment' | 'buyNow' | 'generateInvoice' | 'startCheckout';
type Snapshot = SnapshotFrom<typeof paymentMachine>;

/** `signed`: the signing component has said the application is signed (most tests start there). */
function harness(clientId?: string, signed = true) {
  const { calls, waiting, answer } = answerableCalls<Call>();
  const went: string[] = [];
  const shown: string[] = [];
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        loadPayment: waiting('loadPayment'),
        buyNow: waiting('buyNow'),
        generateInvoice: waiting('generateInvoice'),
        startCheckout: waiting('startCheckout'),
      },
      actions: {
        goToCheckout: (_, { url }) => void went.push(url),
        showStatus: (_, { screen }) => void shown.push(screen),
      },
    }),
    { input: { submissionId: ID, clientId } },
  ).start();
  if (signed) actor.send({ type: 'payment.signed', signed: true });
  return { ...reading(actor), calls, went, shown, answer };
}

async function loaded(payment: LoadedPayment, clientId?: string) {
  const pay = harness(clientId);
  await pay.answer('loadPayment', 'done', payment);
  return pay;
}

describe('paymentMachine: loading', () => {
  it.each([
    ['approved (not invoiced)', approved, 'approved'],
    ['awaiting payment with its invoice', awaiting, 'awaitingPayment'],
    ['awaiting payment without an invoice to show', { ...awaiting, invoice: null }, 'approved'],
    ['complete', complete, 'notPayable'],
    ['with an underwriter', underReview, 'notPayable'],
    [
      'awaiting payment with its invoice paid',
      { details: summaryIn('awaiting_payment'), invoice: paidInvoice },
      'notPayable',
    ],
  ] as const)('an order %s is %s', async (_, payment, state) => {
    const pay = await loaded(payment);
    expect(pay.value()).toBe(state);
    expect(pay.context().details).toEqual(payment.details);
    expect(pay.went).toEqual([]);
  });

  it('asks for the order it was given', () => {
    const pay = harness();
    expect(pay.value()).toBe('loading');
    expect(pay.calls).toEqual([{ call: 'loadPayment', input: { submissionId: ID } }]);
  });

  it.each([
    [404, notFound],
    [400, httpError(400, 'Invalid query: submissionid must be a positive whole number')],
  ])('a %s is “not found”, someone else’s order alike', async (_, error) => {
    const pay = harness();
    await pay.answer('loadPayment', 'error', error);
    expect(pay.value()).toBe('notFound');
  });

  it('says why it could not load, and Try again loads it', async () => {
    const pay = harness();
    await pay.answer('loadPayment', 'error', serviceDown);
    expect(pay.value()).toBe('failed');
    expect(pay.context().errorMessage).toBe(`503: ${serviceDown.message.slice(5)}`);
    pay.send({ type: 'payment.retry' });
    await pay.answer('loadPayment', 'done', approved);
    expect(pay.value()).toBe('approved');
    expect(pay.context().errorMessage).toBeUndefined();
  });
});

describe('paymentMachine: what is charged and where else to go', () => {
  it('charges the invoice’s amount due, or before it exists the first payment of the chosen plan', () => {
    expect(amountDueNow(awaiting.details, invoice)).toBe(68_033);
    expect(amountDueNow(approved.details, null)).toBe(68_033);
    expect(amountDueNow(summaryIn('approved', 'annual'), null)).toBe(272_132);
    // A plan the rating does not know: the first, as the server invoices it.
    expect(amountDueNow(summaryIn('approved', 'weekly'), null)).toBe(272_132);
    const unrated = summaryIn('approved');
    expect(amountDueNow({ ...unrated, order: { ...unrated.order, rating: null } }, null)).toBeUndefined();
  });

  it.each([
    [complete, 'complete-order'],
    [{ details: summaryIn('bound'), invoice: paidInvoice }, 'complete-order'],
    [underReview, 'incomplete-review-underwriter'],
    [{ details: summaryIn('declined'), invoice: null }, 'order'],
    [{ details: summaryIn('awaiting_payment'), invoice: paidInvoice }, 'complete-order'],
  ] as const)('an order that cannot be paid is looked after elsewhere (%#)', (payment, screen) => {
    expect(payableElsewhere(payment.details, payment.invoice)).toBe(screen);
  });
});

describe('paymentMachine: pay', () => {
  it('approved: generates the invoice, starts a checkout with a key and the client id, and goes there', async () => {
    const pay = await loaded(approved, 'harbor-risk');
    pay.send({ type: 'payment.pay' });
    expect(pay.value()).toBe('invoicing');
    expect(pay.calls.at(-1)).toEqual({ call: 'generateInvoice', input: { submissionId: ID } });
    await pay.answer('generateInvoice', 'done', invoice);
    expect(pay.value()).toBe('startingCheckout');
    expect(pay.context().details?.order.status).toBe('awaiting_payment');
    expect(pay.context().invoice).toEqual(invoice);
    const key = pay.context().checkoutKey;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(pay.calls.at(-1)).toEqual({
      call: 'startCheckout',
      input: { submissionId: ID, clientId: 'harbor-risk', idempotencyKey: key },
    });
    await pay.answer('startCheckout', 'done', checkout);
    expect(pay.value()).toBe('leaving');
    expect(pay.went).toEqual([checkout.url]);
    expect(pay.snapshot().status).toBe('done');
  });

  it('awaiting payment: starts the checkout straight away; the last failure stays on the invoice', async () => {
    const pay = await loaded(awaiting);
    expect(pay.context().invoice?.lastPaymentFailure).toBe('Your card was declined.');
    pay.send({ type: 'payment.pay' });
    expect(pay.value()).toBe('startingCheckout');
    expect(pay.calls.map((call) => call.call)).toEqual(['loadPayment', 'startCheckout']);
    await pay.answer('startCheckout', 'done', checkout);
    expect(pay.went).toEqual([checkout.url]);
  });

  it('a lost answer keeps the key for the retry, in the server’s words; a refusal takes a new one', async () => {
    const pay = await loaded(awaiting);
    const first = pay.context().checkoutKey;
    pay.send({ type: 'payment.pay' });
    await pay.answer('startCheckout', 'error', serviceDown);
    expect(pay.value()).toBe('awaitingPayment');
    expect(pay.context().payFailure).toBe(
      'We could not start your payment. The payment service is not answering just now. Nothing was charged: try again in a minute.',
    );
    expect(pay.context().checkoutKey).toBe(first);
    pay.send({ type: 'payment.pay' });
    expect(pay.context().payFailure).toBeNull();
    expect((pay.calls.at(-1)!.input as { idempotencyKey: string }).idempotencyKey).toBe(first);
    await pay.answer('startCheckout', 'error', badRequest);
    expect(pay.value()).toBe('awaitingPayment');
    expect(pay.context().checkoutKey).not.toBe(first);
    expect(pay.went).toEqual([]);
  });

  it('a failed invoice leaves the order approved, with the reason', async () => {
    const pay = await loaded(approved);
    pay.send({ type: 'payment.pay' });
    await pay.answer('generateInvoice', 'error', serviceDown);
    expect(pay.value()).toBe('approved');
    expect(pay.context().payFailure).toMatch(/^We could not start your payment\. /);
  });

  it('a 409 (the order moved meanwhile) says so and loads it again, showing it as it is now', async () => {
    const pay = await loaded(awaiting);
    pay.send({ type: 'payment.pay' });
    await pay.answer('startCheckout', 'error', bound);
    expect(pay.value()).toBe('loading');
    expect(pay.context().payFailure).toBe('Your order has changed since this page was loaded. The order is bound');
    await pay.answer('loadPayment', 'done', complete);
    expect(pay.value()).toBe('notPayable');
    expect(pay.context().payFailure).not.toBeNull();
  });

  it('a 409 while invoicing loads it again too', async () => {
    const pay = await loaded(approved);
    pay.send({ type: 'payment.pay' });
    await pay.answer(
      'generateInvoice',
      'error',
      httpError(409, 'The order is close_lost', { status: 'is close_lost' }),
    );
    expect(pay.value()).toBe('loading');
  });

  it('a 404 while paying is “not found”', async () => {
    const pay = await loaded(approved);
    pay.send({ type: 'payment.pay' });
    await pay.answer('generateInvoice', 'error', notFound);
    expect(pay.value()).toBe('notFound');
  });

  it('is not offered while the order is loading, not payable, or already on its way', async () => {
    const loading = harness();
    loading.send({ type: 'payment.pay' });
    expect(loading.value()).toBe('loading');
    const done = await loaded(complete);
    done.send({ type: 'payment.pay' });
    expect(done.value()).toBe('notPayable');
    const busy = await loaded(awaiting);
    busy.send({ type: 'payment.pay' });
    busy.send({ type: 'payment.pay' });
    expect(busy.calls.filter((call) => call.call === 'startCheckout')).toHaveLength(1);
  });

  it('waits for the application to be signed: Pay before it does nothing', async () => {
    const pay = harness(undefined, false);
    await pay.answer('loadPayment', 'done', awaiting);
    pay.send({ type: 'payment.pay' });
    expect(pay.value()).toBe('awaitingPayment');
    pay.send({ type: 'payment.signed', signed: true });
    pay.send({ type: 'payment.pay' });
    expect(pay.value()).toBe('startingCheckout');
  });
});

describe('paymentMachine: review and pay (issue 16)', () => {
  const quoted: LoadedPayment = { details: summaryIn('quoted'), invoice: null };
  const move = (status: SubmissionStatus, outcome: string, items: OrderSummaryDetails['requiredItems'] = []) => ({
    submissionId: ID,
    number: 'Q-2026-004217',
    status,
    version: 7,
    outcome,
    requiredItems: items,
    reasons: [],
  });
  const lossRuns = {
    kind: 'document',
    code: 'document:loss_runs',
    label: 'Upload loss runs',
    screen: 'incomplete-order',
    field: 'files',
  } as const;

  it('a quoted order is reviewed here; one press of Pay buys it now, invoices it and goes to the checkout', async () => {
    const pay = await loaded(quoted);
    expect(pay.value()).toBe('reviewing');
    pay.send({ type: 'payment.pay' });
    expect(pay.value()).toBe('buying');
    expect(pay.calls.at(-1)).toEqual({
      call: 'buyNow',
      input: { submissionId: ID, idempotencyKey: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    await pay.answer('buyNow', 'done', move('approved', 'approved'));
    expect(pay.value()).toBe('invoicing');
    await pay.answer('generateInvoice', 'done', invoice);
    await pay.answer('startCheckout', 'done', checkout);
    expect(pay.went).toEqual([checkout.url]);
  });

  it('something still missing: the order is loaded again and reviewed here, with what it lacks', async () => {
    const pay = await loaded(quoted);
    pay.send({ type: 'payment.pay' });
    await pay.answer('buyNow', 'done', move('incomplete', 'incomplete', [lossRuns]));
    expect(pay.value()).toBe('loading');
    expect(pay.context().details!.requiredItems).toEqual([lossRuns]);
    await pay.answer('loadPayment', 'done', {
      details: { ...summaryIn('incomplete'), requiredItems: [lossRuns] },
      invoice: null,
    });
    expect(pay.value()).toBe('reviewing');
    // Loss runs uploaded on this screen: loaded again, then Pay buys again with a new key.
    pay.send({ type: 'payment.itemsSupplied' });
    await pay.answer('loadPayment', 'done', { details: summaryIn('incomplete'), invoice: null });
    pay.send({ type: 'payment.pay' });
    const keys = pay.calls
      .filter((call) => call.call === 'buyNow')
      .map((call) => (call.input as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it.each([
    ['referred to an underwriter', 'underwriter_review', 'incomplete-review-underwriter'],
    ['declined', 'declined', 'order'],
  ] as const)('%s: shown on its status screen, nothing invoiced', async (_, status, screen) => {
    const pay = await loaded(quoted);
    pay.send({ type: 'payment.pay' });
    await pay.answer('buyNow', 'done', move(status, status === 'declined' ? 'declined' : 'referred'));
    expect(pay.value()).toBe('referred');
    expect(pay.shown).toEqual([screen]);
    expect(pay.calls.map((call) => call.call)).toEqual(['loadPayment', 'buyNow']);
  });

  it('a lost answer to buy now says so and stays to try again with the same key; a 409 loads the order again', async () => {
    const pay = await loaded(quoted);
    pay.send({ type: 'payment.pay' });
    await pay.answer('buyNow', 'error', serviceDown);
    expect(pay.value()).toBe('reviewing');
    expect(pay.context().payFailure).toContain('We could not start your payment.');
    pay.send({ type: 'payment.pay' });
    const [first, second] = pay.calls.filter((call) => call.call === 'buyNow');
    expect(second!.input).toEqual(first!.input);
    await pay.answer('buyNow', 'error', bound);
    expect(pay.value()).toBe('loading');
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** Every answer each call can give, and every event the screen sends. */
const traversalEvents = [
  { type: 'payment.signed', signed: true },
  done('loadPayment', { details: summaryIn('quoted'), invoice: null }),
  done('buyNow', {
    submissionId: ID,
    number: 'Q-2026-004217',
    status: 'approved',
    version: 7,
    outcome: 'approved',
    requiredItems: [],
    reasons: [],
  }),
  done('buyNow', {
    submissionId: ID,
    number: 'Q-2026-004217',
    status: 'underwriter_review',
    version: 7,
    outcome: 'referred',
    requiredItems: [],
    reasons: [],
  }),
  failed('buyNow', serviceDown),
  done('loadPayment', approved),
  done('loadPayment', awaiting),
  done('loadPayment', complete),
  failed('loadPayment', serviceDown),
  failed('loadPayment', notFound),
  done('generateInvoice', invoice),
  failed('generateInvoice', serviceDown),
  failed('generateInvoice', bound),
  failed('generateInvoice', notFound),
  done('startCheckout', checkout),
  failed('startCheckout', serviceDown),
  failed('startCheckout', badRequest),
  failed('startCheckout', bound),
  failed('startCheckout', notFound),
  { type: 'payment.retry' },
  { type: 'payment.pay' },
] as never[];

/** A final state (gone to the checkout, not payable, referred) takes no more events: the actor has stopped. */
const notDone = (snapshot: { status: string }) => snapshot.status !== 'done';

/** Told apart by the state, the order's status, and whether a failure is shown. */
const serializeState = (snapshot: { value: unknown; context: PaymentContext }) =>
  JSON.stringify({
    value: snapshot.value,
    status: snapshot.context.details?.order.status,
    invoice: snapshot.context.invoice?.status ?? null,
    failing: snapshot.context.payFailure !== null,
    signed: snapshot.context.signed,
  });

interface Step {
  event: AnyEventObject;
  state: Snapshot;
}

async function replay(steps: readonly Step[]) {
  const pay = harness(undefined, false);
  for (const { event, state } of steps) {
    const answered = actorAnswer(event);
    if (answered) {
      await pay.answer(answered.id as Call, answered.outcome, answered.value);
    } else if (event.type !== 'xstate.init') {
      pay.send(event as never);
    }
    expect(serializeState(pay.snapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return pay;
}

/** What must hold in a state however it was reached. */
function expectConsistent(pay: ReturnType<typeof harness>) {
  const value = pay.value() as string;
  const { details, invoice, errorMessage } = pay.context();
  if (value === 'failed') expect(errorMessage).toBeDefined();
  if (['approved', 'awaitingPayment', 'notPayable', 'invoicing', 'startingCheckout', 'leaving'].includes(value))
    expect(details).toBeDefined();
  if (value === 'approved') expect(details!.order.status === 'approved' || invoice === null).toBe(true);
  if (value === 'awaitingPayment')
    expect([details!.order.status, invoice?.status]).toEqual(['awaiting_payment', 'open']);
  if (value === 'notPayable') expect(['approved', 'awaiting_payment']).not.toContain(details!.order.status);
  // The browser leaves for the checkout only once one was started, and only then.
  expect(pay.went).toEqual(value === 'leaving' ? [checkout.url] : []);
  // Every checkout of one attempt carries the same key; the keys are 64 hex characters.
  for (const call of pay.calls)
    if (call.call === 'startCheckout')
      expect((call.input as { idempotencyKey: string }).idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
}

describe('paymentMachine paths', () => {
  it('reaches every state by a shortest path, and the real actor agrees step by step', async () => {
    const paths = getShortestPaths(paymentMachine, {
      events: traversalEvents,
      input: { submissionId: ID },
      serializeState: serializeState as never,
      filterEvents: notDone as never,
    });
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect(reached).toEqual(new Set(Object.keys(paymentMachine.root.states).filter((state) => state !== 'deciding')));
    for (const path of paths) expectConsistent(await replay(path.steps as never));
  });

  it('walks every simple path on a real actor, through refusals and retries', async () => {
    const paths = getSimplePaths(paymentMachine, {
      events: traversalEvents,
      input: { submissionId: ID },
      serializeState: serializeState as never,
      filterEvents: notDone as never,
    });
    const walked = (types: string[]) =>
      paths.some((path) => {
        let next = 0;
        for (const step of path.steps) if (next < types.length && step.event.type.includes(types[next]!)) next += 1;
        return next === types.length;
      });
    // Invoiced, then the checkout refused; a conflict, then the order loaded again.
    expect(walked(['payment.pay', 'done.actor.generateInvoice', 'error.actor.startCheckout'])).toBe(true);
    expect(walked(['error.actor.startCheckout', 'done.actor.loadPayment'])).toBe(true);
    for (const path of paths) expectConsistent(await replay(path.steps as never));
  }, 60_000);
});
