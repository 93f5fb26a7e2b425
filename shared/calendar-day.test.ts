import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { daysInMonth, isCalendarDay } from '@shared/calendar-day';

describe('isCalendarDay', () => {
  it('takes days that exist, leap days in leap years only', () => {
    expect(
      ['2028-02-29', '2000-02-29', '2026-02-28', '2026-12-31', '2026-04-30', '0001-01-01'].map(isCalendarDay),
    ).toEqual([true, true, true, true, true, true]);
    expect(
      ['2100-02-29', '2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00'].map(
        isCalendarDay,
      ),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('takes only YYYY-MM-DD', () => {
    expect(
      ['2026-1-01', '26-01-01', ' 2026-01-01', '2026-01-01T00:00', '2026/01/01', '+02026-01-01', ''].map(isCalendarDay),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('says what the Date round trip it replaces said, for any NNNN-NN-NN', () => {
    const roundTrip = (value: string) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
    };
    const digits = (width: number, max: number) =>
      fc.integer({ min: 0, max }).map((n) => String(n).padStart(width, '0'));
    fc.assert(
      fc.property(digits(4, 9999), digits(2, 99), digits(2, 99), (year, month, day) => {
        const value = `${year}-${month}-${day}`;
        return isCalendarDay(value) === roundTrip(value);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('daysInMonth', () => {
  it('counts 28 or 29 days in February, 30 or 31 in the other months', () => {
    expect([2026, 2028, 2000, 2100].map((year) => daysInMonth(year, 2))).toEqual([28, 29, 29, 28]);
    expect(Array.from({ length: 12 }, (_, index) => daysInMonth(2026, index + 1))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
  });
});
