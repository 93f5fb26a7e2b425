import { randomUUID } from 'node:crypto';
import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, businessToday } from '@shared/calendar';
import { calculateResponseSchema } from '@shared/contract/rating';
import { orderDetailsSchema, submissionQuoteSchema, type SubmissionQuote } from '@shared/contract/submissions';
import { brokers, submissionEvents, submissions, users } from '@server/db/schema';
import { lockWaiters, whileLocked } from '@server/test/account-helpers';
import { caller, signUp } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { calculateInput, quoteApi, submissionInput, type CallOptions } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const api = () => quoteApi(() => t.app);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const day = (offset: number) => addDays(businessToday(new Date()), offset);

async function create(overrides: Record<string, unknown> = {}, options?: CallOptions): Promise<SubmissionQuote> {
  const response = await api().post('insured/createsubmission', await submissionInput(t.app, overrides), options);
  expect(response.statusCode, response.body).toBe(201);
  return v.parse(submissionQuoteSchema, response.json());
}

async function calculate(overrides: Record<string, unknown> = {}) {
  const response = await api().post('auth/calculate', await calculateInput(t.app, overrides));
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(calculateResponseSchema, response.json());
}

const orderDetails = (id: number, options?: CallOptions) =>
  api().get(`insured/orderdetails?submissionid=${id}`, options);
