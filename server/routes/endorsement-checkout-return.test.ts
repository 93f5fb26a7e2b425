/**
 * Issue 19: leaving the hosted checkout unpaid for an endorsement brings the payer back to where
 * the payment was started, for its policy — a change's to Change your policy
 * (policy/changes?policyid&unpaid), a tail's to Cancel your policy (policy/cancel?policyid&unpaid) —
 * which offer Pay again; not to the order's payment screen, which knows nothing of endorsements.
 * Paid, it still returns to paymentconfirm with the endorsement. The order's own checkout is
 * unchanged (payment?submissionid&cancelled=1).
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { checkoutSchema } from '@shared/contract/billing';
import { endorsementSchema, type Endorsement } from '@shared/contract/endorsements';
import { policies, sandboxCheckoutSessions } from '@server/db/schema';
import { endorsementCancelUrl } from '@server/payments/checkout';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { newKey } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;
const today = () => businessToday(t.app.clock.now());

async function boundPolicy() {
  const insured = await newInsured(app);
  const order = await quotedOrder(app, insured);
  const policyId = await bindForTest(t.app, order.submissionId);
  const start = addDays(today(), -10);
  await t.app.db
    .update(policies)
    .set({ effectiveDate: start, expirationDate: addMonths(start, 12) })
    .where(eq(policies.id, policyId));
  return { insured, policyId, submissionId: order.submissionId };
}

/** The checkout opened for the endorsement, and the addresses its session returns to. */
async function returns(insured: Insured, endorsementId: number) {
  const opened = await insured.call(
    'POST',
    'insured/payendorsement',
    { endorsementid: endorsementId },
    { headers: { 'idempotency-key': newKey() } },
  );
  expect(opened.statusCode, opened.body).toBe(200);
  const checkout = v.parse(checkoutSchema, opened.json());
  const [session] = await t.app.db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.id, checkout.sessionId));
  // The hosted page's own way back is the session's cancel address.
  const page = await t.app.inject({ method: 'GET', url: new URL(checkout.url).pathname });
  expect(page.body).toContain(`href="${session!.cancelUrl.replace(/&/g, '&amp;')}"`);
  return {
    cancel: new URL(session!.cancelUrl),
    success: new URL(session!.successUrl),
    // What the hosted page tells the payer they are paying for.
    description: session!.description,
  };
}

const searchOf = (url: URL) => Object.fromEntries(url.searchParams);

describe('leaving the hosted checkout unpaid', () => {
  it('for a change: back to Change your policy for its policy, saying which change is unpaid', async () => {
    const { insured, policyId, submissionId } = await boundPolicy();
    const made = await insured.call('POST', 'insured/endorse', { policyid: policyId, limitCode: '2M/4M' });
    expect(made.statusCode, made.body).toBe(201);
    const change: Endorsement = v.parse(endorsementSchema, made.json());
    expect(change.status).toBe('awaiting_payment');

    const { cancel, success, description } = await returns(insured, change.id);
    expect(description).toMatch(
      new RegExp(`: a change to your policy \\(endorsement ${change.number}\\), invoice INV-`),
    );
    expect(cancel.pathname).toBe('/policy/changes');
    expect(searchOf(cancel)).toEqual({ policyid: String(policyId), unpaid: String(change.id) });
    // Paid, the confirmation still knows the endorsement.
    expect(success.pathname).toBe('/paymentconfirm');
    expect(searchOf(success)).toMatchObject({ submissionid: String(submissionId), endorsementid: String(change.id) });
  });

  it('for a tail: back to Cancel your policy, where the tail is paid', async () => {
    const { insured, policyId } = await boundPolicy();
    const cancelled = await insured.call('POST', 'insured/cancelpolicy', {
      policyid: policyId,
      cancellationDate: addDays(today(), 1),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const bought = await insured.call('POST', 'insured/buytail', { policyid: policyId, years: 1 });
    expect(bought.statusCode, bought.body).toBe(201);
    const tailId = (bought.json() as { endorsement: { id: number } }).endorsement.id;

    const { cancel, description } = await returns(insured, tailId);
    expect(description).toMatch(/: an extended reporting period \(tail\), endorsement P-[\w-]+-E\d+, invoice INV-/);
    expect(cancel.pathname).toBe('/policy/cancel');
    expect(searchOf(cancel)).toEqual({ policyid: String(policyId), unpaid: String(tailId) });
  });

  it('in a broker’s branded site: the same screen under the client prefix', () => {
    expect(endorsementCancelUrl('https://shield.example', { id: 9, kind: 'change', policyId: 4 }, 'acme-law')).toBe(
      'https://shield.example/client/policy/changes/acme-law?policyid=4&unpaid=9',
    );
    expect(endorsementCancelUrl('https://shield.example', { id: 12, kind: 'tail', policyId: 4 }, 'a b')).toBe(
      'https://shield.example/client/policy/cancel/a%20b?policyid=4&unpaid=12',
    );
  });
});
