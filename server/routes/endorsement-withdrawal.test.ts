/**
 * Issue 19, a pending mid-term change when its policy is cancelled: a change with the underwriter
 * (referred) or approved and waiting for its additional premium is withdrawn inside the
 * cancellation — declined with "the policy was cancelled" as its reason (the insured reads it on
 * the policy's history), its invoice voided so it can no longer be paid, no mail beyond the
 * cancellation notice — and the underwriter's decision on it afterwards is a 409 saying it was
 * withdrawn. Also: the desk's list carries the proration's terms (the authority, the period, the
 * days remaining) for its worksheet. Authority at $2,400, as endorsement-referrals.test.ts.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import {
  endorsementQuoteSchema,
  endorsementSchema,
  policyHistorySchema,
  referredEndorsementsSchema,
} from '@shared/contract/endorsements';
import { daysInPeriod, daysRemaining } from '@shared/rating/proration';
import { endorsements, invoices, policies, users } from '@server/db/schema';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { mailsTo } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const AUTHORITY = 240_000;
const t = setupTestApp({ env: { UNDERWRITING_AUTHORITY_CENTS: String(AUTHORITY) } });
const app = () => t.app;
const today = () => businessToday(t.app.clock.now());
const DECIDE = 'underwriting/endorsementdecision';

let underwriter: Insured;
beforeAll(async () => {
  underwriter = await newInsured(app);
  await t.app.db.update(users).set({ role: 'underwriter' }).where(eq(users.id, underwriter.userId));
});

/** A policy in force for ten days, with a limit increase above the authority: referred. */
async function referred() {
  const insured = await newInsured(app);
  const order = await quotedOrder(app, insured);
  const policyId = await bindForTest(t.app, order.submissionId);
  const start = addDays(today(), -10);
  await t.app.db
    .update(policies)
    .set({ effectiveDate: start, expirationDate: addMonths(start, 12) })
    .where(eq(policies.id, policyId));
  const [policy] = await t.app.db.select().from(policies).where(eq(policies.id, policyId));
  const body = { policyid: policyId, limitCode: '2M/4M', effectiveDate: addDays(today(), 3) };
  const quote = v.parse(endorsementQuoteSchema, (await insured.call('POST', 'insured/endorsementquote', body)).json());
  const response = await insured.call('POST', 'insured/endorse', body);
  expect(response.statusCode, response.body).toBe(201);
  const endorsement = v.parse(endorsementSchema, response.json());
  expect(endorsement.status).toBe('referred');
  return { insured, policy: policy!, quote, endorsement };
}

async function cancel(insured: Insured, policyId: number, cancellationDate: string) {
  const response = await insured.call('POST', 'insured/cancelpolicy', { policyid: policyId, cancellationDate });
  expect(response.statusCode, response.body).toBe(200);
}

const stored = async (id: number) => (await t.app.db.select().from(endorsements).where(eq(endorsements.id, id)))[0]!;

describe('the desk’s list', () => {
  it('carries the proration’s terms: the authority, the policy’s period, the days remaining of the days in it', async () => {
    const { policy, quote, endorsement } = await referred();
    const list = v.parse(
      referredEndorsementsSchema,
      (await underwriter.call('GET', 'underwriting/endorsements')).json(),
    );
    const row = list.find((one) => one.id === endorsement.id)!;
    const period = { effectiveDate: policy.effectiveDate, expirationDate: policy.expirationDate };
    expect(row).toMatchObject({
      authorityCents: AUTHORITY,
      policyEffectiveDate: policy.effectiveDate,
      policyExpirationDate: policy.expirationDate,
      // As the insured's preview said, and as the calendar counts them.
      daysRemaining: quote.daysRemaining,
      daysInPeriod: quote.daysInPeriod,
      premiumChangeCents: quote.proratedPremiumCents,
    });
    expect(row.daysRemaining).toBe(daysRemaining(period, addDays(today(), 3)));
    expect(row.daysInPeriod).toBe(daysInPeriod(period));
  });
});

