/**
 * Issue 9, question sets: an administrator adds questions to a speciality — a yes/no whose "yes"
 * refers the order and debits the premium, a follow-up shown only after "yes" — and the insured's
 * pricing and questions follow at once: the new question is asked, its answer moves the price.
 * Edits, retiring and the order keep every condition looking back at an answer that exists; each
 * refusal names its field and changes nothing; each change is audited once.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminQuestionSchema, adminQuestionSetSchema, type AdminQuestion } from '@shared/contract/admin-questions';
import { auditListSchema } from '@shared/contract/admin-users';
import { auditLog, questions, users } from '@server/db/schema';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { answersFor, calculateInput, specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

let admin: Insured;
let engineers: number;
let mold: AdminQuestion;
let moldCount: AdminQuestion;

const publicCall = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/weborder/${url}`,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
const auditCount = async () => (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n;
const setRows = async () =>
  t.app.db.select().from(questions).where(eq(questions.specialityId, engineers)).orderBy(questions.id);

const moldQuestion = {
  code: 'mold_work',
  type: 'yesno',
  text: 'Do you advise on mold remediation?',
  options: [
    { value: 'yes', label: 'Yes', modifierBps: 1500, referral: true },
    { value: 'no', label: 'No' },
  ],
};

beforeAll(async () => {
  admin = await newInsured(app);
  await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  engineers = await specialityId(t.app, 'Engineers');
});

describe('a speciality’s question set', () => {
  it('adds a yes/no question with effects and a follow-up shown after "yes"; a retry adds nothing', async () => {
    const made = await admin.call('POST', `admin/specialities/${engineers}/questions`, moldQuestion);
    expect(made.statusCode, made.body).toBe(201);
    mold = v.parse(adminQuestionSchema, made.json());
    const before = await auditCount();
    const again = await admin.call('POST', `admin/specialities/${engineers}/questions`, moldQuestion);
    expect(again.statusCode).toBe(200);
    expect(v.parse(adminQuestionSchema, again.json()).id).toBe(mold.id);
    expect(await auditCount()).toBe(before);

    const follow = await admin.call('POST', `admin/specialities/${engineers}/questions`, {
      code: 'mold_projects',
      type: 'number',
      text: 'How many mold projects last year?',
      condition: { questionCode: 'mold_work', anyOf: ['yes'] },
    });
    expect(follow.statusCode, follow.body).toBe(201);
    moldCount = v.parse(adminQuestionSchema, follow.json());
    const set = v.parse(
      adminQuestionSetSchema,
      (await admin.call('GET', `admin/specialities/${engineers}/questions`)).json(),
    );
    expect(set.questions.slice(-2).map((question) => question.code)).toEqual(['mold_work', 'mold_projects']);
  });

  it('the insured is asked it at once, and "yes" costs more than "no"', async () => {
    const asked = (await publicCall('GET', `questions/list?specialityId=${engineers}`)).json() as Array<{
      code: string;
      condition: unknown;
    }>;
    expect(asked.find((question) => question.code === 'mold_work')).toBeDefined();
    expect(asked.find((question) => question.code === 'mold_projects')!.condition).toEqual({
      questionCode: 'mold_work',
      anyOf: ['yes'],
    });

    const base = await calculateInput(t.app, { specialityId: engineers, ...(await answersFor(t.app, engineers)) });
    const without = await publicCall('POST', 'auth/calculate', {
      ...base,
      answers: { ...base.answers, mold_work: undefined },
    });
    expect(expectError(without, 400).fields).toHaveProperty(['answers.mold_work']);
    const no = await publicCall('POST', 'auth/calculate', { ...base, answers: { ...base.answers, mold_work: 'no' } });
    const yes = await publicCall('POST', 'auth/calculate', {
      ...base,
      answers: { ...base.answers, mold_work: 'yes', mold_projects: 2 },
    });
    expect(no.statusCode, no.body).toBe(200);
    expect(yes.statusCode, yes.body).toBe(200);
    expect((yes.json() as { totalCents: number }).totalCents).toBeGreaterThan(
      (no.json() as { totalCents: number }).totalCents,
    );
  });

  it('refuses broken questions, naming the field and changing nothing', async () => {
    const before = await setRows();
    const auditBefore = await auditCount();
    const add = (body: Record<string, unknown>) =>
      admin.call('POST', `admin/specialities/${engineers}/questions`, {
        code: 'other_q',
        type: 'select',
        text: 'Which?',
        ...body,
      });
    expect(expectError(await add({ options: [{ value: 'a', label: 'A' }] }), 400).fields).toHaveProperty('options');
    expect(
      expectError(
        await add({
          options: [
            { value: 'a', label: 'A' },
            { value: 'a', label: 'Again' },
          ],
        }),
        400,
      ).fields,
    ).toHaveProperty('options');
    expect(
      expectError(
        await add({
          type: 'yesno',
          options: [
            { value: 'y', label: 'Y' },
            { value: 'n', label: 'N' },
          ],
        }),
        400,
      ).fields,
    ).toHaveProperty('options');
    expect(
      expectError(
        await add({
          type: 'text',
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        }),
        400,
      ).fields,
    ).toHaveProperty('options');
    expect(
      expectError(await add({ type: 'text', condition: { questionCode: 'mold_work', anyOf: ['maybe'] } }), 400).fields
        ?.condition,
    ).toContain('maybe');
    expect(
      expectError(await add({ type: 'text', condition: { questionCode: 'mold_projects', anyOf: ['1'] } }), 400).fields,
    ).toHaveProperty('condition');
    expect(expectError(await add({ code: 'Bad Code', type: 'text' }), 400).fields).toHaveProperty('code');
    expect(expectError(await add({ code: 'mold_work', type: 'text' }), 409).fields).toHaveProperty('code');
    expect(expectError(await add({ type: 'colour' }), 400).fields).toHaveProperty('type');
    expect(
      expectError(
        await add({
          options: [
            { value: 'a', label: 'A', modifierBps: 9000 },
            { value: 'b', label: 'B' },
          ],
        }),
        400,
      ).fields,
    ).toHaveProperty(['options.0.modifierBps']);
    expectError(
      await admin.call('POST', 'admin/specialities/2147483000/questions', { code: 'x_q', type: 'text', text: 'X?' }),
      404,
    );
    expect(await setRows()).toEqual(before);
    expect(await auditCount()).toBe(auditBefore);
  });

  it('edits keep the answers others rest on; retiring waits for those who rest on it; only changes are recorded', async () => {
    const dropYes = await admin.call('PUT', `admin/questions/${mold.id}`, {
      text: mold.text,
      options: [
        { value: 'no', label: 'No' },
        { value: 'unsure', label: 'Unsure' },
      ],
    });
    expect(expectError(dropYes, 400).fields).toHaveProperty('options');
    expect(
      expectError(await admin.call('PUT', `admin/questions/${mold.id}/active`, { active: false }), 409).fields?.active,
    ).toContain('mold_projects');

    const reworded = await admin.call('PUT', `admin/questions/${mold.id}`, {
      text: 'Do you advise on mold?',
      helpText: 'Inspection or remediation.',
      options: moldQuestion.options,
    });
    expect(reworded.statusCode, reworded.body).toBe(200);
    expect(v.parse(adminQuestionSchema, reworded.json())).toMatchObject({
      text: 'Do you advise on mold?',
      helpText: 'Inspection or remediation.',
      code: 'mold_work',
      type: 'yesno',
    });
    const before = await auditCount();
    await admin.call('PUT', `admin/questions/${mold.id}`, {
      text: 'Do you advise on mold?',
      helpText: 'Inspection or remediation.',
      options: moldQuestion.options,
    });
    expect(await auditCount()).toBe(before);

    const retired = v.parse(
      adminQuestionSchema,
      (await admin.call('PUT', `admin/questions/${moldCount.id}/active`, { active: false })).json(),
    );
    expect(retired.active).toBe(false);
    const asked = (await publicCall('GET', `questions/list?specialityId=${engineers}`)).json() as Array<{
      code: string;
    }>;
    expect(asked.map((question) => question.code)).not.toContain('mold_projects');
    await admin.call('PUT', `admin/questions/${moldCount.id}/active`, { active: true });

    const audit = v.parse(
      auditListSchema,
      (await admin.call('GET', `admin/audit?entity=question&entityId=${moldCount.id}`)).json(),
    );
    expect(audit.entries.map((entry) => entry.action)).toEqual([
      'question.restore',
      'question.retire',
      'question.create',
    ]);
  });

  it('orders the set; a condition may not come to look forward, and every question must be named once', async () => {
    const set = v.parse(
      adminQuestionSetSchema,
      (await admin.call('GET', `admin/specialities/${engineers}/questions`)).json(),
    ).questions;
    const ids = set.map((question) => question.id);
    const followFirst = [...ids.filter((id) => id !== mold.id && id !== moldCount.id), moldCount.id, mold.id];
    expect(
      expectError(await admin.call('PUT', `admin/specialities/${engineers}/questions/order`, { ids: followFirst }), 400)
        .fields,
    ).toHaveProperty('condition');
    expect(
      expectError(
        await admin.call('PUT', `admin/specialities/${engineers}/questions/order`, { ids: ids.slice(1) }),
        400,
      ).fields,
    ).toHaveProperty('ids');

    const moldFirst = [mold.id, moldCount.id, ...ids.filter((id) => id !== mold.id && id !== moldCount.id)];
    const ordered = v.parse(
      adminQuestionSetSchema,
      (await admin.call('PUT', `admin/specialities/${engineers}/questions/order`, { ids: moldFirst })).json(),
    );
    expect(ordered.questions.map((question) => question.id)).toEqual(moldFirst);
    const asked = (await publicCall('GET', `questions/list?specialityId=${engineers}`)).json() as Array<{
      code: string;
    }>;
    expect(asked.slice(0, 2).map((question) => question.code)).toEqual(['mold_work', 'mold_projects']);
  });
});
