import { eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerDetailsSchema } from '@shared/contract/brokers';
import { specialityListSchema } from '@shared/contract/specialities';
import { brokerSpecialities, brokers, specialities } from '@server/db/schema';
import { drawBrokerLogo } from '@server/db/seed/broker-logo';
import { demoBrokers, demoSpecialities } from '@server/db/seed/demo-data';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/weborder/${url}` });

async function brokerDetails(clientUrl: string) {
  const response = await get(`auth/brokerDetails?clientUrl=${clientUrl}`);
  expect(response.statusCode).toBe(200);
  return v.parse(brokerDetailsSchema, response.json());
}

async function specialityList(query = '') {
  const response = await get(`auth/specialitylist${query}`);
  expect(response.statusCode).toBe(200);
  return v.parse(specialityListSchema, response.json());
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('GET auth/brokerDetails', () => {
  it.each(demoBrokers.map((b) => [b.clientUrl, b] as const))('answers %s as seeded', async (clientUrl, broker) => {
    const details = await brokerDetails(clientUrl);
    expect(details.name).toBe(broker.name);
    expect(details.brokerAbbrivation).toBe(broker.abbreviation);

    const plainIds = new Map((await specialityList()).map((s) => [s.speiclaityRandomCode, s.id]));
    expect(details.brokerspecialities).toEqual(
      expect.arrayContaining(
        broker.specialities.map((s) => ({ id: plainIds.get(s.speciality), speiclaityRandomCode: s.code })),
      ),
    );
    expect(details.brokerspecialities).toHaveLength(broker.specialities.length);
    // The order a branded site lists them in is auth/specialitylist's.
    const listed = await specialityList(`?clientUrl=${clientUrl}`);
    expect(details.brokerspecialities).toEqual(
      listed.map((s) => ({ id: s.id, speiclaityRandomCode: s.speiclaityRandomCode })),
    );

    expect(details.brokerProfileType).toBe('image/png');
    const logo = Buffer.from(details.brokerProfile ?? '', 'base64');
    expect(logo.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(logo.equals(drawBrokerLogo(broker.colour, broker.mark))).toBe(true);
  });

  it('sends the logo as bare base64, not a data URL', async () => {
    const { brokerProfile } = await brokerDetails('harbor-risk');
    expect(brokerProfile).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });

  it('matches the client URL whatever its case', async () => {
    const expected = await brokerDetails('harbor-risk');
    expect(await brokerDetails('HARBOR-RISK')).toEqual(expected);
    expect(await brokerDetails('Harbor-Risk')).toEqual(expected);
  });

  it('answers 404 naming an unknown client URL', async () => {
    const body = expectError(await get('auth/brokerDetails?clientUrl=no-such-broker'), 404);
    expect(body.message).toBe('No broker with client URL "no-such-broker"');
  });

  it.each([
    ['a space', 'a%20b'],
    ['a NUL', '%00'],
    ['a slash', 'a%2Fb'],
    ['nothing', ''],
    ['too many characters', 'x'.repeat(65)],
  ])('answers 400 naming clientUrl when it holds %s', async (_, value) => {
    const body = expectError(await get(`auth/brokerDetails?clientUrl=${value}`), 400);
    expect(body.fields).toHaveProperty('clientUrl');
    expect(body.message).toContain('clientUrl');
  });

  it('answers 400 naming clientUrl when it is missing or repeated', async () => {
    expect(expectError(await get('auth/brokerDetails'), 400).fields).toEqual({ clientUrl: 'is required' });
    expect(
      expectError(await get('auth/brokerDetails?clientUrl=harbor-risk&clientUrl=lakeside-brokers'), 400).fields,
    ).toEqual({ clientUrl: 'must be given only once' });
  });

  it('answers 400 naming an unknown query parameter', async () => {
    const body = expectError(await get('auth/brokerDetails?clientUrl=harbor-risk&clientURL=x'), 400);
    expect(body.fields).toEqual({ clientURL: 'is not a known parameter' });
    expect(body.message).toContain('clientURL');
  });
});

/**
 * Brokers of this test's own, so the demo data other tests read stays as seeded. Their codes
 * and client URLs are not the demo's; rows go when the test file ends (broker rows cascade).
 */
describe('GET auth/brokerDetails with brokers made for the test', () => {
  const ids = { brokers: [] as number[], specialities: [] as number[] };
  let sold: { id: number; code: string }[] = [];

  beforeAll(async () => {
    const db = t.app.db;
    const [category] = await db.select({ id: specialities.categoryId }).from(specialities).limit(1);
    // Sorted first, so the broker's list must come back in speciality order, not insertion order.
    const [offSale, first] = await db
      .insert(specialities)
      .values([
        { categoryId: category!.id, name: 'Withdrawn speciality', randomCode: 'TSTOFF01', active: false },
        { categoryId: category!.id, name: 'Test first speciality', randomCode: 'TSTFST01', sortOrder: -1 },
      ])
      .returning({ id: specialities.id });
    ids.specialities.push(offSale!.id, first!.id);
    const demoId = async (name: string) => {
      const code = demoSpecialities.find((s) => s.name === name)!.code;
      const [row] = await db
        .select({ id: specialities.id })
        .from(specialities)
        .where(eq(specialities.randomCode, code));
      return row!.id;
    };
    const dentists = await demoId('Dentists');
    const chiropractors = await demoId('Chiropractors');

    const inserted = await db
      .insert(brokers)
      .values([
        { name: 'Test Selective Brokers', abbreviation: 'TSB', clientUrl: 'test-selective' },
        { name: 'Test Dormant Brokers', abbreviation: 'TDB', clientUrl: 'test-dormant', active: false },
        { name: 'Test Empty Brokers', abbreviation: 'TEB', clientUrl: 'test-empty' },
      ])
      .returning({ id: brokers.id });
    ids.brokers.push(...inserted.map((b) => b.id));
    const [selective, dormant] = inserted;
    await db.insert(brokerSpecialities).values([
      { brokerId: selective!.id, specialityId: dentists, randomCode: 'TSTSEL01' },
      { brokerId: selective!.id, specialityId: first!.id, randomCode: 'TSTSEL02' },
      { brokerId: selective!.id, specialityId: chiropractors, randomCode: 'TSTSEL03', active: false },
      { brokerId: selective!.id, specialityId: offSale!.id, randomCode: 'TSTSEL04' },
      { brokerId: dormant!.id, specialityId: dentists, randomCode: 'TSTDRM01' },
    ]);
    sold = [
      { id: first!.id, code: 'TSTSEL02' },
      { id: dentists, code: 'TSTSEL01' },
    ];
  });

  afterAll(async () => {
    await t.app.db.delete(brokers).where(inArray(brokers.id, ids.brokers));
    await t.app.db.delete(specialities).where(inArray(specialities.id, ids.specialities));
  });

  it('lists only active rows of specialities on sale, in speciality order', async () => {
    const details = await brokerDetails('test-selective');
    expect(details.brokerspecialities).toEqual(sold.map((s) => ({ id: s.id, speiclaityRandomCode: s.code })));
  });

  it('answers null logo fields and no specialities for a broker with neither', async () => {
    expect(await brokerDetails('test-empty')).toEqual({
      name: 'Test Empty Brokers',
      brokerAbbrivation: 'TEB',
      brokerProfile: null,
      brokerProfileType: null,
      brokerspecialities: [],
    });
  });

  it('answers 404 for an inactive broker', async () => {
    const body = expectError(await get('auth/brokerDetails?clientUrl=test-dormant'), 404);
    expect(body.message).toContain('test-dormant');
  });
});
