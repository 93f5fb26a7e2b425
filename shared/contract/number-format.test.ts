import { describe, expect, it } from 'vitest';
import { formatNumber, formatUpToTwoDecimals } from '@shared/contract/number-format';

// The cached formats must answer exactly what the per-call toLocaleString they replace did.
const samples = [
  0,
  -0,
  1,
  -2.5,
  10,
  12.5,
  1234.5678,
  1_000_000,
  0.005,
  0.125,
  99.995,
  -1234.4,
  1e21,
  Number.NaN,
  Infinity,
];

describe('cached number formats', () => {
  it.each(samples)('%d reads as toLocaleString would have it', (n) => {
    expect(formatNumber(n)).toBe(n.toLocaleString('en-US'));
    expect(formatUpToTwoDecimals(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 2 }));
  });

  it('groups and rounds as a US reader expects', () => {
    expect(formatNumber(1234.5678)).toBe('1,234.568');
    expect(formatUpToTwoDecimals(12.5)).toBe('12.5');
    expect(formatUpToTwoDecimals(2.345)).toBe('2.35');
  });
});
