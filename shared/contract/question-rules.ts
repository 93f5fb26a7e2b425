/**
 * When an underwriting question shows and when an answer counts as given: the same rules on
 * the questions screen and on the server that prices, so neither asks what the other skips.
 */

/** Show the question only when another question (same set) has one of these answers. */
export type QuestionCondition = { questionCode: string; anyOf: string[] };

/** An answer as conditions and options compare it ("yes", "orthodontics"). */
export function answerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A question shows unless its condition names another answer it does not have. */
export function isQuestionVisible(
  question: { condition: QuestionCondition | null },
  answers: Record<string, unknown>,
): boolean {
  if (!question.condition) return true;
  const answer = answerText(answers[question.condition.questionCode]);
  return answer !== undefined && question.condition.anyOf.includes(answer);
}

/** No answer yet: nothing, blank text, or an empty choice. */
export function isBlankAnswer(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The required questions that show and have no answer, as field messages keyed `${prefix}.${code}`. */
export function missingAnswers(
  questions: readonly { code: string; required: boolean; condition: QuestionCondition | null }[],
  answers: Record<string, unknown>,
  prefix: string,
): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const question of questions) {
    if (question.required && isQuestionVisible(question, answers) && isBlankAnswer(answers[question.code])) {
      missing[`${prefix}.${question.code}`] = 'is required';
    }
  }
  return missing;
}

/**
 * Numbers and dollar amounts as typed ("1,500.75", "$2 000") become numbers for pricing; text
 * that is no number is left as it is, for the server to name. Typing keeps the text, so a
 * half-typed "1500." is never cut short.
 */
export function numbersAsNumbers<T>(
  questions: readonly { code: string; type: string }[],
  answers: Record<string, T>,
): Record<string, T | number> {
  const numeric = new Set(
    questions
      .filter((question) => question.type === 'number' || question.type === 'money')
      .map((question) => question.code),
  );
  return Object.fromEntries(
    Object.entries(answers).map(([code, value]) => {
      if (!numeric.has(code) || typeof value !== 'string') return [code, value];
      const cleaned = value.replace(/[,\s$]/g, '');
      return [code, cleaned !== '' && Number.isFinite(Number(cleaned)) ? Number(cleaned) : value];
    }),
  );
}
