/**
 * Issue 19, a covered location added or removed by endorsement: no premium effect (the policy is
 * rated on its practice address; the worksheet says so), issued at once; the order's covered
 * locations and the insured's own list take it, the reissued declarations and the endorsement
 * PDF show it (read with pdftotext); a retry does it once; the primary location, one not on the
 * policy, an address outside the policy's state or one already covered are a 400 naming the
 * field, with nothing written.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import {
  endorsementOptionsSchema,
  endorsementQuoteSchema,
  endorsementSchema,
  type Endorsement,
} from '@shared/contract/endorsements';
import { locationSchema } from '@shared/contract/locations';
import { documents, endorsements, locations, planLocations, policies } from '@server/db/schema';
import { bindForTest, masterLocation, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { pdfReader } from '@server/test/pdf-text';
import { usDate } from '@server/documents/pdf-layout';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;
const pdf = pdfReader('endorsement-locations');
const today = () => businessToday(t.app.clock.now());

const DOWNTOWN = { address1: '1200 Smith St', address2: 'Floor 3', city: 'Houston', state: 'TX', zipcode: '77002' };

async function boundPolicy() {
  const insured = await newInsured(app);
  const order = await quotedOrder(app, insured);
  // The practice address, on the order as a purchase leaves it (its primary plan location).
  const office = await masterLocation(
    t.app,
    insured,
    { address1: '900 Travis St', city: 'Houston', state: 'TX', zipcode: '77002' },
    true,
  );
  const planned = await insured.call('POST', 'insured/addlocation', {
    submissionid: order.submissionId,
    addLocationsIds: [office],
  });
  expect(planned.statusCode, planned.body).toBe(200);
  const policyId = await bindForTest(t.app, order.submissionId);
  const start = addDays(today(), -10);
  await t.app.db
    .update(policies)
    .set({ effectiveDate: start, expirationDate: addMonths(start, 12) })
    .where(eq(policies.id, policyId));
  return { insured, order, policyId };
}

async function optionsOf(insured: Insured, policyId: number) {
  const response = await insured.call('GET', `insured/endorsementoptions?policyid=${policyId}`);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(endorsementOptionsSchema, response.json());
}

async function endorsed(insured: Insured, body: Record<string, unknown>, key?: string): Promise<Endorsement> {
  const response = await insured.call(
    'POST',
    'insured/endorse',
    body,
    key ? { headers: { 'idempotency-key': key } } : {},
  );
  expect(response.statusCode, response.body).toBe(key && response.statusCode === 200 ? 200 : 201);
  return v.parse(endorsementSchema, response.json());
}

const declarationsText = async (submissionId: number) => {
  const declarations = (await t.app.db.select().from(documents).where(eq(documents.submissionId, submissionId))).find(
    (one) => one.type === 'declarations',
  );
  return (await pdf.textOf(declarations!.content)).replace(/\s+/g, ' ');
};

/** The declarations' list of covered locations, on one line. */
const coveredSection = (text: string) => /COVERED LOCATIONS (.*?) PRODUCER/.exec(text)?.[1];

const endorsementText = async (insured: Insured, id: number) => {
  const response = await insured.call('POST', 'documents/downloadendorsement', { endorsementid: id });
  expect(response.statusCode, response.body).toBe(200);
  return (await pdf.textOf(response.rawPayload)).replace(/\s+/g, ' ');
};

const endorsementCount = async (policyId: number) =>
  (await t.app.db.select({ n: count() }).from(endorsements).where(eq(endorsements.policyId, policyId)))[0]!.n;

