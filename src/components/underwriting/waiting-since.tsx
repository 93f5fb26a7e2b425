import { formatMoment } from '@/components/format/dates';

// Built on first use, not on import (loading ICU's locale data costs a phone's first paint).
let relative: Intl.RelativeTimeFormat | undefined;
const relativeFormat = () => (relative ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 days ago", "5 hours ago", "now": how long an order has waited, in the largest whole unit. */
export function waitingWords(at: string, now: number = Date.now()): string {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return at;
  const elapsed = Math.max(0, now - time);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relativeFormat().format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}

/** When it started waiting, to the minute, in the reader's time zone. */
export function exactWords(at: string): string {
  return formatMoment(at);
}

/** How long, and exactly since when (a <time> machines can read). */
export function WaitingSince({ at, now }: { at: string; now?: number }) {
  return (
    <span className="waiting-since">
      <span className="waiting-since__relative">{waitingWords(at, now)}</span>{' '}
      <time className="waiting-since__exact" dateTime={at}>
        ({exactWords(at)})
      </time>
    </span>
  );
}
