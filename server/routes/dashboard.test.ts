import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { formatCalendarDay } from '@shared/contract/date-format';
import {
  existingOpenOrderSchema,
  submissionSummaryListSchema,
  type SubmissionSummary,
} from '@shared/contract/dashboard';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { screens } from '@shared/screens';
import { cancellationSchema } from '@shared/contract/cancellation';
import { checkoutSchema } from '@shared/contract/billing';
import { endorsementSchema } from '@shared/contract/endorsements';
import { endorsements, policies, submissions } from '@server/db/schema';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { newKey, paidOrder } from '@server/test/payment-helpers';
import { specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

async function summaries(insured: Insured): Promise<SubmissionSummary[]> {
  const response = await insured.call('GET', 'dashboard/submissiondetails');
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(submissionSummaryListSchema, response.json());
}

async function openOrder(insured: Insured): Promise<SubmissionSummary | null> {
  const response = await insured.call('GET', 'insured/existingopenorder');
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(existingOpenOrderSchema, response.json()).order;
}

const set = (submissionId: number, values: Partial<typeof submissions.$inferInsert>) =>
  t.app.db.update(submissions).set(values).where(eq(submissions.id, submissionId));

/** What the insured is told to do next, status by status. */
const expectedSteps: Record<SubmissionStatus, { action: string; label: string; screen: string | null; open: boolean }> =
  {
    draft: { action: 'answer', label: 'Answer the remaining questions', screen: 'questionlist', open: true },
    quoted: { action: 'buy', label: 'Review and buy', screen: 'order', open: true },
    checks: { action: 'wait', label: 'We are checking your order', screen: 'order', open: true },
    incomplete: { action: 'supply', label: 'Add what is missing', screen: 'incomplete-order', open: true },
    underwriter_review: {
      action: 'wait',
      label: 'An underwriter is reviewing your order',
      screen: 'incomplete-review-underwriter',
      open: true,
    },
    missing_info: {
      action: 'supply',
      label: 'Send the information the underwriter asked for',
      screen: 'incomplete-missing-info',
      open: true,
    },
    application_under_review: {
      action: 'wait',
      label: 'We are reviewing the information you sent',
      screen: 'application-under-review',
      open: true,
    },
    approved: { action: 'pay', label: 'Pay to bind your policy', screen: 'payment', open: true },
    awaiting_payment: { action: 'pay', label: 'Pay to bind your policy', screen: 'payment', open: true },
    bound: { action: 'documents', label: 'See your policy', screen: 'complete-order', open: false },
    complete: { action: 'documents', label: 'Download your documents', screen: 'document', open: false },
    declined: { action: 'none', label: 'This order was declined', screen: null, open: false },
    close_lost: { action: 'none', label: 'This order was closed', screen: null, open: false },
  };

describe('GET dashboard/submissiondetails', () => {
  it('is empty for a new insured, then lists an order with its price and next step', async () => {
    const insured = await newInsured(app);
    expect(await summaries(insured)).toEqual([]);
    const order = await quotedOrder(app, insured);
    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, order.submissionId));
    expect(await summaries(insured)).toEqual([
      {
        submissionId: order.submissionId,
        number: order.number,
        speciality: { id: await specialityId(t.app), name: 'Dentists' },
        status: 'quoted',
        totalCents: order.rating.totalCents,
        stateCode: 'TX',
        effectiveDate: order.effectiveDate,
        updatedAt: row!.updatedAt.toISOString(),
        open: true,
        nextStep: { action: 'buy', label: 'Review and buy', screen: 'order' },
        policy: null,
      },
    ]);
  });

  it('shows the policy once issued, and a cancellation: its status, the day cover ends, the next step saying so', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const policyId = await bindForTest(t.app, order.submissionId, 'complete');
    const today = businessToday(t.app.clock.now());
    const effectiveDate = addDays(today, -10);
    await t.app.db
      .update(policies)
      .set({ effectiveDate, expirationDate: addMonths(effectiveDate, 12) })
      .where(eq(policies.id, policyId));
    const [policy] = await t.app.db.select().from(policies).where(eq(policies.id, policyId));
    const [issued] = await summaries(insured);
    expect(issued).toMatchObject({
      policy: { id: policyId, number: policy!.number, status: 'in_force', cancellationDate: null },
      nextStep: { action: 'documents', label: 'Download your documents', screen: 'document' },
    });
    // The id is the one the policy's page asks its history by (policy?policyid=…).
    const history = await insured.call('GET', `insured/policyhistory?policyid=${issued!.policy!.id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toMatchObject({ policyId, policyNumber: policy!.number });

    const cancellationDate = addDays(today, 3);
    const cancelled = await insured.call('POST', 'insured/cancelpolicy', { policyid: policyId, cancellationDate });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await summaries(insured))[0]).toMatchObject({
      status: 'complete',
      policy: { id: policyId, number: policy!.number, status: 'cancelled', cancellationDate },
      nextStep: {
        action: 'documents',
        label: `Policy cancelled from ${formatCalendarDay(cancellationDate)}`,
        screen: 'document',
      },
    });
  });

  it('words the next step for every status, on a screen that exists', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const screenNames = new Set<string>(screens.map((screen) => screen.name));
    for (const [status, expected] of Object.entries(expectedSteps) as [
      SubmissionStatus,
      (typeof expectedSteps)[SubmissionStatus],
    ][]) {
      await set(order.submissionId, { status });
      const [summary] = await summaries(insured);
      expect(summary, status).toMatchObject({
        status,
        open: expected.open,
        nextStep: { action: expected.action, label: expected.label, screen: expected.screen },
        // A draft has no price to show.
        totalCents: status === 'draft' ? null : order.rating.totalCents,
      });
      if (expected.screen !== null) expect(screenNames.has(expected.screen), expected.screen).toBe(true);
    }
  });

  it('lists the most recently changed first, and only the caller’s orders', async () => {
    const insured = await newInsured(app);
    const other = await newInsured(app);
    const [a, b, c] = [
      await quotedOrder(app, insured),
      await quotedOrder(app, insured),
      await quotedOrder(app, insured),
    ];
    const othersOrder = await quotedOrder(app, other);
    await set(a.submissionId, { updatedAt: new Date('2026-03-03T00:00:00Z') });
    await set(b.submissionId, { updatedAt: new Date('2026-03-01T00:00:00Z') });
    await set(c.submissionId, { updatedAt: new Date('2026-03-02T00:00:00Z') });
    const listed = await summaries(insured);
    expect(listed.map((s) => s.submissionId)).toEqual([a.submissionId, c.submissionId, b.submissionId]);
    expect(listed[0]!.updatedAt).toBe('2026-03-03T00:00:00.000Z');
    expect((await summaries(other)).map((s) => s.submissionId)).toEqual([othersOrder.submissionId]);
  });

  it('answers 401 without a bearer token', async () => {
    for (const url of ['dashboard/submissiondetails', 'insured/existingopenorder']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/weborder/${url}` })).statusCode).toBe(401);
    }
  });
});

