import { and, count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday, daysBetween } from '@shared/calendar';
import {
  cancellationOptionsSchema,
  cancellationQuoteSchema,
  cancellationSchema,
  tailPurchaseSchema,
  type BuyTailRequest,
  type CancellationQuote,
  type CancellationQuoteRequest,
  type CancelPolicyRequest,
} from '@shared/contract/cancellation';
import { checkoutSchema, policyInfoSchema } from '@shared/contract/billing';
import { certificateSchema, certificateVerificationSchema } from '@shared/contract/certificates';
import { policyHistorySchema } from '@shared/contract/endorsements';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import { TestClock } from '@server/clock';
import {
  documents,
  endorsements,
  invoices,
  policies,
  rateTables,
  sandboxCheckoutSessions,
  submissions,
  usStates,
} from '@server/db/schema';
import { storedRating } from '@server/submissions/stored-rating';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { freshIp, mailsTo } from '@server/test/auth-helpers';
import { pdfReader } from '@server/test/pdf-text';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const app = () => t.app;
const { textOf } = pdfReader('cancellation');

const QUOTE = 'insured/cancellationquote';
const CANCEL = 'insured/cancelpolicy';
const TAIL = 'insured/buytail';
const today = () => businessToday(t.app.clock.now());
const key = () => `cancel-${Math.random().toString(36).slice(2)}-${Date.now()}`;

/** A bound policy of a new insured's, its period from `effectiveDate` (ten days ago by default) for a year. */
async function boundPolicy(effectiveDate = addDays(today(), -10), insured?: Insured) {
  const owner = insured ?? (await newInsured(app));
  const order = await quotedOrder(app, owner);
  const policyId = await bindForTest(t.app, order.submissionId);
  await t.app.db
    .update(policies)
    .set({ effectiveDate, expirationDate: addMonths(effectiveDate, 12) })
    .where(eq(policies.id, policyId));
  const [policy] = await t.app.db.select().from(policies).where(eq(policies.id, policyId));
  const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, order.submissionId));
  const rating = storedRating(row!.worksheet)!;
  const [table] = await t.app.db.select().from(rateTables).where(eq(rateTables.id, rating.rateTableId));
  return { insured: owner, policyId, policy: policy!, rating, table: table!, stateCode: row!.stateCode! };
}

/** cents × numerator ÷ denominator, to the nearest cent (halves up: every figure here is positive). */
const share = (cents: number, numerator: number, denominator: number) => Math.round((cents * numerator) / denominator);

async function quote(insured: Insured, body: CancellationQuoteRequest): Promise<CancellationQuote> {
  const response = await insured.call('POST', QUOTE, body);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(cancellationQuoteSchema, response.json());
}

const endorsementCount = async (policyId: number) =>
  (await t.app.db.select({ n: count() }).from(endorsements).where(eq(endorsements.policyId, policyId)))[0]!.n;

const policyRow = async (policyId: number) =>
  (await t.app.db.select().from(policies).where(eq(policies.id, policyId)))[0]!;

async function expect400(response: Awaited<ReturnType<Insured['call']>>, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(Object.keys((response.json() as { fields?: Record<string, string> }).fields ?? {})).toContain(field);
}

