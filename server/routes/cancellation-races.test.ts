/**
 * Cancellations of one policy at the same moment serialize on the policy's row: of two with
 * different keys one cancels and the other, let in after it, finds the policy cancelled (409);
 * two with one Idempotency-Key (a client retrying while the first is on its way) cancel once and
 * both answer that cancellation. Only PostgreSQL runs requests side by side; PGlite would run
 * them one after the other.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { cancellationSchema } from '@shared/contract/cancellation';
import { documents, endorsements, policies } from '@server/db/schema';
import {
  bindForTest,
  lockWaiters,
  newInsured,
  quotedOrder,
  whileLocked,
  type Insured,
} from '@server/test/account-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

async function inForcePolicy(insured: Insured) {
  const order = await quotedOrder(app, insured);
  const policyId = await bindForTest(t.app, order.submissionId);
  const effectiveDate = addDays(businessToday(t.app.clock.now()), -20);
  await t.app.db
    .update(policies)
    .set({ effectiveDate, expirationDate: addMonths(effectiveDate, 12) })
    .where(eq(policies.id, policyId));
  return policyId;
}

type Answer = Awaited<ReturnType<Insured['call']>>;

/**
 * Sends the requests while the test holds the policy's row, one after the other once the one
 * before queues behind it (PostgreSQL grants a row's lock in the order it was asked for), then
 * lets them go: the first sent takes the policy first.
 */
async function together(policyId: number, ...sends: (() => Promise<Answer> | Promise<Answer>[])[]): Promise<Answer[]> {
  let pending: Promise<Answer[]> | undefined;
  await whileLocked(
    t.app,
    (tx) => tx.select({ id: policies.id }).from(policies).where(eq(policies.id, policyId)).for('update'),
    async () => {
      const requests: Promise<Answer>[] = [];
      for (const send of sends) {
        const sent = send();
        requests.push(...(Array.isArray(sent) ? sent : [sent]));
        await lockWaiters(t.app, requests.length);
      }
      pending = Promise.all(requests);
    },
  );
  return pending!;
}

const rowsOf = async (policyId: number) => ({
  endorsements: (
    await t.app.db.select({ n: count() }).from(endorsements).where(eq(endorsements.policyId, policyId))
  )[0]!.n,
  notices: (await t.app.db.select({ n: count() }).from(documents).where(eq(documents.policyId, policyId)))[0]!.n,
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('cancellations of one policy at once', () => {
  it('two with different keys: one cancels, the other is a 409 naming the status', async () => {
    for (let round = 0; round < 3; round += 1) {
      const insured = await newInsured(app);
      const policyId = await inForcePolicy(insured);
      const today = businessToday(t.app.clock.now());
      const answers = await together(policyId, () => [
        insured.call(
          'POST',
          'insured/cancelpolicy',
          { policyid: policyId, cancellationDate: addDays(today, 1) },
          { headers: { 'Idempotency-Key': `first-${policyId}-${round}` } },
        ),
        insured.call(
          'POST',
          'insured/cancelpolicy',
          { policyid: policyId, cancellationDate: addDays(today, 2) },
          { headers: { 'Idempotency-Key': `second-${policyId}-${round}` } },
        ),
      ]);
      const bodies = answers.map((answer) => answer.body).join('\n');
      expect(answers.map((answer) => answer.statusCode).sort(), bodies).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect((refused.json() as { fields: Record<string, string> }).fields.status).toBe('is cancelled');
      const won = v.parse(cancellationSchema, answers.find((answer) => answer.statusCode === 200)!.json());
      const [stored] = await t.app.db.select().from(policies).where(eq(policies.id, policyId));
      expect(stored).toMatchObject({ status: 'cancelled', cancellationDate: won.cancellationDate });
      expect(await rowsOf(policyId)).toEqual({ endorsements: 1, notices: 1 });
    }
  });

  it('two with one Idempotency-Key: cancel once, and both answer that cancellation', async () => {
    for (let round = 0; round < 3; round += 1) {
      const insured = await newInsured(app);
      const policyId = await inForcePolicy(insured);
      const body = { policyid: policyId, cancellationDate: businessToday(t.app.clock.now()) };
      const headers = { 'Idempotency-Key': `same-${policyId}-${round}` };
      const answers = await together(policyId, () => [
        insured.call('POST', 'insured/cancelpolicy', body, { headers }),
        insured.call('POST', 'insured/cancelpolicy', body, { headers }),
      ]);
      expect(
        answers.map((answer) => answer.statusCode),
        answers.map((answer) => answer.body).join('\n'),
      ).toEqual([200, 200]);
      const [first, second] = answers.map((answer) => v.parse(cancellationSchema, answer.json()));
      expect(second).toEqual(first);
      expect(await rowsOf(policyId)).toEqual({ endorsements: 1, notices: 1 });
    }
  });

  it('a cancellation and an endorsement at once: the first to take the policy wins, the other sees it', async () => {
    const cheaper = { limitCode: '500K/1M', deductibleCode: '2500' };
    // The cancellation first: the endorsement then finds the policy cancelled (409 naming status).
    {
      const insured = await newInsured(app);
      const policyId = await inForcePolicy(insured);
      const [cancelled, endorsed] = await together(
        policyId,
        () =>
          insured.call('POST', 'insured/cancelpolicy', {
            policyid: policyId,
            cancellationDate: addDays(businessToday(t.app.clock.now()), 1),
          }),
        () => insured.call('POST', 'insured/endorse', { policyid: policyId, ...cheaper }),
      );
      expect(cancelled!.statusCode, cancelled!.body).toBe(200);
      expect(endorsed!.statusCode, endorsed!.body).toBe(409);
      expect((endorsed!.json() as { fields: Record<string, string> }).fields).toHaveProperty('status');
      expect(await rowsOf(policyId)).toMatchObject({ endorsements: 1 });
    }
    // The endorsement first: issued at once (it costs less), and the cancellation after it returns
    // premium on the policy's new annual premium, numbered after it.
    {
      const insured = await newInsured(app);
      const policyId = await inForcePolicy(insured);
      const [endorsed, cancelled] = await together(
        policyId,
        () => insured.call('POST', 'insured/endorse', { policyid: policyId, ...cheaper }),
        () =>
          insured.call('POST', 'insured/cancelpolicy', {
            policyid: policyId,
            cancellationDate: addDays(businessToday(t.app.clock.now()), 1),
          }),
      );
      expect(endorsed!.statusCode, endorsed!.body).toBe(201);
      expect(cancelled!.statusCode, cancelled!.body).toBe(200);
      const change = endorsed!.json() as { number: string; annualPremiumAfterCents: number };
      const cancellation = v.parse(cancellationSchema, cancelled!.json());
      expect(cancellation.returnPremium.annualPremiumCents).toBe(change.annualPremiumAfterCents);
      expect([change.number.slice(-3), cancellation.endorsement.number.slice(-3)]).toEqual(['E01', 'E02']);
    }
  });
});
