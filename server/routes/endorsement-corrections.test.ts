/**
 * Issue 19, a correction of the named insured or the practice address is the account's too once
 * issued: insured/primaryinsureddetails (the company name the documents print), the insured's
 * locations (the master record) and the order's covered locations read as the reissued
 * declarations do; a correction waiting for its premium (with a limit increase) changes nothing yet.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { endorsementOptionsSchema, endorsementSchema } from '@shared/contract/endorsements';
import { locationSchema, planLocationsSchema } from '@shared/contract/locations';
import { primaryInsuredSchema } from '@shared/contract/primary-insured';
import { documents, endorsements, policies } from '@server/db/schema';
import { bindForTest, masterLocation, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { pdfReader } from '@server/test/pdf-text';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;
const pdf = pdfReader('endorsement-corrections');
const today = () => businessToday(t.app.clock.now());

const OFFICE = { address1: '900 Travis St', address2: null, city: 'Houston', state: 'TX', zipcode: '77002' };
const MOVED = { address1: '1500 Louisiana St', address2: 'Suite 400', city: 'Houston', state: 'TX', zipcode: '77002' };

async function boundPolicy() {
  const insured = await newInsured(app);
  const order = await quotedOrder(app, insured);
  const officeId = await masterLocation(t.app, insured, OFFICE, true);
  const planned = await insured.call('POST', 'insured/addlocation', {
    submissionid: order.submissionId,
    addLocationsIds: [officeId],
  });
  expect(planned.statusCode, planned.body).toBe(200);
  const policyId = await bindForTest(t.app, order.submissionId);
  const start = addDays(today(), -10);
  await t.app.db
    .update(policies)
    .set({ effectiveDate: start, expirationDate: addMonths(start, 12) })
    .where(eq(policies.id, policyId));
  return { insured, order, policyId, officeId };
}

const account = async (insured: Insured, submissionId: number) => ({
  insured: v.parse(primaryInsuredSchema, (await insured.call('GET', 'insured/primaryinsureddetails')).json()),
  locations: v.parse(v.array(locationSchema), (await insured.call('GET', 'insured/locationlist')).json()),
  covered: v.parse(
    planLocationsSchema,
    (await insured.call('GET', `insured/locations?submissionid=${submissionId}`)).json(),
  ).locations,
});

describe('a correction of the named insured and the practice address', () => {
  it('is written to the account when issued, not while it waits for its premium', async () => {
    const { insured, order, policyId, officeId } = await boundPolicy();
    const before = await account(insured, order.submissionId);
    expect(before.insured.companyname).not.toBe('Bayou Dental Group PLLC');

    // With a limit increase, the correction waits for the additional premium: the account is unchanged.
    const waiting = await insured.call('POST', 'insured/endorse', {
      policyid: policyId,
      limitCode: '2M/4M',
      insuredName: 'Bayou Dental Group PLLC',
      address: MOVED,
    });
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(v.parse(endorsementSchema, waiting.json()).status).toBe('awaiting_payment');
    expect(await account(insured, order.submissionId)).toEqual(before);
    // It is declined (here by hand, as a cancellation would) so the next change can be asked.
    await t.app.db.update(endorsements).set({ status: 'declined' }).where(eq(endorsements.policyId, policyId));

    const issued = await insured.call('POST', 'insured/endorse', {
      policyid: policyId,
      insuredName: 'Bayou Dental Group PLLC',
      address: MOVED,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(v.parse(endorsementSchema, issued.json()).status).toBe('issued');

    const after = await account(insured, order.submissionId);
    expect(after.insured.companyname).toBe('Bayou Dental Group PLLC');
    expect(after.insured.email).toBe(before.insured.email);
    expect(after.locations.find((row) => row.id === officeId)).toMatchObject({ ...MOVED, isprimary: true });
    expect(after.locations).toHaveLength(before.locations.length);
    expect(after.covered).toEqual([expect.objectContaining({ ...MOVED, locationId: officeId, isprimary: true })]);

    // The declarations say the same, and what a next change starts from is the corrected record.
    const [declarations] = (
      await t.app.db.select().from(documents).where(eq(documents.submissionId, order.submissionId))
    ).filter((row) => row.type === 'declarations');
    const text = (await pdf.textOf(declarations!.content)).replace(/\s+/g, ' ');
    expect(text).toContain('Named insured Bayou Dental Group PLLC');
    expect(text).toContain('1. Primary location, 1500 Louisiana St, Suite 400, Houston, TX 77002 (primary)');
    const options = v.parse(
      endorsementOptionsSchema,
      (await insured.call('GET', `insured/endorsementoptions?policyid=${policyId}`)).json(),
    );
    expect(options).toMatchObject({ insuredName: 'Bayou Dental Group PLLC', address: MOVED });
  });
});
