import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from '@/api/contract/date-format';
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

  it('shows what it cannot read as it came', () => {
    expect(formatDay('soon')).toBe('soon');
    expect(formatCalendarDay('2026-13-45')).toBe('2026-13-45');
    expect(formatMoment('')).toBe('');
    expect(formatMomentUtc('never')).toBe('never');
  });
});
