/**
 * Underwriting answers against their questions: which questions show, whether the answers are
 * complete and of the right type, and the effects the chosen options carry.
 */
import { answerText as asText, isBlankAnswer as isBlank, isQuestionVisible } from '@/api/contract/question-rules';
import type { QuestionCondition, QuestionOption, questionTypes } from '@server/db/schema';

export interface RatingQuestion {
  code: string;
  type: (typeof questionTypes)[number];
  required: boolean;
  options: QuestionOption[];
  condition: QuestionCondition | null;
}

export type Answers = Record<string, unknown>;

/** A question shows unless its condition names another answer it does not have. */
export const isVisible = isQuestionVisible;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why an answer does not fit its question, or undefined when it does. */
function typeProblem(question: RatingQuestion, value: unknown): string | undefined {
  const values = question.options.map((option) => option.value);
  switch (question.type) {
    case 'text':
    case 'textarea':
      if (typeof value !== 'string') return 'must be text';
      return value.length > 5_000 ? 'must be at most 5,000 characters' : undefined;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (!Number.isInteger(value) || value < 0) return 'must be a whole number, 0 or more';
      return value > 1_000_000 ? 'is too large' : undefined;
    case 'money':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be an amount in dollars';
      if (value < 0) return 'must not be negative';
      return value > 1e12 ? 'is too large' : undefined;
    case 'yesno':
      return asText(value) === 'yes' || asText(value) === 'no' ? undefined : 'must be yes or no';
    case 'select':
      return typeof value === 'string' && values.includes(value) ? undefined : `must be one of: ${values.join(', ')}`;
    case 'multiselect':
      return Array.isArray(value) && value.every((item) => typeof item === 'string' && values.includes(item)) && new Set(value).size === value.length
        ? undefined
        : `must be a list of distinct choices from: ${values.join(', ')}`;
    case 'date': {
      if (typeof value !== 'string' || !ISO_DATE.test(value)) return 'must be a date (YYYY-MM-DD)';
      const parsed = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value ? 'is not a real date' : undefined;
    }
  }
}

/**
 * Field messages keyed `${prefix}.${code}`: a required question that shows and has no answer,
 * an answer of the wrong type, and an answer to no question of this set. Answers to questions
 * that do not show are not judged; they count for nothing.
 */
export function answerProblems(questions: readonly RatingQuestion[], answers: Answers, prefix: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const known = new Set(questions.map((question) => question.code));
  for (const code of Object.keys(answers)) {
    if (!known.has(code)) problems[`${prefix}.${code}`] = 'is not a question here';
  }
  for (const question of questions) {
    if (!isVisible(question, answers)) continue;
    const value = answers[question.code];
    if (isBlank(value)) {
      if (question.required) problems[`${prefix}.${question.code}`] = 'is required';
      continue;
    }
    const problem = typeProblem(question, value);
    if (problem) problems[`${prefix}.${question.code}`] = problem;
  }
  return problems;
}

/** The options an answer picked, for the questions that show. */
export function chosenOptions(questions: readonly RatingQuestion[], answers: Answers): Array<{ question: RatingQuestion; option: QuestionOption }> {
  const chosen: Array<{ question: RatingQuestion; option: QuestionOption }> = [];
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
