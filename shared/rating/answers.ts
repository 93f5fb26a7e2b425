/**
 * Underwriting answers as the rating engine reads them: the questions with the effects their
 * options carry, which questions show, and the options an answer picked. Checking that answers
 * are complete and of the right type is the server's (server/rating/answers.ts).
 */
import { answerText as asText, isQuestionVisible, type QuestionCondition } from '@shared/contract/question-rules';
import type { QuestionType } from '@shared/contract/questions';

/**
 * One choice of a select/yesno question with what picking it does to the price. The stored
 * option (server/db/schema's QuestionOption) carries underwriting effects besides, which the
 * engine does not read.
 */
export interface RatingOption {
  value: string;
  label: string;
  /** Schedule credit (negative) or debit (positive) in basis points. */
  modifierBps?: number;
}

export interface RatingQuestion {
  code: string;
  type: QuestionType;
  required: boolean;
  options: RatingOption[];
  condition: QuestionCondition | null;
}

export type Answers = Record<string, unknown>;

/** A question shows unless its condition names another answer it does not have. */
export const isVisible = isQuestionVisible;

/** The options an answer picked, for the questions that show. */
export function chosenOptions(
  questions: readonly RatingQuestion[],
  answers: Answers,
): Array<{ question: RatingQuestion; option: RatingOption }> {
  const chosen: Array<{ question: RatingQuestion; option: RatingOption }> = [];
  for (const question of questions) {
    if (!isVisible(question, answers) || question.options.length === 0) continue;
    const value = answers[question.code];
    const picked = Array.isArray(value) ? value.map(asText) : [asText(value)];
    for (const option of question.options) {
      if (picked.includes(option.value)) chosen.push({ question, option });
    }
  }
  return chosen;
}
