/**
 * "Jul 1, 2026": the one way a calendar date (YYYY-MM-DD) is written to people, on screen and in
 * what the server words (a field's message, an e-mail) alike. Read and written in UTC, so a date
 * of loss or a start date never moves a day with the reader's time zone. Anything else is shown
 * as it came.
 */
// Built on first use, not on import (loading ICU's locale data costs a phone's first paint).
let calendarDay: Intl.DateTimeFormat | undefined;

export function formatCalendarDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : (calendarDay ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })).format(date);
}
