/**
 * Money is integer cents and factors are integer basis points (10 000 = ×1.0). Products are
 * worked out exactly in BigInt and rounded half up to the cent, so the same inputs always give
 * the same premium and no binary fraction creeps in.
 */
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

/** "×1.075" */
export function formatFactor(bps: number): string {
  return `×${(bps / BPS_ONE).toFixed(4).replace(/0{1,2}$/, '')}`;
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
