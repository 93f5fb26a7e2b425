/**
 * The business's calendar. Every day the app decides or writes — today's date for an effective
 * date, a due date or a date of loss, the day a document was issued, the year in a number — is a
 * calendar day in BUSINESS_TIME_ZONE, written YYYY-MM-DD. Cutting a day with
 * `toISOString().slice(0, 10)` would take UTC's, which for a business in the United States turns
 * the page at 7 or 8 in the evening.
 *
 * A calendar day has no time of day and no zone: arithmetic on one works on its year, month and
 * day through UTC, never through the machine's local time, so no daylight-saving change can add
 * or drop an hour and move it. Only turning an instant into a day needs the zone.
 *
 * Written here rather than taken from date-fns with @date-fns/tz or a Temporal polyfill: the one
 * zone-aware step is the zone's offset at an instant, which Intl.DateTimeFormat reads from the
 * platform's own time-zone database (the same source @date-fns/tz reads, the same way), and the
 * rest is a few lines of day arithmetic on YYYY-MM-DD strings, which those libraries would make
 * us convert to Date objects and back. Whether a text is a day at all is shared/calendar-day.ts,
 * kept apart for the client (the client bundles are at their budget): the client imports this
 * module only for a date of birth's "before today", on the screen that edits the insured.
 */
import { daysInMonth, isCalendarDay } from '@shared/calendar-day';

/**
 * Where the business keeps its books: "today" is New York's day. Every state the product is sold
 * in (the 50 and DC) lies at or west of it, so no insured's own today is ever later than it.
 */
export const BUSINESS_TIME_ZONE = 'America/New_York';

/**
 * A day, YYYY-MM-DD with a four-digit year (0000–9999), one that exists (isCalendarDay). Written
 * so, two days compare as text in calendar order: `<`, `>` and `===` are the comparison.
 */
export type CalendarDay = string;

type Parts = { year: number; month: number; day: number };

function partsOf(day: CalendarDay): Parts {
  if (!isCalendarDay(day)) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${JSON.stringify(day)}`);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

function dayFromParts({ year, month, day }: Parts): CalendarDay {
  if (!(year >= 0 && year <= 9999)) throw new RangeError(`The year ${year} is outside 0000–9999`);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * The UTC midnight of a day, in milliseconds. setUTCFullYear rather than Date.UTC, which reads
 * the years 0–99 as 1900–1999.
 */
function utcMidnight({ year, month, day }: Parts): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

const dayOfUtcMs = (ms: number): CalendarDay => {
  const date = new Date(ms);
  return dayFromParts({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
};

const MS_PER_DAY = 86_400_000;

// Built on first use, then kept: building a format loads ICU's time-zone data.
let offsetFormat: Intl.DateTimeFormat | undefined;

const MS_PER_HOUR = 3_600_000;
/** The last hour asked about and its offset: "today" is asked on every request (issue 17's budget). */
let cachedHour = Number.NaN;
let cachedOffsetMs = 0;

/**
 * BUSINESS_TIME_ZONE's offset from UTC at an instant, in milliseconds ("GMT-05:00" → −5 h). New
 * York's offset has changed only on whole UTC hours since 1883 (daylight saving moves at 2 a.m.
 * local, 06:00 or 07:00 UTC), so one answer holds for its whole UTC hour and is kept: formatToParts
 * costs about 3 µs, the kept answer nothing.
 */
function businessOffsetMs(instant: Date): number {
  const hour = Math.floor(instant.getTime() / MS_PER_HOUR);
  if (hour === cachedHour) return cachedOffsetMs;
  cachedOffsetMs = offsetAt(instant);
  cachedHour = hour;
  return cachedOffsetMs;
}

function offsetAt(instant: Date): number {
  offsetFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, timeZoneName: 'longOffset' });
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
  // Whole minutes today; the seconds are there for local mean time before 1883 (GMT-04:56:02).
  const match = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(name);
  if (!match) throw new RangeError(`Unexpected offset ${JSON.stringify(name)} for ${BUSINESS_TIME_ZONE}`);
  const [, sign, hours = '0', minutes = '0', seconds = '0'] = match;
  return (sign === '-' ? -1 : 1) * ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
}

/** The business day an instant falls on: a stored timestamp's day (an invoice's, a document's). */
export function dayOf(instant: Date): CalendarDay {
  // formatToParts throws a RangeError on an invalid Date.
  return dayOfUtcMs(instant.getTime() + businessOffsetMs(instant));
}

/** Today's business day, from the server clock's now (or the browser's, on the client). */
export const businessToday = (now: Date): CalendarDay => dayOf(now);

/** The year a day falls in (a number's P-2026-…, a date of birth's limit). */
export const yearOf = (day: CalendarDay): number => partsOf(day).year;

function wholeNumber(count: number): number {
  if (!Number.isInteger(count)) throw new RangeError(`Not a whole number: ${count}`);
  return count;
}

/** A day plus whole days (minus, when negative). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  return dayOfUtcMs(utcMidnight(partsOf(day)) + wholeNumber(days) * MS_PER_DAY);
}

/**
 * A day plus whole months, held to the last day of a shorter month: Jan 31 + 1 month is Feb 28
 * (Feb 29 in a leap year), and Feb 29 + 12 months is Feb 28.
 */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
  const start = partsOf(day);
  const monthIndex = start.year * 12 + (start.month - 1) + wholeNumber(months);
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  return dayFromParts({ year, month, day: Math.min(start.day, daysInMonth(year, month)) });
}

/** Whole days from one day to another: 1 from today to tomorrow, −1 to yesterday. */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  // Exact: every UTC day is 24 hours long.
  return (utcMidnight(partsOf(to)) - utcMidnight(partsOf(from))) / MS_PER_DAY;
}
