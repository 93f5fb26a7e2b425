import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { planLocationsSchema, type PlanLocations } from '@shared/contract/locations';
import { calculateResponseSchema } from '@shared/contract/rating';
import { locations, planLocations, submissionEvents, submissions } from '@server/db/schema';
import {
  bindForTest,
  lockInsuredRow,
  lockOrderRow,
  lockWaiters,
  masterLocation,
  newInsured,
  quotedOrder,
  whileLocked,
  type Insured,
  type MasterAddress,
} from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { calculateInput, quoteApi } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

const HOUSTON = { title: 'Houston office', address1: '1 Main St', city: 'Houston', state: 'TX', zipcode: '77002' };
const DALLAS = {
  title: 'Dallas office',
  address1: '2 Elm St',
  address2: 'Suite 5',
  city: 'Dallas',
  state: 'TX',
  zipcode: '75201',
};
const AUSTIN = { title: 'Austin office', address1: '3 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701' };
/** Nevada is a state, but no rate table prices anything there. */
const LAS_VEGAS = {
  title: 'Las Vegas office',
  address1: '4 Fremont St',
  city: 'Las Vegas',
  state: 'NV',
  zipcode: '89101',
};

async function ok(response: Awaited<ReturnType<Insured['call']>>): Promise<PlanLocations> {
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(planLocationsSchema, response.json());
}

const addLocation = (insured: Insured, body: Record<string, unknown>, form = false) =>
  insured.call('POST', 'insured/addlocation', body, { form });
const planOf = (insured: Insured, submissionId: number) =>
  insured.call('GET', `insured/locations?submissionid=${submissionId}`);
const orderRow = async (id: number) => (await t.app.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
const planRows = (submissionId: number) =>
  t.app.db
    .select()
    .from(planLocations)
    .where(eq(planLocations.submissionId, submissionId))
    .orderBy(asc(planLocations.id));
const eventsOf = (submissionId: number) =>
  t.app.db
    .select({
      event: submissionEvents.event,
      fromStatus: submissionEvents.fromStatus,
      toStatus: submissionEvents.toStatus,
      data: submissionEvents.data,
    })
    .from(submissionEvents)
    .where(eq(submissionEvents.submissionId, submissionId))
    .orderBy(asc(submissionEvents.id));
/** Everything a refused change must leave exactly as it was. */
const snapshot = async (submissionId: number, userId: number) => ({
  order: await orderRow(submissionId),
  plan: await planRows(submissionId),
  events: await eventsOf(submissionId),
  masters: await t.app.db.select().from(locations).where(eq(locations.userId, userId)).orderBy(asc(locations.id)),
});

async function calculatedTotal(zipcode: string): Promise<number> {
  const response = await quoteApi(app).post('auth/calculate', await calculateInput(t.app, { zipcode }));
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(calculateResponseSchema, response.json()).totalCents;
}

describe('GET insured/locations', () => {
  it('answers the order with no locations yet, its rating address and price', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    expect(await ok(await planOf(insured, quote.submissionId))).toEqual({
      submissionId: quote.submissionId,
      number: quote.number,
      status: 'quoted',
      version: 1,
      stateCode: 'TX',
      zipcode: '77002',
      totalCents: quote.rating.totalCents,
      previousTotalCents: quote.rating.totalCents,
      rerated: false,
      locations: [],
    });
  });

  it('is a 404 for another insured’s order, exactly like a missing one', async () => {
    const [owner, other] = [await newInsured(app), await newInsured(app)];
    const quote = await quotedOrder(app, owner);
    const missing = expectError(await planOf(other, 2_000_000_000), 404);
    expect(expectError(await planOf(other, quote.submissionId), 404)).toEqual(missing);
  });
});

