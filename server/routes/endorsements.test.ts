/**
 * Issue 19, mid-term changes: the preview is the prorated premium a test works out by hand from
 * the rate table the policy was priced with (a newer version in force meanwhile); a decrease is
 * issued at once and the reissued declarations show it; an increase waits for its invoice; a
 * retry does its work once; another insured's policy is a 404, a cancelled one a 409, bad input a
 * 400 naming the field with nothing written; on PostgreSQL, concurrent changes take turns.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday, daysBetween } from '@shared/calendar';
import { rateTableVersionSchema, rateTableVersionsSchema } from '@shared/contract/admin-rate-tables';
import { checkoutSchema, invoiceSchema, policyInfoSchema } from '@shared/contract/billing';
import {
  endorsementQuoteSchema,
  endorsementSchema,
  policyHistorySchema,
  type EndorsementQuote,
  type EndorsementRequest,
} from '@shared/contract/endorsements';
import type { Calculation } from '@shared/contract/rating';
import { documents, endorsements, invoices, payments, policies, rateTables, users } from '@server/db/schema';
import {
  bindForTest,
  lockWaiters,
  newInsured,
  quotedOrder,
  whileLocked,
  type Insured,
} from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { pdfReader } from '@server/test/pdf-text';
import { newKey, paidOrder } from '@server/test/payment-helpers';
import { usDate as usDay } from '@server/documents/pdf-layout';
import { specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;
const pdf = pdfReader('endorsements');

const QUOTE = 'insured/endorsementquote';
const ENDORSE = 'insured/endorse';
const historyUrl = (policyId: number) => `insured/policyhistory?policyid=${policyId}`;
const today = () => businessToday(t.app.clock.now());

/** A bound policy of a new insured's (Dentists, Houston, 1M/3M, $1,000), in force since ten days ago. */
async function boundPolicy(insured?: Insured) {
  const owner = insured ?? (await newInsured(app));
  const order = await quotedOrder(app, owner);
  const policyId = await bindForTest(t.app, order.submissionId);
  const effectiveDate = addDays(today(), -10);
  await t.app.db
    .update(policies)
    .set({ effectiveDate, expirationDate: addMonths(effectiveDate, 12) })
    .where(eq(policies.id, policyId));
  return { insured: owner, order, policyId, policy: await policyRow(policyId) };
}

const policyRow = async (policyId: number) =>
  (await t.app.db.select().from(policies).where(eq(policies.id, policyId)))[0]!;

async function preview(insured: Insured, body: EndorsementRequest): Promise<EndorsementQuote> {
  const response = await insured.call('POST', QUOTE, body);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(endorsementQuoteSchema, response.json());
}

const endorse = (insured: Insured, body: Record<string, unknown>, key?: string) =>
  insured.call('POST', ENDORSE, body, key ? { headers: { 'idempotency-key': key } } : {});

async function endorsed(insured: Insured, body: Record<string, unknown>, key?: string) {
  const response = await endorse(insured, body, key);
  expect(response.statusCode, response.body).toBe(201);
  return v.parse(endorsementSchema, response.json());
}

const endorsementCount = async (policyId: number) =>
  (await t.app.db.select({ n: count() }).from(endorsements).where(eq(endorsements.policyId, policyId)))[0]!.n;

const declarationsOf = async (submissionId: number) =>
  (await t.app.db.select().from(documents).where(eq(documents.submissionId, submissionId))).find(
    (row) => row.type === 'declarations',
  );

/**
 * The annual premium by hand: the order's own worksheet (priced on its table) again, with the
 * limit's factor swapped for another row's — each factor rounded half up to the cent, then whole
 * dollars, at least the minimum.
 */
function annualWithLimit(rating: Calculation, limitFactorBps: number, minPremiumCents: number): number {
  let running = 0;
  for (const line of rating.worksheet) {
    if (line.step === 'base') running = line.runningCents;
    if (
      line.factorBps !== undefined &&
      ['territory', 'limit', 'deductible', 'schedule', 'experience'].includes(line.step)
    ) {
      const factor = line.step === 'limit' ? limitFactorBps : line.factorBps;
      running = Math.floor((running * factor + 5_000) / 10_000);
    }
  }
  return Math.max(Math.floor((running + 50) / 100) * 100, minPremiumCents);
}

let admin: Insured;
beforeAll(async () => {
  admin = await newInsured(app);
  await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
});

