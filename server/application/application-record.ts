/**
 * The application as the insured signs it (shared/contract/application-signature.ts): the
 * speciality, who applies and where, every question that shows with its answer in words, the
 * cover chosen and the declarations. Built from the order as it is now, with nothing that depends
 * on when it is read, so its hash changes exactly when something the insured declared changes
 * (an answer, the cover, the named person or company, the practice's address, a question's
 * wording or the declarations themselves).
 */
import type { ApplicationAnswer, ApplicationRecord } from '@shared/contract/application-signature';
import { formatUsd } from '@shared/contract/money-format';
import { formatNumber } from '@shared/contract/number-format';
import { answerText, isBlankAnswer, isQuestionVisible } from '@shared/contract/question-rules';
import { recordNames } from '@server/application/application-queries';
import { DECLARATIONS } from '@server/application/declarations';
import { planOf } from '@server/billing/invoices';
import type { Queryable } from '@server/db/connection';
import { namedInsured } from '@server/documents/named-insured';
import { usDate } from '@server/documents/pdf-layout';
import { conflict } from '@server/http/http-error';
import { orderQuestions } from '@server/lifecycle/required-items';
import type { StoredQuestion } from '@server/rating/question-sets';
import type { SubmissionRow } from '@server/submissions/access';
import { storedRating } from '@server/submissions/stored-rating';

export const NOT_ANSWERED = 'Not answered';

/** An answer as the insured would say it: the option's label, "Yes", "$250,000.00", "06/01/2026". */
export function answerWords(question: Pick<StoredQuestion, 'type' | 'options'>, value: unknown): string {
  if (isBlankAnswer(value)) return NOT_ANSWERED;
  const label = (one: unknown) => {
    const text = answerText(one) ?? String(one);
    return question.options.find((option) => option.value === text)?.label ?? text;
  };
  switch (question.type) {
    case 'yesno': {
      const text = answerText(value);
      return (
        question.options.find((option) => option.value === text)?.label ??
        (text === 'yes' ? 'Yes' : text === 'no' ? 'No' : String(value))
      );
    }
    case 'select':
      return label(value);
    case 'multiselect':
      return (Array.isArray(value) ? value : [value]).map(label).join(', ');
    case 'money':
      return typeof value === 'number' ? formatUsd(Math.round(value * 100)) : String(value);
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'date':
      return typeof value === 'string' ? usDate(value) : String(value);
    default:
      return String(value).trim();
  }
}

/** The questions of one set that show for these answers, each with its answer in words. */
function answered(questions: StoredQuestion[], answers: Record<string, unknown>): ApplicationAnswer[] {
  return questions
    .filter((question) => isQuestionVisible(question, answers))
    .map((question) => ({
      code: question.code,
      question: question.text,
      answer: answerWords(question, answers[question.code]),
    }));
}

type RecordOrder = Pick<
  SubmissionRow,
  | 'id'
  | 'number'
  | 'userId'
  | 'specialityId'
  | 'stateCode'
  | 'zipcode'
  | 'answers'
  | 'applicationAnswers'
  | 'worksheet'
  | 'paymentTerm'
  | 'effectiveDate'
  | 'status'
>;

/**
 * The order's application now. A draft has no cover to sign (a 409 naming its status); so has an
 * order without a rating or an owner, which no insured can reach.
 */
export async function applicationRecord(db: Queryable, order: RecordOrder): Promise<ApplicationRecord> {
  const rating = storedRating(order.worksheet);
  if (order.status === 'draft' || !rating || order.userId === null) {
    throw conflict(`Order ${order.number} is ${order.status}: price the quote before reviewing its application`, {
      status: `is ${order.status}`,
    });
  }
  const facts = await recordNames(db, order.specialityId, order.userId, order.stateCode ?? '');
  if (!facts) throw new Error(`Order ${order.number}: no speciality ${order.specialityId} or user ${order.userId}`);
  const insured = await namedInsured(db, order.userId, order.id);
  const questions = await orderQuestions(db, order);
  const person = [facts.firstName, facts.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    submissionId: order.id,
    orderNumber: order.number,
    speciality: facts.speciality,
    insured: { name: person || insured.email, company: facts.company?.trim() || null },
    practiceAddress: insured.addressLines.length > 0 ? insured.addressLines : null,
    state: facts.stateName ?? order.stateCode ?? '',
    zipcode: order.zipcode ?? '',
    sections: [
      { title: `About your practice (${facts.speciality})`, answers: answered(questions.speciality, order.answers) },
      { title: 'General application', answers: answered(questions.application, order.applicationAnswers) },
    ],
    cover: {
      limit: rating.limit.label,
      deductible: rating.deductible.label,
      paymentPlan: planOf(rating, order.paymentTerm).name,
      totalCents: rating.totalCents,
      effectiveDate: order.effectiveDate,
    },
    declarations: [...DECLARATIONS],
  };
}
