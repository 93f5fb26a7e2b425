/**
 * Issue 19, the referred path of mid-term changes: with the automatic authority at $2,400, a limit
 * increase raising the annual premium above it is referred (no invoice, the policy unchanged, the
 * insured mailed, no other change meanwhile); an underwriter lists it with the reason and
 * approves it (awaiting payment with its invoice, the insured mailed to pay; a repeat does
 * nothing more) or declines it with a reason (required; the insured mailed). Only underwriters
 * and administrators reach the desk (403 for an insured, 401 signed out); bad input a 400 naming
 * the field, with nothing written.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import {
  endorsementOptionsSchema,
  endorsementQuoteSchema,
  endorsementSchema,
  referredEndorsementsSchema,
  type Endorsement,
} from '@shared/contract/endorsements';
import { endorsements, invoices, policies, users } from '@server/db/schema';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { mailsTo } from '@server/test/auth-helpers';
import { ENDORSEMENT_DESK_ROUTES } from '@server/test/account-routes';
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

async function boundPolicy() {
  const insured = await newInsured(app);
  const order = await quotedOrder(app, insured);
  const policyId = await bindForTest(t.app, order.submissionId);
  const start = addDays(today(), -10);
  await t.app.db
    .update(policies)
    .set({ effectiveDate: start, expirationDate: addMonths(start, 12) })
    .where(eq(policies.id, policyId));
  const [policy] = await t.app.db.select().from(policies).where(eq(policies.id, policyId));
  return { insured, order, policy: policy! };
}

/** A limit increase on a new policy, referred. */
async function referred() {
  const bound = await boundPolicy();
  const body = { policyid: bound.policy.id, limitCode: '2M/4M' };
  const quote = v.parse(
    endorsementQuoteSchema,
    (await bound.insured.call('POST', 'insured/endorsementquote', body)).json(),
  );
  // The premium before is within the authority, after above it: the rule's own case.
  expect(quote.annualPremiumBeforeCents).toBeLessThanOrEqual(AUTHORITY);
  expect(quote.annualPremiumAfterCents).toBeGreaterThan(AUTHORITY);
  const response = await bound.insured.call('POST', 'insured/endorse', body);
  expect(response.statusCode, response.body).toBe(201);
  return { ...bound, quote, endorsement: v.parse(endorsementSchema, response.json()) };
}

const invoiceCount = async (endorsementId: number) =>
  (await t.app.db.select({ n: count() }).from(invoices).where(eq(invoices.endorsementId, endorsementId)))[0]!.n;

const decide = (who: Insured, body: Record<string, unknown>) => who.call('POST', DECIDE, body);

async function decided(body: Record<string, unknown>, status = 200): Promise<Endorsement> {
  const response = await decide(underwriter, body);
  expect(response.statusCode, response.body).toBe(status);
  return v.parse(endorsementSchema, response.json());
}