describe('POST insured/addlocation', () => {
  it('as JSON: copies the location onto the order as its primary, bumps the version and records the change', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const houston = await masterLocation(t.app, insured, HOUSTON);
    const plan = await ok(await addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [houston] }));
    const [copy] = await planRows(quote.submissionId);
    expect(plan).toEqual({
      submissionId: quote.submissionId,
      number: quote.number,
      status: 'quoted',
      version: 2,
      stateCode: 'TX',
      zipcode: '77002',
      totalCents: quote.rating.totalCents,
      previousTotalCents: quote.rating.totalCents,
      rerated: false,
      locations: [
        {
          id: copy!.id,
          locationId: houston,
          title: 'Houston office',
          address1: '1 Main St',
          address2: null,
          city: 'Houston',
          state: 'TX',
          zipcode: '77002',
          isprimary: true,
        },
      ],
    });
    // Same rating address: the price stands, but the change is in the history.
    expect((await eventsOf(quote.submissionId)).map((event) => event.event)).toEqual(['quote', 'locations']);
    expect(await ok(await planOf(insured, quote.submissionId))).toEqual(plan);
  });

  it('as an HTML form: repeated fields and a "3,4" list both name several locations', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const [a, b, c, d] = [
      await masterLocation(t.app, insured, HOUSTON),
      await masterLocation(t.app, insured, { ...HOUSTON, title: 'Second', address1: '5 Main St' }),
      await masterLocation(t.app, insured, { ...HOUSTON, title: 'Third', address1: '6 Main St' }),
      await masterLocation(t.app, insured, { ...HOUSTON, title: 'Fourth', address1: '7 Main St' }),
    ];
    const repeated = await ok(
      await addLocation(insured, { submissionid: String(quote.submissionId), addLocationsIds: [a, b] }, true),
    );
    expect(repeated.locations.map((plan) => [plan.locationId, plan.isprimary])).toEqual([
      [a, true],
      [b, false],
    ]);
    const listed = await ok(
      await addLocation(
        insured,
        { submissionid: quote.submissionId, addLocationsIds: `${c},${d}`, removeLocationsIds: String(b) },
        true,
      ),
    );
    expect(listed.locations.map((plan) => plan.locationId)).toEqual([a, c, d]);
    expect(listed.version).toBe(3);
    expect(listed.locations.map((plan) => plan.title)).toEqual(['Houston office', 'Third', 'Fourth']);
  });

  it('a retry changes nothing and answers the same', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const [a, b] = [await masterLocation(t.app, insured, HOUSTON), await masterLocation(t.app, insured, DALLAS)];
    const body = { submissionid: quote.submissionId, addLocationsIds: [a, b] };
    const first = await ok(await addLocation(insured, body));
    const before = await snapshot(quote.submissionId, insured.userId);
    const again = await ok(await addLocation(insured, body));
    expect(again).toEqual({ ...first, previousTotalCents: first.totalCents, rerated: false });
    expect(await snapshot(quote.submissionId, insured.userId)).toEqual(before);
  });

  it('makes the insured’s primary location the order’s primary when it is among the first added', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const other = await masterLocation(t.app, insured, { ...HOUSTON, title: 'Annex', address1: '9 Side St' });
    const main = await masterLocation(t.app, insured, HOUSTON, true);
    const plan = await ok(
      await addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [other, main] }),
    );
    expect(plan.locations.map((row) => [row.locationId, row.isprimary])).toEqual([
      [main, true],
      [other, false],
    ]);
  });

  it('removing the primary promotes the oldest remaining location', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const [a, b, c] = [
      await masterLocation(t.app, insured, HOUSTON),
      await masterLocation(t.app, insured, { ...HOUSTON, title: 'B', address1: '2 Main St' }),
      await masterLocation(t.app, insured, { ...HOUSTON, title: 'C', address1: '3 Main St' }),
    ];
    await ok(await addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [a, b] }));
    await ok(await addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [c] }));
    const plan = await ok(await addLocation(insured, { submissionid: quote.submissionId, removeLocationsIds: [a] }));
    expect(plan.locations.map((row) => [row.locationId, row.isprimary])).toEqual([
      [b, true],
      [c, false],
    ]);
    const emptied = await ok(
      await addLocation(insured, { submissionid: quote.submissionId, removeLocationsIds: [b, c] }),
    );
    expect(emptied.locations).toEqual([]);
    // No location left: the rating address stays where it was.
    expect(emptied).toMatchObject({ stateCode: 'TX', zipcode: '77002', rerated: false, version: 5 });
  });

  it('re-rates a quoted order when its primary moves: Dallas prices as auth/calculate prices 75201', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const dallas = await masterLocation(t.app, insured, DALLAS);
    const expected = await calculatedTotal('75201');
    expect(expected).not.toBe(quote.rating.totalCents);

    const plan = await ok(await addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [dallas] }));
    expect(plan).toMatchObject({
      status: 'quoted',
      version: 2,
      stateCode: 'TX',
      zipcode: '75201',
      totalCents: expected,
      previousTotalCents: quote.rating.totalCents,
      rerated: true,
    });
    const row = await orderRow(quote.submissionId);
    expect(row).toMatchObject({
      status: 'quoted',
      version: 2,
      stateCode: 'TX',
      zipcode: '75201',
      premiumCents: expected,
    });
    const rating = v.parse(calculateResponseSchema, row.worksheet);
    expect(rating.totalCents).toBe(expected);
    expect(row.rateTableId).toBe(rating.rateTableId);
    expect((await eventsOf(quote.submissionId)).at(-1)).toEqual({
      event: 'locations',
      fromStatus: 'quoted',
      toStatus: 'quoted',
      data: { fromTotalCents: quote.rating.totalCents, totalCents: expected, zipcode: '75201', state: 'TX' },
    });
    // The order screen shows the new price too.
    const details = await insured.call('GET', `insured/orderdetails?submissionid=${quote.submissionId}`);
    expect(details.json()).toMatchObject({ zipcode: '75201', premiumCents: expected, version: 2 });
  });

  it('a location in a state nothing is priced in is a 422, and nothing changes', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const vegas = await masterLocation(t.app, insured, LAS_VEGAS);
    const before = await snapshot(quote.submissionId, insured.userId);
    const error = expectError(
      await addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [vegas] }),
      422,
    );
    expect(error.fields).toHaveProperty('state');
    expect(await snapshot(quote.submissionId, insured.userId)).toEqual(before);
  });

  it('a draft only takes the new address: not priced, rerated false', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    await t.app.db
      .update(submissions)
      .set({ status: 'draft', worksheet: null, premiumCents: null, rateTableId: null })
      .where(eq(submissions.id, quote.submissionId));
    const vegas = await masterLocation(t.app, insured, LAS_VEGAS);
    const plan = await ok(await addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [vegas] }));
    expect(plan).toMatchObject({
      status: 'draft',
      stateCode: 'NV',
      zipcode: '89101',
      totalCents: null,
      previousTotalCents: null,
      rerated: false,
      version: 2,
    });
    expect(await orderRow(quote.submissionId)).toMatchObject({
      status: 'draft',
      stateCode: 'NV',
      zipcode: '89101',
      premiumCents: null,
    });
  });

  it('is a 409 naming the status once the order is bound; its locations can still be read', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const houston = await masterLocation(t.app, insured, HOUSTON);
    await bindForTest(t.app, quote.submissionId);
    const before = await snapshot(quote.submissionId, insured.userId);
    const error = expectError(
      await addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [houston] }),
      409,
    );
    expect(error.fields).toEqual({ status: 'is bound' });
    expect(await snapshot(quote.submissionId, insured.userId)).toEqual(before);
    expect((await ok(await planOf(insured, quote.submissionId))).status).toBe('bound');
  });

  it('another insured’s order or location is a 404, and nothing changes', async () => {
    const [owner, mallory] = [await newInsured(app), await newInsured(app)];
    const quote = await quotedOrder(app, owner);
    const ownerLocation = await masterLocation(t.app, owner, HOUSTON);
    await ok(await addLocation(owner, { submissionid: quote.submissionId, addLocationsIds: [ownerLocation] }));
    const malloryOrder = await quotedOrder(app, mallory);
    const malloryLocation = await masterLocation(t.app, mallory, DALLAS);
    const [ownerBefore, malloryBefore] = [
      await snapshot(quote.submissionId, owner.userId),
      await snapshot(malloryOrder.submissionId, mallory.userId),
    ];

    for (const response of [
      await addLocation(mallory, { submissionid: quote.submissionId, addLocationsIds: [malloryLocation] }, true),
      await addLocation(mallory, { submissionid: quote.submissionId, removeLocationsIds: [ownerLocation] }),
      // Its own order, with one of its own locations and one of the owner's: none is added.
      await addLocation(mallory, {
        submissionid: malloryOrder.submissionId,
        addLocationsIds: [malloryLocation, ownerLocation],
      }),
    ]) {
      expectError(response, 404);
    }
    expect(await snapshot(quote.submissionId, owner.userId)).toEqual(ownerBefore);
    expect(await snapshot(malloryOrder.submissionId, mallory.userId)).toEqual(malloryBefore);
  });

  it('two changes at once: each lands whole or is a 409 naming version, never a mixed state', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const [a, b] = [await masterLocation(t.app, insured, HOUSTON), await masterLocation(t.app, insured, DALLAS)];
    const responses = await Promise.all([
      addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [a] }),
      addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [b] }),
    ]);
    const landed = responses.filter((response) => response.statusCode === 200);
    for (const response of responses.filter((response) => response.statusCode !== 200)) {
      expect(expectError(response, 409).fields).toHaveProperty('version');
    }
    expect(landed.length).toBeGreaterThan(0);
    const rows = await planRows(quote.submissionId);
    expect(rows).toHaveLength(landed.length);
    expect(rows.filter((row) => row.isPrimary)).toHaveLength(1);
    const order = await orderRow(quote.submissionId);
    expect(order.version).toBe(1 + landed.length);
    const primary = rows.find((row) => row.isPrimary)!;
    expect(order.zipcode).toBe(primary.zipcode);
  });

  // Races: meaningful on PostgreSQL only (see whileLocked); on PGlite the calls just run in turn.
  it('a location deleted while the add waits for the order: the add lands first, then the delete (no foreign-key 500)', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const houston = await masterLocation(t.app, insured, HOUSTON);
    let add: Promise<Awaited<ReturnType<Insured['call']>>> | undefined;
    let deletion: Promise<Awaited<ReturnType<Insured['call']>>> | undefined;
    // The test holds the order's row. The add's ownership check passed before it queued there; a
    // delete that did not have to wait for the add used to remove the location meanwhile, and the
    // add's copy then broke the foreign key.
    await whileLocked(t.app, lockOrderRow(quote.submissionId), async () => {
      add = addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [houston] });
      await lockWaiters(t.app, 1);
      deletion = insured.call('DELETE', `insured/deletelocation?id=${houston}`);
      await lockWaiters(t.app, 2);
    });
    const [added, deleted] = [await add!, await deletion!];
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.app.db.select().from(locations).where(eq(locations.id, houston))).toEqual([]);
    if (t.testApp.database.kind === 'postgres') {
      // The copy stays on the order; only its link to the deleted master record is gone.
      expect((await ok(added)).locations).toEqual([
        expect.objectContaining({ locationId: houston, city: 'Houston', isprimary: true }),
      ]);
      expect(await planRows(quote.submissionId)).toEqual([
        expect.objectContaining({ locationId: null, city: 'Houston', isPrimary: true }),
      ]);
    } else {
      expect([200, 404], added.body).toContain(added.statusCode);
    }
  });

  it('a location deleted while the add waits for the insured is a 404, and the order is as it was', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const houston = await masterLocation(t.app, insured, HOUSTON);
    const before = await snapshot(quote.submissionId, insured.userId);
    let add: Promise<Awaited<ReturnType<Insured['call']>>> | undefined;
    let deletion: Promise<Awaited<ReturnType<Insured['call']>>> | undefined;
    // The test holds the insured's row: the delete queues first, the add (its checks passed) after it.
    await whileLocked(t.app, lockInsuredRow(insured), async () => {
      deletion = insured.call('DELETE', `insured/deletelocation?id=${houston}`);
      await lockWaiters(t.app, 1);
      add = addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [houston] });
      await lockWaiters(t.app, 2, 1_000);
    });
    const [deleted, added] = [await deletion!, await add!];
    expect(deleted.statusCode, deleted.body).toBe(200);
    if (t.testApp.database.kind === 'postgres') {
      expect(expectError(added, 404).message).toBe('No such location (or it is not yours)');
      expect(await snapshot(quote.submissionId, insured.userId)).toEqual({ ...before, masters: [] });
    } else {
      expect([200, 404], added.body).toContain(added.statusCode);
    }
  });

  it('a form field named __proto__ is a 400 that names it', async () => {
    const insured = await newInsured(app);
    const response = await insured.call(
      'POST',
      'insured/addlocation',
      { ['__proto__']: '1', submissionid: '1' },
      { form: true },
    );
    expectError(response, 400);
    const fields = (response.json() as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toBe('is not a known field');
  });

  it('names bad ids and a location both added and removed', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const houston = await masterLocation(t.app, insured, HOUSTON);
    expect(
      expectError(await addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: 'x,2' }, true), 400)
        .fields,
    ).toHaveProperty('addLocationsIds');
    expect(
      expectError(
        await addLocation(insured, {
          submissionid: quote.submissionId,
          addLocationsIds: [houston],
          removeLocationsIds: [houston],
        }),
        400,
      ).fields,
    ).toHaveProperty('removeLocationsIds');
  });
});

