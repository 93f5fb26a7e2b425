/**
 * Whether a text names a calendar day: the one piece of the calendar the client imports (a date
 * field's check, a day written as "Jul 1, 2026"). It sits apart from shared/calendar.ts so that
 * the chunk every screen loads carries these few lines and not the time-zone code: the client
 * bundles are at their budget.
 */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The days of each month in a common year, January first. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The days of a month (1–12) in a year of the proleptic Gregorian calendar: 2100 is not a leap year. */
export function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!;
}

/**
 * Whether the text is a day that exists, YYYY-MM-DD: 2028-02-29 but not 2100-02-29 or 2026-04-31.
 * What a round trip through Date would say, without building a Date per answer.
 */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(match[1]), month);
}
