/**
 * Number formats built once per locale and options. `n.toLocaleString('en-US', options)` builds a
 * new Intl.NumberFormat (locale lookup and all) on every call; these answer the same text from
 * one shared instance. Server (worksheets, PDFs) and client use the same ones.
 */
const plain = new Intl.NumberFormat('en-US');
const upToTwoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** As `n.toLocaleString('en-US')`: "1,234.568" (grouped, at most three decimals). */
export const formatNumber = (n: number): string => plain.format(n);

/** As `n.toLocaleString('en-US', { maximumFractionDigits: 2 })`: "12.5", "1,000". */
export const formatUpToTwoDecimals = (n: number): string => upToTwoDecimals.format(n);
