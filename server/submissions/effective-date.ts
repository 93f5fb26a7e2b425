/** The effective date a quote may be saved with (insured/createsubmission, insured/updaterating). */
import { businessToday, daysBetween } from '@shared/calendar';
import { MAX_EFFECTIVE_DATE_DAYS } from '@shared/contract/submissions';
import { badRequest } from '@server/http/http-error';

/**
 * From the business day before today — late in the evening an insured west of New York (Hawaii
 * is five or six hours behind) still lives in it, so their own today is always accepted — to 90
 * days after today.
 */
export function checkEffectiveDate(value: string, now: Date): void {
  const ahead = daysBetween(businessToday(now), value);
  if (ahead < -1) {
    throw badRequest(`The effective date ${value} is in the past: choose today or a later day`, {
      effectiveDate: 'must not be in the past',
    });
  }
  if (ahead > MAX_EFFECTIVE_DATE_DAYS) {
    throw badRequest(
      `The effective date ${value} is too far ahead: a policy may start at most ${MAX_EFFECTIVE_DATE_DAYS} days from today`,
      {
        effectiveDate: `must be at most ${MAX_EFFECTIVE_DATE_DAYS} days from today`,
      },
    );
  }
}
