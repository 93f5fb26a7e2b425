import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatLimitUsd, formatUsd, formatWholeUsd, groupThousands } from '@shared/contract/money-format';

describe('money words', () => {
  it('groups thousands exactly as Intl does for en-US, for any whole number', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(1234567)).toBe('1,234,567');
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (n) => groupThousands(n) === n.toLocaleString('en-US')),
    );
  });

  it('writes cents as a US quote does', () => {
    expect(formatUsd(273_000)).toBe('$2,730.00');
    expect(formatUsd(-1_050)).toBe('−$10.50');
  });

  it('writes whole dollars without cents, and keeps cents when there are any', () => {
    expect(formatWholeUsd(250_000)).toBe('$2,500');
    expect(formatWholeUsd(250_050)).toBe('$2,500.50');
  });

  it('writes limits as people say them: millions short, anything else in full', () => {
    expect(formatLimitUsd(100_000_000)).toBe('$1M');
    expect(formatLimitUsd(300_000_000)).toBe('$3M');
    expect(formatLimitUsd(250_000_000)).toBe('$2.5M');
    expect(formatLimitUsd(50_000_000)).toBe('$500,000');
    expect(formatLimitUsd(25_000_000)).toBe('$250,000');
    expect(formatLimitUsd(123_456_700)).toBe('$1,234,567');
  });
});
