import { describe, expect, it } from 'vitest';
import { formatUsd } from '@shared/contract/money-format';
import { formatFactor, formatUsdFast } from '@shared/rating/money';

describe('formatUsdFast', () => {
  it('writes what formatUsd writes', () => {
    const amounts = [
      0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 1_234_567, 99_999_999, 100_000_000,
      123_456_789_012,
    ];
    // A spread of magnitudes, the same each run.
    for (let i = 1; i < 2_000; i++) amounts.push((i * 7_919 * 10 ** (i % 14)) % Number.MAX_SAFE_INTEGER);
    amounts.push(Number.MAX_SAFE_INTEGER, 1.5, 0.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY);
    for (const cents of [...amounts, ...amounts.map((amount) => -amount)])
      expect(formatUsdFast(cents), String(cents)).toBe(formatUsd(cents));
  });
});

describe('formatFactor', () => {
  it('drops at most two trailing zeros of four decimals', () => {
    expect([10_000, 10_750, 11_500, 9_500, 10_001, 10_010, 10_100, 0, -2_500].map(formatFactor)).toEqual([
      '×1.00',
      '×1.075',
      '×1.15',
      '×0.95',
      '×1.0001',
      '×1.001',
      '×1.01',
      '×0.00',
      '×-0.25',
    ]);
  });
});