describe('the preview', () => {
  it('is the prorated premium worked out by hand, on the table version the policy was priced with', async () => {
    const { insured, order, policyId, policy } = await boundPolicy();
    const [oldTable] = await t.app.db.select().from(rateTables).where(eq(rateTables.id, order.rating.rateTableId));

    // A new version is activated after the sale: 20 % on the base premium.
    const dentists = await specialityId(t.app);
    const inForce = v
      .parse(
        rateTableVersionsSchema,
        (await admin.call('GET', `admin/ratetables?specialityId=${dentists}&state=TX`)).json(),
      )
      .find((version) => version.active)!;
    const changed = await admin.call('POST', 'admin/ratetables', {
      specialityId: dentists,
      stateCode: 'TX',
      basedOnVersion: inForce.version,
      basePremiumCents: Math.round(inForce.basePremiumCents * 1.2),
    });
    expect(changed.statusCode, changed.body).toBe(201);
    expect(v.parse(rateTableVersionSchema, changed.json()).id).not.toBe(oldTable!.id);

    const effectiveDate = addDays(today(), 5);
    const quote = await preview(insured, { policyid: policyId, effectiveDate, limitCode: '2M/4M' });

    const newLimit = oldTable!.factors.ilf.find((row) => row.code === '2M/4M')!;
    const before = order.rating.premiumCents;
    const after = annualWithLimit(order.rating, newLimit.factorBps, oldTable!.minPremiumCents);
    const remaining = daysBetween(effectiveDate, policy.expirationDate);
    const inPeriod = daysBetween(policy.effectiveDate, policy.expirationDate);
    expect([remaining, inPeriod]).toEqual([365 - 15, 365]);
    const prorated = Math.round(((after - before) * remaining) / inPeriod);
    const tax = Math.round((prorated * oldTable!.taxRateBps) / 10_000);
    const fee = Math.round((prorated * oldTable!.feeRateBps) / 10_000);
    expect(prorated).toBeGreaterThan(0);
    expect(quote).toMatchObject({
      policyId,
      policyNumber: policy.number,
      effectiveDate,
      rateTableId: oldTable!.id,
      rateTableVersion: oldTable!.version,
      changes: [{ field: 'limitCode', before: '1M/3M', after: '2M/4M' }],
      annualPremiumBeforeCents: before,
      annualPremiumAfterCents: after,
      daysRemaining: remaining,
      daysInPeriod: inPeriod,
      proratedPremiumCents: prorated,
      taxCents: tax,
      feeCents: fee,
      totalCents: prorated + tax + fee,
    });
    expect(quote.worksheet.map((line) => line.label)).toEqual([
      'Annual premium before',
      'Annual premium after',
      'Days remaining',
      'Prorated premium',
      'Premium tax',
      'State fees',
      'Additional premium',
    ]);
    expect(quote.worksheet.at(-1)!.amountCents).toBe(prorated + tax + fee);

    // Today is the default; nothing was written.
    expect((await preview(insured, { policyid: policyId, limitCode: '2M/4M' })).effectiveDate).toBe(today());
    expect(await endorsementCount(policyId)).toBe(0);
    expect(await policyRow(policyId)).toEqual(policy);
  });
});

