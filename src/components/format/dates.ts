const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const localDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * "Jul 1, 2026" for a calendar date (YYYY-MM-DD) or a timestamp. A calendar date is read and
 * written in UTC, so a date of loss or a start date never moves a day with the reader's time zone;
 * a timestamp shows the reader's own day. Anything unreadable is shown as it came.
 */
export function formatDay(value: string): string {
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(calendar ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return (calendar ? calendarDay : localDay).format(date);
}

/** Today as YYYY-MM-DD where the insured is (a date input's `max`). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
