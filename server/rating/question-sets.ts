/**
 * The questions of one set as stored: a speciality's underwriting questions, or (null) the
 * general application questions asked whatever the speciality. Active ones, in display order.
 */
import type { Question } from '@shared/contract/questions';
import type { Queryable } from '@server/db/connection';
import { activeQuestionSet } from '@server/rating/rating-queries';
import type { Answers } from '@shared/rating/answers';

export function loadQuestionSet(db: Queryable, specialityId: number | null) {
  return activeQuestionSet(db, specialityId);
}

export type StoredQuestion = Awaited<ReturnType<typeof loadQuestionSet>>[number];

/**
 * A question as the client sees it. Options are copied field by field, value and label only:
 * their rating and underwriting effects (modifierBps, referral, knockout) never leave the server.
 */
export function toWireQuestion(question: StoredQuestion, answers?: Answers): Question {
  const answer = answers?.[question.code];
  return {
    id: question.id,
    code: question.code,
    text: question.text,
    helpText: question.helpText,
    type: question.type,
    required: question.required,
    options: question.options.map(({ value, label }) => ({ value, label })),
    condition: question.condition
      ? { questionCode: question.condition.questionCode, anyOf: [...question.condition.anyOf] }
      : null,
    ...(answer === undefined || answer === null ? {} : { answer }),
  };
}