describe('committing a change', () => {
  it('issues a decrease at once: the policy changes, the declarations are reissued, a return premium is owed', async () => {
    const { insured, order, policyId, policy } = await boundPolicy();
    const body = { policyid: policyId, limitCode: '500K/1M', deductibleCode: '2500' };
    const quote = await preview(insured, body);
    expect(quote.totalCents).toBeLessThan(0);

    const endorsement = await endorsed(insured, body, 'endorse-decrease-1');
    expect(endorsement).toMatchObject({
      policyId,
      number: `${policy.number}-E01`,
      kind: 'change',
      status: 'issued',
      effectiveDate: today(),
      annualPremiumBeforeCents: quote.annualPremiumBeforeCents,
      annualPremiumAfterCents: quote.annualPremiumAfterCents,
      premiumChangeCents: quote.proratedPremiumCents,
      taxChangeCents: quote.taxCents,
      feeChangeCents: quote.feeCents,
      totalChangeCents: quote.totalCents,
      returnPremiumStatus: 'owed',
      invoiceId: null,
      hasDocument: true,
    });
    expect(endorsement.changes).toEqual([
      { field: 'limitCode', before: '1M/3M', after: '500K/1M' },
      { field: 'deductibleCode', before: '1000', after: '2500' },
    ]);
    const changed = await policyRow(policyId);
    expect(changed).toMatchObject({
      limitCode: '500K/1M',
      perClaimLimitCents: 50_000_000,
      aggregateLimitCents: 100_000_000,
      deductibleCode: '2500',
      deductibleCents: 250_000,
      status: 'in_force',
    });
    expect(changed.premiumCents).toBeLessThan(policy.premiumCents);

    // insured/policyinfo reads the policy as it is now: the new limit and deductible by the table's
    // labels, and the year's premium after the change with the table's fee, tax and state fees on it.
    const [table] = await t.app.db.select().from(rateTables).where(eq(rateTables.id, order.rating.rateTableId));
    const info = v.parse(
      policyInfoSchema,
      (await insured.call('GET', `insured/policyinfo?submissionid=${order.submissionId}`)).json(),
    );
    const taxable = quote.annualPremiumAfterCents + table!.policyFeeCents;
    const tax = Math.floor((taxable * table!.taxRateBps + 5_000) / 10_000);
    const stateFee = Math.floor((taxable * table!.feeRateBps + 5_000) / 10_000);
    expect(info).toMatchObject({
      limit: { code: '500K/1M', label: table!.factors.ilf.find((row) => row.code === '500K/1M')!.label },
      deductible: { code: '2500', label: table!.factors.dlf.find((row) => row.code === '2500')!.label },
      premiumCents: quote.annualPremiumAfterCents,
      policyFeeCents: table!.policyFeeCents,
      taxCents: tax,
      stateFeeCents: stateFee,
      totalCents: quote.annualPremiumAfterCents + table!.policyFeeCents + tax + stateFee,
    });
    expect(info.limit.label).not.toBe(order.rating.limit.label);

    const declarations = await declarationsOf(order.submissionId);
    const text = await pdf.textOf(declarations!.content);
    expect(text).toMatch(/Each claim\s+\$500,000\.00/);
    expect(text).toMatch(/Aggregate\s+\$1,000,000\.00/);
    expect(text).toMatch(/Deductible \(each claim\)\s+\$2,500\.00/);
    expect(text).not.toContain('$3,000,000');
    expect(text.replace(/\s+/g, ' ')).toContain(
      `${policy.number}-E01, effective ${usDay(today())}: limit from 1M/3M to 500K/1M; deductible from 1000 to 2500.`,
    );

    const download = await insured.call('POST', 'documents/downloadendorsement', { endorsementid: endorsement.id });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`endorsement-${policy.number.toLowerCase()}-e01.pdf`);
    const endorsementText = await pdf.textOf(download.rawPayload);
    expect(endorsementText).toContain(`${policy.number}-E01`);
    expect(endorsementText).toContain('$500,000 / $1,000,000');
    expect(endorsementText).toContain('Return premium');

    // A retry with the same key answers the same endorsement and changes nothing more.
    const retried = await endorse(insured, body, 'endorse-decrease-1');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(v.parse(endorsementSchema, retried.json())).toEqual(endorsement);
    expect(await endorsementCount(policyId)).toBe(1);
    expect(await policyRow(policyId)).toEqual(changed);
    expect(
      expectError(await endorse(insured, { ...body, deductibleCode: '5000' }, 'endorse-decrease-1'), 422).fields,
    ).toHaveProperty('Idempotency-Key');

    // A second change follows the first: E02, priced from what E01 left.
    const second = await endorsed(insured, { policyid: policyId, deductibleCode: '5000' });
    expect(second.number).toBe(`${policy.number}-E02`);
    expect(second.annualPremiumBeforeCents).toBe(endorsement.annualPremiumAfterCents);

    const history = v.parse(policyHistorySchema, (await insured.call('GET', historyUrl(policyId))).json());
    expect(history).toMatchObject({ policyId, policyNumber: policy.number, effectiveDate: policy.effectiveDate });
    expect(history.endorsements.map((row) => [row.number, row.kind, row.status])).toEqual([
      [`${policy.number}-E02`, 'change', 'issued'],
      [`${policy.number}-E01`, 'change', 'issued'],
    ]);
    expect(history.endorsements[1]).toEqual(endorsement);
  });

  it('corrects the named insured and the address without a premium', async () => {
    const { insured, order, policyId, policy } = await boundPolicy();
    const endorsement = await endorsed(insured, {
      policyid: policyId,
      insuredName: 'Bright Smiles Dental PLLC',
      address: { address1: '900 Travis St', city: 'Houston', state: 'TX', zipcode: '77002' },
    });
    expect(endorsement).toMatchObject({ status: 'issued', totalChangeCents: 0, returnPremiumStatus: null });
    expect(endorsement.changes.map((change) => change.field)).toEqual(['insuredName', 'address']);
    expect((await policyRow(policyId)).premiumCents).toBe(policy.premiumCents);
    const text = await pdf.textOf((await declarationsOf(order.submissionId))!.content);
    expect(text).toContain('Bright Smiles Dental PLLC');
    expect(text).toContain('900 Travis St');
  });

  it('makes an increase wait for its invoice', async () => {
    const { insured, order, policyId, policy } = await boundPolicy();
    const body = { policyid: policyId, limitCode: '2M/4M' };
    const quote = await preview(insured, body);
    const endorsement = await endorsed(insured, body, 'endorse-increase-1');
    expect(endorsement).toMatchObject({
      number: `${policy.number}-E01`,
      status: 'awaiting_payment',
      totalChangeCents: quote.totalCents,
      issuedAt: null,
      hasDocument: false,
    });
    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.endorsementId, endorsement.id));
    expect(invoice).toMatchObject({
      id: endorsement.invoiceId,
      number: endorsement.invoiceNumber,
      submissionId: order.submissionId,
      premiumCents: quote.proratedPremiumCents,
      taxCents: quote.taxCents,
      feeCents: quote.feeCents,
      totalCents: quote.totalCents,
      status: 'open',
    });
    // Not in effect yet, and no second change meanwhile.
    expect(await policyRow(policyId)).toEqual(policy);
    expect(
      expectError(await endorse(insured, { policyid: policyId, deductibleCode: '2500' }), 409).fields,
    ).toHaveProperty('status');
    expect(
      expectError(await insured.call('POST', 'documents/downloadendorsement', { endorsementid: endorsement.id }), 404),
    );

    const retried = await endorse(insured, body, 'endorse-increase-1');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await endorsementCount(policyId)).toBe(1);
    expect(
      (await t.app.db.select({ n: count() }).from(invoices).where(eq(invoices.endorsementId, endorsement.id)))[0]!.n,
    ).toBe(1);
  });
});