describe('PUT insured/updateplanlocation', () => {
  async function orderWith(insured: Insured, ...addresses: MasterAddress[]) {
    const quote = await quotedOrder(app, insured);
    const ids = [];
    for (const address of addresses) ids.push(await masterLocation(t.app, insured, address));
    const plan = await ok(await addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: ids }));
    return { quote, ids, plan };
  }

  it('changes the order’s copy only; the master location stays as it was', async () => {
    const insured = await newInsured(app);
    const { quote, ids, plan } = await orderWith(insured, HOUSTON, AUSTIN);
    const austinCopy = plan.locations[1]!;
    const masterBefore = await t.app.db.select().from(locations).where(eq(locations.id, ids[1]!));
    const updated = await ok(
      await insured.call('PUT', 'insured/updateplanlocation', {
        id: austinCopy.id,
        submissionId: quote.submissionId,
        address1: '10 Lamar Blvd',
        address2: 'Floor 2',
        city: 'Austin',
        state: 'TX',
        zipcode: '78704',
      }),
    );
    expect(updated.locations[1]).toEqual({
      ...austinCopy,
      address1: '10 Lamar Blvd',
      address2: 'Floor 2',
      zipcode: '78704',
    });
    // Not the primary: the rating address and price stand; the version moves all the same.
    expect(updated).toMatchObject({
      zipcode: '77002',
      rerated: false,
      version: plan.version + 1,
      totalCents: quote.rating.totalCents,
    });
    expect(await t.app.db.select().from(locations).where(eq(locations.id, ids[1]!))).toEqual(masterBefore);
  });

  it('with isupdatemaster changes the master location too; moving the primary re-rates', async () => {
    const insured = await newInsured(app);
    const { quote, ids, plan } = await orderWith(insured, HOUSTON);
    const expected = await calculatedTotal('75201');
    const updated = await ok(
      await insured.call('PUT', 'insured/updateplanlocation', {
        id: plan.locations[0]!.id,
        submissionId: String(quote.submissionId),
        ...DALLAS,
        title: undefined,
        isupdatemaster: 'true',
      }),
    );
    expect(updated).toMatchObject({
      zipcode: '75201',
      rerated: true,
      totalCents: expected,
      previousTotalCents: quote.rating.totalCents,
    });
    expect(updated.locations[0]).toMatchObject({
      locationId: ids[0],
      address1: '2 Elm St',
      address2: 'Suite 5',
      city: 'Dallas',
      zipcode: '75201',
      isprimary: true,
    });
    const [master] = await t.app.db.select().from(locations).where(eq(locations.id, ids[0]!));
    expect(master).toMatchObject({
      title: 'Houston office',
      address1: '2 Elm St',
      address2: 'Suite 5',
      city: 'Dallas',
      state: 'TX',
      zipcode: '75201',
    });
  });

  it('refuses a ZIP of another state (400), an unpriceable state (422) and another order’s location (404), changing nothing', async () => {
    const [insured, other] = [await newInsured(app), await newInsured(app)];
    const { quote, plan } = await orderWith(insured, HOUSTON);
    const otherOrder = await orderWith(other, HOUSTON);
    const before = await snapshot(quote.submissionId, insured.userId);
    const id = plan.locations[0]!.id;
    const update = (body: Record<string, unknown>) =>
      insured.call('PUT', 'insured/updateplanlocation', {
        id,
        submissionId: quote.submissionId,
        ...HOUSTON,
        title: undefined,
        ...body,
      });
    expect(expectError(await update({ zipcode: '75201', state: 'CA' }), 400).fields).toHaveProperty('zipcode');
    expect(
      expectError(await update({ ...LAS_VEGAS, title: undefined, isupdatemaster: true }), 422).fields,
    ).toHaveProperty('state');
    expectError(await update({ id: otherOrder.plan.locations[0]!.id }), 404);
    expectError(await update({ submissionId: otherOrder.quote.submissionId }), 404);
    expect(await snapshot(quote.submissionId, insured.userId)).toEqual(before);
  });
});

