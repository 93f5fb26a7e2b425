/**
 * "1,234,567": a whole number with US thousands separators. Written out rather than through
 * Intl: the first Intl number format on a page initialises ICU's locale data, which cost a phone's
 * first paint of the landing tens of milliseconds, and a server answer builds many of these.
 */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "$2,730.00": cents as a US quote writes them, on the worksheet the server words and on screen alike. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  const dollars = groupThousands(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$2,500": an amount in whole dollars, as deductibles are written; cents stay when there are any. */
export function formatWholeUsd(cents: number): string {
  return formatUsd(cents).replace(/\.00$/, '');
}

/** "$1M", "$2.5M" from a million up in steps of $100,000, otherwise "$250,000": limits as people say them. */
export function formatLimitUsd(cents: number): string {
  const dollars = cents / 100;
  if (Number.isInteger(dollars) && dollars >= 1_000_000 && dollars % 100_000 === 0) return `$${dollars / 1_000_000}M`;
  return formatWholeUsd(cents);
}
