import { formatCalendarDay } from '@shared/contract/date-format';

/**
 * When a cancellation stops the cover, said one way on every screen, mail and notice: at 12:01
 * a.m. on the cancellation date, the first day without cover (as the notice's PDF and the
 * proration count it: shared/rating/proration.ts). On that day itself the cover has already
 * stopped, at its start — it never "continues until then".
 */

/** "at 12:01 a.m. on Sep 28, 2027", or on that day "at the start of today (12:01 a.m., Sep 28, 2027)". */
export function coverStopsAt(cancellationDate: string, today: string): string {
  const day = formatCalendarDay(cancellationDate);
  return cancellationDate === today ? `at the start of today (12:01 a.m., ${day})` : `at 12:01 a.m. on ${day}`;
}

/**
 * The sentence: "Your cover stops at 12:01 a.m. on Sep 28, 2027, the first day without cover.", in
 * the past tense from that day on, and plainly already past when it is today.
 */
export function coverStopsSentence(cancellationDate: string, today: string): string {
  const at = coverStopsAt(cancellationDate, today);
  if (cancellationDate > today) return `Your cover stops ${at}, the first day without cover.`;
  if (cancellationDate === today) return `Your cover stopped ${at}: today is the first day without cover.`;
  return `Your cover stopped ${at}, the first day without cover.`;
}
