import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { deletedSchema } from '@shared/contract/address';
import { locationListSchema, locationSchema, type Location } from '@shared/contract/locations';
import { locations, planLocations, policies } from '@server/db/schema';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

const locationBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Main office',
  address1: '1 Main St',
  address2: 'Suite 200',
  city: 'Houston',
  state: 'TX',
  zipcode: '77002',
  ...overrides,
});

const save = (insured: Insured, body: unknown, key?: string) =>
  insured.call('POST', 'insured/saveupdatelocation', body, key ? { headers: { 'idempotency-key': key } } : {});

async function create(insured: Insured, overrides: Record<string, unknown> = {}): Promise<Location> {
  const response = await save(insured, locationBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return v.parse(locationSchema, response.json());
}

async function list(insured: Insured): Promise<Location[]> {
  const response = await insured.call('GET', 'insured/locationlist');
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(locationListSchema, response.json());
}

const remove = (insured: Insured, id: number | string) => insured.call('DELETE', `insured/deletelocation?id=${id}`);

const rowsOf = (userId: number) =>
  t.app.db.select().from(locations).where(eq(locations.userId, userId)).orderBy(locations.id);

/**
 * What issue 6's addlocation does: a copy of the location on the order. An order saved at the
 * primary location's ZIP holds its copy already (a returning insured's new quote is placed there).
 */
async function coverOnOrder(submissionId: number, location: Location): Promise<number> {
  const [held] = await t.app.db
    .select({ id: planLocations.id })
    .from(planLocations)
    .where(and(eq(planLocations.submissionId, submissionId), eq(planLocations.locationId, location.id)));
  if (held) return held.id;
  const [row] = await t.app.db
    .insert(planLocations)
    .values({
      submissionId,
      locationId: location.id,
      address1: location.address1,
      address2: location.address2,
      city: location.city,
      state: location.state,
      zipcode: location.zipcode,
      isPrimary: true,
    })
    .returning({ id: planLocations.id });
  return row!.id;
}

describe('GET insured/locationlist', () => {
  it('needs a signed-in user', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/weborder/insured/locationlist' }), 401);
  });

  it('is empty for a new insured, then lists the primary first and the rest oldest first', async () => {
    const insured = await newInsured(app);
    expect(await list(insured)).toEqual([]);
    const first = await create(insured);
    const second = await create(insured, { isprimary: true });
    const third = await create(insured);
    expect((await list(insured)).map((l) => [l.id, l.isprimary])).toEqual([
      [second.id, true],
      [first.id, false],
      [third.id, false],
    ]);
  });
});

