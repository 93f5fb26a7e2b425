import { describe, expect, it } from 'vitest';
import { rate, RatingError, type RatingRequest, type RatingTable } from '@shared/rating/engine';

/** A small table whose figures the examples below work out by hand. */
const table: RatingTable = {
  id: 3,
  version: 1,
  specialityName: 'Dentists',
  stateCode: 'TX',
  stateName: 'Texas',
  basePremiumCents: 200_000,
  minPremiumCents: 150_000,
  policyFeeCents: 10_000,
  taxRateBps: 500,
  feeRateBps: 100,
  factors: {
    ilf: [
      { code: '1M/3M', label: '$1M / $3M', perClaimCents: 100_000_000, aggregateCents: 300_000_000, factorBps: 10_000 },
    ],
    dlf: [{ code: '1000', label: '$1,000', deductibleCents: 100_000, factorBps: 10_000 }],
    territory: { defaultBps: 10_000, rows: [] },
    experience: [{ minClaims: 0, maxClaims: null, factorBps: 10_000 }],
    scheduleCapBps: 2_500,
  },
};

const request: RatingRequest = {
  zipcode: '77002',
  limitCode: '1M/3M',
  deductibleCode: '1000',
  questions: [],
  answers: {},
  priorClaims: 0,
};

describe('an underwriter’s premium adjustment in the rating engine', () => {
  it('changes nothing at all when absent or zero', () => {
    const plain = rate(table, request);
    expect(rate(table, { ...request, adjustment: { bps: 0, reason: 'none' } })).toEqual(plain);
    expect(JSON.stringify(rate(table, { ...request, adjustment: { bps: 0, reason: 'none' } }))).toBe(
      JSON.stringify(plain),
    );
    expect(plain).not.toHaveProperty('adjustmentBps');
    expect(plain.worksheet.map((line) => line.step)).not.toContain('adjustment');
  });

  it('adjusts the premium after the minimum and before the fee, so taxes and fees follow', () => {
    // $2,000 × 1.155 = $2,310; + $100 fee = $2,410 taxable; tax 5 % = $120.50; state fee 1 % = $24.10.
    const adjusted = rate(table, { ...request, adjustment: { bps: 1_550, reason: 'Surgical work' } });
    expect(adjusted).toMatchObject({
      premiumCents: 231_000,
      adjustmentBps: 1_550,
      taxCents: 12_050,
      stateFeeCents: 2_410,
      totalCents: 255_460,
    });
    const steps = adjusted.worksheet.map((line) => line.step);
    expect(steps).toEqual([
      'base',
      'territory',
      'limit',
      'deductible',
      'schedule',
      'experience',
      'minimum',
      'adjustment',
      'policyFee',
      'tax',
      'stateFee',
      'total',
    ]);
    expect(adjusted.worksheet[7]).toEqual({
      step: 'adjustment',
      label: 'Underwriter adjustment',
      source: 'underwriter: Surgical work',
      factorBps: 11_550,
      runningCents: 231_000,
      text: 'Underwriter adjustment +15.5%, in whole dollars: $2,310.00',
    });
    expect(adjusted.worksheet.at(-1)!.runningCents).toBe(255_460);
  });

  it('rounds to whole dollars and may go below the minimum premium (the underwriter decides)', () => {
    // $2,000 × 0.5 = $1,000, under the $1,500 minimum; $2,000 × 1.0333 = $2,066.60 → $2,067.
    expect(rate(table, { ...request, adjustment: { bps: -5_000, reason: 'x' } }).premiumCents).toBe(100_000);
    expect(rate(table, { ...request, adjustment: { bps: 333, reason: 'x' } }).premiumCents).toBe(206_700);
  });

  it('refuses an adjustment that would take the premium to nothing', () => {
    expect(() => rate(table, { ...request, adjustment: { bps: -10_000, reason: 'x' } })).toThrow(RatingError);
  });
});
