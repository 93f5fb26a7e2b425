import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { calculateResponseSchema, ilfdlfResponseSchema } from '@shared/contract/rating';
import { rateTables, usStates } from '@server/db/schema';
import { rate } from '@shared/rating/engine';
import { expectError } from '@server/test/expect-error';
import { answersFor as helperAnswersFor, specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/weborder/${url}`, payload: payload as object });

const dentists = () => specialityId(t.app);
const answersFor = (id: number) => helperAnswersFor(t.app, id);

async function quote(overrides: Record<string, unknown> = {}) {
  const specialityId = await dentists();
  return { specialityId, state: 'TX', zipcode: '77002', ...(await answersFor(specialityId)), ...overrides };
}

describe('POST auth/calculate', () => {
  it('prices a visitor’s quote with its worksheet and payment plans, as the engine does from the stored table', async () => {
    const body = { ...(await quote()), limitCode: '1M/3M', deductibleCode: '1000' };
    const response = await post('auth/calculate', body);
    expect(response.statusCode).toBe(200);
    const calculation = v.parse(calculateResponseSchema, response.json());
    const [table] = await t.app.db
      .select()
      .from(rateTables)
      .where(
        and(
          eq(rateTables.specialityId, body.specialityId),
          eq(rateTables.stateCode, 'TX'),
          eq(rateTables.active, true),
        ),
      );
    expect(calculation.rateTableId).toBe(table!.id);
    expect(calculation.worksheet[0]).toMatchObject({ step: 'base', amountCents: table!.basePremiumCents });
    expect(calculation.worksheet[0]!.text).toMatch(/^Base premium for Dentists in Texas: \$/);
    // Houston's territory row in the demo table.
    expect(calculation.worksheet[1]).toMatchObject({ step: 'territory', factorBps: 10_750 });
    expect(calculation.limit).toEqual({ code: '1M/3M', label: '$1,000,000 / $3,000,000' });
    expect(calculation.totalCents).toBe(
      calculation.premiumCents + calculation.policyFeeCents + calculation.taxCents + calculation.stateFeeCents,
    );
    expect(calculation.paymentPlans.map((plan) => plan.code)).toEqual([
      'annual',
      'semi-annual',
      'quarterly',
      'monthly',
    ]);
    expect(calculation.paymentPlans[0]!.totalPayableCents).toBe(calculation.totalCents);

    const repeated = v.parse(calculateResponseSchema, (await post('auth/calculate', body)).json());
    expect(repeated).toEqual(calculation);
  });

  it('reads the catalogue once, then answers from the cache', async () => {
    const body = { ...(await quote({ state: 'NY', zipcode: '10001' })), limitCode: '1M/1M', deductibleCode: '1000' };
    const before = t.app.ratingCatalog.stats.loads;
    expect((await post('auth/calculate', body)).statusCode).toBe(200);
    expect((await post('auth/calculate', body)).statusCode).toBe(200);
    expect((await post('auth/ilfdlf', { ...body, limitCode: undefined, deductibleCode: undefined })).statusCode).toBe(
      200,
    );
    expect(t.app.ratingCatalog.stats.loads - before).toBe(1);
  });
});

describe('POST auth/ilfdlf', () => {
  it('prices every limit × deductible, each exactly as auth/calculate does', async () => {
    const input = await quote({ state: 'CA', zipcode: '94103' });
    const response = await post('auth/ilfdlf', input);
    expect(response.statusCode).toBe(200);
    const matrix = v.parse(ilfdlfResponseSchema, response.json());
    expect(matrix.options).toHaveLength(matrix.limits.length * matrix.deductibles.length);
    expect(matrix.options.length).toBeGreaterThanOrEqual(20);
    for (const option of matrix.options) {
      const single = v.parse(
        calculateResponseSchema,
        (
          await post('auth/calculate', { ...input, limitCode: option.limitCode, deductibleCode: option.deductibleCode })
        ).json(),
      );
      expect([single.premiumCents, single.totalCents]).toEqual([option.premiumCents, option.totalCents]);
      // The payment plans too: a choice made from the matrix shows the price that will be bound.
      expect(option.paymentPlans).toEqual(single.paymentPlans);
    }
  });

  it('agrees with the engine run on the stored table', async () => {
    const input = await quote();
    const matrix = v.parse(ilfdlfResponseSchema, (await post('auth/ilfdlf', input)).json());
    const [table] = await t.app.db.select().from(rateTables).where(eq(rateTables.id, matrix.rateTableId));
    const [state] = await t.app.db.select().from(usStates).where(eq(usStates.code, 'TX'));
    const byHand = rate(
      { ...table!, specialityName: 'Dentists', stateName: state!.name },
      { zipcode: '77002', limitCode: '2M/4M', deductibleCode: '0', questions: [], answers: {}, priorClaims: 0 },
    );
    // The demo answers carry no schedule credit or debit.
    const option = matrix.options.find((o) => o.limitCode === '2M/4M' && o.deductibleCode === '0')!;
    expect(option.totalCents).toBe(byHand.totalCents);
  });
});

describe('bad input is a 400 or 422 naming the problem, never a 500', () => {
  const calculate = async (overrides: Record<string, unknown>) =>
    post('auth/calculate', { ...(await quote()), limitCode: '1M/1M', deductibleCode: '1000', ...overrides });

  it.each([
    ['an unknown speciality', { specialityId: 999_999 }, 400, 'specialityId', 'is not a speciality on sale'],
    ['a state that does not exist', { state: 'ZZ' }, 400, 'state', 'is not a US state code'],
    ['a lower-case state', { state: 'tx' }, 400, 'state', 'must be a two-letter state code, e.g. TX'],
    ['a ZIP of another state', { zipcode: '10001' }, 400, 'zipcode', 'is in New York, not Texas'],
    ['a ZIP nobody has', { zipcode: '00000' }, 400, 'zipcode', 'is not a known US ZIP code'],
    ['a malformed ZIP', { zipcode: '7700' }, 400, 'zipcode', 'must be a 5-digit ZIP code'],
    [
      'a limit the table does not offer',
      { limitCode: '9M/9M' },
      422,
      'limitCode',
      'The limit 9M/9M is not offered for Dentists in Texas',
    ],
    [
      'a deductible the table does not offer',
      { deductibleCode: '7' },
      422,
      'deductibleCode',
      'The deductible 7 is not offered for Dentists in Texas',
    ],
    ['a speciality id that is not a number', { specialityId: 'dentists' }, 400, 'specialityId', 'must be a number'],
  ])('%s', async (_, overrides, status, field, message) => {
    const body = expectError(await calculate(overrides), status);
    expect(body.fields?.[field]).toBe(message);
  });

  it('a state we do not offer yet is a 422 naming the state', async () => {
    const body = expectError(await calculate({ state: 'AK', zipcode: '99501' }), 422);
    expect(body.fields?.state).toBe('Dentists cover is not offered in Alaska yet');
  });

  it('a missing required answer, and an answer of the wrong type, each named', async () => {
    const input = await quote();
    const [code] = Object.keys(input.answers);
    const missing = expectError(await calculate({ answers: { ...input.answers, [code!]: undefined } }), 400);
    expect(missing.fields).toEqual({ [`answers.${code}`]: 'is required' });
    const wrong = expectError(
      await calculate({ applicationAnswers: { ...input.applicationAnswers, years_in_practice: 'ten' } }),
      400,
    );
    expect(wrong.fields).toEqual({ 'applicationAnswers.years_in_practice': 'must be a number' });
    const claims = expectError(
      await calculate({ applicationAnswers: { ...input.applicationAnswers, prior_claims: 'yes' } }),
      400,
    );
    expect(claims.fields).toMatchObject({ 'applicationAnswers.prior_claims_count': 'is required' });
  });

  it('an answer to a question of another speciality', async () => {
    const input = await quote();
    const body = expectError(await calculate({ answers: { ...input.answers, arc_project_type: 'no' } }), 400);
    expect(body.fields).toEqual({ 'answers.arc_project_type': 'is not a question here' });
  });

  it('an unknown body key, for ilfdlf too', async () => {
    expect(expectError(await calculate({ limitcode: '1M/1M' }), 400).fields).toHaveProperty('limitcode');
    expect(expectError(await post('auth/ilfdlf', { ...(await quote()), colour: 'blue' }), 400).fields).toHaveProperty(
      'colour',
    );
  });
});

describe('what review found', () => {
  const calculate = async (overrides: Record<string, unknown>) =>
    post('auth/calculate', { ...(await quote()), limitCode: '1M/1M', deductibleCode: '1000', ...overrides });

  it('an id beyond what the database holds is a 400, not a 500', async () => {
    expect(expectError(await calculate({ specialityId: 3_000_000_000 }), 400).fields).toEqual({
      specialityId: 'is too large',
    });
  });

  it('an answer that is an object, however deep, is a 400 naming the answers', async () => {
    const base = JSON.stringify({ ...(await quote()), limitCode: '1M/1M', deductibleCode: '1000' });
    const deep = `${'{"next":'.repeat(100_000)}"x"${'}'.repeat(100_000)}`;
    // Written by hand: JSON.stringify itself would overflow on it.
    const payload = base.replace('"answers":{', `"answers":{"zz_deep":${deep},`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/weborder/auth/calculate',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    const body = expectError(response, 400);
    expect(Object.keys(body.fields ?? {}).some((field) => field.startsWith('answers'))).toBe(true);
  });

  it('a state switched off is not priced, whatever tables it still has', async () => {
    await t.app.db.update(usStates).set({ offered: false }).where(eq(usStates.code, 'TX'));
    t.app.ratingCatalog.clear();
    try {
      expect(expectError(await calculate({}), 422).fields?.state).toBe('Dentists cover is not offered in Texas yet');
    } finally {
      await t.app.db.update(usStates).set({ offered: true }).where(eq(usStates.code, 'TX'));
      t.app.ratingCatalog.clear();
    }
  });

  it('does not keep made-up speciality ids in the cache', async () => {
    const before = t.app.ratingCatalog.stats.loads;
    await calculate({ specialityId: 987_654 });
    await calculate({ specialityId: 987_654 });
    expect(t.app.ratingCatalog.stats.loads - before).toBe(2);
  });
});