describe('paying an additional premium', () => {
  it('through the order’s hosted checkout issues the endorsement and reissues the declarations', async () => {
    const insured = await newInsured(app);
    const { order, invoice: orderBill, policy } = await paidOrder(app, insured);
    expect((await declarationsOf(order.submissionId))!.content.length).toBeGreaterThan(0);
    const body = { policyid: policy.id, limitCode: '2M/4M' };
    const quote = await preview(insured, body);
    const endorsement = await endorsed(insured, body);
    expect(endorsement).toMatchObject({ status: 'awaiting_payment', totalChangeCents: quote.totalCents });

    const key = newKey();
    const open = () =>
      insured.call(
        'POST',
        'insured/payendorsement',
        { endorsementid: endorsement.id },
        { headers: { 'idempotency-key': key } },
      );
    const opened = await open();
    expect(opened.statusCode, opened.body).toBe(200);
    const checkout = v.parse(checkoutSchema, opened.json());
    expect(checkout).toMatchObject({
      submissionId: order.submissionId,
      invoiceId: endorsement.invoiceId,
      amountCents: quote.totalCents,
    });
    // A retry continues the same checkout.
    expect(v.parse(checkoutSchema, (await open()).json()).sessionId).toBe(checkout.sessionId);

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
    expect(paid.headers.location).toContain(`endorsementid=${endorsement.id}`);

    const history = v.parse(policyHistorySchema, (await insured.call('GET', historyUrl(policy.id))).json());
    expect(history.endorsements[0]).toMatchObject({
      id: endorsement.id,
      status: 'issued',
      hasDocument: true,
      returnPremiumStatus: null,
    });
    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.id, endorsement.invoiceId!));
    expect(invoice!.status).toBe('paid');
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.invoiceId, invoice!.id));
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: quote.totalCents });
    expect(await policyRow(policy.id)).toMatchObject({
      limitCode: '2M/4M',
      perClaimLimitCents: 200_000_000,
      aggregateLimitCents: 400_000_000,
    });
    const text = await pdf.textOf((await declarationsOf(order.submissionId))!.content);
    expect(text).toMatch(/Each claim\s+\$2,000,000\.00/);
    expect(text).toMatch(/Aggregate\s+\$4,000,000\.00/);
    expect(text.replace(/\s+/g, ' ')).toContain(`${policy.number}-E01, effective`);

    // The browser's return answers paid; paying again is refused.
    const confirmed = await insured.call('POST', 'payments/confirm', {
      submissionid: order.submissionId,
      sessionid: checkout.sessionId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ outcome: 'paid', policyNumber: policy.number });
    expect(expectError(await open(), 409).fields).toEqual({ status: 'is issued' });
    // The order's own invoice is still the order's.
    const orderInvoice = await insured.call('GET', `invoice/details?submissionid=${order.submissionId}`);
    expect(orderInvoice.statusCode, orderInvoice.body).toBe(200);
    expect(v.parse(invoiceSchema, orderInvoice.json())).toMatchObject({
      invoiceId: orderBill.invoiceId,
      status: 'paid',
    });
  });
});

