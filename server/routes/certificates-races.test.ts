/**
 * A certificate request sent twice at the same moment with the same Idempotency-Key (a client
 * retrying while the first is still on its way) issues one certificate: both answers carry its
 * code. Only PostgreSQL runs the two side by side; PGlite would run them one after the other.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { certificateSchema } from '@shared/contract/certificates';
import { certificates, policies } from '@server/db/schema';
import { bindForTest, lockWaiters, newInsured, quotedOrder, whileLocked } from '@server/test/account-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two certificate requests with one Idempotency-Key at once', () => {
  it('issue one certificate, and both answer it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const insured = await newInsured(app);
      const order = await quotedOrder(app, insured);
      const policyId = await bindForTest(t.app, order.submissionId);
      const effectiveDate = addDays(businessToday(t.app.clock.now()), -1);
      await t.app.db
        .update(policies)
        .set({ effectiveDate, expirationDate: addMonths(effectiveDate, 12) })
        .where(eq(policies.id, policyId));
      const body = {
        policyid: policyId,
        holderName: 'Acme Landlord LLC',
        address1: '500 Main St',
        city: 'Houston',
        state: 'TX',
        zipcode: '77002',
      };
      const headers = { 'idempotency-key': `race-${policyId}-${round}` };
      let pending: Promise<Awaited<ReturnType<typeof insured.call>>[]> | undefined;
      // Both pass their first look for the key, then queue behind the test's hold on the policy;
      // released together, both find no certificate with the key and both insert: the unique
      // index makes the second wait for the first, fail, and answer what the first made.
      await whileLocked(
        t.app,
        (tx) => tx.select({ id: policies.id }).from(policies).where(eq(policies.id, policyId)).for('update'),
        async () => {
          pending = Promise.all([
            insured.call('POST', 'insured/issuecertificate', body, { headers }),
            insured.call('POST', 'insured/issuecertificate', body, { headers }),
          ]);
          await lockWaiters(t.app, 2);
        },
      );
      const answers = await pending!;
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
        200, 201,
      ]);
      const [first, second] = answers.map((answer) => v.parse(certificateSchema, answer.json()));
      expect(second).toEqual(first);
      const [rows] = await t.app.db
        .select({ n: count() })
        .from(certificates)
        .where(eq(certificates.policyId, policyId));
      expect(rows!.n).toBe(1);
    }
  });
});
