/**
 * A sweep's `everyMinutes` as the engine's cron expression, and its next run. Cron has no
 * "every 90 minutes" that lands evenly across days, so only periods that divide a day evenly are
 * accepted (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30 minutes; 1, 2, 3, 4, 6, 8, 12 hours; a day), and
 * a row with another period fails the start rather than running at times nobody expects.
 * Times are UTC, as the engine's schedules are.
 */
import { MINUTE } from '@server/clock';

const MINUTES_PER_DAY = 24 * 60;

export function cronFor(everyMinutes: number): string {
  if (!Number.isInteger(everyMinutes) || everyMinutes < 1 || MINUTES_PER_DAY % everyMinutes !== 0) {
    throw new RangeError(`everyMinutes ${everyMinutes} does not divide a day evenly`);
  }
  if (everyMinutes === 1) return '* * * * *';
  if (everyMinutes < 60) {
    // Divides the day but not the hour (e.g. 32, 45): the minutes would drift from hour to hour.
    if (60 % everyMinutes !== 0) throw new RangeError(`everyMinutes ${everyMinutes} does not divide an hour evenly`);
    return `*/${everyMinutes} * * * *`;
  }
  if (everyMinutes % 60 !== 0) throw new RangeError(`everyMinutes ${everyMinutes} is not a whole number of hours`);
  const hours = everyMinutes / 60;
  return hours === 24 ? '0 0 * * *' : hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
}

/** The first time after `now` that the schedule of `cronFor(everyMinutes)` fires (UTC). */
export function nextRunAfter(everyMinutes: number, now: Date): Date {
  cronFor(everyMinutes);
  const period = everyMinutes * MINUTE;
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // Every accepted period divides the day, so its firings are the multiples of it since midnight.
  return new Date(midnight + (Math.floor((now.getTime() - midnight) / period) + 1) * period);
}
