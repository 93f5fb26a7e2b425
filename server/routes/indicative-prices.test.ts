/**
 * Issue 16 item 8: each speciality in auth/specialitylist carries an indicative "from" price —
 * the minimum premium of the rate tables in force, across the states we sell in or in one state —
 * read live from the tables, so an administrator's new version shows at once.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateTableVersionsSchema } from '@shared/contract/admin-rate-tables';
import { specialityListSchema } from '@shared/contract/specialities';
import { users } from '@server/db/schema';
import { demoSpecialities } from '@server/db/seed/demo-data';
import { demoRateTables } from '@server/db/seed/demo-rates';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/weborder/${url}` });

async function list(query = '') {
  const response = await get(`auth/specialitylist${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(specialityListSchema, response.json());
}

const codeOf = (name: string) => demoSpecialities.find((speciality) => speciality.name === name)!.code;
const seededMinimums = (name: string) =>
  demoRateTables()
    .filter((table) => table.specialityCode === codeOf(name))
    .map((table) => ({ state: table.stateCode, cents: table.minPremiumCents }));

let admin: Insured;
beforeAll(async () => {
  admin = await newInsured(app);
  await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
});

describe('indicative prices in auth/specialitylist', () => {
  it('carries, for every speciality, the lowest and highest seeded minimum premium across the states sold in', async () => {
    const items = await list();
    expect(items).toHaveLength(demoSpecialities.length);
    for (const item of items) {
      const minimums = seededMinimums(item.name).map((entry) => entry.cents);
      expect(minimums.length).toBeGreaterThan(1);
      expect(item, item.name).toMatchObject({
        indicativeFromCents: Math.min(...minimums),
        indicativeToCents: Math.max(...minimums),
      });
    }
    // The demo's states differ: a range, not one figure.
    const dentists = items.find((item) => item.name === 'Dentists')!;
    expect(dentists.indicativeToCents).toBeGreaterThan(dentists.indicativeFromCents!);
  });

  it('with state, carries that state’s seeded minimum premium, on the plain list and a broker’s', async () => {
    const texas = seededMinimums('Dentists').find((entry) => entry.state === 'TX')!.cents;
    const california = seededMinimums('Dentists').find((entry) => entry.state === 'CA')!.cents;
    expect(texas).not.toBe(california);
    const plain = (await list('?state=TX')).find((item) => item.name === 'Dentists');
    expect(plain).toMatchObject({ indicativeFromCents: texas, indicativeToCents: texas });
    const brokers = (await list('?clientUrl=harbor-risk&state=CA')).find((item) => item.name === 'Dentists');
    expect(brokers).toMatchObject({
      speiclaityRandomCode: 'TSACBHV2',
      indicativeFromCents: california,
      indicativeToCents: california,
    });
  });

  it('follows an administrator’s new rate-table version with another minimum premium at once', async () => {
    const dentists = await specialityId(t.app);
    const versions = await admin.call('GET', `admin/ratetables?specialityId=${dentists}&state=GA`);
    expect(versions.statusCode, versions.body).toBe(200);
    const [inForce] = v.parse(rateTableVersionsSchema, versions.json());
    const seeded = seededMinimums('Dentists');
    expect(inForce!.minPremiumCents).toBe(seeded.find((entry) => entry.state === 'GA')!.cents);

    // Below every state's minimum: it becomes the national "from" too.
    const lowered = Math.min(...seeded.map((entry) => entry.cents)) - 10_000;
    const saved = await admin.call('POST', 'admin/ratetables', {
      specialityId: dentists,
      stateCode: 'GA',
      basedOnVersion: inForce!.version,
      minPremiumCents: lowered,
    });
    expect(saved.statusCode, saved.body).toBe(201);

    const inGeorgia = (await list('?state=GA')).find((item) => item.id === dentists);
    expect(inGeorgia).toMatchObject({ indicativeFromCents: lowered, indicativeToCents: lowered });
    const everywhere = (await list()).find((item) => item.id === dentists);
    expect(everywhere).toMatchObject({
      indicativeFromCents: lowered,
      indicativeToCents: Math.max(...seeded.map((entry) => entry.cents)),
    });
    // Another state's figure is its own.
    const inTexas = (await list('?state=TX')).find((item) => item.id === dentists);
    expect(inTexas?.indicativeFromCents).toBe(seeded.find((entry) => entry.state === 'TX')!.cents);
  });

  it('leaves the figures out in a state we do not sell in', async () => {
    const items = await list('?state=AK');
    expect(items).toHaveLength(demoSpecialities.length);
    for (const item of items) {
      expect(item).not.toHaveProperty('indicativeFromCents');
      expect(item).not.toHaveProperty('indicativeToCents');
    }
  });

  it.each([
    ['a state that does not exist', 'ZZ'],
    ['lower case', 'tx'],
    ['a name', 'Texas'],
  ])('answers 400 naming state for %s', async (_, state) => {
    const body = expectError(await get(`auth/specialitylist?state=${state}`), 400);
    expect(body.fields).toHaveProperty('state');
  });
});