describe('a change above the automatic authority', () => {
  it('is referred, listed for the underwriter with why, and approved: awaiting its premium, the insured mailed', async () => {
    const { insured, policy, quote, endorsement } = await referred();
    expect(endorsement).toMatchObject({ status: 'referred', invoiceId: null, totalChangeCents: quote.totalCents });
    expect(await invoiceCount(endorsement.id)).toBe(0);
    const [unchanged] = await t.app.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(unchanged).toEqual(policy);
    const told = (await mailsTo(t.app, insured.email)).filter((mail) =>
      mail.subject.includes('is with our underwriter'),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('above the automatic authority of $2,400.00');
    // Nothing else until it is decided.
    expect(
      expectError(await insured.call('POST', 'insured/endorse', { policyid: policy.id, deductibleCode: '2500' }), 409)
        .fields,
    ).toEqual({ status: `has ${endorsement.number} referred` });

    const options = await insured.call('GET', `insured/endorsementoptions?policyid=${policy.id}`);
    expect(v.parse(endorsementOptionsSchema, options.json())).toMatchObject({
      referred: { id: endorsement.id, number: endorsement.number },
      awaitingPayment: null,
    });

    const list = v.parse(
      referredEndorsementsSchema,
      (await underwriter.call('GET', 'underwriting/endorsements')).json(),
    );
    expect(list.find((row) => row.id === endorsement.id)).toMatchObject({
      policyNumber: policy.number,
      status: 'referred',
      reason: expect.stringContaining('$2,400.00'),
    });

    const approved = await decided({ endorsementid: endorsement.id, decision: 'approve' });
    expect(approved.status).toBe('awaiting_payment');
    expect(approved.invoiceId).not.toBeNull();
    // A repeat answers the same and bills nothing more; declining it now is a 409.
    expect((await decided({ endorsementid: endorsement.id, decision: 'approve' })).invoiceId).toBe(approved.invoiceId);
    expect(await invoiceCount(endorsement.id)).toBe(1);
    expect(
      expectError(await decide(underwriter, { endorsementid: endorsement.id, decision: 'decline', reason: 'No' }), 409)
        .fields,
    ).toEqual({ status: 'is awaiting_payment' });
    const list2 = v.parse(
      referredEndorsementsSchema,
      (await underwriter.call('GET', 'underwriting/endorsements')).json(),
    );
    expect(list2.map((row) => row.id)).not.toContain(endorsement.id);

    const mails = (await mailsTo(t.app, insured.email)).filter((mail) => mail.subject.includes('is approved'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`additional premium of $`);
    // The insured can now pay it.
    const opened = await insured.call('POST', 'insured/payendorsement', { endorsementid: endorsement.id });
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('declined with a reason (required) stays declined, the policy unchanged, the insured told why', async () => {
    const { insured, policy, endorsement } = await referred();
    expect(
      expectError(await decide(underwriter, { endorsementid: endorsement.id, decision: 'decline' }), 400).fields,
    ).toHaveProperty('reason');
    const declined = await decided({
      endorsementid: endorsement.id,
      decision: 'decline',
      reason: 'A $2M limit needs two years of claims-free history.',
    });
    expect(declined.status).toBe('declined');
    expect(await invoiceCount(endorsement.id)).toBe(0);
    const [unchanged] = await t.app.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(unchanged).toEqual(policy);
    const mails = (await mailsTo(t.app, insured.email)).filter((mail) => mail.subject.endsWith('is declined'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('A $2M limit needs two years of claims-free history.');
    // Another change may be asked now; a decrease is never referred.
    const next = await insured.call('POST', 'insured/endorse', { policyid: policy.id, deductibleCode: '2500' });
    expect(next.statusCode, next.body).toBe(201);
    expect(v.parse(endorsementSchema, next.json()).status).toBe('issued');
  });

  it('bad input is a 400 naming the field, a missing endorsement a 404, and nothing changes', async () => {
    const { endorsement } = await referred();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ endorsementid: endorsement.id, decision: 'maybe' }, 'decision'],
      [{ endorsementid: 'x', decision: 'approve' }, 'endorsementid'],
      [{ decision: 'approve' }, 'endorsementid'],
      [{ endorsementid: endorsement.id, decision: 'decline', reason: '   ' }, 'reason'],
    ];
    for (const [body, field] of cases) {
      expect(expectError(await decide(underwriter, body), 400).fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expectError(await decide(underwriter, { endorsementid: 999_999_999, decision: 'approve' }), 404);
    const [row] = await t.app.db.select().from(endorsements).where(eq(endorsements.id, endorsement.id));
    expect(row!.status).toBe('referred');
  });

  it.each(ENDORSEMENT_DESK_ROUTES)(
    '%s: 403 for an insured, even on their own change; 401 signed out',
    async (route) => {
      const { insured, endorsement } = await referred();
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const url = path.replace('/api/weborder/', '');
      const body = method === 'POST' ? { endorsementid: endorsement.id, decision: 'approve' } : undefined;
      expect(expectError(await insured.call(method, url, body), 403).message).toBe('You may not do this');
      const signedOut = await t.app.inject({ method, url: path, ...(body ? { payload: body } : {}) });
      expect(signedOut.statusCode).toBe(401);
      const [row] = await t.app.db.select().from(endorsements).where(eq(endorsements.id, endorsement.id));
      expect(row!.status).toBe('referred');
    },
  );
});
