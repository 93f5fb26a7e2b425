import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isCalendarDay } from '@shared/calendar-day';
import { addDays, addMonths, BUSINESS_TIME_ZONE, businessToday, dayOf, daysBetween, yearOf } from '@shared/calendar';

const at = (iso: string) => new Date(iso);
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** Any day from 1900 to 2200, as YYYY-MM-DD. */
const anyDay = fc
  .date({ min: at('1900-01-01T00:00:00Z'), max: at('2200-12-31T00:00:00Z'), noInvalidDate: true })
  .map(utcDay);

describe('the business time zone', () => {
  it('is New York', () => {
    expect(BUSINESS_TIME_ZONE).toBe('America/New_York');
  });
});

describe('businessToday and dayOf', () => {
  it('turn the day at midnight in New York in winter (EST, UTC−5), not at midnight UTC', () => {
    expect(businessToday(at('2026-01-15T04:59:00Z'))).toBe('2026-01-14'); // 23:59 on the 14th
    expect(businessToday(at('2026-01-15T05:01:00Z'))).toBe('2026-01-15'); // 00:01 on the 15th
    expect(businessToday(at('2026-01-15T04:59:59.999Z'))).toBe('2026-01-14');
    expect(businessToday(at('2026-01-15T05:00:00Z'))).toBe('2026-01-15');
  });

  it('turn the day at midnight in New York in summer (EDT, UTC−4)', () => {
    expect(businessToday(at('2026-07-15T03:59:00Z'))).toBe('2026-07-14'); // 23:59 on the 14th
    expect(businessToday(at('2026-07-15T04:01:00Z'))).toBe('2026-07-15'); // 00:01 on the 15th
  });

  it('say 8 pm in New York is still today there, when UTC has turned to tomorrow', () => {
    const evening = at('2026-11-27T01:00:00Z');
    expect(utcDay(evening)).toBe('2026-11-27');
    expect(businessToday(evening)).toBe('2026-11-26');
  });

  it('count the 23 hours of the day the clocks go forward (2026-03-08) as that day', () => {
    expect(dayOf(at('2026-03-08T04:59:59.999Z'))).toBe('2026-03-07'); // 23:59:59 EST on the 7th
    expect(dayOf(at('2026-03-08T05:00:00Z'))).toBe('2026-03-08'); // 00:00 EST
    expect(dayOf(at('2026-03-08T06:59:00Z'))).toBe('2026-03-08'); // 01:59 EST
    expect(dayOf(at('2026-03-08T07:00:00Z'))).toBe('2026-03-08'); // 03:00 EDT: 02:xx never happens
    expect(dayOf(at('2026-03-09T03:59:00Z'))).toBe('2026-03-08'); // 23:59 EDT
    expect(dayOf(at('2026-03-09T04:01:00Z'))).toBe('2026-03-09'); // 00:01 EDT on the 9th
  });

  it('count the 25 hours of the day the clocks go back (2026-11-01) as that day', () => {
    expect(dayOf(at('2026-11-01T03:59:00Z'))).toBe('2026-10-31'); // 23:59 EDT on the 31st
    expect(dayOf(at('2026-11-01T04:01:00Z'))).toBe('2026-11-01'); // 00:01 EDT
    expect(dayOf(at('2026-11-01T05:30:00Z'))).toBe('2026-11-01'); // 01:30 EDT
    expect(dayOf(at('2026-11-01T06:30:00Z'))).toBe('2026-11-01'); // 01:30 EST, the hour again
    expect(dayOf(at('2026-11-02T04:59:00Z'))).toBe('2026-11-01'); // 23:59 EST
    expect(dayOf(at('2026-11-02T05:01:00Z'))).toBe('2026-11-02'); // 00:01 EST on the 2nd
  });

  it('take New Year’s Eve in New York as the old year', () => {
    expect(yearOf(dayOf(at('2027-01-01T03:00:00Z')))).toBe(2026);
    expect(yearOf(dayOf(at('2027-01-01T05:00:00Z')))).toBe(2027);
  });

  it('agree with UTC’s day from 05:00 UTC to midnight, and are the day before from 00:00 to 04:00 UTC', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('1970-01-01T00:00:00Z'), max: at('2100-12-31T23:59:59Z'), noInvalidDate: true }),
        (instant) => {
          const hour = instant.getUTCHours();
          if (hour >= 5) return dayOf(instant) === utcDay(instant);
          if (hour < 4) return dayOf(instant) === addDays(utcDay(instant), -1);
          // 04:00–04:59 UTC: midnight to 1 am in summer, still the day before in winter.
          return [utcDay(instant), addDays(utcDay(instant), -1)].includes(dayOf(instant));
        },
      ),
    );
  });

  it('agree with Intl’s own New York calendar date', () => {
    const newYork = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', dateStyle: 'short' });
    fc.assert(
      fc.property(
        fc.date({ min: at('1000-01-02T00:00:00Z'), max: at('9999-12-30T00:00:00Z'), noInvalidDate: true }),
        (instant) => dayOf(instant) === newYork.format(instant),
      ),
    );
  });

  it('throw on an invalid Date rather than make up a day', () => {
    expect(() => dayOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('crosses month ends, year ends and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-06-10', 30)).toBe('2026-07-10');
    expect(addDays('2026-06-10', 0)).toBe('2026-06-10');
  });

  it('moves one day at a time across the daylight-saving changes', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-10-31', 1)).toBe('2026-11-01');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2026-11-02', -2)).toBe('2026-10-31');
  });

  it('reads the years 0–99 as they are (not 1900–1999)', () => {
    expect(addDays('0050-12-31', 1)).toBe('0051-01-01');
  });

  it('is undone by the same number of days back', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -40_000, max: 40_000 }), (day, days) => {
        const later = addDays(day, days);
        return isCalendarDay(later) && addDays(later, -days) === day && daysBetween(day, later) === days;
      }),
    );
  });

  it('throws on what is not a day, a fraction of a day or a year past 9999', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-02-10', 0.5)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
  });
});

