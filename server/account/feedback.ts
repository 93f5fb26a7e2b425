/**
 * The feedback screen's messages, kept with who sent them. The e-mail address is copied as it
 * is when sending, so a reply reaches the address the insured had then, and the message stays
 * readable if the account is later changed.
 */
import type * as v from 'valibot';
import type { FeedbackSaved, feedbackRequestSchema } from '@shared/contract/feedback';
import { feedbackWithKey, insertFeedback } from '@server/account/feedback-queries';
import { emailOfUser } from '@server/account/insured-queries';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { unauthorized } from '@server/http/http-error';
import { keyUsedForAnotherRequest, requestHash, sameRequest } from '@server/http/idempotency-key';

export type FeedbackDeps = { db: Database; clock: Clock };

type FeedbackInput = v.InferOutput<typeof feedbackRequestSchema>;

const IDEMPOTENCY_INDEX = 'feedback_idempotency_key';

const toWire = (row: { id: number; createdAt: Date }): FeedbackSaved => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
});

/** What an earlier send with this key saved, when it was this same message (422 otherwise). */
async function byIdempotencyKey(
  db: Queryable,
  user: AuthUser,
  keyHash: string,
  bodyHash: string,
): Promise<FeedbackSaved | undefined> {
  const row = await feedbackWithKey(db, user.id, keyHash);
  if (row && !sameRequest(row.requestHash, bodyHash)) throw keyUsedForAnotherRequest('message');
  return row ? toWire(row) : undefined;
}

export async function saveFeedback(
  deps: FeedbackDeps,
  user: AuthUser,
  input: FeedbackInput,
  keyHash: string | null,
): Promise<{ created: boolean; saved: FeedbackSaved }> {
  const { db, clock } = deps;
  const bodyHash = requestHash(input);
  if (keyHash) {
    const earlier = await byIdempotencyKey(db, user, keyHash, bodyHash);
    if (earlier) return { created: false, saved: earlier };
  }
  const email = await emailOfUser(db, user.id);
  // authenticate saw the user a moment ago: only a deletion in between gets here.
  if (email === undefined) throw unauthorized('Your account no longer exists');
  try {
    const row = await insertFeedback(db, {
      userId: user.id,
      email,
      rating: input.rating,
      message: input.message,
      page: input.page,
      idempotencyKeyHash: keyHash,
      idempotencyRequestHash: keyHash ? bodyHash : null,
      createdAt: clock.now(),
    });
    return { created: true, saved: toWire(row) };
  } catch (error) {
    // The same key at the same moment: the other request saved it; answer that.
    if (keyHash && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
      const earlier = await byIdempotencyKey(db, user, keyHash, bodyHash);
      if (earlier) return { created: false, saved: earlier };
    }
    throw error;
  }
}
