/**
 * A claims-made policy covers claims about work done on or after its retroactive date (DESIGN.md
 * "The policy after the sale"). For new business that is the policy's inception (its effective
 * date), unless the insured reports continuous prior cover: then the prior-acts date they give
 * (the retroactive date of the cover they have today), so work done under it stays covered.
 */
import { isCalendarDay } from '@shared/calendar-day';
import { answerText } from '@shared/contract/question-rules';

/**
 * The form every policy here is written on: claims-made and reported (the declarations print it,
 * server/documents/policy-pdf.ts). The certificate marks the cover by it.
 */
export const POLICY_FORM = 'claims-made' as const;

/** The application question "Do you carry professional liability insurance today?" (yes/no). */
export const PRIOR_COVERAGE = 'prior_coverage';
/** Asked only after a yes to PRIOR_COVERAGE: the date continuous cover began (YYYY-MM-DD). */
export const PRIOR_ACTS_DATE = 'prior_acts_date';

/**
 * YYYY-MM-DD. A prior-acts date counts only with a yes to prior cover (its question shows only
 * then) and never reaches past inception: cover cannot start looking back from a later day.
 */
export function retroactiveDate(effectiveDate: string, applicationAnswers: Record<string, unknown>): string {
  if (answerText(applicationAnswers[PRIOR_COVERAGE]) !== 'yes') return effectiveDate;
  const priorActs = applicationAnswers[PRIOR_ACTS_DATE];
  if (typeof priorActs !== 'string' || !isCalendarDay(priorActs)) return effectiveDate;
  return priorActs < effectiveDate ? priorActs : effectiveDate;
}
