/**
 * The SQL on rate_limits: fixed-window buckets counted by one upsert each, the sign-in failures'
 * count and lock, and the sweeps. Each function is one statement answering plain rows; the
 * limits and what they answer are rate-limit.ts's and sign-in.ts's.
 */
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/connection';
import { rateLimits } from '@server/db/schema';

/**
 * Counts one attempt in `key`'s bucket: a new window from `now` to `resetAt` when the stored one
 * has closed, else one more in it. Answers the bucket as it now is.
 */
export async function countInWindow(
  db: Queryable,
  key: string,
  now: Date,
  resetAt: Date,
): Promise<{ used: number; resetAt: Date }> {
  // The stored window has closed: this attempt opens a new one.
  const closed = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${closed} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${closed} then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ used: rateLimits.count, resetAt: rateLimits.resetAt });
  return row!;
}

/**
 * Counts one failure in `key`, remembered until `forgetAt`; the one that reaches `threshold`
 * restarts the count at 0 in the same statement (so of two at once only one sees 0). Answers
 * the count now.
 */
export async function countFailure(
  db: Queryable,
  key: string,
  now: Date,
  forgetAt: Date,
  threshold: number,
): Promise<number | undefined> {
  const forget = forgetAt.toISOString();
  const closed = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const next = sql`case when ${closed} then 1 else ${rateLimits.count} + 1 end`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(forget) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${next} >= ${threshold} then 0 else ${next} end`,
        resetAt: sql`${forget}::timestamptz`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count;
}

/** Sets `key`'s bucket to hold until `until`, whatever it held. */
export async function holdUntil(db: Queryable, key: string, until: Date): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: until })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, resetAt: until } });
}

/** Until when `key`'s bucket holds, if it still does at `now`. */
export async function heldUntil(db: Queryable, key: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)));
  return row?.resetAt;
}

/** The buckets with these keys: until when each holds. */
export function bucketsWithKeys(db: Queryable, keys: readonly string[]) {
  return db
    .select({ key: rateLimits.key, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(inArray(rateLimits.key, [...keys]));
}

export async function deleteBuckets(db: Queryable, keys: readonly string[]): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, [...keys]));
}

export async function deleteBucket(db: Queryable, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops the buckets whose window closed before `now`; answers how many. */
export async function deleteBucketsClosedBefore(db: Queryable, now: Date): Promise<number> {
  const dropped = await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  return dropped.length;
}
