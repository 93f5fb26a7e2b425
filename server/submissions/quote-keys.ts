/**
 * Visitor quote keys: a quote saved without signing in belongs to whoever holds its key. The
 * key is 32 random bytes (base64url), handed out once; the database keeps only its SHA-256, so
 * a copy of the database opens no visitor's quote.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { quoteKeySchema } from '@shared/contract/submissions';

export const newQuoteKey = (): string => randomBytes(32).toString('base64url');

/**
 * The quote key of a visitor's save made with an Idempotency-Key: derived from that key with
 * the server's secret, so a retried save whose first answer was lost gets the same key back
 * (only the hash is stored, so it could not be read back). Unguessable as long as the
 * Idempotency-Key is (a visitor's must be at least 32 characters).
 */
export const derivedQuoteKey = (secret: string, idempotencyKey: string): string =>
  createHmac('sha256', secret).update(`quote-key\n${idempotencyKey}`).digest('base64url');

/** Below this, a visitor's Idempotency-Key could be guessed, and with it the quote key. */
export const VISITOR_IDEMPOTENCY_KEY_MIN = 32;

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The hash to look a key up by; undefined for anything that could never be a key. */
export function quoteKeyHash(key: unknown): string | undefined {
  return v.is(quoteKeySchema, key) ? sha256Hex(key) : undefined;
}

/** The server's secret, kept apart from token signing by what derivedQuoteKey mixes in. */
export function quoteKeySecret(config: { authSecret: string | undefined }): string {
  if (!config.authSecret) throw new Error('AUTH_SECRET is not loaded (use loadConfig)');
  return config.authSecret;
}
