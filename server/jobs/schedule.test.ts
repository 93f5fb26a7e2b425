import { describe, expect, it } from 'vitest';
import { cronFor, nextRunAfter } from '@server/jobs/schedule';

describe('a sweep’s schedule', () => {
  it('turns the periods that divide a day into cron', () => {
    expect(cronFor(1)).toBe('* * * * *');
    expect(cronFor(5)).toBe('*/5 * * * *');
    expect(cronFor(30)).toBe('*/30 * * * *');
    expect(cronFor(60)).toBe('0 * * * *');
    expect(cronFor(6 * 60)).toBe('0 */6 * * *');
    expect(cronFor(24 * 60)).toBe('0 0 * * *');
  });

  it('refuses a period cron cannot keep evenly', () => {
    for (const minutes of [0, -5, 7, 45, 90, 5 * 60, 48 * 60, 2.5]) expect(() => cronFor(minutes)).toThrow(RangeError);
  });

  it('finds the next firing after now, in UTC', () => {
    const at = (iso: string) => new Date(iso);
    expect(nextRunAfter(15, at('2026-11-26T10:07:30Z'))).toEqual(at('2026-11-26T10:15:00Z'));
    // On a firing, the next one (not now).
    expect(nextRunAfter(15, at('2026-11-26T10:15:00Z'))).toEqual(at('2026-11-26T10:30:00Z'));
    expect(nextRunAfter(60, at('2026-11-26T23:59:59Z'))).toEqual(at('2026-11-27T00:00:00Z'));
    expect(nextRunAfter(6 * 60, at('2026-11-26T13:00:00Z'))).toEqual(at('2026-11-26T18:00:00Z'));
    expect(nextRunAfter(24 * 60, at('2026-12-31T08:00:00Z'))).toEqual(at('2027-01-01T00:00:00Z'));
  });
});