describe('refusals', () => {
  it('another insured’s policy is a 404 on every call, and nothing is written', async () => {
    const { policyId, order } = await boundPolicy();
    const mallory = await newInsured(app);
    const body = { policyid: policyId, limitCode: '500K/1M' };
    expectError(await mallory.call('POST', QUOTE, body), 404);
    expectError(await endorse(mallory, body), 404);
    expectError(await mallory.call('GET', historyUrl(policyId)), 404);
    const owner = (await t.app.db.select().from(policies).where(eq(policies.id, policyId)))[0]!;
    expect(owner.submissionId).toBe(order.submissionId);
    expect(await endorsementCount(policyId)).toBe(0);
  });

  it('a cancelled policy is a 409 naming its status', async () => {
    const { insured, policyId } = await boundPolicy();
    await t.app.db
      .update(policies)
      .set({ status: 'cancelled', cancellationDate: today() })
      .where(eq(policies.id, policyId));
    const body = { policyid: policyId, limitCode: '500K/1M' };
    expect(expectError(await insured.call('POST', QUOTE, body), 409).fields).toEqual({ status: 'is cancelled' });
    expect(expectError(await endorse(insured, body), 409).fields).toEqual({ status: 'is cancelled' });
    expect(await endorsementCount(policyId)).toBe(0);
    // The history is still there to read.
    expect((await insured.call('GET', historyUrl(policyId))).statusCode).toBe(200);
  });

  it('bad input is a 400 naming the field, and nothing is written', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ limitCode: '9M/9M' }, 'limitCode'],
      [{ deductibleCode: '7' }, 'deductibleCode'],
      [{ limitCode: '500K/1M', effectiveDate: addDays(today(), -1) }, 'effectiveDate'],
      [{ limitCode: '500K/1M', effectiveDate: policy.expirationDate }, 'effectiveDate'],
      [{ limitCode: '500K/1M', effectiveDate: '2026-02-30' }, 'effectiveDate'],
      [{ limitCode: '1M/3M' }, 'limitCode'],
      [{ address: { address1: '1 Main St', city: 'Dallas', state: 'TX', zipcode: '10001' } }, 'address.zipcode'],
      [{ address: { address1: '1 Main St', city: 'Phoenix', state: 'AZ', zipcode: '85001' } }, 'address.state'],
    ];
    for (const [change, field] of cases) {
      for (const url of [QUOTE, ENDORSE]) {
        const error = expectError(await insured.call('POST', url, { policyid: policyId, ...change }), 400);
        expect(error.fields, `${url} ${JSON.stringify(change)}`).toHaveProperty([field]);
      }
    }
    expect(await endorsementCount(policyId)).toBe(0);
    expect(await policyRow(policyId)).toEqual(policy);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  it('two concurrent changes of one policy take turns: E01 and E02, the second priced from the first', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    let pending: ReturnType<typeof endorse>[] = [];
    // Both requests start while the policy's row is held, so both wait for it and then take turns.
    await whileLocked(
      t.app,
      (tx) => tx.select({ id: policies.id }).from(policies).where(eq(policies.id, policyId)).for('update'),
      async () => {
        pending = [
          endorse(insured, { policyid: policyId, deductibleCode: '2500' }),
          endorse(insured, { policyid: policyId, limitCode: '500K/1M' }),
        ];
        await lockWaiters(t.app, 2);
      },
    );
    const answers = await Promise.all(pending);
    const made = answers.map((answer) => {
      expect(answer.statusCode, answer.body).toBe(201);
      return v.parse(endorsementSchema, answer.json());
    });
    const [first, second] = made.sort((a, b) => a.number.localeCompare(b.number));
    expect([first!.number, second!.number]).toEqual([`${policy.number}-E01`, `${policy.number}-E02`]);
    expect(second!.annualPremiumBeforeCents).toBe(first!.annualPremiumAfterCents);
    expect(await policyRow(policyId)).toMatchObject({ limitCode: '500K/1M', deductibleCode: '2500' });
  });
});