describe('POST insured/saveupdatelocation', () => {
  it('creates a location (201) in the wire shape, the first one primary', async () => {
    const insured = await newInsured(app);
    const response = await save(insured, locationBody());
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as Location;
    expect(body).toEqual({
      id: expect.any(Number) as number,
      title: 'Main office',
      address1: '1 Main St',
      address2: 'Suite 200',
      city: 'Houston',
      state: 'TX',
      zipcode: '77002',
      isprimary: true,
    });
    expect(await list(insured)).toEqual([body]);
    expect((await rowsOf(insured.userId))[0]).toMatchObject({ id: body.id, isPrimary: true, idempotencyKeyHash: null });
  });

  it('trims text and stores empty optional fields as null', async () => {
    const insured = await newInsured(app);
    const bare = await create(insured, {
      title: '',
      address1: '  9 Elm St ',
      address2: '   ',
      city: ' Austin ',
      zipcode: ' 78701 ',
    });
    expect(bare).toMatchObject({
      title: null,
      address1: '9 Elm St',
      address2: null,
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
    });
    expect(await create(insured, { title: undefined, address2: undefined })).toMatchObject({
      title: null,
      address2: null,
    });
  });

  it('updates a location by id (200); isprimary true takes over, left out keeps it', async () => {
    const insured = await newInsured(app);
    const a = await create(insured);
    const b = await create(insured);
    const moved = await save(
      insured,
      locationBody({ id: b.id, address1: '500 Fifth Ave', city: 'New York', state: 'NY', zipcode: '10018' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(v.parse(locationSchema, moved.json())).toEqual({
      ...b,
      address1: '500 Fifth Ave',
      city: 'New York',
      state: 'NY',
      zipcode: '10018',
    });
    const marked = await save(insured, locationBody({ id: b.id, isprimary: '1' }));
    expect(marked.statusCode).toBe(200);
    expect((await list(insured)).map((l) => [l.id, l.isprimary])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    expect(await rowsOf(insured.userId)).toHaveLength(2);
  });

  it('isprimary false on the primary is a 409 naming isprimary, and changes nothing; the first is primary whatever is sent', async () => {
    const insured = await newInsured(app);
    const first = await create(insured, { isprimary: false });
    expect(first.isprimary).toBe(true);
    const before = await rowsOf(insured.userId);
    const body = expectError(
      await save(insured, locationBody({ id: first.id, city: 'Dallas', isprimary: false })),
      409,
    );
    expect(body.fields).toEqual({ isprimary: 'mark another location primary instead' });
    expect(await rowsOf(insured.userId)).toEqual(before);
  });

  it('editing a location leaves the copies orders hold alone', async () => {
    const insured = await newInsured(app);
    const location = await create(insured);
    const order = await quotedOrder(app, insured);
    const planId = await coverOnOrder(order.submissionId, location);
    await save(insured, locationBody({ id: location.id, address1: '2 New Rd' }));
    const [copy] = await t.app.db.select().from(planLocations).where(eq(planLocations.id, planId));
    expect(copy).toMatchObject({ locationId: location.id, address1: '1 Main St' });
  });

  describe('refuses bad input with a 400 naming the field, and changes nothing', () => {
    it.each([
      ['a state that does not exist', { state: 'ZZ' }, 'state', 'is not a US state code'],
      ['a territory (not a state we know)', { state: 'PR', zipcode: '00901' }, 'state', 'is not a US state code'],
      ['a state in lower case', { state: 'tx' }, 'state', 'must be a two-letter state code, e.g. TX'],
      ['a ZIP of another state', { zipcode: '10001' }, 'zipcode', 'is in New York, not Texas'],
      ['an unknown ZIP', { zipcode: '00000' }, 'zipcode', 'is not a known ZIP code'],
      ['a malformed ZIP', { zipcode: '7700' }, 'zipcode', 'must be a 5-digit ZIP code'],
      ['no state', { state: undefined }, 'state', 'is required'],
      ['no street address', { address1: undefined }, 'address1', 'is required'],
      ['a blank city', { city: '  ' }, 'city', 'is required'],
      ['a street address too long', { address1: 'x'.repeat(201) }, 'address1', 'must be at most 200 characters'],
      ['an unknown field', { country: 'US' }, 'country', 'is not a known field'],
      ['isprimary that is not a flag', { isprimary: 'yes' }, 'isprimary', 'must be true or false'],
      ['an id that is not a number', { id: '12' }, 'id', 'must be a number'],
    ])('%s', async (_, overrides, field, message) => {
      const insured = await newInsured(app);
      const existing = await create(insured);
      const before = await rowsOf(insured.userId);
      const onCreate = expectError(await save(insured, locationBody(overrides)), 400);
      expect(onCreate.fields?.[field]).toBe(message);
      if (field !== 'id') {
        const onUpdate = expectError(await save(insured, locationBody({ ...overrides, id: existing.id })), 400);
        expect(onUpdate.fields?.[field]).toBe(message);
      }
      expect(await rowsOf(insured.userId)).toEqual(before);
    });
  });

  describe('with an Idempotency-Key', () => {
    it('a repeated create answers the same location (200) and creates nothing', async () => {
      const insured = await newInsured(app);
      const key = `location-${insured.userId}-a`;
      const first = await save(insured, locationBody(), key);
      expect(first.statusCode, first.body).toBe(201);
      const again = await save(insured, locationBody(), key);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await rowsOf(insured.userId)).toHaveLength(1);
      expect((await rowsOf(insured.userId))[0]!.idempotencyKeyHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('the same key with a different request is a 422 naming Idempotency-Key, and changes nothing', async () => {
      const insured = await newInsured(app);
      const key = `location-${insured.userId}-reused`;
      const first = await save(insured, locationBody(), key);
      expect(first.statusCode, first.body).toBe(201);
      const other = expectError(
        await save(insured, locationBody({ address1: '2 Elm St', city: 'Dallas', zipcode: '75201' }), key),
        422,
      );
      expect(other.fields).toEqual({ 'Idempotency-Key': 'was used for a different request' });
      expect(await rowsOf(insured.userId)).toHaveLength(1);
      const again = await save(insured, locationBody(), key);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
    });

    it('five repeats at the same moment create one location', async () => {
      const insured = await newInsured(app);
      const key = `location-race-${insured.userId}`;
      const answers = await Promise.all(Array.from({ length: 5 }, () => save(insured, locationBody(), key)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((r) => (r.json() as Location).id)).size).toBe(1);
      expect(await rowsOf(insured.userId)).toHaveLength(1);
    });
  });
});

describe('DELETE insured/deletelocation', () => {
  it('deletes a location, answering the id and the primary now; the primary’s deletion promotes the oldest', async () => {
    const insured = await newInsured(app);
    const a = await create(insured);
    const b = await create(insured);
    const c = await create(insured, { isprimary: true });
    expect(v.parse(deletedSchema, (await remove(insured, a.id)).json())).toEqual({ deletedId: a.id, primaryId: c.id });
    expect(v.parse(deletedSchema, (await remove(insured, c.id)).json())).toEqual({ deletedId: c.id, primaryId: b.id });
    expect((await list(insured)).map((l) => [l.id, l.isprimary])).toEqual([[b.id, true]]);
    expect(v.parse(deletedSchema, (await remove(insured, b.id)).json())).toEqual({ deletedId: b.id, primaryId: null });
    expect(await list(insured)).toEqual([]);
  });

  it('a missing id is a 404, and the id is checked', async () => {
    const insured = await newInsured(app);
    expect(expectError(await remove(insured, 2_000_000_000), 404).message).toBe(
      'No such location (or it is not yours)',
    );
    expect(expectError(await insured.call('DELETE', 'insured/deletelocation'), 400).fields).toEqual({
      id: 'is required',
    });
    expect(expectError(await remove(insured, 0), 400).fields).toEqual({ id: 'must be a positive whole number' });
    expect(expectError(await insured.call('DELETE', 'insured/deletelocation?id=1&locationid=2'), 400).fields).toEqual({
      locationid: 'is not a known parameter',
    });
  });

  it('a location on a bound policy cannot be deleted: 409 naming the policy and order; the location stays', async () => {
    const insured = await newInsured(app);
    const location = await create(insured);
    const order = await quotedOrder(app, insured);
    await coverOnOrder(order.submissionId, location);
    const policyId = await bindForTest(t.app, order.submissionId);
    const [policy] = await t.app.db.select({ number: policies.number }).from(policies).where(eq(policies.id, policyId));
    const before = await rowsOf(insured.userId);
    const body = expectError(await remove(insured, location.id), 409);
    expect(body.message).toBe(
      `This location is used by policy ${policy!.number} (order ${order.number}), so it cannot be deleted`,
    );
    expect(body.fields).toEqual({ id: `is used by policy ${policy!.number} (order ${order.number})` });
    expect(await rowsOf(insured.userId)).toEqual(before);
  });

  it('a location on a complete order is kept too', async () => {
    const insured = await newInsured(app);
    const location = await create(insured);
    const order = await quotedOrder(app, insured);
    await coverOnOrder(order.submissionId, location);
    await bindForTest(t.app, order.submissionId, 'complete');
    expect(expectError(await remove(insured, location.id), 409).message).toContain(order.number);
  });

  it('an order not yet bound does not keep the location: it is deleted and the order keeps its copy', async () => {
    const insured = await newInsured(app);
    const location = await create(insured);
    const other = await create(insured);
    const order = await quotedOrder(app, insured);
    const planId = await coverOnOrder(order.submissionId, location);
    expect((await remove(insured, location.id)).json()).toEqual({ deletedId: location.id, primaryId: other.id });
    const [copy] = await t.app.db.select().from(planLocations).where(eq(planLocations.id, planId));
    expect(copy).toMatchObject({ locationId: null, address1: '1 Main St', zipcode: '77002' });
  });
});

describe('another insured’s locations', () => {
  it('are not listed, and updating or deleting one is the 404 of a missing id; the row is unchanged', async () => {
    const [owner, other] = [await newInsured(app), await newInsured(app)];
    const theirs = await create(owner);
    const mine = await create(other);
    const before = await rowsOf(owner.userId);
    expect((await list(other)).map((l) => l.id)).toEqual([mine.id]);
    for (const id of [theirs.id, 2_000_000_000]) {
      expect(expectError(await save(other, locationBody({ id, city: 'Dallas' })), 404).message).toBe(
        'No such location (or it is not yours)',
      );
      expect(expectError(await save(other, locationBody({ id, isprimary: true })), 404).message).toBe(
        'No such location (or it is not yours)',
      );
      expect(expectError(await remove(other, id), 404).message).toBe('No such location (or it is not yours)');
    }
    expect(await rowsOf(owner.userId)).toEqual(before);
    expect(await list(other)).toEqual([mine]);
  });
});
