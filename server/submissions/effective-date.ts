/** The effective date a quote may be saved with (insured/createsubmission, insured/updaterating). */
import { MAX_EFFECTIVE_DATE_DAYS } from '@shared/contract/submissions';
import { badRequest } from '@server/http/http-error';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Today in UTC: the effective date when none is given. */
export const todayUtc = (now: Date) => isoDay(now);

/**
 * From yesterday (UTC) — every US time zone is behind UTC, so an insured's own today is always
 * accepted — to 90 days after today.
 */
export function checkEffectiveDate(value: string, now: Date): void {
  const earliest = isoDay(new Date(now.getTime() - DAY_MS));
  const latest = isoDay(new Date(now.getTime() + MAX_EFFECTIVE_DATE_DAYS * DAY_MS));
  if (value < earliest) {
    throw badRequest(`The effective date ${value} is in the past: choose today or a later day`, {
      effectiveDate: 'must not be in the past',
    });
  }
  if (value > latest) {
    throw badRequest(
      `The effective date ${value} is too far ahead: a policy may start at most ${MAX_EFFECTIVE_DATE_DAYS} days from today`,
      {
        effectiveDate: `must be at most ${MAX_EFFECTIVE_DATE_DAYS} days from today`,
      },
    );
  }
}