/** The policy's row as the database holds it now. */
const policyRow = async (policyId: number) =>
  (await t.app.db.select().from(policies).where(eq(policies.id, policyId)))[0]!;

/** The only order of the insured's, as the dashboard lists it. */
async function onlyOrder(insured: Insured): Promise<SubmissionSummary> {
  const listed = await summaries(insured);
  expect(listed).toHaveLength(1);
  return listed[0]!;
}

/** Pays an invoice through the sandbox's hosted checkout page with its success card. */
async function payEndorsement(insured: Insured, endorsementId: number) {
  const opened = await insured.call(
    'POST',
    'insured/payendorsement',
    { endorsementid: endorsementId },
    { headers: { 'idempotency-key': newKey() } },
  );
  expect(opened.statusCode, opened.body).toBe(200);
  const page = new URL(v.parse(checkoutSchema, opened.json()).url);
  const paid = await t.app.inject({
    method: 'POST',
    url: page.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      name: 'Dana Whitfield',
      number: '4242424242424242',
      expiry: '12/35',
      cvc: '123',
    }).toString(),
  });
  expect(paid.statusCode, paid.body).toBe(303);
}

async function cancel(insured: Insured, policyId: number, cancellationDate: string) {
  const response = await insured.call(
    'POST',
    'insured/cancelpolicy',
    { policyid: policyId, cancellationDate },
    { headers: { 'idempotency-key': newKey() } },
  );
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(cancellationSchema, response.json());
}

