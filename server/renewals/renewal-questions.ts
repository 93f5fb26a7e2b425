/**
 * Which answers a renewal carries over and which questions it asks (issue 20), pure: an answer
 * carries when its question is still asked; a question is asked again only when it is new or was
 * changed since the policy's answers were given, or its carried answer no longer fits it (an
 * option retired, a required question unanswered). Everything else the insured said last year
 * stands, so the renewal asks nothing it need not.
 */
import { isQuestionVisible } from '@shared/contract/question-rules';
import type { Answers, RatingQuestion } from '@shared/rating/answers';
import { answerProblems } from '@server/rating/answers';

export type SetQuestion = RatingQuestion & { id: number };

export type AskedQuestion = { code: string; general: boolean; why: 'new' | 'changed' };

/** The previous answers to questions still asked (retired questions' answers would be refused). */
export function carriedAnswers(questions: readonly SetQuestion[], previous: Answers): Answers {
  const codes = new Set(questions.map((question) => question.code));
  return Object.fromEntries(Object.entries(previous).filter(([code]) => codes.has(code)));
}

/**
 * The questions of one set to ask: shown under the carried answers, and new (never answered),
 * changed since (`changedIds`), or with an answer that no longer fits.
 */
export function askedQuestions(
  questions: readonly SetQuestion[],
  carried: Answers,
  changedIds: ReadonlySet<number>,
  general: boolean,
): AskedQuestion[] {
  const problems = answerProblems(questions, carried, 'set');
  return questions
    .filter((question) => isQuestionVisible(question, carried))
    .flatMap((question): AskedQuestion[] => {
      const answered = carried[question.code] !== undefined && carried[question.code] !== null;
      if (!changedIds.has(question.id) && !problems[`set.${question.code}`]) return [];
      return [{ code: question.code, general, why: answered ? 'changed' : 'new' }];
    });
}
