/**
 * Visitor quote keys: a quote saved without signing in belongs to whoever holds its key. The
 * key is 32 random bytes (base64url), handed out once; the database keeps only its SHA-256, so
 * a copy of the database opens no visitor's quote.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { quoteKeySchema } from '@/api/contract/submissions';

export const newQuoteKey = (): string => randomBytes(32).toString('base64url');

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The hash to look a key up by; undefined for anything that could never be a key. */
export function quoteKeyHash(key: unknown): string | undefined {
  return v.is(quoteKeySchema, key) ? sha256Hex(key) : undefined;
}