describe('a location added and removed by endorsement', () => {
  it('is covered from its date at no premium, on the declarations, the endorsement and the account', async () => {
    const { insured, order, policyId } = await boundPolicy();
    const before = await optionsOf(insured, policyId);
    const primary = before.locations.find((row) => row.isprimary);
    expect(primary, JSON.stringify(before.locations)).toBeDefined();

    const body = { policyid: policyId, addLocation: DOWNTOWN };
    const preview = await insured.call('POST', 'insured/endorsementquote', body);
    expect(preview.statusCode, preview.body).toBe(200);
    const quote = v.parse(endorsementQuoteSchema, preview.json());
    expect(quote).toMatchObject({
      changes: [{ field: 'locationAdded', before: null, after: '1200 Smith St\nFloor 3\nHouston, TX 77002' }],
      proratedPremiumCents: 0,
      totalCents: 0,
    });
    expect(quote.annualPremiumAfterCents).toBe(quote.annualPremiumBeforeCents);
    expect(quote.worksheet.find((line) => line.label === 'Locations')?.text).toMatch(/does not change/);

    const added = await endorsed(insured, body, 'add-downtown');
    expect(added).toMatchObject({ status: 'issued', totalChangeCents: 0, hasDocument: true });
    // The retry answers the same endorsement and adds nothing more.
    expect((await endorsed(insured, body, 'add-downtown')).id).toBe(added.id);
    expect(await endorsementCount(policyId)).toBe(1);

    const after = await optionsOf(insured, policyId);
    expect(after.locations).toHaveLength(before.locations.length + 1);
    const downtown = after.locations.find((row) => row.address1 === DOWNTOWN.address1)!;
    expect(downtown).toMatchObject({ ...DOWNTOWN, isprimary: false });
    expect(after.locations.find((row) => row.isprimary)?.id).toBe(primary!.id);
    // The insured's own list has it too (a master location the plan's copy links to).
    const list = v.parse(v.array(locationSchema), (await insured.call('GET', 'insured/locationlist')).json());
    expect(list.find((row) => row.id === downtown.locationId)).toMatchObject({ ...DOWNTOWN, isprimary: false });

    expect(coveredSection(await declarationsText(order.submissionId))).toBe(
      '1. Primary location, 900 Travis St, Houston, TX 77002 (primary) 2. Location, 1200 Smith St, Floor 3, Houston, TX 77002',
    );
    const page = await endorsementText(insured, added.id);
    expect(page).toContain('Covered location added');
    expect(page).toContain('1200 Smith St, Floor 3, Houston, TX 77002');

    // Removing it: gone from the policy, the master record stays.
    const removed = await endorsed(insured, { policyid: policyId, removeLocationId: downtown.id });
    expect(removed).toMatchObject({
      status: 'issued',
      totalChangeCents: 0,
      changes: [{ field: 'locationRemoved', before: '1200 Smith St\nFloor 3\nHouston, TX 77002', after: null }],
    });
    expect((await optionsOf(insured, policyId)).locations.map((row) => row.id)).toEqual(
      before.locations.map((row) => row.id),
    );
    const reissued = await declarationsText(order.submissionId);
    expect(coveredSection(reissued)).toBe('1. Primary location, 900 Travis St, Houston, TX 77002 (primary)');
    expect(reissued).toContain(
      `${removed.number}, effective ${usDate(removed.effectiveDate)}: location removed: 1200 Smith`,
    );
    expect(await endorsementText(insured, removed.id)).toContain('Covered location removed');
    const [master] = await t.app.db.select().from(locations).where(eq(locations.id, downtown.locationId!));
    expect(master).toMatchObject({ address1: DOWNTOWN.address1 });
  });

  it('refuses the primary location, one not on the policy, another state and a repeat (400 naming the field)', async () => {
    const { insured, order, policyId } = await boundPolicy();
    await endorsed(insured, { policyid: policyId, addLocation: DOWNTOWN });
    const { locations: covered } = await optionsOf(insured, policyId);
    const primary = covered.find((row) => row.isprimary)!;
    const plansBefore = await t.app.db
      .select()
      .from(planLocations)
      .where(eq(planLocations.submissionId, order.submissionId));
    const countBefore = await endorsementCount(policyId);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ removeLocationId: primary.id }, 'removeLocationId'],
      [{ removeLocationId: 999_999_999 }, 'removeLocationId'],
      [{ removeLocationId: 'abc' }, 'removeLocationId'],
      [{ addLocation: { ...DOWNTOWN, city: 'Phoenix', state: 'AZ', zipcode: '85001' } }, 'addLocation.state'],
      [{ addLocation: { ...DOWNTOWN, zipcode: '10001' } }, 'addLocation.zipcode'],
      [{ addLocation: { ...DOWNTOWN, zipcode: '7700' } }, 'addLocation.zipcode'],
      [{ addLocation: DOWNTOWN }, 'addLocation.address1'],
      [{ addLocation: { ...DOWNTOWN, address1: '5 Main St\nHouston, TX 77002' } }, 'addLocation.address1'],
      [{ addLocation: { ...DOWNTOWN, address1: '' } }, 'addLocation.address1'],
    ];
    for (const [change, field] of cases) {
      for (const url of ['insured/endorsementquote', 'insured/endorse']) {
        const error = expectError(await insured.call('POST', url, { policyid: policyId, ...change }), 400);
        expect(error.fields, `${url} ${JSON.stringify(change)}`).toHaveProperty([field]);
      }
    }
    expect(await endorsementCount(policyId)).toBe(countBefore);
    expect(
      await t.app.db.select().from(planLocations).where(eq(planLocations.submissionId, order.submissionId)),
    ).toEqual(plansBefore);
  });
});
