/**
 * A speciality's question set for administrators (issue 9): add, edit, retire or bring back a
 * question, and the order they are asked in. Codes and types never change and nothing is deleted,
 * so the answers orders hold keep their meaning. A question's options carry its effects (credit or
 * debit, referral, knock-out); a condition shows it only after an earlier choice question has one
 * of the answers named. Each change is one transaction with its audit entry, the speciality's row
 * locked so two changes to one set never interleave. The rating catalogue of every process hears
 * of each change on commit from the database itself (server/db/change-notices.ts).
 */
import type * as v from 'valibot';
import {
  isChoiceType,
  type AdminQuestion,
  type AdminQuestionSet,
  type editQuestionRequestSchema,
  type newQuestionRequestSchema,
} from '@shared/contract/admin-questions';
import { changedFields, recordAudit } from '@server/admin/audit';
import { insertQuestionRow, lockSpeciality } from '@server/admin/catalog-queries';
import {
  questionRow,
  questionSetRows,
  questionSpecialityId,
  setQuestionSortOrder,
  specialityName,
  updateQuestionRow,
} from '@server/admin/question-set-queries';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { badRequest, conflict, notFound } from '@server/http/http-error';

export type QuestionAdminDeps = { db: Database; clock: Clock };
type EditInput = v.InferOutput<typeof editQuestionRequestSchema>;
type NewInput = v.InferOutput<typeof newQuestionRequestSchema>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What an edit may change; code and type never do. */
const EDITABLE = ['text', 'helpText', 'required', 'options', 'condition'] as const;

/** GET admin/specialities/{id}/questions. */
export async function questionSet(db: Queryable, specialityId: number): Promise<AdminQuestionSet> {
  const speciality = await specialityName(db, specialityId);
  if (!speciality) throw notFound('No such speciality');
  return { speciality, questions: await questionSetRows(db, specialityId) };
}

/** Locks the speciality (one change to its set at a time) and answers its set. */
async function lockedSet(tx: Tx, specialityId: number): Promise<AdminQuestion[]> {
  if (!(await lockSpeciality(tx, specialityId))) throw notFound('No such speciality');
  return questionSetRows(tx, specialityId);
}

/**
 * The checks a question's options and condition must pass in its set: choice types have options
 * with distinct values (yes/no questions exactly "yes" and "no"), other types none; a condition
 * names an earlier, active choice question and some of its option values.
 */
function checkQuestion(
  set: readonly AdminQuestion[],
  question: Pick<AdminQuestion, 'code' | 'type' | 'options' | 'condition' | 'sortOrder'>,
): void {
  const values = question.options.map((option) => option.value);
  if (isChoiceType(question.type)) {
    if (question.type === 'yesno' && [...values].sort().join(',') !== 'no,yes') {
      throw badRequest('A yes/no question has exactly the options yes and no', {
        options: 'must be exactly yes and no',
      });
    }
    if (values.length < 2)
      throw badRequest('A choice question needs at least two options', { options: 'must hold at least two options' });
    if (new Set(values).size !== values.length)
      throw badRequest('Two options have the same value', { options: 'must not repeat a value' });
  } else if (values.length > 0) {
    throw badRequest(`A ${question.type} question has no options`, {
      options: `must be empty for a ${question.type} question`,
    });
  }
  if (!question.condition) return;
  const parent = set.find((entry) => entry.code === question.condition!.questionCode && entry.code !== question.code);
  if (!parent || !parent.active || !isChoiceType(parent.type)) {
    throw badRequest(
      `The condition names ${question.condition.questionCode}, which is no choice question in this set`,
      { condition: 'must name an active yes/no or choice question of this set' },
    );
  }
  if (parent.sortOrder >= question.sortOrder) {
    throw badRequest(`The condition names ${parent.code}, which is asked after this question`, {
      condition: 'must name a question asked before this one',
    });
  }
  const unknown = question.condition.anyOf.filter(
    (answer) => !parent.options.some((option) => option.value === answer),
  );
  if (unknown.length > 0)
    throw badRequest(`${parent.code} has no answer ${unknown.join(', ')}`, {
      condition: `names answers ${parent.code} does not have: ${unknown.join(', ')}`,
    });
}

/** Questions of the set whose condition rests on `code` (and, with `values`, on one of those answers). */
const dependents = (set: readonly AdminQuestion[], code: string, values?: readonly string[]) =>
  set.filter(
    (entry) =>
      entry.active &&
      entry.condition?.questionCode === code &&
      (!values || entry.condition.anyOf.some((answer) => values.includes(answer))),
  );

/**
 * POST admin/specialities/{id}/questions: asked after the others. The same question sent again
 * (a retry) answers it with created false; another question with that code is a 409 naming code.
 */
