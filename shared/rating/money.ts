/**
 * Money is integer cents and factors are integer basis points (10 000 = ×1.0). Products are
 * worked out exactly in BigInt and rounded half up to the cent, so the same inputs always give
 * the same premium and no binary fraction creeps in.
 */
import { formatUsd } from '@shared/contract/money-format';

export const BPS_ONE = 10_000;

/** cents × bps / 10 000, rounded half up to the cent. */
export function applyBps(cents: number, bps: number): number {
  assertInteger(cents, 'cents');
  assertInteger(bps, 'bps');
  const product = BigInt(cents) * BigInt(bps);
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product < 0n ? -product : product;
  return Number((sign * (magnitude + 5_000n)) / 10_000n);
}

/** Rounded half up to whole dollars, as manuals quote premiums. */
export function toWholeDollars(cents: number): number {
  assertInteger(cents, 'cents');
  return Math.sign(cents) * Math.floor((Math.abs(cents) + 50) / 100) * 100;
}

/** "×1.075": four decimals, up to two trailing zeros dropped (sliced, not a regex: issue 17). */
export function formatFactor(bps: number): string {
  const fixed = (bps / BPS_ONE).toFixed(4);
  const zeros = fixed.endsWith('00') ? 2 : fixed.endsWith('0') ? 1 : 0;
  return `×${zeros ? fixed.slice(0, -zeros) : fixed}`;
}

/**
 * "$2,730.00": what formatUsd (shared/contract/money-format.ts) writes, the digits grouped by
 * slicing instead of its look-ahead regex. The worksheet writes a dozen of these per quote
 * (issue 17); money.test.ts holds the two to the same output.
 */
export function formatUsdFast(cents: number): string {
  // Fractions of a cent and the like are never priced; should one come, formatUsd writes it.
  if (!Number.isSafeInteger(cents)) return formatUsd(cents);
  const abs = Math.abs(cents);
  const digits = String(Math.floor(abs / 100));
  let dollars = digits;
  if (digits.length > 3) {
    const head = digits.length % 3 || 3;
    dollars = digits.slice(0, head);
    for (let at = head; at < digits.length; at += 3) dollars += `,${digits.slice(at, at + 3)}`;
  }
  const rest = abs % 100;
  return `${cents < 0 ? '−' : ''}$${dollars}.${rest < 10 ? '0' : ''}${rest}`;
}

/** "+10%" or "−5%" for a schedule credit or debit in basis points. */
export function formatPercent(bps: number): string {
  const sign = bps > 0 ? '+' : bps < 0 ? '−' : '';
  return `${sign}${(Math.abs(bps) / 100).toString()}%`;
}

function assertInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
}

/** "4.85%" for a tax or fee rate in basis points. */
export function formatRate(bps: number): string {
  return `${(bps / 100).toString()}%`;
}
