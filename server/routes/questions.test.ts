import { questionTypes } from '@shared/contract/enums';
import { and, asc, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { questionListSchema, savedAnswersSchema, submissionAnswersSchema } from '@shared/contract/questions';
import { calculateResponseSchema } from '@shared/contract/rating';
import { submissionQuoteSchema, type SubmissionQuote } from '@shared/contract/submissions';
import { questions, questionType, submissionEvents, submissions } from '@server/db/schema';
import { caller, signUp } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { calculateInput, quoteApi, specialityId, submissionInput, type CallOptions } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const api = () => quoteApi(() => t.app);

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

const rowOf = async (id: number) => (await t.app.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;

/** The underwriting effects that must never reach a client, however they are spelled. */
const SECRET = /modifierBps|knockout|referral|modifier_bps/i;

describe('GET questions/list', () => {
  it('answers the speciality’s active questions in order, options as value and label only', async () => {
    const id = await specialityId(t.app);
    const response = await api().get(`questions/list?specialityId=${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(SECRET);
    const list = v.parse(questionListSchema, response.json());
    const stored = await t.app.db
      .select()
      .from(questions)
      .where(and(eq(questions.specialityId, id), eq(questions.active, true)))
      .orderBy(asc(questions.sortOrder), asc(questions.id));
    expect(list.map((q) => q.code)).toEqual(stored.map((q) => q.code));
    // The demo options do carry effects: they are there, and stay on the server.
    expect(stored.some((q) => q.options.some((o) => o.modifierBps || o.knockout || o.referral))).toBe(true);
    for (const question of response.json() as Record<string, unknown>[]) {
      expect(Object.keys(question).sort()).toEqual([
        'code',
        'condition',
        'helpText',
        'id',
        'options',
        'required',
        'text',
        'type',
      ]);
      for (const option of question.options as Record<string, unknown>[])
        expect(Object.keys(option).sort()).toEqual(['label', 'value']);
    }
    expect(list.find((q) => q.code === 'dnt_sedation')).toEqual({
      id: stored.find((q) => q.code === 'dnt_sedation')!.id,
      code: 'dnt_sedation',
      text: 'Do you administer IV sedation or general anaesthesia?',
      helpText: null,
      type: 'yesno',
      required: true,
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
      condition: null,
    });
  });

  it('the contract knows every question type the database does', () => {
    expect([...questionTypes]).toEqual([...questionType.enumValues]);
  });

  it('with a submission, carries its saved answers; for the owner only', async () => {
    const id = await specialityId(t.app);
    const quote = await create({}, {});
    const response = await api().get(`questions/list?specialityId=${id}&submissionId=${quote.submissionId}`, {
      quoteKey: quote.quoteKey,
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = v.parse(questionListSchema, response.json());
    const { answers } = await submissionInput(t.app);
    expect(Object.fromEntries(list.map((q) => [q.code, q.answer]))).toEqual(answers);

    const other = await signUp(caller(() => t.app));
    expectError(await api().get(`questions/list?specialityId=${id}&submissionId=${quote.submissionId}`), 404);
    expectError(
      await api().get(`questions/list?specialityId=${id}&submissionId=${quote.submissionId}`, { token: other.token }),
      404,
    );
  });

  it('names what is wrong: an unknown speciality, a submission of another speciality, bad parameters', async () => {
    const body = expectError(await api().get('questions/list?specialityId=999999'), 400);
    expect(body.fields).toEqual({ specialityId: 'is not a speciality on sale' });
    expect(expectError(await api().get('questions/list'), 400).fields).toEqual({ specialityId: 'is required' });
    expect(expectError(await api().get('questions/list?specialityId=dentists'), 400).fields).toEqual({
      specialityId: 'must be a positive whole number',
    });
    expect(expectError(await api().get('questions/list?specialityid=1'), 400).fields).toHaveProperty(
      'specialityid',
      'is not a known parameter',
    );

    const quote = await create();
    const lawyers = await specialityId(t.app, 'Lawyers');
    const wrong = expectError(
      await api().get(`questions/list?specialityId=${lawyers}&submissionId=${quote.submissionId}`, {
        quoteKey: quote.quoteKey,
      }),
      400,
    );
    expect(wrong.fields).toEqual({ submissionId: 'is a quote for another speciality' });
  });
});

describe('GET dataacquisition/questions', () => {
  it('answers the general application questions in order, with their conditions and no effects', async () => {
    const response = await api().get('dataacquisition/questions');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(SECRET);
    const list = v.parse(questionListSchema, response.json());
    const stored = await t.app.db
      .select({ code: questions.code })
      .from(questions)
      .where(and(isNull(questions.specialityId), eq(questions.active, true)))
      .orderBy(asc(questions.sortOrder), asc(questions.id));
    expect(list.map((q) => q.code)).toEqual(stored.map((q) => q.code));
    expect(list.find((q) => q.code === 'prior_claims_count')).toMatchObject({
      type: 'number',
      condition: { questionCode: 'prior_claims', anyOf: ['yes'] },
    });
    expect(list.every((q) => q.answer === undefined)).toBe(true);
  });
});

describe('POST questions/save/{submissionId}', () => {
  it('merges the answers given, prices the quote again as auth/calculate does, bumps the version', async () => {
    const quote = await create();
    const response = await api().post(
      `questions/save/${quote.submissionId}`,
      { answers: { dnt_sedation: 'yes' } },
      { quoteKey: quote.quoteKey },
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = v.parse(savedAnswersSchema, response.json());
    const { answers } = await submissionInput(t.app);
    const calculation = await calculate({ answers: { ...answers, dnt_sedation: 'yes' } });
    expect(saved).toEqual({
      submissionId: quote.submissionId,
      number: quote.number,
      status: 'quoted',
      version: 2,
      answers: { ...answers, dnt_sedation: 'yes' },
      rating: calculation,
      needs: {},
    });
    // A 10% debit for sedation.
    expect(calculation.totalCents).toBeGreaterThan(quote.rating.totalCents);
    expect(await rowOf(quote.submissionId)).toMatchObject({
      premiumCents: calculation.totalCents,
      status: 'quoted',
      version: 2,
    });
  });

  it('a required answer removed: saved, the quote drops to draft with its premium cleared, and comes back when answered', async () => {
    const quote = await create();
    const save = (answers: Record<string, unknown>) =>
      api().post(`questions/save/${quote.submissionId}`, { answers }, { quoteKey: quote.quoteKey });
    const dropped = v.parse(savedAnswersSchema, (await save({ dnt_implants: null })).json());
    expect(dropped).toMatchObject({
      status: 'draft',
      rating: null,
      version: 2,
      needs: { 'answers.dnt_implants': 'is required' },
    });
    expect(dropped.answers).not.toHaveProperty('dnt_implants');
    expect(await rowOf(quote.submissionId)).toMatchObject({
      status: 'draft',
      premiumCents: null,
      worksheet: null,
      rateTableId: null,
    });

    // A draft cannot show a quote; updaterating says why, naming the answer.
    const rerate = expectError(
      await api().post('insured/updaterating', { submissionId: quote.submissionId }, { quoteKey: quote.quoteKey }),
      400,
    );
    expect(rerate.fields).toEqual({ 'answers.dnt_implants': 'is required' });

    const back = v.parse(savedAnswersSchema, (await save({ dnt_implants: 'no' })).json());
    expect(back).toMatchObject({ status: 'quoted', version: 3, needs: {} });
    expect(back.rating).toEqual(quote.rating);
    const events = await t.app.db
      .select({ event: submissionEvents.event, from: submissionEvents.fromStatus, to: submissionEvents.toStatus })
      .from(submissionEvents)
      .where(eq(submissionEvents.submissionId, quote.submissionId))
      .orderBy(submissionEvents.id);
    expect(events).toEqual([
      { event: 'quote', from: null, to: 'quoted' },
      { event: 'answers', from: 'quoted', to: 'draft' },
      { event: 'answers', from: 'draft', to: 'quoted' },
    ]);
  });

  it('checks the type of each answer given, names it, and saves nothing', async () => {
    const quote = await create();
    const save = (answers: Record<string, unknown>) =>
      api().post(`questions/save/${quote.submissionId}`, { answers }, { quoteKey: quote.quoteKey });
    expect(expectError(await save({ dnt_sedation: 'maybe' }), 400).fields).toEqual({
      'answers.dnt_sedation': 'must be yes or no',
    });
    expect(expectError(await save({ dnt_practice_type: 'vet' }), 400).fields).toEqual({
      'answers.dnt_practice_type': 'must be one of: general, orthodontics, oral_surgery, pediatric',
    });
    expect(expectError(await save({ arc_project_type: 'no' }), 400).fields).toEqual({
      'answers.arc_project_type': 'is not a question here',
    });
    expect(
      expectError(await api().post(`questions/save/${quote.submissionId}`, {}, { quoteKey: quote.quoteKey }), 400)
        .fields,
    ).toEqual({ answers: 'is required' });
    expect(
      expectError(await api().post('questions/save/abc', { answers: {} }, { quoteKey: quote.quoteKey }), 400).fields,
    ).toEqual({
      submissionId: 'must be a positive whole number',
    });
    expect((await rowOf(quote.submissionId)).version).toBe(1);
  });

  it('is for the owner only, and refused once the order is bound', async () => {
    const owner = await signUp(caller(() => t.app));
    const other = await signUp(caller(() => t.app));
    const quote = await create({}, { token: owner.token });
    const save = (options: CallOptions) =>
      api().post(`questions/save/${quote.submissionId}`, { answers: { dnt_sedation: 'yes' } }, options);
    expectError(await save({}), 404);
    expectError(await save({ token: other.token }), 404);
    expect((await save({ token: owner.token })).statusCode).toBe(200);
    await t.app.db.update(submissions).set({ status: 'bound' }).where(eq(submissions.id, quote.submissionId));
    expect(expectError(await save({ token: owner.token }), 409).fields).toEqual({ status: 'is bound' });
  });
});

describe('dataacquisition: the application answers of a submission', () => {
  it('savesubmissionanswers merges, getsubmissionanswers reads, updatesubmissionanswers replaces; each prices again', async () => {
    const quote = await create();
    const key = { quoteKey: quote.quoteKey };
    const { applicationAnswers } = await submissionInput(t.app);

    const read = await api().get(`dataacquisition/getsubmissionanswers/${quote.submissionId}`, key);
    expect(v.parse(submissionAnswersSchema, read.json())).toEqual({
      submissionId: quote.submissionId,
      answers: applicationAnswers,
    });

    // Two prior claims: the experience band changes, and the price with it.
    const claims = {
      prior_claims: 'yes',
      prior_claims_count: 2,
      prior_claims_details: 'Two small claims, both closed.',
    };
    const merged = await api().post(
      `dataacquisition/savesubmissionanswers/${quote.submissionId}`,
      { answers: claims },
      key,
    );
    expect(merged.statusCode, merged.body).toBe(200);
    const saved = v.parse(savedAnswersSchema, merged.json());
    expect(saved.answers).toEqual({ ...applicationAnswers, ...claims });
    expect(saved.status).toBe('quoted');
    expect(saved.rating).toEqual(await calculate({ applicationAnswers: { ...applicationAnswers, ...claims } }));
    expect(saved.rating!.totalCents).not.toBe(quote.rating.totalCents);

    // Claims said yes but not how many: a draft that says what it needs.
    const partial = await api().put(
      `dataacquisition/updatesubmissionanswers/${quote.submissionId}`,
      { answers: { ...applicationAnswers, prior_claims: 'yes' } },
      key,
    );
    expect(partial.statusCode, partial.body).toBe(200);
    const draft = v.parse(savedAnswersSchema, partial.json());
    expect(draft).toMatchObject({
      status: 'draft',
      rating: null,
      answers: { ...applicationAnswers, prior_claims: 'yes' },
    });
    expect(draft.needs).toHaveProperty(['applicationAnswers.prior_claims_count'], 'is required');

    const replaced = await api().put(
      `dataacquisition/updatesubmissionanswers/${quote.submissionId}`,
      { answers: applicationAnswers },
      key,
    );
    const quotedAgain = v.parse(savedAnswersSchema, replaced.json());
    expect(quotedAgain).toMatchObject({ status: 'quoted', answers: applicationAnswers, version: 4 });
    expect(quotedAgain.rating).toEqual(quote.rating);
  });

  it('checks the types given, names the field, and keeps strangers out', async () => {
    const quote = await create();
    const key = { quoteKey: quote.quoteKey };
    const bad = await api().post(
      `dataacquisition/savesubmissionanswers/${quote.submissionId}`,
      { answers: { years_in_practice: 'ten' } },
      key,
    );
    expect(expectError(bad, 400).fields).toEqual({ 'applicationAnswers.years_in_practice': 'must be a number' });
    const other = await signUp(caller(() => t.app));
    expectError(await api().get(`dataacquisition/getsubmissionanswers/${quote.submissionId}`), 404);
    expectError(
      await api().get(`dataacquisition/getsubmissionanswers/${quote.submissionId}`, { token: other.token }),
      404,
    );
    expectError(
      await api().put(
        `dataacquisition/updatesubmissionanswers/${quote.submissionId}`,
        { answers: {} },
        { token: other.token },
      ),
      404,
    );
    expectError(await api().post(`dataacquisition/savesubmissionanswers/${quote.submissionId}`, { answers: {} }), 404);
    expect(expectError(await api().get('dataacquisition/getsubmissionanswers/0', key), 400).fields).toEqual({
      id: 'must be a positive whole number',
    });
  });
});