export async function addQuestion(
  deps: QuestionAdminDeps,
  actor: AuthUser,
  ip: string,
  specialityId: number,
  input: NewInput,
): Promise<{ created: boolean; question: AdminQuestion }> {
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      const set = await lockedSet(tx, specialityId);
      const same = set.find((entry) => entry.code === input.code);
      if (same) {
        const unchanged = same.type === input.type && Object.keys(changedFields(same, input, EDITABLE)).length === 0;
        if (unchanged) return { created: false, id: same.id };
        throw conflict(`This speciality already asks a question coded ${input.code}`, {
          code: 'is already used in this set',
        });
      }
      const sortOrder = (set.at(-1)?.sortOrder ?? 0) + 10;
      checkQuestion(set, { ...input, sortOrder });
      const now = deps.clock.now();
      const id = await insertQuestionRow(tx, { specialityId, ...input, sortOrder, active: true, createdAt: now });
      await recordAudit(tx, actor, ip, now, {
        action: 'question.create',
        entity: 'question',
        entityId: id,
        data: { specialityId, ...input },
      });
      return { created: true, id };
    });
    return {
      created: outcome.created,
      question: (await questionSetRows(deps.db, specialityId)).find((entry) => entry.id === outcome.id)!,
    };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`This speciality already asks a question coded ${input.code}`, {
        code: 'is already used in this set',
      });
    throw error;
  }
}

async function lockedQuestion(
  tx: Tx,
  id: number,
): Promise<{ specialityId: number; set: AdminQuestion[]; question: AdminQuestion }> {
  const specialityId = await questionSpecialityId(tx, id);
  // The general application questions belong to no speciality: not edited here.
  if (specialityId === undefined || specialityId === null) throw notFound('No such question');
  const set = await lockedSet(tx, specialityId);
  return { specialityId, set, question: set.find((entry) => entry.id === id)! };
}

/** PUT admin/questions/{id}: its wording, help, whether required, options and condition. */
export async function editQuestion(
  deps: QuestionAdminDeps,
  actor: AuthUser,
  ip: string,
  id: number,
  input: EditInput,
): Promise<AdminQuestion> {
  await deps.db.transaction(async (tx) => {
    const { set, question } = await lockedQuestion(tx, id);
    checkQuestion(set, { ...question, options: input.options, condition: input.condition });
    const dropped = question.options
      .map((option) => option.value)
      .filter((value) => !input.options.some((option) => option.value === value));
    const resting = dependents(set, question.code, dropped);
    if (resting.length > 0) {
      throw badRequest(
        `The condition of ${resting.map((entry) => entry.code).join(', ')} uses an answer removed here`,
        { options: `must keep the answers ${resting.map((entry) => entry.code).join(', ')} depend on` },
      );
    }
    const changes = changedFields(question, input, EDITABLE);
    if (Object.keys(changes).length === 0) return;
    await updateQuestionRow(tx, id, input);
    await recordAudit(tx, actor, ip, deps.clock.now(), {
      action: 'question.update',
      entity: 'question',
      entityId: id,
      data: changes,
    });
  });
  return (await questionRow(deps.db, id))!;
}

/** PUT admin/questions/{id}/active: retired (no longer asked) or asked again; one that others' conditions rest on stays. */
export async function setQuestionActive(
  deps: QuestionAdminDeps,
  actor: AuthUser,
  ip: string,
  id: number,
  active: boolean,
): Promise<AdminQuestion> {
  await deps.db.transaction(async (tx) => {
    const { set, question } = await lockedQuestion(tx, id);
    if (question.active === active) return;
    if (!active) {
      const resting = dependents(set, question.code);
      if (resting.length > 0) {
        throw conflict(
          `${resting.map((entry) => entry.code).join(', ')} ${resting.length === 1 ? 'is' : 'are'} shown by this question's answer: change their condition first`,
          {
            active: `cannot be false while ${resting.map((entry) => entry.code).join(', ')} depend on it`,
          },
        );
      }
    } else if (question.condition) {
      checkQuestion(set, question);
    }
    await updateQuestionRow(tx, id, { active });
    await recordAudit(tx, actor, ip, deps.clock.now(), {
      action: active ? 'question.restore' : 'question.retire',
      entity: 'question',
      entityId: id,
      data: { code: question.code, active },
    });
  });
  return (await questionRow(deps.db, id))!;
}

/** PUT admin/specialities/{id}/questions/order: every question of the set, in the order to ask them; each condition must still look back. */
export async function orderQuestions(
  deps: QuestionAdminDeps,
  actor: AuthUser,
  ip: string,
  specialityId: number,
  ids: number[],
): Promise<AdminQuestionSet> {
  await deps.db.transaction(async (tx) => {
    const set = await lockedSet(tx, specialityId);
    const known = new Set(set.map((entry) => entry.id));
    if (ids.length !== set.length || ids.some((id) => !known.has(id))) {
      throw badRequest('Name every question of the set once, and only those', {
        ids: `must be the ${set.length} questions of this set`,
      });
    }
    const reordered = ids.map((id, index) => ({
      ...set.find((entry) => entry.id === id)!,
      sortOrder: (index + 1) * 10,
    }));
    for (const question of reordered.filter((entry) => entry.active && entry.condition))
      checkQuestion(reordered, question);
    if (reordered.every((entry, index) => entry.id === set[index]!.id && entry.sortOrder === set[index]!.sortOrder))
      return;
    for (const entry of reordered) await setQuestionSortOrder(tx, specialityId, entry.id, entry.sortOrder);
    await recordAudit(tx, actor, ip, deps.clock.now(), {
      action: 'question.order',
      entity: 'speciality',
      entityId: specialityId,
      data: { from: set.map((entry) => entry.code), to: reordered.map((entry) => entry.code) },
    });
  });
  return questionSet(deps.db, specialityId);
}