describe('cancelling a policy with a pending change', () => {
  it('withdraws a referred change: declined because the policy was cancelled, the desk’s decision a 409, no extra mail', async () => {
    const { insured, policy, endorsement } = await referred();
    const mailsBefore = (await mailsTo(t.app, insured.email)).length;
    const cancelledOn = addDays(today(), 1);
    await cancel(insured, policy.id, cancelledOn);

    const row = await stored(endorsement.id);
    expect(row.status).toBe('declined');
    expect(row.changes).toContainEqual({ field: 'withdrawnByCancellation', before: null, after: cancelledOn });
    const reason = row.changes.find((change) => change.field === 'declineReason');
    expect(reason?.after).toMatch(/^The policy was cancelled from .+, so this change was not made\.$/);

    // The insured's history says so.
    const history = v.parse(
      policyHistorySchema,
      (await insured.call('GET', `insured/policyhistory?policyid=${policy.id}`)).json(),
    );
    expect(history.endorsements.find((one) => one.id === endorsement.id)).toMatchObject({ status: 'declined' });

    // Off the desk, and neither decision applies.
    const list = v.parse(
      referredEndorsementsSchema,
      (await underwriter.call('GET', 'underwriting/endorsements')).json(),
    );
    expect(list.map((one) => one.id)).not.toContain(endorsement.id);
    for (const body of [
      { endorsementid: endorsement.id, decision: 'approve' },
      { endorsementid: endorsement.id, decision: 'decline', reason: 'Too late' },
    ]) {
      const refused = expectError(await underwriter.call('POST', DECIDE, body), 409);
      expect(refused.message).toContain(`${endorsement.number} was withdrawn: policy ${policy.number} was cancelled`);
      expect(refused.fields).toEqual({ status: 'is withdrawn: the policy is cancelled' });
    }
    expect((await stored(endorsement.id)).status).toBe('declined');

    // Only the cancellation notice was mailed.
    const mails = await mailsTo(t.app, insured.email);
    expect(mails.slice(mailsBefore).map((mail) => mail.subject)).toHaveLength(1);
    expect(mails.slice(mailsBefore)[0]!.subject).not.toMatch(/endorsement|change/i);
  });

  it('withdraws an approved change awaiting its premium: its invoice voided, it cannot be paid, no decision on it', async () => {
    const { insured, policy, endorsement } = await referred();
    const approved = await underwriter.call('POST', DECIDE, { endorsementid: endorsement.id, decision: 'approve' });
    expect(v.parse(endorsementSchema, approved.json()).status).toBe('awaiting_payment');
    const mailsBefore = (await mailsTo(t.app, insured.email)).length;
    await cancel(insured, policy.id, addDays(today(), 2));

    const row = await stored(endorsement.id);
    expect(row.status).toBe('declined');
    expect(row.changes.map((change) => change.field)).toEqual(
      expect.arrayContaining(['limitCode', 'withdrawnByCancellation', 'declineReason']),
    );
    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.endorsementId, endorsement.id));
    expect(invoice!.status).toBe('void');
    expect(invoice!.paidAt).toBeNull();
    expect(
      expectError(await insured.call('POST', 'insured/payendorsement', { endorsementid: endorsement.id }), 409),
    ).toBeTruthy();
    // The repeated approval that answered 200 before the cancellation is a 409 now.
    expect(
      expectError(await underwriter.call('POST', DECIDE, { endorsementid: endorsement.id, decision: 'approve' }), 409)
        .fields,
    ).toEqual({ status: 'is withdrawn: the policy is cancelled' });
    expect((await mailsTo(t.app, insured.email)).length).toBe(mailsBefore + 1);
  });

  it('leaves a change already decided as it was: a declined change keeps its underwriter’s reason', async () => {
    const { insured, policy, endorsement } = await referred();
    const reason = 'A $2M limit needs two years of claims-free history.';
    await underwriter.call('POST', DECIDE, { endorsementid: endorsement.id, decision: 'decline', reason });
    const before = await stored(endorsement.id);
    await cancel(insured, policy.id, addDays(today(), 1));
    expect(await stored(endorsement.id)).toEqual(before);
    // A repeat of that decline still answers it as it stands.
    const again = await underwriter.call('POST', DECIDE, {
      endorsementid: endorsement.id,
      decision: 'decline',
      reason,
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
