import { formatCalendarDay, mediumDate } from '@shared/contract/date-format';

/**
 * Each format built on first use, then kept: building one loads ICU's locale data, which on a
 * phone costs a screen that imports this module tens of milliseconds before its first paint,
 * whether or not it shows a date.
 */
const lazyFormat = (options: Intl.DateTimeFormatOptions) => {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-US', options));
};
const localDay = lazyFormat({ dateStyle: 'medium' });
const localMoment = lazyFormat({ dateStyle: 'medium', timeStyle: 'short' });
const utcMoment = lazyFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const utcMomentToTheSecond = lazyFormat({ dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** A timestamp as a Date, or nothing when it cannot be read (then it is shown as it came). */
function readable(value: string): Date | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * "Jul 1, 2026" for a calendar date (YYYY-MM-DD) or a timestamp: every screen writes days this
 * way. A calendar date is read and written in UTC, so a date of loss or a start date never moves a
 * day with the reader's time zone; a timestamp shows the reader's own day. Anything unreadable is
 * shown as it came.
 */
export function formatDay(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDay(value);
  const date = readable(value);
  // By hand, as formatCalendarDay (shared/contract/date-format.ts), in the reader's time zone.
  return date ? mediumDate(date.getFullYear(), date.getMonth(), date.getDate(), localDay, date) : value;
}

/** "Jul 1, 2026, 3:05 PM": a moment, to the minute, in the reader's time zone (an order's history). */
export function formatMoment(value: string): string {
  const date = readable(value);
  return date ? localMoment().format(date) : value;
}

/**
 * "Jul 1, 2026, 3:05 PM UTC": a moment for the back office, where people in several time zones
 * compare records; the audit log reads it to the second.
 */
export function formatMomentUtc(value: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const date = readable(value);
  return date ? `${(seconds ? utcMomentToTheSecond : utcMoment)().format(date)} UTC` : value;
}

/** Today as YYYY-MM-DD where the insured is (a date input's `max`). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