describe('POST insured/cancellationquote', () => {
  it('returns the premium pro rata by the days left, with fee, taxes and state fees in proportion, and writes nothing', async () => {
    const { insured, policyId, policy, rating } = await boundPolicy();
    const date = addDays(today(), 5);
    const before = await policyRow(policyId);
    const answer = await quote(insured, { policyid: policyId, cancellationDate: date });

    // By hand: the days from the cancellation date to the expiration date over the days of the period.
    const left = daysBetween(date, policy.expirationDate);
    const days = daysBetween(policy.effectiveDate, policy.expirationDate);
    expect(days).toBeGreaterThanOrEqual(365);
    const premium = share(rating.premiumCents, left, days);
    const fee = share(rating.policyFeeCents, premium, rating.premiumCents);
    const tax = share(rating.taxCents, premium, rating.premiumCents);
    const stateFee = share(rating.stateFeeCents, premium, rating.premiumCents);
    expect(answer.returnPremium).toEqual({
      method: 'pro_rata',
      daysRemaining: left,
      daysInPeriod: days,
      annualPremiumCents: rating.premiumCents,
      premiumCents: premium,
      policyFeeCents: fee,
      taxCents: tax,
      stateFeeCents: stateFee,
      totalCents: premium + fee + tax + stateFee,
    });
    expect(answer).toMatchObject({
      policyId,
      policyNumber: policy.number,
      status: 'in_force',
      cancellationDate: date,
      effectiveDate: policy.effectiveDate,
      expirationDate: policy.expirationDate,
      // New business without prior cover: the retroactive date is inception.
      retroactiveDate: policy.effectiveDate,
    });
    expect(await endorsementCount(policyId)).toBe(0);
    expect(await policyRow(policyId)).toEqual(before);
  });

  it('offers a tail of 1, 2 and 3 years at the rate table’s percentages of the annual premium, with the state’s taxes', async () => {
    const { insured, policyId, rating, table } = await boundPolicy();
    const date = addDays(today(), 1);
    const answer = await quote(insured, { policyid: policyId, cancellationDate: date });
    expect(table.erpPercentBps).toEqual({ '1': 10_000, '2': 16_000, '3': 19_000 });
    const expected = ([1, 2, 3] as const).map((years) => {
      const percentBps = table.erpPercentBps[`${years}`];
      const premiumCents = share(rating.premiumCents, percentBps, 10_000);
      const taxCents = share(premiumCents, table.taxRateBps, 10_000);
      const stateFeeCents = share(premiumCents, table.feeRateBps, 10_000);
      return {
        years,
        percentBps,
        premiumCents,
        taxCents,
        stateFeeCents,
        totalCents: premiumCents + taxCents + stateFeeCents,
        reportingUntil: addMonths(date, 12 * years),
      };
    });
    expect(answer.tailOffer).toEqual(expected);
    expect(expected[1]!.premiumCents).toBe(share(rating.premiumCents, 160, 100));
  });

  it('returns short rate (90% of pro rata) where the state’s option says so', async () => {
    const { insured, policyId, policy, rating, stateCode } = await boundPolicy();
    const date = addDays(today(), 30);
    const setOption = (on: boolean) =>
      t.app.db.update(usStates).set({ shortRateCancellation: on }).where(eq(usStates.code, stateCode));
    await setOption(true);
    try {
      const answer = await quote(insured, { policyid: policyId, cancellationDate: date });
      const proRata = share(
        rating.premiumCents,
        daysBetween(date, policy.expirationDate),
        daysBetween(policy.effectiveDate, policy.expirationDate),
      );
      expect(answer.returnPremium.method).toBe('short_rate');
      expect(answer.returnPremium.premiumCents).toBe(share(proRata, 9, 10));
      expect(answer.returnPremium.taxCents).toBe(
        share(rating.taxCents, answer.returnPremium.premiumCents, rating.premiumCents),
      );
    } finally {
      await setOption(false);
    }
    expect((await quote(insured, { policyid: policyId, cancellationDate: date })).returnPremium.method).toBe(
      'pro_rata',
    );
  });

  it('a policy not yet in force cancels flat from its effective date: everything comes back', async () => {
    const effective = addDays(today(), 7);
    const { insured, policyId, rating } = await boundPolicy(effective);
    const answer = await quote(insured, { policyid: policyId, cancellationDate: effective });
    expect(answer.returnPremium).toMatchObject({
      method: 'flat',
      premiumCents: rating.premiumCents,
      policyFeeCents: rating.policyFeeCents,
      taxCents: rating.taxCents,
      stateFeeCents: rating.stateFeeCents,
      totalCents: rating.totalCents,
    });
    // Before its first day is no day of the period.
    await expect400(
      await insured.call('POST', QUOTE, { policyid: policyId, cancellationDate: today() }),
      'cancellationDate',
    );
  });

  it('refuses a date outside today … the day before expiration (400 naming cancellationDate)', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    for (const date of [addDays(today(), -1), policy.expirationDate, addDays(policy.expirationDate, 3), '2026-02-30']) {
      await expect400(
        await insured.call('POST', QUOTE, { policyid: policyId, cancellationDate: date }),
        'cancellationDate',
      );
    }
    const lastDay = await quote(insured, { policyid: policyId, cancellationDate: addDays(policy.expirationDate, -1) });
    expect(lastDay.returnPremium.daysRemaining).toBe(1);
  });
});