describe('GET dashboard/submissiondetails: the policy as it stands today', () => {
  const today = () => businessToday(t.app.clock.now());

  it('in force as issued: its period, the price for the year as bought, no change, the server’s day', async () => {
    const insured = await newInsured(app);
    const { order, policy } = await paidOrder(app, insured);
    const listed = await onlyOrder(insured);
    expect(listed.totalCents).toBe(order.rating.totalCents);
    expect(listed.policy).toEqual({
      id: policy.id,
      number: policy.number,
      status: 'in_force',
      cancellationDate: null,
      effectiveDate: policy.effectiveDate,
      expirationDate: policy.expirationDate,
      premiumCents: order.rating.totalCents,
      issuedChanges: 0,
      cancellationNet: null,
      today: today(),
    });
  });

  it('in force, changed: the limit raised and paid for, the year’s price is the policy’s after the change', async () => {
    const insured = await newInsured(app);
    const { order, policy } = await paidOrder(app, insured);
    const response = await insured.call('POST', 'insured/endorse', { policyid: policy.id, limitCode: '2M/4M' });
    expect(response.statusCode, response.body).toBe(201);
    const endorsement = v.parse(endorsementSchema, response.json());
    expect(endorsement.status).toBe('awaiting_payment');

    // Not paid yet: not in effect, nothing changed on the dashboard.
    expect((await onlyOrder(insured)).policy).toMatchObject({
      issuedChanges: 0,
      premiumCents: order.rating.totalCents,
    });

    await payEndorsement(insured, endorsement.id);
    const changed = await policyRow(policy.id);
    expect(changed.limitCode).toBe('2M/4M');
    const listed = await onlyOrder(insured);
    expect(changed.premiumCents).toBeGreaterThan(order.rating.totalCents);
    expect(listed).toMatchObject({
      // The order's price is what was bought; the policy's is what the year costs now.
      totalCents: order.rating.totalCents,
      policy: { status: 'in_force', issuedChanges: 1, premiumCents: changed.premiumCents, cancellationNet: null },
    });
  });

  it('cancelled, paid in full: the return premium, still to be credited or refunded', async () => {
    const insured = await newInsured(app);
    const { policy } = await paidOrder(app, insured);
    const cancellationDate = addDays(today(), 30);
    const cancelled = await cancel(insured, policy.id, cancellationDate);
    expect(cancelled.returnPremium.totalCents).toBeGreaterThan(0);
    expect((await onlyOrder(insured)).policy).toMatchObject({
      status: 'cancelled',
      cancellationDate,
      issuedChanges: 0,
      cancellationNet: { netCents: cancelled.returnPremium.totalCents, refundPending: true },
    });
  });

  it('cancelled late on a monthly plan: the earned premium the insured still owes, as a negative net', async () => {
    const insured = await newInsured(app);
    const { policy } = await paidOrder(app, insured, { paymentTerm: 'monthly' });
    const cancellationDate = addDays(policy.effectiveDate, 200);
    const cancelled = await cancel(insured, policy.id, cancellationDate);
    const net = cancelled.unpaidPremium!.netCents;
    expect(net).toBeLessThan(0);
    expect((await onlyOrder(insured)).policy).toMatchObject({
      status: 'cancelled',
      cancellationDate,
      cancellationNet: { netCents: net, refundPending: false },
    });
    const [row] = await t.app.db.select().from(endorsements).where(eq(endorsements.policyId, policy.id));
    expect(row).toMatchObject({ kind: 'cancellation', totalChangeCents: -net, returnPremiumStatus: null });
  });

  it('expired and renewed: the status the sweeps leave, with the period it read against', async () => {
    const insured = await newInsured(app);
    const { policy } = await paidOrder(app, insured);
    const effectiveDate = addMonths(today(), -13);
    const expirationDate = addMonths(effectiveDate, 12);
    for (const status of ['expired', 'renewed'] as const) {
      await t.app.db.update(policies).set({ status, effectiveDate, expirationDate }).where(eq(policies.id, policy.id));
      expect((await onlyOrder(insured)).policy, status).toMatchObject({
        status,
        effectiveDate,
        expirationDate,
        cancellationDate: null,
        cancellationNet: null,
        today: today(),
      });
    }
  });
});

describe('GET insured/existingopenorder', () => {
  it('answers the open order changed most recently, passing over newer closed ones; null when none is open', async () => {
    const insured = await newInsured(app);
    expect(await openOrder(insured)).toBeNull();
    const [older, newer, declined, complete, lost] = [
      await quotedOrder(app, insured),
      await quotedOrder(app, insured),
      await quotedOrder(app, insured),
      await quotedOrder(app, insured),
      await quotedOrder(app, insured),
    ];
    await set(older.submissionId, { status: 'missing_info', updatedAt: new Date('2026-04-01T00:00:00Z') });
    await set(newer.submissionId, { status: 'awaiting_payment', updatedAt: new Date('2026-04-02T00:00:00Z') });
    await set(declined.submissionId, { status: 'declined', updatedAt: new Date('2026-04-03T00:00:00Z') });
    await set(complete.submissionId, { status: 'complete', updatedAt: new Date('2026-04-04T00:00:00Z') });
    await set(lost.submissionId, { status: 'close_lost', updatedAt: new Date('2026-04-05T00:00:00Z') });

    const found = await openOrder(insured);
    const listed = await summaries(insured);
    expect(found).toEqual(listed.find((s) => s.submissionId === newer.submissionId));
    expect(found).toMatchObject({
      submissionId: newer.submissionId,
      status: 'awaiting_payment',
      open: true,
      nextStep: { action: 'pay', screen: 'payment' },
    });

    await set(older.submissionId, { updatedAt: new Date('2026-04-06T00:00:00Z') });
    expect((await openOrder(insured))?.submissionId).toBe(older.submissionId);

    // A bound order is not open (its documents come without anyone acting): the older open one is resumed.
    await set(older.submissionId, { status: 'bound', updatedAt: new Date('2026-04-07T00:00:00Z') });
    expect((await openOrder(insured))?.submissionId).toBe(newer.submissionId);
    await set(older.submissionId, { status: 'complete' });
    await set(newer.submissionId, { status: 'close_lost' });
    expect(await openOrder(insured)).toBeNull();
    expect(await summaries(insured)).toHaveLength(5);
  });

  it('never answers someone else’s open order', async () => {
    const insured = await newInsured(app);
    const other = await newInsured(app);
    await quotedOrder(app, other);
    expect(await openOrder(insured)).toBeNull();
  });
});
