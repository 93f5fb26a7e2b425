import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '@shared/calendar';
import {
  daysInPeriod,
  daysRemaining,
  proratedChange,
  returnPremium,
  shareOf,
  type PolicyPeriod,
} from '@shared/rating/proration';

const yearFrom = (effectiveDate: string): PolicyPeriod => ({
  effectiveDate,
  expirationDate: addMonths(effectiveDate, 12),
});

describe('days of a policy period', () => {
  it('counts 365 days in a common year and 366 when the period holds February 29', () => {
    expect(daysInPeriod(yearFrom('2026-11-26'))).toBe(365);
    expect(daysInPeriod(yearFrom('2027-06-01'))).toBe(366); // holds 2028-02-29
    expect(daysInPeriod(yearFrom('2028-02-29'))).toBe(365); // to 2029-02-28
    expect(daysInPeriod(yearFrom('2028-03-01'))).toBe(365);
    expect(daysInPeriod(yearFrom('2099-06-01'))).toBe(365); // 2100 is not a leap year
  });

  it('counts the days left from a day of the period to its end, the effective date itself included', () => {
    const period = yearFrom('2026-01-31');
    expect(daysRemaining(period, '2026-01-31')).toBe(365);
    expect(daysRemaining(period, '2027-01-30')).toBe(1);
    expect(daysRemaining(period, '2026-03-08')).toBe(329); // the spring daylight-saving change
    expect(daysRemaining(period, '2026-11-01')).toBe(91); // the autumn one
    expect(() => daysRemaining(period, '2027-01-31')).toThrow(RangeError); // the expiration date
    expect(() => daysRemaining(period, '2026-01-30')).toThrow(RangeError);
  });
});

describe('prorated premium', () => {
  it('is the change of the annual premium × days left ÷ days in the period, to the cent', () => {
    const period = yearFrom('2026-11-26');
    // $1,200 more a year, from 2027-05-28: 182 of 365 days left → 120000 × 182 / 365 = 59835.62…
    expect(proratedChange(period, '2027-05-28', 250_000, 370_000)).toBe(59_836);
    // The same change the other way returns the same amount.
    expect(proratedChange(period, '2027-05-28', 370_000, 250_000)).toBe(-59_836);
    // On the first day: the whole difference; on the last: one day's worth.
    expect(proratedChange(period, '2026-11-26', 250_000, 370_000)).toBe(120_000);
    expect(proratedChange(period, '2027-11-25', 250_000, 370_000)).toBe(329); // 120000 / 365 = 328.77
  });

  it('rounds half away from zero', () => {
    expect(shareOf(1, 1, 2)).toBe(1);
    expect(shareOf(-1, 1, 2)).toBe(-1);
    expect(shareOf(5, 1, 4)).toBe(1); // 1.25
    expect(shareOf(7, 1, 4)).toBe(2); // 1.75
  });

  it('returns premium pro rata, or short rate (90% of it) where the state uses it', () => {
    const period = yearFrom('2026-11-26');
    expect(returnPremium(period, '2027-05-28', 250_000)).toBe(124_658); // 250000 × 182 / 365 = 124657.53
    expect(returnPremium(period, '2027-05-28', 250_000, 'short_rate')).toBe(112_192); // 90% of 124658 = 112192.2
    expect(returnPremium(period, '2026-11-26', 250_000)).toBe(250_000);
  });

  it('agrees with exact rational arithmetic for any period, day and premiums (leap years, month ends, DST days)', () => {
    const start = Date.UTC(1999, 0, 1);
    const dayArb = fc
      .integer({ min: 0, max: 365 * 120 })
      .map((n) => new Date(start + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        (effectiveDate, offset, before, after) => {
          const period = yearFrom(effectiveDate);
          const total = daysInPeriod(period);
          const from = addDays(effectiveDate, offset % total);
          const left = total - (offset % total);
          expect(daysRemaining(period, from)).toBe(left);
          const cents = proratedChange(period, from, before, after);
          // |cents − exact| ≤ ½ cent, where exact = (after − before) × left / total.
          const twiceError = Math.abs(2 * cents * total - 2 * (after - before) * left);
          expect(twiceError).toBeLessThanOrEqual(total);
          expect(proratedChange(period, from, after, before)).toBe(0 - cents);
          // Never more than the whole difference, and all of it on the first day.
          expect(Math.abs(cents)).toBeLessThanOrEqual(Math.abs(after - before));
          if (from === effectiveDate) expect(cents).toBe(after - before);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
