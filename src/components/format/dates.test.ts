import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatDay, formatMoment, formatMomentUtc } from '@/components/format/dates';

describe('one date format on every screen', () => {
  it('writes a calendar date as "Jul 1, 2026", the same day whatever the reader’s time zone', () => {
    expect(formatDay('2026-07-01')).toBe('Jul 1, 2026');
    expect(formatCalendarDay('2027-12-31')).toBe('Dec 31, 2027');
  });

  it('writes a timestamp’s day and moment in the same words', () => {
    expect(formatDay('2026-07-01T12:00:00Z')).toMatch(/^Jul [12], 2026$/);
    expect(formatMoment('2026-07-01T12:00:00Z')).toMatch(/^Jul [12], 2026, \d{1,2}:\d{2}\s[AP]M$/);
    // ICU versions differ on the space before PM (a narrow no-break space in some).
    expect(formatMomentUtc('2026-07-01T15:05:09Z')).toMatch(/^Jul 1, 2026, 3:05\sPM UTC$/);
    expect(formatMomentUtc('2026-07-01T15:05:09Z', { seconds: true })).toMatch(/^Jul 1, 2026, 3:05:09\sPM UTC$/);
  });

  it('writes days by hand exactly as Intl’s en-US medium date does, day by day over two centuries and before year 1000', () => {
    const utc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
    const mismatches: string[] = [];
    const days = [
      ...Array.from({ length: 73_050 }, (_, index) => Date.UTC(1930, 0, 1) + index * 86_400_000),
      Date.UTC(999, 11, 31),
      Date.UTC(1000, 0, 1),
    ];
    for (const time of days) {
      const iso = new Date(time).toISOString();
      const day = iso.slice(0, 10);
      if (formatCalendarDay(day) !== utc.format(new Date(time))) mismatches.push(`${day} → ${formatCalendarDay(day)}`);
      const moment = `${day}T15:30:00Z`;
      if (formatDay(moment) !== local.format(new Date(moment))) mismatches.push(`${moment} → ${formatDay(moment)}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('shows what it cannot read as it came', () => {
    expect(formatDay('soon')).toBe('soon');
    expect(formatCalendarDay('2026-13-45')).toBe('2026-13-45');
    expect(formatMoment('')).toBe('');
    expect(formatMomentUtc('never')).toBe('never');
  });
});
