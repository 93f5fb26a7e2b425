import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { specialityCategoryListSchema, specialityListSchema, specialitySchema } from '@shared/contract/specialities';
import { brokerSpecialities, brokers } from '@server/db/schema';
import { demoBrokers, demoSpecialities } from '@server/db/seed/demo-data';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/weborder/${url}` });

async function specialityList(query = '') {
  const response = await get(`auth/specialitylist${query}`);
  expect(response.statusCode).toBe(200);
  return v.parse(specialityListSchema, response.json());
}

describe('GET auth/specialitycategory', () => {
  it('lists the categories in display order', async () => {
    const response = await get('auth/specialitycategory');
    expect(response.statusCode).toBe(200);
    const categories = v.parse(specialityCategoryListSchema, response.json());
    expect(categories.length).toBeGreaterThanOrEqual(3);
    expect(categories[0]?.name).toBe('Healthcare professionals');
  });
});

describe('GET auth/specialitylist', () => {
  it('lists all twelve demo specialities with their plain codes', async () => {
    const list = await specialityList();
    expect(list).toHaveLength(12);
    expect(list.map((s) => s.speiclaityRandomCode).sort()).toEqual(demoSpecialities.map((s) => s.code).sort());
    for (const speciality of list) expect(speciality.speiclaityRandomCode).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('with clientUrl lists only that broker’s specialities, carrying the broker’s codes', async () => {
    for (const broker of demoBrokers) {
      const list = await specialityList(`?clientUrl=${broker.clientUrl}`);
      const expected = broker.specialities.map((s) => ({
        name: demoSpecialities.find((d) => d.code === s.speciality)?.name,
        code: s.code,
      }));
      expect(list.map((s) => ({ name: s.name, code: s.speiclaityRandomCode }))).toEqual(
        expect.arrayContaining(expected),
      );
      expect(list).toHaveLength(broker.specialities.length);
    }
  });

  it('matches the client URL whatever its case', async () => {
    const list = await specialityList('?clientUrl=Harbor-Risk');
    expect(list.map((s) => s.speiclaityRandomCode)).toContain('TSACBHV2');
  });

  it('answers 404 naming an unknown client URL', async () => {
    const body = expectError(await get('auth/specialitylist?clientUrl=no-such-broker'), 404);
    expect(body.message).toContain('no-such-broker');
  });

  it.each([
    ['a space', 'bad%20url'],
    ['a slash', 'a%2Fb'],
    ['nothing', ''],
    ['too many characters', 'x'.repeat(65)],
  ])('answers 400 naming clientUrl when it holds %s', async (_, value) => {
    const body = expectError(await get(`auth/specialitylist?clientUrl=${value}`), 400);
    expect(body.fields).toHaveProperty('clientUrl');
    expect(body.message).toContain('clientUrl');
  });
});

describe('GET auth/specialityByClientUrl/{clientUrl}', () => {
  async function byClientUrl(clientUrl: string) {
    const response = await get(`auth/specialityByClientUrl/${clientUrl}`);
    expect(response.statusCode).toBe(200);
    return v.parse(specialityListSchema, response.json());
  }

  it.each(demoBrokers.map((b) => b.clientUrl))('answers %s as specialitylist?clientUrl= does', async (clientUrl) => {
    const list = await byClientUrl(clientUrl);
    expect(list).toHaveLength(demoBrokers.find((b) => b.clientUrl === clientUrl)!.specialities.length);
    expect(list).toEqual(await specialityList(`?clientUrl=${clientUrl}`));
  });

  it('matches the client URL whatever its case', async () => {
    expect(await byClientUrl('Harbor-Risk')).toEqual(await byClientUrl('harbor-risk'));
  });

  it('answers 404 naming an unknown client URL', async () => {
    const body = expectError(await get('auth/specialityByClientUrl/no-such-broker'), 404);
    expect(body.message).toBe('No broker with client URL "no-such-broker"');
  });

  it.each([
    ['a space', 'bad%20url'],
    ['a slash', 'a%2Fb'],
    ['a NUL', '%00'],
    ['nothing', ''],
    ['too many characters', 'x'.repeat(65)],
  ])('answers 400 naming clientUrl when it holds %s', async (_, value) => {
    const body = expectError(await get(`auth/specialityByClientUrl/${value}`), 400);
    expect(body.fields).toHaveProperty('clientUrl');
    expect(body.message).toContain('clientUrl');
  });

  it('answers 400 naming a query parameter it does not take', async () => {
    const body = expectError(await get('auth/specialityByClientUrl/harbor-risk?clientUrl=harbor-risk'), 400);
    expect(body.fields).toEqual({ clientUrl: 'is not a known parameter' });
  });
});

/** Both forms of the broker list share one lookup: each case is checked through both. */
describe('a broker’s list, by query and by path', () => {
  const lists = async (clientUrl: string) =>
    Promise.all([get(`auth/specialitylist?clientUrl=${clientUrl}`), get(`auth/specialityByClientUrl/${clientUrl}`)]);

  it('leaves out a deactivated broker speciality, and brings it back when reactivated', async () => {
    const [harbor] = await t.app.db
      .select({ id: brokers.id })
      .from(brokers)
      .where(eq(brokers.clientUrl, 'harbor-risk'));
    const row = and(eq(brokerSpecialities.brokerId, harbor!.id), eq(brokerSpecialities.randomCode, 'YTR9D4HY'));
    await t.app.db.update(brokerSpecialities).set({ active: false }).where(row);
    try {
      for (const response of await lists('harbor-risk')) {
        expect(response.statusCode).toBe(200);
        const codes = v.parse(specialityListSchema, response.json()).map((s) => s.speiclaityRandomCode);
        expect(codes).toHaveLength(3);
        expect(codes).not.toContain('YTR9D4HY');
      }
    } finally {
      await t.app.db.update(brokerSpecialities).set({ active: true }).where(row);
    }
    for (const response of await lists('harbor-risk')) {
      expect(response.json()).toEqual(
        expect.arrayContaining([expect.objectContaining({ speiclaityRandomCode: 'YTR9D4HY' })]),
      );
    }
  });

  it('answers 404 for an inactive broker', async () => {
    const summit = eq(brokers.clientUrl, 'summit-professional');
    await t.app.db.update(brokers).set({ active: false }).where(summit);
    try {
      for (const response of await lists('summit-professional')) {
        expect(expectError(response, 404).message).toContain('summit-professional');
      }
    } finally {
      await t.app.db.update(brokers).set({ active: true }).where(summit);
    }
    for (const response of await lists('summit-professional')) expect(response.statusCode).toBe(200);
  });
});

describe('unknown query parameters', () => {
  it.each([
    ['auth/specialitylist?clientURL=harbor-risk', 'clientURL'],
    ['auth/specialitylist?clientUrl[]=x', 'clientUrl[]'],
    ['auth/speciality?specialityId=1&specialtyId=1', 'specialtyId'],
    ['auth/specialitycategory?all=1', 'all'],
  ])('%s answers 400 naming %s', async (url, name) => {
    const body = expectError(await get(url), 400);
    expect(body.fields).toEqual({ [name]: 'is not a known parameter' });
    expect(body.message).toContain(name);
  });
});

describe('GET auth/speciality', () => {
  it('answers one speciality by id', async () => {
    const [first] = await specialityList();
    const response = await get(`auth/speciality?specialityId=${first?.id}`);
    expect(response.statusCode).toBe(200);
    // The list item less its indicative prices, which only lists carry.
    expect(v.parse(specialitySchema, response.json())).toEqual(v.parse(specialitySchema, first));
  });

  it('answers 404 for an id that does not exist', async () => {
    const body = expectError(await get('auth/speciality?specialityId=999999'), 404);
    expect(body.message).toContain('999999');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', ''])('answers 400 naming specialityId for %j', async (value) => {
    const body = expectError(await get(`auth/speciality?specialityId=${value}`), 400);
    expect(body.fields).toHaveProperty('specialityId');
    expect(body.message).toContain('specialityId');
  });

  it('answers 400 when specialityId is missing or repeated', async () => {
    expect(expectError(await get('auth/speciality'), 400).fields).toEqual({
      specialityId: 'is required',
    });
    expect(expectError(await get('auth/speciality?specialityId=1&specialityId=2'), 400).fields).toHaveProperty(
      'specialityId',
    );
  });
});