describe('addMonths', () => {
  it('keeps the day of the month', () => {
    expect(addMonths('2026-05-15', 1)).toBe('2026-06-15');
    expect(addMonths('2026-05-15', 12)).toBe('2027-05-15');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-05-15', -6)).toBe('2025-11-15');
    expect(addMonths('2026-03-08', 12)).toBe('2027-03-08');
    expect(addMonths('2026-05-15', 0)).toBe('2026-05-15');
  });

  it('holds to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2100-01-31', 1)).toBe('2100-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2028-02-29', 48)).toBe('2032-02-29');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-08-31', 3)).toBe('2026-11-30');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('gives the installment dates the schedule gave before (months added on UTC dates)', () => {
    // The schedule's own addMonths before this module, kept here as the reference.
    const before = (isoDay: string, months: number) => {
      const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
      const first = new Date(Date.UTC(year, month - 1 + months, 1));
      const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
      first.setUTCDate(Math.min(day, lastDay));
      return first.toISOString().slice(0, 10);
    };
    fc.assert(
      fc.property(
        anyDay,
        fc.integer({ min: -120, max: 120 }),
        (day, months) => addMonths(day, months) === before(day, months),
      ),
    );
  });

  it('throws on a fraction of a month or a year before 0000', () => {
    expect(() => addMonths('2026-01-31', 1.5)).toThrow(RangeError);
    expect(() => addMonths('0000-01-31', -1)).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it('counts whole days, whatever the clocks did in between', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-03-08', '2026-03-09')).toBe(1);
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
    expect(daysBetween('2026-11-01', '2026-11-02')).toBe(1);
    expect(daysBetween('2026-11-02', '2026-10-31')).toBe(-2);
    expect(daysBetween('2026-06-10', '2026-06-10')).toBe(0);
  });

  it('counts 365 or 366 days in a year', () => {
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2100-01-01', '2101-01-01')).toBe(365);
    expect(daysBetween('2000-01-01', '2001-01-01')).toBe(366);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2100-02-28', '2100-03-01')).toBe(1);
  });

  it('orders days as their text does', () => {
    fc.assert(fc.property(anyDay, anyDay, (a, b) => Math.sign(daysBetween(a, b)) === Math.sign(b.localeCompare(a))));
  });
});

describe('day arithmetic never goes through the machine’s local time', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each([
    ['America/New_York', 300],
    ['Pacific/Auckland', -780],
    ['Asia/Kolkata', -330],
  ])('gives the same days in %s', (machineZone, januaryOffset) => {
    process.env.TZ = machineZone;
    // The machine's local time is now that zone's (so the test is not run in UTC by accident).
    expect(new Date(2026, 0, 15).getTimezoneOffset()).toBe(januaryOffset);
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-07', '2026-11-02')).toBe(240);
    expect(dayOf(at('2026-03-09T03:59:00Z'))).toBe('2026-03-08');
    expect(businessToday(at('2026-11-27T01:00:00Z'))).toBe('2026-11-26');
  });
});
