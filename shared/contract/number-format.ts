/**
 * Number formats built once per locale and options. `n.toLocaleString('en-US', options)` builds a
 * new Intl.NumberFormat (locale lookup and all) on every call; these answer the same text from
 * one shared instance. Server (worksheets, PDFs) and client use the same ones.
 */
let plain: Intl.NumberFormat | undefined;
let upToTwoDecimals: Intl.NumberFormat | undefined;

// Built on first use, not on import: building one loads ICU's locale data, which a screen that
// imports this module but shows no such number should not pay for before its first paint.

/** As `n.toLocaleString('en-US')`: "1,234.568" (grouped, at most three decimals). */
export const formatNumber = (n: number): string => (plain ??= new Intl.NumberFormat('en-US')).format(n);

/** As `n.toLocaleString('en-US', { maximumFractionDigits: 2 })`: "12.5", "1,000". */
export const formatUpToTwoDecimals = (n: number): string =>
  (upToTwoDecimals ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })).format(n);
