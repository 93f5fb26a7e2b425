/**
 * The Idempotency-Key header that makes a create safe to retry: the client picks a key per
 * thing it means to create; a repeat with the same key finds the first result.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '@/api/contract/submissions';
import { badRequest } from '@server/http/http-error';

const VISIBLE_ASCII = /^[\x21-\x7e]{8,128}$/;

export const idempotencyKeyHeaderDoc = {
  'Idempotency-Key': '8–128 visible ASCII characters chosen by the client; makes a retry safe',
};

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
