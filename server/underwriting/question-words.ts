/**
 * The answers as an underwriter reads them: each question that shows, its answer in words (the
 * option's label, an amount in dollars) and what that answer does to the order — a schedule
 * credit or debit, a referral, a knock-out. Those effects never reach the insured
 * (toWireQuestion strips them); the desk is where they are explained.
 */
import type * as v from 'valibot';
import { formatUsd } from '@shared/contract/money-format';
import { answerText, isBlankAnswer, isQuestionVisible } from '@shared/contract/question-rules';
import type { reviewQuestionSchema } from '@shared/contract/underwriting';
import type { QuestionOption } from '@server/db/schema';
import type { Answers } from '@shared/rating/answers';
import type { StoredQuestion } from '@server/rating/question-sets';

export type ReviewQuestion = v.InferOutput<typeof reviewQuestionSchema>;

type Question = Pick<StoredQuestion, 'code' | 'text' | 'type' | 'options' | 'condition'>;

/** The options an answer picked (one for a select or yes/no, several for a multiselect). */
function pickedOptions(question: Question, value: unknown): QuestionOption[] {
  const picked = Array.isArray(value) ? value.map(answerText) : [answerText(value)];
  return question.options.filter((option) => picked.includes(option.value));
}

/** The answer in words; null when there is none. */
export function answerInWords(question: Question, value: unknown): string | null {
  if (isBlankAnswer(value)) return null;
  if (question.options.length) {
    const labels = pickedOptions(question, value).map((option) => option.label);
    // An answer no option matches (an option retired since) is shown as given.
    if (labels.length) return labels.join(', ');
  }
  if (question.type === 'money' && typeof value === 'number' && Number.isFinite(value))
    return formatUsd(Math.round(value * 100));
  if (Array.isArray(value)) return value.map(String).join(', ');
  return answerText(value) ?? JSON.stringify(value);
}

/** "+15 % schedule debit", "−2.5 % schedule credit". */
export function modifierInWords(bps: number): string {
  const sign = bps > 0 ? '+' : '−';
  return `${sign}${Math.abs(bps) / 100} % schedule ${bps > 0 ? 'debit' : 'credit'}`;
}

/** What the answer does to the order, in words; null when it does nothing. */
export function effectInWords(question: Question, value: unknown): string | null {
  if (isBlankAnswer(value)) return null;
  const effects = pickedOptions(question, value).flatMap((option) => [
    ...(option.modifierBps ? [modifierInWords(option.modifierBps)] : []),
    ...(option.referral ? ['Refers to an underwriter'] : []),
    ...(option.knockout ? ['Declines'] : []),
  ]);
  return effects.length ? [...new Set(effects)].join('; ') : null;
}

/** Every question of the set that shows for these answers, in order, with answer and effect. */
export function reviewQuestions(questions: readonly Question[], answers: Answers): ReviewQuestion[] {
  return questions
    .filter((question) => isQuestionVisible(question, answers))
    .map((question) => ({
      code: question.code,
      text: question.text,
      answer: answerInWords(question, answers[question.code]),
      effect: effectInWords(question, answers[question.code]),
    }));
}