describe('POST insured/cancelpolicy', () => {
  it('cancels: the return premium owed on an endorsement, the notice kept and mailed with the PDF attached', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    const date = addDays(today(), 3);
    const preview = await quote(insured, { policyid: policyId, cancellationDate: date });
    const response = await insured.call(
      'POST',
      CANCEL,
      { policyid: policyId, cancellationDate: date, reason: 'Retiring from practice' },
      { headers: { 'Idempotency-Key': key() } },
    );
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = v.parse(cancellationSchema, response.json());
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancellationDate: date,
      reason: 'Retiring from practice',
      returnPremium: preview.returnPremium,
      tailOffer: preview.tailOffer,
      endorsement: {
        number: `${policy.number}-E01`,
        status: 'issued',
        totalChangeCents: -preview.returnPremium.totalCents,
      },
      notice: { filename: `cancellation-notice-${policy.number.toLowerCase()}.pdf` },
    });

    const stored = await policyRow(policyId);
    expect(stored).toMatchObject({
      status: 'cancelled',
      cancellationDate: date,
      cancellationReason: 'Retiring from practice',
    });
    const [endorsement] = await t.app.db.select().from(endorsements).where(eq(endorsements.policyId, policyId));
    expect(endorsement).toMatchObject({
      kind: 'cancellation',
      status: 'issued',
      effectiveDate: date,
      premiumChangeCents: -preview.returnPremium.premiumCents,
      taxChangeCents: -preview.returnPremium.taxCents,
      feeChangeCents: -(preview.returnPremium.policyFeeCents + preview.returnPremium.stateFeeCents),
      totalChangeCents: -preview.returnPremium.totalCents,
      returnPremiumStatus: 'owed',
    });

    const [notice] = await t.app.db
      .select()
      .from(documents)
      .where(and(eq(documents.policyId, policyId), eq(documents.type, 'cancellation_notice')));
    expect(notice!.filename).toBe(cancelled.notice.filename);
    const text = (await textOf(notice!.content)).replace(/\s+/g, ' ');
    const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
    const usd = (cents: number) =>
      `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    for (const expected of [
      'Notice of cancellation',
      policy.number,
      `${policy.number}-E01`,
      usDay(date),
      'Retiring from practice',
      usd(preview.returnPremium.totalCents),
      'Extended reporting period',
      ...preview.tailOffer.map((option) => usd(option.totalCents)),
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/Named insured \S/);

    // The insured downloads it again as the cancellation's endorsement, and the policy's history lists it.
    const download = await insured.call('POST', 'documents/downloadendorsement', {
      endorsementid: cancelled.endorsement.id,
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(notice!.content)).toBe(true);
    const history = await insured.call('GET', `insured/policyhistory?policyid=${policyId}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(v.parse(policyHistorySchema, history.json()).endorsements).toEqual([
      expect.objectContaining({
        number: `${policy.number}-E01`,
        kind: 'cancellation',
        status: 'issued',
        totalChangeCents: -preview.returnPremium.totalCents,
        returnPremiumStatus: 'owed',
        hasDocument: true,
      }),
    ]);

    const mails = (await mailsTo(t.app, insured.email)).filter(
      (mail) => mail.subject === `Your policy ${policy.number} is cancelled`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(usd(preview.returnPremium.totalCents));
    // The one wording of the cancellation date: cover stops at 12:01 a.m. on it, its first day without cover.
    expect(mails[0]!.text.replace(/\s+/g, ' ')).toContain(
      `Your cover stops at 12:01 a.m. on ${formatCalendarDay(date)}, the first day without cover.`,
    );
    expect(mails[0]!.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      [cancelled.notice.filename, 'application/pdf'],
    ]);
    expect(mails[0]!.attachments[0]!.content.startsWith('%PDF-')).toBe(true);
  });

  it('a retry with the same Idempotency-Key answers the same and does its work once; cancelling again is a 409', async () => {
    const { insured, policyId } = await boundPolicy();
    const body = { policyid: policyId, cancellationDate: addDays(today(), 2) };
    const headers = { 'Idempotency-Key': key() };
    const first = await insured.call('POST', CANCEL, body, { headers });
    const second = await insured.call('POST', CANCEL, body, { headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await endorsementCount(policyId)).toBe(1);
    const notices = await t.app.db.select({ n: count() }).from(documents).where(eq(documents.policyId, policyId));
    expect(notices[0]!.n).toBe(1);
    const mails = await mailsTo(t.app, insured.email);
    expect(mails.filter((mail) => mail.subject.endsWith('is cancelled'))).toHaveLength(1);

    // The same key for another request: 422, nothing done.
    const reused = await insured.call('POST', CANCEL, { ...body, reason: 'Changed my mind' }, { headers });
    expect(reused.statusCode, reused.body).toBe(422);

    for (const again of [
      await insured.call('POST', CANCEL, body, { headers: { 'Idempotency-Key': key() } }),
      await insured.call('POST', CANCEL, body),
      await insured.call('POST', QUOTE, body),
    ]) {
      expect(again.statusCode, again.body).toBe(409);
      expect((again.json() as { fields: Record<string, string> }).fields.status).toBe('is cancelled');
    }
    expect(await endorsementCount(policyId)).toBe(1);
  });

  it('declines the policy’s changes still waiting for payment: a cancelled policy takes no more', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    const change = await insured.call('POST', 'insured/endorse', { policyid: policyId, limitCode: '2M/4M' });
    expect(change.statusCode, change.body).toBe(201);
    const pending = change.json() as { id: number; status: string };
    expect(pending.status).toBe('awaiting_payment');
    const cancelled = await insured.call('POST', CANCEL, { policyid: policyId, cancellationDate: addDays(today(), 1) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(v.parse(cancellationSchema, cancelled.json()).endorsement.number).toBe(`${policy.number}-E02`);
    const [row] = await t.app.db.select().from(endorsements).where(eq(endorsements.id, pending.id));
    expect(row!.status).toBe('declined');
    const pay = await insured.call('POST', 'insured/payendorsement', { endorsementid: pending.id });
    expect(pay.statusCode, pay.body).toBe(409);
  });

  it('bad input is a 400 naming the field, and nothing is written', async () => {
    const { insured, policyId } = await boundPolicy();
    const before = await policyRow(policyId);
    await expect400(
      await insured.call('POST', CANCEL, { policyid: policyId, cancellationDate: addDays(today(), -2) }),
      'cancellationDate',
    );
    await expect400(await insured.call('POST', CANCEL, { policyid: policyId }), 'cancellationDate');
    await expect400(
      await insured.call('POST', CANCEL, { policyid: policyId, cancellationDate: today(), reason: 'x'.repeat(501) }),
      'reason',
    );
    await expect400(await insured.call('POST', TAIL, { policyid: policyId, years: 4 }), 'years');
    await expect400(await insured.call('POST', TAIL, { policyid: policyId, years: '0' }), 'years');
    expect(await policyRow(policyId)).toEqual(before);
    expect(await endorsementCount(policyId)).toBe(0);
  });

  it('insured/policyinfo shows the cancellation: the status, the date and the reason', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    const info = async () => {
      const response = await insured.call('GET', `insured/policyinfo?submissionid=${policy.submissionId}`);
      expect(response.statusCode, response.body).toBe(200);
      return v.parse(policyInfoSchema, response.json());
    };
    expect(await info()).toMatchObject({ status: 'in_force', cancellationDate: null, cancellationReason: null });
    const body = {
      policyid: String(policyId),
      cancellationDate: addDays(today(), 9),
      reason: 'Sold the practice',
    } satisfies CancelPolicyRequest;
    const response = await insured.call('POST', CANCEL, body, { form: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(await info()).toMatchObject({
      policyId,
      status: 'cancelled',
      cancellationDate: body.cancellationDate,
      cancellationReason: 'Sold the practice',
    });
  });

  it('another insured’s policy is a 404 on every call, and nothing changes', async () => {
    const { policyId } = await boundPolicy();
    const mallory = await newInsured(app);
    const before = await policyRow(policyId);
    for (const [url, body] of [
      [QUOTE, { policyid: policyId, cancellationDate: today() }],
      [CANCEL, { policyid: policyId, cancellationDate: today() }],
      [TAIL, { policyid: policyId, years: 1 } satisfies BuyTailRequest],
    ] as const) {
      const response = await mallory.call('POST', url, body, { headers: { 'Idempotency-Key': key() } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
    }
    expect(await policyRow(policyId)).toEqual(before);
    expect(await endorsementCount(policyId)).toBe(0);
  });
});

describe('POST insured/buytail', () => {
  it('only on a cancelled or expired policy (409 naming status), once: an endorsement awaiting payment and its invoice', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    const refused = await insured.call('POST', TAIL, { policyid: policyId, years: 2 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect((refused.json() as { fields: Record<string, string> }).fields.status).toBe('is in force');

    const date = addDays(today(), 4);
    const cancelled = v.parse(
      cancellationSchema,
      (await insured.call('POST', CANCEL, { policyid: policyId, cancellationDate: date })).json(),
    );
    const offered = cancelled.tailOffer.find((option) => option.years === 2)!;
    const headers = { 'Idempotency-Key': key() };
    const response = await insured.call('POST', TAIL, { policyid: policyId, years: '2' }, { headers, form: true });
    expect(response.statusCode, response.body).toBe(201);
    const purchase = v.parse(tailPurchaseSchema, response.json());
    expect(purchase).toMatchObject({
      policyId,
      status: 'cancelled',
      startsOn: date,
      tail: offered,
      endorsement: { number: `${policy.number}-E02`, status: 'awaiting_payment', totalChangeCents: offered.totalCents },
      invoice: {
        status: 'open',
        premiumCents: offered.premiumCents,
        taxCents: offered.taxCents,
        feeCents: offered.stateFeeCents,
        totalCents: offered.totalCents,
      },
    });
    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.id, purchase.invoice.invoiceId));
    expect(invoice).toMatchObject({ endorsementId: purchase.endorsement.id, totalCents: offered.totalCents });

    const retried = await insured.call('POST', TAIL, { policyid: policyId, years: 2 }, { headers });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual(purchase);

    const twice = await insured.call(
      'POST',
      TAIL,
      { policyid: policyId, years: 1 },
      { headers: { 'Idempotency-Key': key() } },
    );
    expect(twice.statusCode, twice.body).toBe(409);
    expect((twice.json() as { fields: Record<string, string> }).fields).toHaveProperty('tail');
    expect(await endorsementCount(policyId)).toBe(2);
  });

  it('is paid through the hosted checkout (insured/payendorsement): the tail is issued with its endorsement PDF', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    const date = addDays(today(), 2);
    const cancelled = await insured.call('POST', CANCEL, { policyid: policyId, cancellationDate: date });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const bought = await insured.call('POST', TAIL, { policyid: policyId, years: 1 });
    expect(bought.statusCode, bought.body).toBe(201);
    const purchase = v.parse(tailPurchaseSchema, bought.json());

    const opened = await insured.call(
      'POST',
      'insured/payendorsement',
      { endorsementid: purchase.endorsement.id },
      { headers: { 'Idempotency-Key': key() } },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const checkout = v.parse(checkoutSchema, opened.json());
    expect(checkout).toMatchObject({ invoiceId: purchase.invoice.invoiceId, amountCents: purchase.tail.totalCents });
    const page = new URL(checkout.url);
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
    // The provider's webhook for the same payment, delivered twice: nothing more is issued or mailed.
    const [session] = await t.app.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, checkout.sessionId));
    const event = t.app.sandbox!.paidEvent(session!);
    for (const delivery of [event, event]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/weborder/payments/webhook/sandbox',
        headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
        payload: delivery.payload,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }

    const [tail] = await t.app.db.select().from(endorsements).where(eq(endorsements.id, purchase.endorsement.id));
    expect(tail).toMatchObject({ kind: 'tail', status: 'issued', totalChangeCents: purchase.tail.totalCents });
    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.id, purchase.invoice.invoiceId));
    expect(invoice!.status).toBe('paid');
    // The policy stays cancelled: a tail extends the time to report, not the cover.
    expect(await policyRow(policyId)).toMatchObject({ status: 'cancelled', cancellationDate: date });
    const text = (await textOf(tail!.content!)).replace(/\s+/g, ' ');
    const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
    for (const expected of [
      'Extended reporting period endorsement',
      purchase.endorsement.number,
      policy.number,
      `From ${usDay(date)} to ${usDay(purchase.tail.reportingUntil)}`,
      'Total paid',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The receipt, mailed once (the MIME mail read back from the outbox), with the tail's endorsement attached.
    const receipts = (await mailsTo(t.app, insured.email)).filter(
      (mail) => mail.subject === `Your tail cover for policy ${policy.number} is in place`,
    );
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    for (const expected of [
      `payment of ${formatUsd(purchase.tail.totalCents)} (invoice ${purchase.invoice.number})`,
      `tail) of 1 year on policy ${policy.number}`,
      `from 12:01 a.m. on ${formatCalendarDay(date)} until 12:01 a.m. on ${formatCalendarDay(purchase.tail.reportingUntil)}`,
      `(${purchase.endorsement.number}) is attached`,
    ]) {
      expect(receipt.text.replace(/\s+/g, ' '), expected).toContain(expected);
    }
    expect(receipt.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      [`endorsement-${purchase.endorsement.number.toLowerCase()}.pdf`, 'application/pdf'],
    ]);
    expect(receipt.attachments[0]!.content.startsWith('%PDF-')).toBe(true);
    // Paid: the retry of the checkout is refused, and no second tail can be bought.
    const again = await insured.call('POST', 'insured/payendorsement', { endorsementid: purchase.endorsement.id });
    expect(again.statusCode, again.body).toBe(409);
    expect((await insured.call('POST', TAIL, { policyid: policyId, years: 2 })).statusCode).toBe(409);
  });

  it('an expired policy buys its tail from the expiration date', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    await t.app.db.update(policies).set({ status: 'expired' }).where(eq(policies.id, policyId));
    const response = await insured.call('POST', TAIL, { policyid: policyId, years: 3 });
    expect(response.statusCode, response.body).toBe(201);
    const purchase = v.parse(tailPurchaseSchema, response.json());
    expect(purchase.startsOn).toBe(policy.expirationDate);
    expect(purchase.tail.reportingUntil).toBe(addMonths(policy.expirationDate, 36));
    expect(purchase.endorsement.number).toBe(`${policy.number}-E01`);
  });
});