const rowOf = async (id: number) => (await t.app.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
const eventsOf = (id: number) =>
  t.app.db
    .select({
      event: submissionEvents.event,
      fromStatus: submissionEvents.fromStatus,
      toStatus: submissionEvents.toStatus,
      actor: submissionEvents.actorUserId,
    })
    .from(submissionEvents)
    .where(eq(submissionEvents.submissionId, id))
    .orderBy(submissionEvents.id);
const submissionCount = async () => (await t.app.db.select({ n: count() }).from(submissions))[0]!.n;

describe('POST insured/createsubmission by a visitor', () => {
  it('saves the quote as quoted, priced exactly as auth/calculate prices it, and hands out a quote key once', async () => {
    const quote = await create();
    const calculation = await calculate();
    expect(quote.status).toBe('quoted');
    expect(quote.version).toBe(1);
    expect(quote.number).toMatch(/^Q-\d{4}-\d{6,}$/);
    expect(quote.rating).toEqual(calculation);
    expect(quote.effectiveDate).toBe(day(0));
    expect(quote.quoteKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await rowOf(quote.submissionId);
    expect(row).toMatchObject({
      userId: null,
      status: 'quoted',
      premiumCents: calculation.totalCents,
      rateTableId: calculation.rateTableId,
      limitCode: '1M/3M',
      deductibleCode: '1000',
      paymentTerm: 'annual',
      stateCode: 'TX',
      zipcode: '77002',
      number: quote.number,
    });
    expect(row.worksheet).toEqual(calculation);
    // Only the key's hash is kept.
    expect(row.visitorKeyHash).toBe(sha256(quote.quoteKey!));
    expect(JSON.stringify(row)).not.toContain(quote.quoteKey);
    expect(await eventsOf(quote.submissionId)).toEqual([
      { event: 'quote', fromStatus: null, toStatus: 'quoted', actor: null },
    ]);
  });

  it('numbers orders uniquely', async () => {
    const [a, b] = [await create(), await create()];
    expect(a.number).not.toBe(b.number);
    expect(a.submissionId).not.toBe(b.submissionId);
  });

  it('opens the quote with its key only: a missing, wrong or malformed key and another user are all the same 404', async () => {
    const quote = await create();
    const details = await orderDetails(quote.submissionId, { quoteKey: quote.quoteKey });
    expect(details.statusCode, details.body).toBe(200);
    const order = v.parse(orderDetailsSchema, details.json());
    expect(order).toMatchObject({
      submissionId: quote.submissionId,
      number: quote.number,
      status: 'quoted',
      speciality: { name: 'Dentists' },
      state: { code: 'TX', name: 'Texas' },
      zipcode: '77002',
      limit: quote.rating.limit,
      deductible: quote.rating.deductible,
      paymentTerm: 'annual',
      effectiveDate: quote.effectiveDate,
      premiumCents: quote.rating.totalCents,
    });
    expect(order.rating).toEqual(quote.rating);

    const other = await signUp(caller(() => t.app));
    const missing = expectError(await orderDetails(quote.submissionId), 404);
    for (const response of [
      await orderDetails(quote.submissionId, { quoteKey: (await create()).quoteKey }),
      await orderDetails(quote.submissionId, { quoteKey: 'not-a-key' }),
      await orderDetails(quote.submissionId, { token: other.token }),
      await orderDetails(2_000_000_000, { quoteKey: quote.quoteKey }),
    ]) {
      expect(expectError(response, 404)).toEqual(missing);
    }
  });

  it('with a bad bearer token is a 401, not a silent visitor', async () => {
    const response = await api().post('insured/createsubmission', await submissionInput(t.app), {
      token: 'not.a.token',
    });
    expectError(response, 401);
  });
});

describe('POST insured/createsubmission by a signed-in insured', () => {
  it('belongs to the user: no quote key, opened by the bearer token, not by anyone else', async () => {
    const owner = await signUp(caller(() => t.app));
    const other = await signUp(caller(() => t.app));
    const quote = await create({}, { token: owner.token });
    expect(quote.quoteKey).toBeUndefined();
    expect((await rowOf(quote.submissionId)).userId).toBe(owner.user.id);
    expect((await orderDetails(quote.submissionId, { token: owner.token })).statusCode).toBe(200);
    expectError(await orderDetails(quote.submissionId, { token: other.token }), 404);
    expectError(await orderDetails(quote.submissionId), 404);
    expect(await eventsOf(quote.submissionId)).toEqual([
      { event: 'quote', fromStatus: null, toStatus: 'quoted', actor: owner.user.id },
    ]);
  });

  it('takes the broker from clientId, else from the insured’s own broker', async () => {
    const [broker] = await t.app.db.select().from(brokers).where(eq(brokers.clientUrl, 'harbor-risk'));
    const viaBroker = await create({ clientId: 'Harbor-Risk' });
    expect((await rowOf(viaBroker.submissionId)).brokerId).toBe(broker!.id);

    const insured = await signUp(
      caller(() => t.app),
      { clientId: 'summit-professional' },
    );
    const [user] = await t.app.db.select({ brokerId: users.brokerId }).from(users).where(eq(users.id, insured.user.id));
    const own = await create({}, { token: insured.token });
    expect((await rowOf(own.submissionId)).brokerId).toBe(user!.brokerId);
    expect(user!.brokerId).not.toBeNull();

    expect(
      expectError(
        await api().post('insured/createsubmission', await submissionInput(t.app, { clientId: 'nobody-here' })),
        400,
      ).fields,
    ).toEqual({
      clientId: 'is not a known broker',
    });
  });
});

describe('sign-up and sign-in with submissionRequest', () => {
  it('attach a visitor’s quote when the key matches; from then on the bearer opens it and the key does not', async () => {
    const quote = await create();
    const session = await signUp(
      caller(() => t.app),
      { submissionRequest: { submissionId: quote.submissionId, quoteKey: quote.quoteKey } },
    );
    const row = await rowOf(quote.submissionId);
    expect(row).toMatchObject({ userId: session.user.id, visitorKeyHash: null, version: 2 });

    const details = await orderDetails(quote.submissionId, { token: session.token });
    expect(details.statusCode).toBe(200);
    expect(v.parse(orderDetailsSchema, details.json()).rating).toEqual(quote.rating);
    // The key no longer matters: not needed with the bearer, useless without it.
    expect(
      (await orderDetails(quote.submissionId, { token: session.token, quoteKey: 'wrong-key-'.repeat(5) })).statusCode,
    ).toBe(200);
    expectError(await orderDetails(quote.submissionId, { quoteKey: quote.quoteKey }), 404);
    expect((await eventsOf(quote.submissionId)).map((e) => e.event)).toEqual(['quote', 'attach']);
  });

  it('leave it alone without its key, or with another quote’s key', async () => {
    const quote = await create();
    const stranger = await signUp(
      caller(() => t.app),
      { submissionRequest: { submissionId: quote.submissionId } },
    );
    const other = await signUp(
      caller(() => t.app),
      {
        submissionRequest: { submissionId: quote.submissionId, quoteKey: (await create()).quoteKey },
      },
    );
    expect(stranger.user.id).not.toBe(other.user.id);
    expect(await rowOf(quote.submissionId)).toMatchObject({ userId: null, version: 1 });
    expect((await orderDetails(quote.submissionId, { quoteKey: quote.quoteKey })).statusCode).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('a repeat by the same caller creates nothing and answers the first answer, a visitor’s quote key included (200)', async () => {
    const key = `retry-${randomUUID()}`;
    const body = await submissionInput(t.app);
    const first = await api().post('insured/createsubmission', body, { idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    const before = await submissionCount();
    const again = await api().post('insured/createsubmission', body, { idempotencyKey: key });
    expect(again.statusCode).toBe(200);
    const { quoteKey } = first.json() as SubmissionQuote;
    expect(quoteKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The first answer lost in transit costs nothing: the retry hands the same key back.
    expect(again.json()).toEqual(first.json());
    expect(await submissionCount()).toBe(before);
    expect((await orderDetails((first.json() as SubmissionQuote).submissionId, { quoteKey })).statusCode).toBe(200);
  });

  it('asks a visitor for an Idempotency-Key too long to guess (the quote key is derived from it)', async () => {
    const short = await api().post('insured/createsubmission', await submissionInput(t.app), {
      idempotencyKey: 'short-but-valid-key',
    });
    expect(expectError(short, 400).fields).toEqual({
      'Idempotency-Key': 'must be at least 32 characters without an account',
    });
    const user = await signUp(caller(() => t.app));
    const signedIn = await api().post('insured/createsubmission', await submissionInput(t.app), {
      idempotencyKey: 'short-but-valid-key',
      token: user.token,
    });
    expect(signedIn.statusCode).toBe(201);
  });

  it('is scoped by caller: a signed-in user’s key is not a visitor’s, nor another user’s', async () => {
    const key = `shared-${randomUUID()}`;
    const body = await submissionInput(t.app);
    const [a, b] = [await signUp(caller(() => t.app)), await signUp(caller(() => t.app))];
    const visitor = await api().post('insured/createsubmission', body, { idempotencyKey: key });
    const userA = await api().post('insured/createsubmission', body, { idempotencyKey: key, token: a.token });
    const userB = await api().post('insured/createsubmission', body, { idempotencyKey: key, token: b.token });
    const againA = await api().post('insured/createsubmission', body, { idempotencyKey: key, token: a.token });
    expect([visitor, userA, userB, againA].map((r) => r.statusCode)).toEqual([201, 201, 201, 200]);
    const ids = [visitor, userA, userB].map((r) => (r.json() as SubmissionQuote).submissionId);
    expect(new Set(ids).size).toBe(3);
    expect((againA.json() as SubmissionQuote).submissionId).toBe(ids[1]);
  });

  it('a visitor’s key stops answering once the quote has joined an account', async () => {
    const key = `attach-${randomUUID()}`;
    const body = await submissionInput(t.app);
    const first = (
      await api().post('insured/createsubmission', body, { idempotencyKey: key })
    ).json() as SubmissionQuote;
    await signUp(
      caller(() => t.app),
      { submissionRequest: { submissionId: first.submissionId, quoteKey: first.quoteKey } },
    );
    const again = await api().post('insured/createsubmission', body, { idempotencyKey: key });
    expect(expectError(again, 422).fields).toEqual({
      'Idempotency-Key': 'was used for a quote since saved to an account',
    });
  });

  it('two at once with one key make one submission', async () => {
    const key = `race-${randomUUID()}`;
    const body = await submissionInput(t.app);
    const before = await submissionCount();
    const both = await Promise.all([
      api().post('insured/createsubmission', body, { idempotencyKey: key }),
      api().post('insured/createsubmission', body, { idempotencyKey: key }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((r) => (r.json() as SubmissionQuote).submissionId)).size).toBe(1);
    expect(await submissionCount()).toBe(before + 1);
  });

  it('the same key with another body is a 422 naming it; a malformed key a 400', async () => {
    const key = `reuse-${randomUUID()}`;
    expect(
      (await api().post('insured/createsubmission', await submissionInput(t.app), { idempotencyKey: key })).statusCode,
    ).toBe(201);
    const before = await submissionCount();
    const reused = await api().post('insured/createsubmission', await submissionInput(t.app, { limitCode: '2M/4M' }), {
      idempotencyKey: key,
    });
    expect(expectError(reused, 422).fields).toEqual({ 'Idempotency-Key': 'was already used for a different request' });
    for (const bad of ['short', 'x'.repeat(129), 'has spaces in it']) {
      const response = await api().post('insured/createsubmission', await submissionInput(t.app), {
        idempotencyKey: bad,
      });
      expect(expectError(response, 400).fields).toEqual({
        'Idempotency-Key': 'must be 8 to 128 visible ASCII characters',
      });
    }
    expect(await submissionCount()).toBe(before);
  });
});

describe('POST insured/updaterating', () => {
  it('re-prices the changed inputs as auth/calculate does, bumps the version and records a rerate', async () => {
    const quote = await create();
    const response = await api().post(
      'insured/updaterating',
      { submissionId: quote.submissionId, limitCode: '2M/4M' },
      { quoteKey: quote.quoteKey },
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = v.parse(submissionQuoteSchema, response.json());
    const calculation = await calculate({ limitCode: '2M/4M' });
    expect(updated).toEqual({ ...quote, quoteKey: undefined, version: 2, rating: calculation });
    expect(updated.quoteKey).toBeUndefined();
    expect(updated.rating.totalCents).not.toBe(quote.rating.totalCents);
    expect(await rowOf(quote.submissionId)).toMatchObject({
      version: 2,
      limitCode: '2M/4M',
      premiumCents: calculation.totalCents,
      status: 'quoted',
    });
    expect((await eventsOf(quote.submissionId)).map((e) => [e.event, e.fromStatus, e.toStatus])).toEqual([
      ['quote', null, 'quoted'],
      ['rerate', 'quoted', 'quoted'],
    ]);

    // Moving to another state and ZIP, with the version the client last saw.
    const moved = await api().post(
      'insured/updaterating',
      {
        submissionId: quote.submissionId,
        version: 2,
        state: 'NY',
        zipcode: '10001',
        paymentTerm: 'quarterly',
        effectiveDate: day(30),
      },
      { quoteKey: quote.quoteKey },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const ny = v.parse(submissionQuoteSchema, moved.json());
    expect(ny.rating).toEqual(await calculate({ state: 'NY', zipcode: '10001', limitCode: '2M/4M' }));
    expect([ny.version, ny.effectiveDate]).toEqual([3, day(30)]);
  });

  it('refuses a version the client has not seen (409 naming version) and leaves the quote as it was', async () => {
    const quote = await create();
    const body = expectError(
      await api().post(
        'insured/updaterating',
        { submissionId: quote.submissionId, version: 7, limitCode: '2M/4M' },
        { quoteKey: quote.quoteKey },
      ),
      409,
    );
    expect(body.fields).toEqual({ version: 'is 1 now' });
    expect((await rowOf(quote.submissionId)).limitCode).toBe('1M/3M');
  });

  it('is for the owner only: 404 for anyone else', async () => {
    const quote = await create();
    const other = await signUp(caller(() => t.app));
    expectError(
      await api().post('insured/updaterating', { submissionId: quote.submissionId, limitCode: '2M/4M' }),
      404,
    );
    expectError(
      await api().post(
        'insured/updaterating',
        { submissionId: quote.submissionId, limitCode: '2M/4M' },
        { token: other.token },
      ),
      404,
    );
    const owner = await signUp(caller(() => t.app));
    const own = await create({}, { token: owner.token });
    expectError(
      await api().post(
        'insured/updaterating',
        { submissionId: own.submissionId, limitCode: '2M/4M' },
        { token: other.token },
      ),
      404,
    );
    expect(
      (
        await api().post(
          'insured/updaterating',
          { submissionId: own.submissionId, limitCode: '2M/4M' },
          { token: owner.token },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('not once an underwriter has it: 409 naming the status', async () => {
    const quote = await create();
    await t.app.db
      .update(submissions)
      .set({ status: 'underwriter_review' })
      .where(eq(submissions.id, quote.submissionId));
    const body = expectError(
      await api().post(
        'insured/updaterating',
        { submissionId: quote.submissionId, limitCode: '2M/4M' },
        { quoteKey: quote.quoteKey },
      ),
      409,
    );
    expect(body.fields).toEqual({ status: 'is underwriter_review' });
    expect(body.message).toContain('underwriter review');
  });

  it('bad input is a 400 or 422 naming the field, and nothing is saved', async () => {
    const quote = await create();
    const update = (patch: Record<string, unknown>) =>
      api().post('insured/updaterating', { submissionId: quote.submissionId, ...patch }, { quoteKey: quote.quoteKey });
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ limitCode: '9M/9M' }, 422, 'limitCode', 'The limit 9M/9M is not offered for Dentists in Texas'],
      [{ zipcode: '10001' }, 400, 'zipcode', 'is in New York, not Texas'],
      [{ state: 'AK', zipcode: '99501' }, 422, 'state', 'Dentists cover is not offered in Alaska yet'],
      [{ paymentTerm: 'weekly' }, 400, 'paymentTerm', 'must be one of: annual, semi-annual, quarterly, monthly'],
      [{ effectiveDate: day(-5) }, 400, 'effectiveDate', 'must not be in the past'],
      [{ effectiveDate: day(120) }, 400, 'effectiveDate', 'must be at most 90 days from today'],
      [{ effectiveDate: '2031-02-30' }, 400, 'effectiveDate', 'is not a real date'],
      [{ answers: { dnt_sedation: 'maybe' } }, 400, 'answers.dnt_sedation', 'must be yes or no'],
      [
        { applicationAnswers: { years_in_practice: 'ten' } },
        400,
        'applicationAnswers.years_in_practice',
        'must be a number',
      ],
      [{ submissionId: 'abc' }, 400, 'submissionId', 'must be a number'],
      [{ limitcode: '2M/4M' }, 400, 'limitcode', 'is not a known field'],
    ];
    for (const [patch, status, field, message] of cases) {
      const body = expectError(await update(patch), status);
      expect(body.fields?.[field], JSON.stringify(patch)).toBe(message);
    }
    expect(expectError(await api().post('insured/updaterating', {}), 400).fields).toEqual({
      submissionId: 'is required',
    });
    expect(await rowOf(quote.submissionId)).toMatchObject({ version: 1, limitCode: '1M/3M', stateCode: 'TX' });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two updateratings at the same moment', () => {
  it('one wins, the other is a 409; nothing of the loser is half-saved', async () => {
    for (let round = 0; round < 3; round++) {
      const quote = await create();
      // Both read the quote, then queue behind the test's hold on its row; released together, the
      // first write wins and the second finds the version gone. (Left to chance, a loaded machine
      // can run them one after the other, and both rightly succeed.)
      let pending: Promise<Awaited<ReturnType<ReturnType<typeof api>['post']>>[]> | undefined;
      await whileLocked(
        t.app,
        (tx) =>
          tx
            .select({ id: submissions.id })
            .from(submissions)
            .where(eq(submissions.id, quote.submissionId))
            .for('update'),
        async () => {
          pending = Promise.all(
            ['2M/4M', '500K/1M'].map((limitCode) =>
              api().post(
                'insured/updaterating',
                { submissionId: quote.submissionId, limitCode },
                { quoteKey: quote.quoteKey },
              ),
            ),
          );
          await lockWaiters(t.app, 2);
        },
      );
      const both = await pending!;
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = v.parse(submissionQuoteSchema, both.find((r) => r.statusCode === 200)!.json());
      const row = await rowOf(quote.submissionId);
      expect(row).toMatchObject({
        version: 2,
        limitCode: winner.rating.limit.code,
        premiumCents: winner.rating.totalCents,
      });
      const reratings = await t.app.db
        .select({ n: count() })
        .from(submissionEvents)
        .where(and(eq(submissionEvents.submissionId, quote.submissionId), eq(submissionEvents.event, 'rerate')));
      expect(reratings[0]!.n).toBe(1);
    }
  });
});

describe('createsubmission: bad input is a 400 or 422 naming the field, never a 500', () => {
  it.each([
    ['an unknown speciality', { specialityId: 999_999 }, 400, 'specialityId', 'is not a speciality on sale'],
    ['a ZIP of another state', { zipcode: '10001' }, 400, 'zipcode', 'is in New York, not Texas'],
    ['a malformed ZIP', { zipcode: '7700' }, 400, 'zipcode', 'must be a 5-digit ZIP code'],
    [
      'a limit not offered',
      { limitCode: '9M/9M' },
      422,
      'limitCode',
      'The limit 9M/9M is not offered for Dentists in Texas',
    ],
    ['no payment term', { paymentTerm: undefined }, 400, 'paymentTerm', 'is required'],
    [
      'a payment term not on offer',
      { paymentTerm: 'weekly' },
      400,
      'paymentTerm',
      'must be one of: annual, semi-annual, quarterly, monthly',
    ],
    ['an effective date in the past', { effectiveDate: day(-3) }, 400, 'effectiveDate', 'must not be in the past'],
    [
      'an effective date too far ahead',
      { effectiveDate: day(91) },
      400,
      'effectiveDate',
      'must be at most 90 days from today',
    ],
    ['a malformed effective date', { effectiveDate: '1/2/2030' }, 400, 'effectiveDate', 'must be a date (YYYY-MM-DD)'],
    ['an unknown field', { colour: 'blue' }, 400, 'colour', 'is not a known field'],
    [
      'a clientId that is not one',
      { clientId: 'no spaces allowed' },
      400,
      'clientId',
      'may hold only letters, digits and hyphens',
    ],
  ])('%s', async (_, overrides, status, field, message) => {
    const before = await submissionCount();
    const body = expectError(
      await api().post('insured/createsubmission', await submissionInput(t.app, overrides)),
      status,
    );
    expect(body.fields?.[field]).toBe(message);
    expect(await submissionCount()).toBe(before);
  });

  it('accepts the last day allowed and yesterday (every US time zone’s today)', async () => {
    expect((await create({ effectiveDate: day(90) })).effectiveDate).toBe(day(90));
    expect((await create({ effectiveDate: day(-1) })).effectiveDate).toBe(day(-1));
  });

  it('a missing required answer is named', async () => {
    const input = await submissionInput(t.app);
    const body = expectError(
      await api().post('insured/createsubmission', {
        ...input,
        answers: { ...input.answers, dnt_sedation: undefined },
      }),
      400,
    );
    expect(body.fields).toEqual({ 'answers.dnt_sedation': 'is required' });
  });
});

describe('GET insured/orderdetails: bad input', () => {
  it('names submissionid', async () => {
    expect(expectError(await api().get('insured/orderdetails'), 400).fields).toEqual({ submissionid: 'is required' });
    expect(expectError(await api().get('insured/orderdetails?submissionid=abc'), 400).fields).toEqual({
      submissionid: 'must be a positive whole number',
    });
    expect(expectError(await api().get('insured/orderdetails?submissionid=99999999999'), 400).fields).toHaveProperty(
      'submissionid',
    );
  });
});

describe('the OpenAPI document', () => {
  it('lists the submission routes as public, with the headers they read', async () => {
    type Operation = {
      security?: unknown[];
      parameters: { name: string; in: string; required: boolean }[];
      responses: Record<string, unknown>;
    };
    const doc = (await api().get('openapi.json')).json() as { paths: Record<string, Record<string, Operation>> };
    const create = doc.paths['/api/weborder/insured/createsubmission']!.post!;
    expect(create.security).toEqual([]);
    expect(create.parameters).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ]);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '404', '422']));
    for (const [path, method] of [
      ['/api/weborder/insured/updaterating', 'post'],
      ['/api/weborder/insured/orderdetails', 'get'],
      ['/api/weborder/questions/save/{submissionId}', 'post'],
    ] as const) {
      expect(doc.paths[path]![method]!.parameters).toContainEqual(
        expect.objectContaining({ name: 'x-quote-key', in: 'header', required: false }),
      );
    }
    expect(doc.paths['/api/weborder/insured/updaterating']!.post!.responses).toHaveProperty('409');
  });
});
