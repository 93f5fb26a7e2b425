import { and, eq, max } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ilfDlfListSchema, paymentTermListSchema, usStateListSchema } from '@shared/contract/lists';
import { paymentTerms, rateTables, specialities, usStates } from '@server/db/schema';
import { demoOfferedStates, demoPaymentTerms } from '@server/db/seed/demo-data';
import { usStateList } from '@server/db/seed/us-states';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/weborder/${url}` });

async function ilfDlfList(zipcode: string) {
  const response = await get(`insured/ilfdlflist/${zipcode}`);
  expect(response.statusCode).toBe(200);
  return v.parse(ilfDlfListSchema, response.json());
}

/** The demo rate tables all carry these options, cheapest cover first. */
const demoLimitCodes = ['250K/500K', '500K/1M', '1M/1M', '1M/3M', '2M/4M'];
const demoDeductibleCodes = ['0', '1000', '2500', '5000', '10000'];

const codes = (options: { code: string }[]) => options.map((o) => o.code);

describe('GET insured/stateList', () => {
  it('lists the 50 states and DC alphabetically by name, saying which we sell in, without a token', async () => {
    const response = await get('insured/stateList');
    expect(response.statusCode).toBe(200);
    const states = v.parse(usStateListSchema, response.json());
    const byName = [...usStateList].sort(([, a], [, b]) => (a < b ? -1 : 1));
    expect(states.map((s) => [s.code, s.name])).toEqual(byName);
    expect(states.filter((s) => s.offered).map((s) => s.code)).toEqual([...demoOfferedStates].sort());
    expect(states.find((s) => s.code === 'OH')).toEqual({ code: 'OH', name: 'Ohio', offered: false });
  });

  it('refuses query parameters it does not take, by name', async () => {
    const body = expectError(await get('insured/stateList?offered=true'), 400);
    expect(body.fields).toEqual({ offered: 'is not a known parameter' });
  });
});

describe('GET insured/paymenttermlist', () => {
  const expected = demoPaymentTerms.map(({ sortOrder: _, ...term }) => term);

  it('lists the four terms in display order, without a token', async () => {
    const response = await get('insured/paymenttermlist');
    expect(response.statusCode).toBe(200);
    expect(v.parse(paymentTermListSchema, response.json())).toEqual(expected);
    expect(codes(expected)).toEqual(['annual', 'semi-annual', 'quarterly', 'monthly']);
  });

  it('leaves out a term taken off sale', async () => {
    const monthly = eq(paymentTerms.code, 'monthly');
    await t.app.db.update(paymentTerms).set({ active: false }).where(monthly);
    try {
      const response = await get('insured/paymenttermlist');
      expect(codes(v.parse(paymentTermListSchema, response.json()))).toEqual(['annual', 'semi-annual', 'quarterly']);
    } finally {
      await t.app.db.update(paymentTerms).set({ active: true }).where(monthly);
    }
  });

  it('refuses query parameters it does not take, by name', async () => {
    const body = expectError(await get('insured/paymenttermlist?code=annual'), 400);
    expect(body.fields).toEqual({ code: 'is not a known parameter' });
  });
});

describe('GET insured/ilfdlflist/{zipcode}', () => {
  it('answers where a ZIP is and the options sold there, without a token', async () => {
    const list = await ilfDlfList('77002');
    expect(list).toMatchObject({
      zipcode: '77002',
      stateCode: 'TX',
      stateName: 'Texas',
      county: 'Harris',
      city: 'Houston',
      offered: true,
    });
    expect(codes(list.limits)).toEqual(demoLimitCodes);
    expect(codes(list.deductibles)).toEqual(demoDeductibleCodes);
    expect(list.limits[3]).toEqual({
      code: '1M/3M',
      label: '$1,000,000 / $3,000,000',
      perClaimCents: 100_000_000,
      aggregateCents: 300_000_000,
    });
    expect(list.deductibles[1]).toEqual({ code: '1000', label: '$1,000', deductibleCents: 100_000 });
  });

  it('keeps the rating factors to itself', async () => {
    const response = await get('insured/ilfdlflist/77002');
    expect(response.body).not.toContain('factorBps');
  });

  it.each([
    ['10001', 'NY', 'New York', 'New York'],
    ['94103', 'CA', 'California', 'San Francisco'],
    ['60606', 'IL', 'Illinois', 'Cook'],
    ['33101', 'FL', 'Florida', 'Miami-Dade'],
    ['85004', 'AZ', 'Arizona', 'Maricopa'],
  ])('places %s in %s (%s), %s County', async (zipcode, stateCode, stateName, county) => {
    const list = await ilfDlfList(zipcode);
    expect(list).toMatchObject({ zipcode, stateCode, stateName, county, offered: true });
    expect(codes(list.limits)).toEqual(demoLimitCodes);
  });

  it('answers a ZIP+4 for its first five digits', async () => {
    expect(await ilfDlfList('77002-1234')).toEqual(await ilfDlfList('77002'));
  });

  it('answers offered: false with empty lists in a state we do not sell in', async () => {
    expect(await ilfDlfList('43215')).toEqual({
      zipcode: '43215',
      stateCode: 'OH',
      stateName: 'Ohio',
      county: 'Franklin',
      city: 'Columbus',
      offered: false,
      limits: [],
      deductibles: [],
    });
  });

  it('answers offered: false in a territory, which the state list does not hold', async () => {
    expect(await ilfDlfList('00601')).toMatchObject({
      stateCode: 'PR',
      stateName: 'Puerto Rico',
      offered: false,
      limits: [],
      deductibles: [],
    });
  });

  it.each([
    ['four digits', '7700'],
    ['six digits', '770021'],
    ['letters', 'abcde'],
    ['a short extension', '77002-12'],
    ['a space', '77002%201234'],
    ['a leading space', '%2077002'],
  ])('answers 400 naming zipcode when it holds %s', async (_, zipcode) => {
    const body = expectError(await get(`insured/ilfdlflist/${zipcode}`), 400);
    expect(body.fields).toEqual({ zipcode: 'must be a 5-digit ZIP code' });
    expect(body.message).toContain('zipcode');
  });

  it.each(['00000', '99999', '00501'])('answers 400 naming zipcode for %s, which is no known ZIP', async (zipcode) => {
    const body = expectError(await get(`insured/ilfdlflist/${zipcode}`), 400);
    expect(body.fields).toEqual({ zipcode: 'is not a known US ZIP code' });
    expect(body.message).toContain(zipcode);
  });

  it('refuses query parameters it does not take, by name', async () => {
    const body = expectError(await get('insured/ilfdlflist/77002?state=TX'), 400);
    expect(body.fields).toEqual({ state: 'is not a known parameter' });
  });

  describe('in a state whose rate tables change (Washington)', () => {
    const seattle = '98101';
    const inWashington = eq(rateTables.stateCode, 'WA');

    it('stops offering it when every table there is switched off', async () => {
      await t.app.db.update(rateTables).set({ active: false }).where(inWashington);
      try {
        expect(await ilfDlfList(seattle)).toMatchObject({
          stateCode: 'WA',
          offered: false,
          limits: [],
          deductibles: [],
        });
      } finally {
        await t.app.db.update(rateTables).set({ active: true }).where(inWashington);
      }
      expect(await ilfDlfList(seattle)).toMatchObject({ offered: true, limits: expect.any(Array) });
    });

    it('stops offering it when the state is switched off, whatever its tables', async () => {
      const washington = eq(usStates.code, 'WA');
      await t.app.db.update(usStates).set({ offered: false }).where(washington);
      try {
        expect(await ilfDlfList(seattle)).toMatchObject({ offered: false, limits: [], deductibles: [] });
      } finally {
        await t.app.db.update(usStates).set({ offered: true }).where(washington);
      }
    });

    it('unites the options of its active tables, by code and in order of cover, and drops a deactivated one', async () => {
      const [current] = await t.app.db
        .select()
        .from(rateTables)
        .where(and(inWashington, eq(rateTables.active, true)))
        .orderBy(rateTables.id)
        .limit(1);
      if (!current) throw new Error('The demo seed has no rate table in WA');
      const [latest] = await t.app.db
        .select({ version: max(rateTables.version) })
        .from(rateTables)
        .where(and(eq(rateTables.specialityId, current.specialityId), inWashington));
      const { id: currentId, createdAt: _, ...table } = current;
      const ilf = [
        ...table.factors.ilf,
        {
          code: '3M/5M',
          label: '$3,000,000 / $5,000,000',
          perClaimCents: 300_000_000,
          aggregateCents: 500_000_000,
          factorBps: 16_000,
        },
        {
          code: '1M/2M',
          label: '$1,000,000 / $2,000,000',
          perClaimCents: 100_000_000,
          aggregateCents: 200_000_000,
          factorBps: 10_800,
        },
        // The same code as another table's: listed once.
        {
          code: '1M/1M',
          label: 'One million',
          perClaimCents: 100_000_000,
          aggregateCents: 100_000_000,
          factorBps: 10_000,
        },
      ];
      const dlf = [{ code: '7500', label: '$7,500', deductibleCents: 750_000, factorBps: 8_700 }, ...table.factors.dlf];

      // A new version replaces the current one: at most one table is active per speciality and state.
      await t.app.db.update(rateTables).set({ active: false }).where(eq(rateTables.id, currentId));
      let newId: number | undefined;
      try {
        [{ id: newId }] = (await t.app.db
          .insert(rateTables)
          .values({
            ...table,
            version: (latest?.version ?? 1) + 1,
            factors: { ...table.factors, ilf: ilf.reverse(), dlf },
          })
          .returning({ id: rateTables.id })) as [{ id: number }];

        const united = await ilfDlfList(seattle);
        expect(codes(united.limits)).toEqual(['250K/500K', '500K/1M', '1M/1M', '1M/2M', '1M/3M', '2M/4M', '3M/5M']);
        // The older table's wording wins.
        expect(united.limits.filter((l) => l.code === '1M/1M').map((l) => l.label)).toEqual([
          '$1,000,000 / $1,000,000',
        ]);
        expect(codes(united.deductibles)).toEqual(['0', '1000', '2500', '5000', '7500', '10000']);

        // Its speciality taken off sale: the table prices nothing, its options go.
        const speciality = eq(specialities.id, table.specialityId);
        await t.app.db.update(specialities).set({ active: false }).where(speciality);
        try {
          expect(codes((await ilfDlfList(seattle)).limits)).toEqual(demoLimitCodes);
        } finally {
          await t.app.db.update(specialities).set({ active: true }).where(speciality);
        }

        await t.app.db.update(rateTables).set({ active: false }).where(eq(rateTables.id, newId));
        const without = await ilfDlfList(seattle);
        expect(codes(without.limits)).toEqual(demoLimitCodes);
        expect(codes(without.deductibles)).toEqual(demoDeductibleCodes);
      } finally {
        if (newId !== undefined) await t.app.db.delete(rateTables).where(eq(rateTables.id, newId));
        await t.app.db.update(rateTables).set({ active: true }).where(eq(rateTables.id, currentId));
      }
    });
  });
});
