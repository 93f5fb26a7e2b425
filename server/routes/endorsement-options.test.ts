/**
 * Issue 19, GET insured/endorsementoptions: what the change screen offers is what
 * insured/endorse accepts — the days from today (or the period's first day) to the day before
 * expiry, the limits and deductibles of the rate table version the policy was priced with (not
 * the version in force since), the named insured and address as corrected, a change awaiting its
 * premium; another insured's policy is a 404, a cancelled one a 409 naming its status.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { endorsementOptionsSchema, endorsementSchema } from '@shared/contract/endorsements';
import { policies, rateTables, submissions } from '@server/db/schema';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;
const today = () => businessToday(t.app.clock.now());
const optionsUrl = (policyId: number | string) => `insured/endorsementoptions?policyid=${policyId}`;

/** A bound policy of a new insured's (Dentists, Houston, 1M/3M, $1,000), its period from `start`. */
async function boundPolicy(start = addDays(today(), -10)) {
  const insured = await newInsured(app);
  const order = await quotedOrder(app, insured);
  const policyId = await bindForTest(t.app, order.submissionId);
  await t.app.db
    .update(policies)
    .set({ effectiveDate: start, expirationDate: addMonths(start, 12) })
    .where(eq(policies.id, policyId));
  return { insured, order, policyId };
}

async function options(insured: Insured, policyId: number) {
  const response = await insured.call('GET', optionsUrl(policyId));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return v.parse(endorsementOptionsSchema, response.json());
}

describe('GET insured/endorsementoptions', () => {
  it('offers the days, limits and deductibles of the table version the policy was priced with', async () => {
    const { insured, order, policyId } = await boundPolicy();
    const [priced] = await t.app.db.select().from(rateTables).where(eq(rateTables.id, order.rating.rateTableId));
    // A newer version of the table drops a limit and adds one: the policy keeps its own.
    const { id: _id, createdAt: _at, ...copy } = priced!;
    await t.app.db.update(rateTables).set({ active: false }).where(eq(rateTables.id, priced!.id));
    await t.app.db.insert(rateTables).values({
      ...copy,
      version: priced!.version + 1,
      active: true,
      factors: {
        ...priced!.factors,
        ilf: [
          ...priced!.factors.ilf.filter((row) => row.code !== '2M/4M'),
          {
            code: '5M/5M',
            label: '$5M / $5M',
            perClaimCents: 500_000_000,
            aggregateCents: 500_000_000,
            factorBps: 20_000,
          },
        ],
      },
    });

    const [policy] = await t.app.db.select().from(policies).where(eq(policies.id, policyId));
    const answer = await options(insured, policyId);
    expect(answer).toMatchObject({
      policyId,
      policyNumber: policy!.number,
      status: 'in_force',
      effectiveDate: policy!.effectiveDate,
      expirationDate: policy!.expirationDate,
      earliestEffectiveDate: today(),
      latestEffectiveDate: addDays(policy!.expirationDate, -1),
      rateTableId: priced!.id,
      rateTableVersion: priced!.version,
      stateCode: 'TX',
      limitCode: '1M/3M',
      deductibleCode: policy!.deductibleCode,
      awaitingPayment: null,
      referred: null,
    });
    expect(answer.limits).toEqual(
      priced!.factors.ilf.map(({ code, label, perClaimCents, aggregateCents }) => ({
        code,
        label,
        perClaimCents,
        aggregateCents,
      })),
    );
    expect(answer.limits.map((row) => row.code)).toContain('2M/4M');
    expect(answer.limits.map((row) => row.code)).not.toContain('5M/5M');
    expect(answer.deductibles).toEqual(
      priced!.factors.dlf.map(({ code, label, deductibleCents }) => ({ code, label, amountCents: deductibleCents })),
    );

    // Every day offered is one endorse accepts: the first and the last.
    for (const effectiveDate of [answer.earliestEffectiveDate, answer.latestEffectiveDate]) {
      const quote = await insured.call('POST', 'insured/endorsementquote', {
        policyid: policyId,
        effectiveDate,
        limitCode: '2M/4M',
      });
      expect(quote.statusCode, quote.body).toBe(200);
    }
    const after = await insured.call('POST', 'insured/endorsementquote', {
      policyid: policyId,
      effectiveDate: addDays(answer.latestEffectiveDate, 1),
      limitCode: '2M/4M',
    });
    expectError(after, 400);
  });

  it('starts from the period’s first day when the policy is not in effect yet', async () => {
    const start = addDays(today(), 20);
    const { insured, policyId } = await boundPolicy(start);
    const answer = await options(insured, policyId);
    expect(answer.earliestEffectiveDate).toBe(start);
    expect(answer.latestEffectiveDate).toBe(addDays(addMonths(start, 12), -1));
  });

  it('shows the named insured and address as corrected, and a change awaiting its premium', async () => {
    const { insured, order, policyId } = await boundPolicy();
    const before = await options(insured, policyId);
    expect(before.insuredName.length).toBeGreaterThan(0);

    const corrected = {
      address1: '900 Travis St',
      address2: 'Suite 12',
      city: 'Houston',
      state: 'TX',
      zipcode: '77002',
    };
    const issued = await insured.call('POST', 'insured/endorse', {
      policyid: policyId,
      insuredName: 'Bayou Dental Group PLLC',
      address: corrected,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(v.parse(endorsementSchema, issued.json()).status).toBe('issued');

    // A higher limit among those offered (the first test changed the table in force).
    const higher = before.limits.find((row) => row.perClaimCents > 100_000_000)!;
    const increase = await insured.call('POST', 'insured/endorse', { policyid: policyId, limitCode: higher.code });
    expect(increase.statusCode, increase.body).toBe(201);
    const waiting = v.parse(endorsementSchema, increase.json());
    expect(waiting.status).toBe('awaiting_payment');

    const answer = await options(insured, policyId);
    expect(answer).toMatchObject({
      insuredName: 'Bayou Dental Group PLLC',
      addressLines: ['900 Travis St', 'Suite 12', 'Houston, TX 77002'],
      address: corrected,
      // Not in effect until paid.
      limitCode: '1M/3M',
      awaitingPayment: { id: waiting.id, number: waiting.number, totalChangeCents: waiting.totalChangeCents },
    });
    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, order.submissionId));
    expect(answer.stateCode).toBe(row!.stateCode);
  });

  it('another insured’s policy is a 404, a cancelled one a 409 naming its status, a bad id a 400', async () => {
    const { insured, policyId } = await boundPolicy();
    const mallory = await newInsured(app);
    expectError(await mallory.call('GET', optionsUrl(policyId)), 404);
    expectError(await insured.call('GET', optionsUrl(999_999_999)), 404);
    expect(expectError(await insured.call('GET', optionsUrl('abc')), 400).fields).toHaveProperty('policyid');
    expect(expectError(await insured.call('GET', 'insured/endorsementoptions'), 400).fields).toHaveProperty('policyid');

    await t.app.db
      .update(policies)
      .set({ status: 'cancelled', cancellationDate: today() })
      .where(eq(policies.id, policyId));
    expect(expectError(await insured.call('GET', optionsUrl(policyId)), 409).fields).toEqual({
      status: 'is cancelled',
    });
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/weborder/${optionsUrl(policyId)}` });
    expect(signedOut.statusCode).toBe(401);
  });
});
