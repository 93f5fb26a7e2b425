/**
 * "Jul 1, 2026": the one way a calendar date (YYYY-MM-DD) is written to people, on screen and in
 * what the server words (a field's message, an e-mail) alike. Read and written in UTC, so a date
 * of loss or a start date never moves a day with the reader's time zone. Anything else, a day
 * that does not exist (2026-02-30) included, is shown as it came.
 *
 * Written by hand rather than with Intl.DateTimeFormat: building a format loads ICU's locale data,
 * which on a phone (4× slower CPU) cost the review-and-pay screen 48 ms in the render that paints
 * it. en-US's medium date is fixed ("MMM d, y"); a test holds this to Intl's output day by day.
 */
import { isCalendarDay } from '@shared/calendar-day';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** en-US's medium date ("Jul 1, 2026") from a year, a month (0–11) and a day; years before 1000 go to Intl (its era rules). */
export function mediumDate(
  year: number,
  monthIndex: number,
  day: number,
  intl: () => Intl.DateTimeFormat,
  date: Date,
): string {
  return year >= 1000 ? `${MONTHS[monthIndex]} ${day}, ${year}` : intl().format(date);
}

let calendarDay: Intl.DateTimeFormat | undefined;
const utcDayFormat = () => (calendarDay ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));

export function formatCalendarDay(value: string): string {
  if (!isCalendarDay(value)) return value;
  // UTC midnight of the day, so its UTC fields are the day's own.
  const date = new Date(`${value}T00:00:00Z`);
  return mediumDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), utcDayFormat, date);
}
