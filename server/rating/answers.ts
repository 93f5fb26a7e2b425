/**
 * Underwriting answers against their questions: whether the answers are complete and of the
 * right type. Which questions show and the effects the chosen options carry are the rating
 * engine's, shared with the stories (shared/rating/answers.ts).
 */
import { isCalendarDay } from '@shared/calendar-day';
import { answerText as asText, isBlankAnswer as isBlank } from '@shared/contract/question-rules';
import { isVisible, type Answers, type RatingQuestion } from '@shared/rating/answers';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why an answer does not fit its question, or undefined when it does. */
function typeProblem(question: RatingQuestion, value: unknown): string | undefined {
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
      return typeof value === 'string' && isOption(question, value)
        ? undefined
        : `must be one of: ${optionValues(question).join(', ')}`;
    case 'multiselect':
      return Array.isArray(value) &&
        value.every((item) => typeof item === 'string' && isOption(question, item)) &&
        new Set(value).size === value.length
        ? undefined
        : `must be a list of distinct choices from: ${optionValues(question).join(', ')}`;
    case 'date':
      if (typeof value !== 'string' || !ISO_DATE.test(value)) return 'must be a date (YYYY-MM-DD)';
      return isCalendarDay(value) ? undefined : 'is not a real date';
  }
}

const optionValues = (question: RatingQuestion) => question.options.map((option) => option.value);

const isOption = (question: RatingQuestion, value: string) => question.options.some((option) => option.value === value);

/** A set has a dozen questions: a look along them beats building a Set per request (issue 17). */
function asks(questions: readonly RatingQuestion[], code: string): boolean {
  for (const question of questions) if (question.code === code) return true;
  return false;
}

/**
 * Field messages keyed `${prefix}.${code}`: a required question that shows and has no answer,
 * an answer of the wrong type, and an answer to no question of this set. Answers to questions
 * that do not show are not judged; they count for nothing.
 */
export function answerProblems(
  questions: readonly RatingQuestion[],
  answers: Answers,
  prefix: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const code of Object.keys(answers)) {
    if (!asks(questions, code)) problems[`${prefix}.${code}`] = 'is not a question here';
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
