/**
 * Issue 20, renewals against the expiring term's own life, with a TestClock (reviewer's defects):
 * - bound 60 days ahead, the old term stays in force: its next instalment is still invoiced and
 *   payable, and on its end date it is renewed; its unpaid instalments then read void, as an
 *   expired term's do;
 * - a renewal paid after its policy was cancelled binds nothing: the payment is kept for a refund;
 * - under a notice of cancellation, accepting is a 409 that says so, and a payment made then binds
 *   nothing; once the notice is withdrawn the renewal can be accepted and paid again;
 * - a renewal paid the day after its policy expired is bound from the day it is paid.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { checkoutSchema } from '@shared/contract/billing';
import { payableInstalmentSchema, policyInstalmentsListSchema } from '@shared/contract/instalments';
import { renewalAcceptSchema, renewalSchema, type RenewalAccept } from '@shared/contract/renewal';
import { TestClock } from '@server/clock';
import { invoices, payments, policies, renewalOffers } from '@server/db/schema';
import { invoiceInstalments } from '@server/instalments/instalment-sweeps';
import type { ScheduledWorkContext } from '@server/jobs/scheduled-work';
import { remindAndExpire } from '@server/renewals/expiries';
import { offerRenewals } from '@server/renewals/renewal-offers';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { caller, linkIn, mailsTo, signIn } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { newKey, paidOrder } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const app = () => t.app;

const ctx = (): ScheduledWorkContext => ({
  db: t.app.db,
  clock: t.app.clock,
  config: t.app.config,
  log: t.app.log,
  mail: t.app.mail,
});
const today = () => businessToday(t.app.clock.now());

type Bound = { insured: Insured; policyId: number; number: string; orderId: number };

/** Sessions expire as the clock moves: each call signs in afresh (a person coming back weeks later). */
function later(insured: Insured): Insured {
  return {
    ...insured,
    call: async (method, url, body, options = {}) => {
      const session = await signIn(caller(app), insured.email, insured.password);
      return t.app.inject({
        method,
        url: `/api/weborder/${url}`,
        headers: { authorization: `Bearer ${session.token}`, ...options.headers },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    },
  };
}

async function boundPolicy(overrides: Record<string, unknown> = {}): Promise<Bound> {
  const insured = await newInsured(app);
  const { order, policy } = await paidOrder(app, insured, overrides);
  return { insured: later(insured), policyId: policy.id, number: policy.number, orderId: order.submissionId };
}

/** The period ends `days` from today (the policy's year moved back; the clock only goes forward). */
async function endsIn(policyId: number, days: number) {
  const expirationDate = addDays(today(), days);
  await t.app.db
    .update(policies)
    .set({ effectiveDate: addMonths(expirationDate, -12), expirationDate })
    .where(eq(policies.id, policyId));
}

/** The clock moved forward to the start of `day`'s business day (midday UTC is the same day in New York). */
function moveTo(day: string) {
  const ms = new Date(`${day}T12:00:00Z`).getTime() - clock.now().getTime();
  if (ms > 0) clock.advance(ms);
  expect(today()).toBe(day);
}

const offerOf = async (policyId: number) =>
  (await t.app.db.select().from(renewalOffers).where(eq(renewalOffers.policyId, policyId)))[0]!;

const policyRow = async (id: number) => (await t.app.db.select().from(policies).where(eq(policies.id, id)))[0]!;

const paymentsOf = (submissionId: number) =>
  t.app.db.select().from(payments).where(eq(payments.submissionId, submissionId));

const signature = { signerName: 'Dana Whitfield', consentToElectronicRecords: true, agreeToDeclarations: true };

const accept = (insured: Insured, policyId: number, key = newKey()) =>
  insured.call(
    'POST',
    'insured/renewalaccept',
    { ...signature, policyid: policyId },
    { headers: { 'idempotency-key': key } },
  );

async function accepted(bound: Bound): Promise<RenewalAccept> {
  const response = await accept(bound.insured, bound.policyId);
  expect(response.statusCode, response.body).toBe(200);
  const answer = v.parse(renewalAcceptSchema, response.json());
  expect(answer.outcome).toBe('checkout');
  return answer;
}

/** Pays a sandbox checkout page with the success card, as the browser's form post does. */
async function payPage(url: string) {
  const page = new URL(url);
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

/** A policy ending 60 days from today with its renewal offered (the offer sweep run). */
async function offered(overrides: Record<string, unknown> = {}): Promise<Bound> {
  const bound = await boundPolicy(overrides);
  await endsIn(bound.policyId, 60);
  await offerRenewals(ctx());
  expect((await offerOf(bound.policyId)).submissionId).not.toBeNull();
  return bound;
}

describe('a renewal bound ahead of the end', () => {
  it('leaves the old term in force collecting its instalments, and renews it on its end date', async () => {
    const monthly = await offered({ paymentTerm: 'monthly' });
    const end = (await policyRow(monthly.policyId)).expirationDate;
    await payPage((await accepted(monthly)).checkout!.url);
    const nextTerm = (await offerOf(monthly.policyId)).renewedPolicyId;
    expect(nextTerm).not.toBeNull();
    expect((await policyRow(monthly.policyId)).status).toBe('in_force');

    // The old term's second instalment is still invoiced on its day, and payable from its link.
    const [first] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.submissionId, monthly.orderId), eq(invoices.installmentNo, 1)));
    const second = first!.schedule[1]!;
    expect(second.dueDate < end).toBe(true);
    moveTo(addDays(second.dueDate, -14));
    await invoiceInstalments(ctx());
    const [invoice] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.submissionId, monthly.orderId), eq(invoices.installmentNo, 2)));
    expect(invoice, 'the second instalment is invoiced').toBeDefined();
    const read = await monthly.insured.call('GET', `insured/instalment?invoiceid=${invoice!.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(v.parse(payableInstalmentSchema, read.json())).toMatchObject({
      status: 'open',
      payable: true,
      policyStatus: 'in_force',
    });
    const opened = await monthly.insured.call(
      'POST',
      'insured/payinstalment',
      { invoiceid: invoice!.id },
      { headers: { 'idempotency-key': newKey() } },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    await payPage(v.parse(checkoutSchema, opened.json()).url);
    expect((await t.app.db.select().from(invoices).where(eq(invoices.id, invoice!.id)))[0]!.status).toBe('paid');

    // The day before its end nothing moves; on it the old term is renewed, with no expiry notice.
    moveTo(addDays(end, -1));
    await remindAndExpire(ctx());
    expect((await policyRow(monthly.policyId)).status).toBe('in_force');
    moveTo(end);
    await remindAndExpire(ctx());
    await remindAndExpire(ctx());
    expect((await policyRow(monthly.policyId)).status).toBe('renewed');
    expect((await policyRow(nextTerm!)).status).toBe('in_force');
    const told = (await mailsTo(t.app, monthly.insured.email)).map((mail) => mail.subject);
    expect(told.filter((subject) => /ends|expired/.test(subject))).toEqual([]);

    // Its schedule reads as an expired term's: paid stays paid, what was never paid is void.
    const plans = v.parse(
      policyInstalmentsListSchema,
      (await monthly.insured.call('GET', 'insured/instalments')).json(),
    );
    const old = plans.find((plan) => plan.policyId === monthly.policyId)!;
    expect(old.policyStatus).toBe('renewed');
    expect(old.schedule.slice(0, 2).map((item) => item.status)).toEqual(['paid', 'paid']);
    expect(new Set(old.schedule.slice(2).map((item) => item.status))).toEqual(new Set(['void']));
  });
});

describe('a renewal against a policy that ended or is ending otherwise', () => {
  it('paid after the policy was cancelled binds nothing: the payment is kept for a refund', async () => {
    const bound = await offered();
    const answer = await accepted(bound);
    const cancelled = await bound.insured.call(
      'POST',
      'insured/cancelpolicy',
      { policyid: bound.policyId, cancellationDate: today(), reason: 'Retiring' },
      { headers: { 'idempotency-key': newKey() } },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await policyRow(bound.policyId)).status).toBe('cancelled');

    await payPage(answer.checkout!.url);
    const offer = await offerOf(bound.policyId);
    expect(offer.renewedPolicyId).toBeNull();
    expect(await t.app.db.select().from(policies).where(eq(policies.submissionId, offer.submissionId!))).toEqual([]);
    const [payment] = await paymentsOf(offer.submissionId!);
    expect(payment).toMatchObject({ status: 'needs_refund' });
    expect(payment!.failureMessage).toContain('cancelled');
    const view = v.parse(
      renewalSchema,
      (await bound.insured.call('GET', `insured/renewal?policyid=${bound.policyId}`)).json(),
    );
    expect(view.status).toBe('lapsed');
  });

  it('under a notice of cancellation: accepting is a 409 saying so; paid then, it binds nothing until the arrears are settled', async () => {
    const underNotice = await offered();
    const noticeEnd = addDays(today(), 10);
    const notice = { status: 'cancellation_notice' as const, noticeEndDate: noticeEnd };
    await t.app.db.update(policies).set(notice).where(eq(policies.id, underNotice.policyId));
    const refused = expectError(await accept(underNotice.insured, underNotice.policyId), 409);
    expect(refused.message).toMatch(/notice of cancellation/);
    expect(refused.fields).toHaveProperty('status');

    // Accepted before the notice, paid under it: nothing bound, the payment kept for a refund.
    const paying = await offered();
    const answer = await accepted(paying);
    await t.app.db.update(policies).set(notice).where(eq(policies.id, paying.policyId));
    await payPage(answer.checkout!.url);
    const offer = await offerOf(paying.policyId);
    expect(offer.renewedPolicyId).toBeNull();
    expect((await paymentsOf(offer.submissionId!)).map((row) => row.status)).toEqual(['needs_refund']);

    // The instalment paid and the notice withdrawn, the renewal is accepted and paid again and binds.
    await t.app.db
      .update(policies)
      .set({ status: 'in_force', noticeEndDate: null })
      .where(eq(policies.id, paying.policyId));
    await payPage((await accepted(paying)).checkout!.url);
    const renewed = await offerOf(paying.policyId);
    expect(renewed.renewedPolicyId).not.toBeNull();
    expect((await policyRow(renewed.renewedPolicyId!)).number).toBe(`${paying.number}-R1`);
  });

  it('paid the day after the policy expired is bound from the day it is paid', async () => {
    const bound = await offered();
    const answer = await accepted(bound);
    const end = (await policyRow(bound.policyId)).expirationDate;
    moveTo(addDays(end, 1));
    await remindAndExpire(ctx());
    expect((await policyRow(bound.policyId)).status).toBe('expired');
    // The expiry notice sends the insured to the policy's page.
    const [expired] = (await mailsTo(t.app, bound.insured.email)).filter(
      (mail) => mail.subject === `Policy ${bound.number} has expired`,
    );
    const publicUrl = t.app.config.publicUrl;
    expect(linkIn(expired!, `${publicUrl}/`)).toBe(`${publicUrl}/policy?policyid=${bound.policyId}`);

    await payPage(answer.checkout!.url);
    const offer = await offerOf(bound.policyId);
    expect(offer.renewedPolicyId).not.toBeNull();
    expect(await policyRow(offer.renewedPolicyId!)).toMatchObject({
      number: `${bound.number}-R1`,
      status: 'in_force',
      effectiveDate: today(),
      expirationDate: addMonths(today(), 12),
    });
    expect((await policyRow(bound.policyId)).status).toBe('expired');
  });
});
