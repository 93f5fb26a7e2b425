/**
 * Buy now's rules (DESIGN.md §4), pure: a knock-out answer declines; a premium above the
 * automatic authority, prior claims, or an answer whose option refers, send the order to an
 * underwriter. Each reason carries words for the insured (`label`) and the specifics an
 * underwriter needs (`detail`: the question and the answer, the premium against the authority).
 */
import type { ReferralReason } from '@shared/contract/lifecycle';
import { formatUsd } from '@shared/contract/money-format';
import { answerText, isBlankAnswer, isQuestionVisible } from '@shared/contract/question-rules';
import type { QuestionCondition, QuestionOption } from '@server/db/schema';
import type { Answers } from '@shared/rating/answers';
import { PRIOR_CLAIMS, PRIOR_CLAIMS_COUNT } from '@server/rating/quote-pricing';

/** A question as the rules read it: its words and its options' effects. */
export type RuleQuestion = {
  code: string;
  text: string;
  options: QuestionOption[];
  condition: QuestionCondition | null;
};

/** The order's two question sets with their answers. */
export type AnsweredSets = {
  speciality: { questions: readonly RuleQuestion[]; answers: Answers };
  application: { questions: readonly RuleQuestion[]; answers: Answers };
};

type Chosen = { question: RuleQuestion; option: QuestionOption };

/** The options picked by the answers to questions that show (a multiselect may pick several). */
function chosenOptions({ questions, answers }: AnsweredSets['speciality']): Chosen[] {
  return questions.flatMap((question) => {
    if (!isQuestionVisible(question, answers)) return [];
    const value = answers[question.code];
    const picked = Array.isArray(value) ? value.map(answerText) : [answerText(value)];
    return question.options.filter((option) => picked.includes(option.value)).map((option) => ({ question, option }));
  });
}

const allChosen = (sets: AnsweredSets) => [...chosenOptions(sets.speciality), ...chosenOptions(sets.application)];

/** An answer ends as a sentence: "Yes." — but "closed." keeps its own full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** "What best describes your practice? Oral and maxillofacial surgery." */
const questionAndAnswer = ({ question, option }: Chosen) => `${question.text} ${sentence(option.label)}`;

/**
 * Whether the application reports claims: prior_claims yes, or a claims count above 0 — unless
 * the answer is no, which hides the count (pricing ignores it then too).
 */
export function priorClaimsReported(applicationAnswers: Answers): boolean {
  const said = answerText(applicationAnswers[PRIOR_CLAIMS]);
  const counted = applicationAnswers[PRIOR_CLAIMS_COUNT];
  return said === 'yes' || (said !== 'no' && typeof counted === 'number' && counted > 0);
}

/** One reason per knock-out answer: any of them declines the order. */
export function knockoutReasons(sets: AnsweredSets): ReferralReason[] {
  return allChosen(sets)
    .filter(({ option }) => option.knockout)
    .map((chosen) => ({
      code: 'knockout_answer',
      label: `Your answer to “${chosen.question.text}” means we cannot offer this cover`,
      detail: `${questionAndAnswer(chosen)} This answer declines the order.`,
    }));
}

/** Every referral rule that fires, in a fixed order: premium, prior claims, referring answers. */
export function referralReasons(
  sets: AnsweredSets,
  premiumCents: number | null,
  authorityCents: number,
): ReferralReason[] {
  const reasons: ReferralReason[] = [];
  if (premiumCents !== null && premiumCents > authorityCents) {
    reasons.push({
      code: 'premium_above_authority',
      label: 'Your premium is above what we can approve automatically',
      detail: `Premium ${formatUsd(premiumCents)} is above the automatic authority of ${formatUsd(authorityCents)}.`,
    });
  }
  const priorClaims = priorClaimsReported(sets.application.answers);
  if (priorClaims) reasons.push(priorClaimsReason(sets.application));
  for (const chosen of allChosen(sets)) {
    // The prior-claims answer refers too; its own reason above already says so, with the count.
    if (!chosen.option.referral || (priorClaims && chosen.question.code === PRIOR_CLAIMS)) continue;
    reasons.push({
      code: 'referral_answer',
      label: `Your answer to “${chosen.question.text}” needs an underwriter’s review`,
      detail: questionAndAnswer(chosen),
    });
  }
  return reasons;
}

/** The application's prior-claims answers in the underwriter's words, each question with its answer. */
function priorClaimsReason({ questions, answers }: AnsweredSets['application']): ReferralReason {
  const answered = questions
    .filter(
      (question) =>
        question.code.startsWith(PRIOR_CLAIMS) &&
        isQuestionVisible(question, answers) &&
        !isBlankAnswer(answers[question.code]),
    )
    .map((question) => {
      const value = answers[question.code];
      const option = question.options.find((candidate) => candidate.value === answerText(value));
      return `${question.text} ${sentence(option?.label ?? answerText(value) ?? JSON.stringify(value))}`;
    });
  return {
    code: 'prior_claims',
    label: 'You reported claims made against you or your firm',
    detail: answered.length ? answered.join(' ') : 'The application reports prior claims.',
  };
}