describe('GET insured/cancellationoptions', () => {
  const OPTIONS = 'insured/cancellationoptions';
  const options = async (insured: Insured, policyId: number) => {
    const response = await insured.call('GET', `${OPTIONS}?policyid=${policyId}`);
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(cancellationOptionsSchema, response.json());
  };

  it('in force: the days it can be cancelled from (today … the day before expiration), no tail yet, nothing written', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    const answer = await options(insured, policyId);
    expect(answer).toMatchObject({
      policyId,
      policyNumber: policy.number,
      status: 'in_force',
      earliestCancellationDate: today(),
      latestCancellationDate: addDays(policy.expirationDate, -1),
      cancellationDate: null,
      cancellation: null,
      tailStartsOn: null,
      tailOffer: [],
      tail: null,
    });
    expect(await endorsementCount(policyId)).toBe(0);
    // Not yet in force: from its effective date (a flat cancellation).
    const later = await boundPolicy(addDays(today(), 20));
    expect((await options(later.insured, later.policyId)).earliestCancellationDate).toBe(addDays(today(), 20));
  });

  it('cancelled: the cancellation and its endorsement, the tails the cancellation offered, then the one bought', async () => {
    const { insured, policyId } = await boundPolicy();
    const date = addDays(today(), 3);
    const cancelled = v.parse(
      cancellationSchema,
      (await insured.call('POST', CANCEL, { policyid: policyId, cancellationDate: date, reason: 'Retiring' })).json(),
    );
    const answer = await options(insured, policyId);
    expect(answer).toMatchObject({
      status: 'cancelled',
      earliestCancellationDate: null,
      latestCancellationDate: null,
      cancellationDate: date,
      cancellationReason: 'Retiring',
      cancellation: cancelled.endorsement,
      tailStartsOn: date,
      tail: null,
    });
    expect(answer.tailOffer).toEqual(cancelled.tailOffer);

    const bought = v.parse(
      tailPurchaseSchema,
      (await insured.call('POST', TAIL, { policyid: policyId, years: 2 })).json(),
    );
    const after = await options(insured, policyId);
    expect(after.tailOffer).toEqual([]);
    expect(after.tail).toEqual({
      ...bought.endorsement,
      years: 2,
      startsOn: date,
      reportingUntil: bought.tail.reportingUntil,
    });
  });

  it('expired: tails from the expiration date; another insured’s policy is a 404, a bad id a 400 naming policyid', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    await t.app.db.update(policies).set({ status: 'expired' }).where(eq(policies.id, policyId));
    const answer = await options(insured, policyId);
    expect(answer).toMatchObject({
      status: 'expired',
      earliestCancellationDate: null,
      tailStartsOn: policy.expirationDate,
    });
    expect(answer.tailOffer.map((option) => [option.years, option.reportingUntil])).toEqual([
      [1, addMonths(policy.expirationDate, 12)],
      [2, addMonths(policy.expirationDate, 24)],
      [3, addMonths(policy.expirationDate, 36)],
    ]);
    const other = await newInsured(app);
    expect((await other.call('GET', `${OPTIONS}?policyid=${policyId}`)).statusCode).toBe(404);
    await expect400(await insured.call('GET', `${OPTIONS}?policyid=abc`), 'policyid');
  });
});

