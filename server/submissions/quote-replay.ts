/**
 * Idempotent insured/createsubmission: a save repeated with the same Idempotency-Key by the same
 * caller creates nothing and answers what the first one answered, which its `quote` event keeps
 * beside a fingerprint of the request.
 */
import type { SubmissionQuote } from '@shared/contract/submissions';
import type { Queryable } from '@server/db/connection';
import { badRequest } from '@server/http/http-error';
import { canonicalJson } from '@server/http/idempotency-key';
import { unprocessable } from '@server/rating/quote-pricing';
import type { SubmissionCaller } from '@server/submissions/access';
import { sha256Hex, VISITOR_IDEMPOTENCY_KEY_MIN } from '@server/submissions/quote-keys';
import { quoteMadeWithKey } from '@server/submissions/submission-queries';

/** What a created quote's `quote` event keeps: the request's fingerprint and the first answer. */
export type QuoteEventData = { request: string; answer: SubmissionQuote };

/**
 * The Idempotency-Key as stored (its hash, null without a key) and the request's fingerprint.
 * Scoped by caller: one user's key never finds another's quote. Visitors share one scope, so a
 * visitor's key must be long enough not to be guessed (400 otherwise).
 */
export function replayKey(
  caller: SubmissionCaller,
  idempotencyKey: string | undefined,
  request: unknown,
): { keyHash: string | null; fingerprint: string } {
  const scope = caller.user ? `user:${caller.user.id}` : 'visitor';
  if (!caller.user && idempotencyKey !== undefined && idempotencyKey.length < VISITOR_IDEMPOTENCY_KEY_MIN) {
    throw badRequest(
      `Idempotency-Key must be at least ${VISITOR_IDEMPOTENCY_KEY_MIN} characters to save a quote without an account`,
      {
        'Idempotency-Key': `must be at least ${VISITOR_IDEMPOTENCY_KEY_MIN} characters without an account`,
      },
    );
  }
  return {
    keyHash: idempotencyKey === undefined ? null : sha256Hex(`${scope}\n${idempotencyKey}`),
    fingerprint: sha256Hex(canonicalJson(request)),
  };
}

const keyReused = () =>
  unprocessable('This Idempotency-Key was already used for a different request: send a new key for a new quote', {
    'Idempotency-Key': 'was already used for a different request',
  });
const keyRetired = () =>
  unprocessable(
    'This Idempotency-Key was used for a quote that has since been saved to an account: sign in to see it',
    {
      'Idempotency-Key': 'was used for a quote since saved to an account',
    },
  );

/**
 * The first answer to an earlier createsubmission with this key by this caller, or undefined
 * when there was none. The same key with another body, or for a quote that has since joined an
 * account (a visitor's key no longer speaks for it), is a 422.
 */
export async function replay(
  db: Queryable,
  keyHash: string,
  caller: SubmissionCaller,
  fingerprint: string,
): Promise<SubmissionQuote | undefined> {
  const first = await quoteMadeWithKey(db, keyHash);
  if (!first) return undefined;
  const data = first.data as QuoteEventData | null;
  if (data?.request !== fingerprint) throw keyReused();
  // A visitor's key stops speaking for the quote once it joins an account (as its quote key does).
  if (caller.user ? first.userId !== caller.user.id : first.userId !== null) throw keyRetired();
  return data.answer;
}
