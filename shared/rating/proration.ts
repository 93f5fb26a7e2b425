/**
 * Pro rata and short rate after the sale (DESIGN.md "The policy after the sale", issue 19): the
 * share of a year's premium that a change, a cancellation or a tail earns or returns.
 *
 * Days are calendar days of the business (shared/calendar.ts), counted on day numbers, so a
 * daylight-saving change, a leap day or a month end never adds or loses an hour. Cover runs from
 * 12:01 a.m. on the effective date to 12:01 a.m. on the expiration date: a change effective on
 * day D applies to the days from D up to the expiration date, not including it.
 *
 * Money is integer cents; the share is worked out exactly in BigInt and rounded half away from
 * zero to the cent, so a change and its reverse are the same amount with opposite signs.
 */
import { daysBetween, type CalendarDay } from '@shared/calendar';

export interface PolicyPeriod {
  /** The first day of cover. */
  effectiveDate: CalendarDay;
  /** The day cover ends (at 12:01 a.m.): not a day of cover. */
  expirationDate: CalendarDay;
}

/** Days of cover in the period: 365, or 366 when it holds a February 29. */
export function daysInPeriod(period: PolicyPeriod): number {
  const days = daysBetween(period.effectiveDate, period.expirationDate);
  if (days <= 0) throw new RangeError(`The period ends before it starts: ${JSON.stringify(period)}`);
  return days;
}

/** Days of cover left from `from` (a day of the period) to the end: the whole period on its first day. */
export function daysRemaining(period: PolicyPeriod, from: CalendarDay): number {
  const total = daysInPeriod(period);
  const left = daysBetween(from, period.expirationDate);
  if (left <= 0 || left > total) {
    throw new RangeError(`${from} is not a day of the period ${period.effectiveDate} to ${period.expirationDate}`);
  }
  return left;
}

/** cents × numerator / denominator, rounded half away from zero to the cent. */
export function shareOf(cents: number, numerator: number, denominator: number): number {
  for (const [name, value] of [
    ['cents', cents],
    ['numerator', numerator],
    ['denominator', denominator],
  ] as const) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number, not ${value}`);
  }
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  const product = BigInt(cents) * BigInt(numerator);
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product < 0n ? -product : product;
  const d = BigInt(denominator);
  return Number(sign * ((2n * magnitude + d) / (2n * d)));
}

/**
 * The premium a change of the annual premium costs (positive) or returns (negative) from its
 * effective date: (new annual − old annual) × days remaining ÷ days in the period.
 */
export function proratedChange(
  period: PolicyPeriod,
  effectiveDate: CalendarDay,
  annualBeforeCents: number,
  annualAfterCents: number,
): number {
  return shareOf(annualAfterCents - annualBeforeCents, daysRemaining(period, effectiveDate), daysInPeriod(period));
}

/**
 * The short-rate penalty some states allow on an insured's own cancellation: the return is 90% of
 * pro rata (a common manual rule; states that use it are an option of the rate tables).
 */
export const SHORT_RATE_RETURN_BPS = 9_000;

/**
 * The premium returned when a policy paid `annualPremiumCents` for the year is cancelled from
 * `cancellationDate`: pro rata by the days left, or short rate (90% of that) where the state uses it.
 */
export function returnPremium(
  period: PolicyPeriod,
  cancellationDate: CalendarDay,
  annualPremiumCents: number,
  method: 'pro_rata' | 'short_rate' = 'pro_rata',
): number {
  const proRata = shareOf(annualPremiumCents, daysRemaining(period, cancellationDate), daysInPeriod(period));
  return method === 'short_rate' ? shareOf(proRata, SHORT_RATE_RETURN_BPS, 10_000) : proRata;
}