describe('the certificates’ public check after a cancellation', () => {
  const lookUp = async (code: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/weborder/auth/verifycertificate/${code}`,
      remoteAddress: freshIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(certificateVerificationSchema, response.json());
  };
  const issueCertificate = async (insured: Insured, policyId: number) => {
    const response = await insured.call('POST', 'insured/issuecertificate', {
      policyid: policyId,
      holderName: 'Acme Landlord LLC',
      address1: '500 Main St',
      city: 'Houston',
      state: 'TX',
      zipcode: '77002',
    });
    expect(response.statusCode, response.body).toBe(201);
    return v.parse(certificateSchema, response.json());
  };

  it('says cancelled on the date from that day, and in force with the date to come before it (test clock)', async () => {
    const now = await boundPolicy();
    const later = await boundPolicy();
    const [certificateNow, certificateLater] = [
      await issueCertificate(now.insured, now.policyId),
      await issueCertificate(later.insured, later.policyId),
    ];
    const cancelOn = async (insured: Insured, policyId: number, date: string) => {
      const response = await insured.call('POST', CANCEL, { policyid: policyId, cancellationDate: date });
      expect(response.statusCode, response.body).toBe(200);
    };
    await cancelOn(now.insured, now.policyId, today());
    const future = addDays(today(), 6);
    await cancelOn(later.insured, later.policyId, future);

    expect(await lookUp(certificateNow.code)).toMatchObject({ standing: 'cancelled', cancellationDate: today() });
    // Cancelled from today: the mail says the cover stopped at the start of today, not that it continues.
    const fromToday = (await mailsTo(t.app, now.insured.email)).find((mail) => mail.subject.endsWith('is cancelled'));
    expect(fromToday!.text.replace(/\s+/g, ' ')).toContain(
      `Your cover stopped at the start of today (12:01 a.m., ${formatCalendarDay(today())}): today is the first day without cover.`,
    );
    expect(await lookUp(certificateLater.code)).toMatchObject({ standing: 'in_force', cancellationDate: future });

    // The policy page and the cancel screen read the day by the server's (test) clock, not the browser's.
    const history = await later.insured.call('GET', `insured/policyhistory?policyid=${later.policyId}`);
    expect(v.parse(policyHistorySchema, history.json()).today).toBe(today());
    const options = await later.insured.call('GET', `insured/cancellationoptions?policyid=${later.policyId}`);
    expect(options.json()).toMatchObject({ today: today(), cancellationDate: future });

    // Six days on, the cancellation has taken effect (the last test: bearer tokens do not outlive this).
    clock.advance(6 * 24 * 60 * 60 * 1000);
    expect(today()).toBe(future);
    expect(await lookUp(certificateLater.code)).toMatchObject({ standing: 'cancelled', cancellationDate: future });
  });
});
