/**
 * The Idempotency-Key header that makes a create safe to retry: the client picks a key per
 * thing it means to create; a repeat with the same key finds the first result.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';
import { badRequest, HttpError } from '@server/http/http-error';

const VISIBLE_ASCII = /^[\x21-\x7e]{8,128}$/;

export const idempotencyKeyHeaderDoc = {
  'Idempotency-Key': '8–128 visible ASCII characters chosen by the client; makes a retry safe',
};

/** For a route's `errors`: the answer to a key reused for another request (keyUsedForAnotherRequest). */
export const KEY_REUSED_DOC =
  'The Idempotency-Key was used for a different request (`fields.Idempotency-Key`): send a new key';

/** The header's value: absent, or 8–128 visible ASCII characters (400 naming it otherwise). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !VISIBLE_ASCII.test(raw)) {
    throw badRequest('The Idempotency-Key header must be 8 to 128 visible ASCII characters', {
      'Idempotency-Key': 'must be 8 to 128 visible ASCII characters',
    });
  }
  return raw;
}

/** What is stored instead of the key (SHA-256 hex), or null without a key. */
export function idempotencyKeyHash(request: FastifyRequest): string | null {
  const key = idempotencyKeyOf(request);
  return key === undefined ? null : createHash('sha256').update(key).digest('hex');
}

/** JSON with keys sorted at every depth: the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What is stored beside an Idempotency-Key: SHA-256 hex of the request as the contract parsed
 * it (canonicalJson), so a retry sent another way (a form instead of JSON, keys in another
 * order, spaces the contract trims) is still the same request.
 */
export const requestHash = (input: unknown): string => createHash('sha256').update(canonicalJson(input)).digest('hex');

/**
 * Whether a create repeated with an earlier one's key is that same request. Rows saved before
 * request hashes were kept have none: those answer the earlier record, as they always did.
 */
export const sameRequest = (stored: string | null, hash: string): boolean => stored === null || stored === hash;

/** A key already used for a different request: the client reused a key by mistake (422). */
export const keyUsedForAnotherRequest = (what: string) =>
  new HttpError(422, `This Idempotency-Key was used for a different request: send a new key for a new ${what}`, {
    'Idempotency-Key': 'was used for a different request',
  });
