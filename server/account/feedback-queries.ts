/** The SQL on the feedback screen's messages: the one an Idempotency-Key saved, and a new one. */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/connection';
import { feedback } from '@server/db/schema';

/** The message the user saved with this key, with the hash of the request that did. */
export async function feedbackWithKey(db: Queryable, userId: number, keyHash: string) {
  const [row] = await db
    .select({ id: feedback.id, createdAt: feedback.createdAt, requestHash: feedback.idempotencyRequestHash })
    .from(feedback)
    .where(and(eq(feedback.userId, userId), eq(feedback.idempotencyKeyHash, keyHash)));
  return row;
}

export async function insertFeedback(
  db: Queryable,
  values: typeof feedback.$inferInsert,
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db.insert(feedback).values(values).returning({ id: feedback.id, createdAt: feedback.createdAt });
  return row!;
}
