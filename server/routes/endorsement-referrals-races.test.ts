/**
 * Issue 19, decisions on a referred change at once, on PostgreSQL: the requests are released
 * together from behind a held lock on the policy's owner (each decision takes it first). Two
 * approvals: one invoice, both answers awaiting payment; an approval and a decline: one wins, the
 * other is a 409 naming the status, and the endorsement is what the winner made it. On PGlite the
 * requests simply run one after another (nothing about races is checked, nothing may fail).
 */
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { endorsementSchema } from '@shared/contract/endorsements';
import { endorsements, invoices, policies, users } from '@server/db/schema';
import {
  bindForTest,
  lockInsuredRow,
  lockWaiters,
  newInsured,
  quotedOrder,
  whileLocked,
  type Insured,
} from '@server/test/account-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp({ env: { UNDERWRITING_AUTHORITY_CENTS: '240000' } });
const app = () => t.app;
const today = () => businessToday(t.app.clock.now());

let underwriter: Insured;
beforeAll(async () => {
  underwriter = await newInsured(app);
  await t.app.db.update(users).set({ role: 'underwriter' }).where(eq(users.id, underwriter.userId));
});

async function referred() {
  const insured = await newInsured(app);
  const order = await quotedOrder(app, insured);
  const policyId = await bindForTest(t.app, order.submissionId);
  const start = addDays(today(), -10);
  await t.app.db
    .update(policies)
    .set({ effectiveDate: start, expirationDate: addMonths(start, 12) })
    .where(eq(policies.id, policyId));
  const response = await insured.call('POST', 'insured/endorse', { policyid: policyId, limitCode: '2M/4M' });
  expect(response.statusCode, response.body).toBe(201);
  const endorsement = v.parse(endorsementSchema, response.json());
  expect(endorsement.status).toBe('referred');
  return { insured, endorsement };
}

/** Both decisions started while the owner's row is held, released together. */
async function together(insured: Insured, bodies: Array<Record<string, unknown>>) {
  let pending: Promise<LightMyRequestResponse>[] = [];
  await whileLocked(t.app, lockInsuredRow(insured), async () => {
    pending = bodies.map((body) => underwriter.call('POST', 'underwriting/endorsementdecision', body));
    await lockWaiters(t.app, bodies.length);
  });
  return Promise.all(pending);
}

const invoiceCount = async (endorsementId: number) =>
  (await t.app.db.select({ n: count() }).from(invoices).where(eq(invoices.endorsementId, endorsementId)))[0]!.n;

describe('decisions on one referred change at once', () => {
  it('two approvals: one invoice, both answer awaiting payment (3 rounds)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { insured, endorsement } = await referred();
      const approve = { endorsementid: endorsement.id, decision: 'approve' };
      const answers = await together(insured, [approve, approve]);
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(v.parse(endorsementSchema, answer.json()).status).toBe('awaiting_payment');
      }
      expect(await invoiceCount(endorsement.id)).toBe(1);
    }
  });

  it('an approval and a decline: one wins, the other is a 409 naming the status (3 rounds)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { insured, endorsement } = await referred();
      const answers = await together(insured, [
        { endorsementid: endorsement.id, decision: 'approve' },
        { endorsementid: endorsement.id, decision: 'decline', reason: 'Not without two claims-free years.' },
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
      const [row] = await t.app.db.select().from(endorsements).where(eq(endorsements.id, endorsement.id));
      const winner = answers.find((answer) => answer.statusCode === 200)!;
      expect(v.parse(endorsementSchema, winner.json()).status).toBe(row!.status);
      expect(await invoiceCount(endorsement.id)).toBe(row!.status === 'awaiting_payment' ? 1 : 0);
    }
  });
});
