/**
 * The canonical JSON of an application record and its SHA-256, which a signature is tied to.
 * Keys are sorted at every depth and nothing is spaced, so the same record always gives the same
 * bytes whatever order its keys were built or stored in (jsonb reorders them). Records hold only
 * text, whole numbers, booleans, null, arrays and plain objects.
 */
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('A record holds finite numbers only');
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
      throw new TypeError(`A record cannot hold ${typeof value}`);
    }
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    // An absent key and one set to undefined are the same record.
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** SHA-256 (lower-case hex) of the record's canonical JSON, as UTF-8. */
export function recordHash(record: unknown): string {
  return createHash('sha256').update(canonicalJson(record), 'utf8').digest('hex');
}