describe('DELETE insured/deleteplanlocation', () => {
  it('deleting the primary promotes the oldest remaining location and re-rates at its address', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const [houston, dallas, austin] = [
      await masterLocation(t.app, insured, HOUSTON),
      await masterLocation(t.app, insured, DALLAS),
      await masterLocation(t.app, insured, AUSTIN),
    ];
    const plan = await ok(
      await addLocation(insured, { submissionid: quote.submissionId, addLocationsIds: [houston, dallas, austin] }),
    );
    const primary = plan.locations.find((row) => row.isprimary)!;
    expect(primary.locationId).toBe(houston);

    const expected = await calculatedTotal('75201');
    const after = await ok(
      await insured.call(
        'DELETE',
        `insured/deleteplanlocation?planlocationid=${primary.id}&submissionid=${quote.submissionId}`,
      ),
    );
    expect(after.locations.map((row) => [row.locationId, row.isprimary])).toEqual([
      [dallas, true],
      [austin, false],
    ]);
    expect(after).toMatchObject({
      zipcode: '75201',
      rerated: true,
      totalCents: expected,
      previousTotalCents: quote.rating.totalCents,
      version: plan.version + 1,
    });
    // The master location is untouched.
    expect(
      await t.app.db
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.id, houston), eq(locations.userId, insured.userId))),
    ).toHaveLength(1);

    const again = await insured.call(
      'DELETE',
      `insured/deleteplanlocation?planlocationid=${primary.id}&submissionid=${quote.submissionId}`,
    );
    expectError(again, 404);
  });
});
