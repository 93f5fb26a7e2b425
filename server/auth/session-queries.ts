/**
 * The SQL on refresh tokens (one family per sign-in; sessions.ts) and on the visitor's quote a
 * sign-in attaches. Each function is one statement answering plain rows; when a family ends is
 * sessions.ts's.
 */
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '@server/db/connection';
import { refreshTokens, submissions, users } from '@server/db/schema';

/** Stores a refresh token (its hash); answers its id. */
export async function insertRefreshToken(db: Queryable, values: typeof refreshTokens.$inferInsert): Promise<number> {
  const [row] = await db.insert(refreshTokens).values(values).returning({ id: refreshTokens.id });
  return row!.id;
}

/** Inside `tx`: the token with this hash FOR UPDATE (whole row), if any. */
export async function lockRefreshToken(tx: Transaction, tokenHash: string) {
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return row;
}

/** The family of the token with this hash, if any. */
export async function familyOfToken(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ family: refreshTokens.family })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row?.family;
}

export async function markTokenReplaced(tx: Transaction, id: number, replacedById: number): Promise<void> {
  await tx.update(refreshTokens).set({ replacedById }).where(eq(refreshTokens.id, id));
}

/** Revokes every token of the family not revoked yet. */
export async function revokeFamily(db: Queryable, family: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

/** Revokes every token of the user's not revoked yet. */
export async function revokeUserTokens(db: Queryable, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** The user's role while the user exists and the family has a token not revoked. One indexed query. */
export async function liveSessionRole(
  db: Queryable,
  userId: number,
  family: string,
): Promise<{ role: (typeof users.$inferSelect)['role'] } | undefined> {
  const [user] = await db
    .select({ role: users.role })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        exists(
          db
            .select({ id: refreshTokens.id })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.family, family),
                eq(refreshTokens.userId, users.id),
                isNull(refreshTokens.revokedAt),
              ),
            ),
        ),
      ),
    );
  return user;
}

/**
 * Gives the user the submission nobody owns yet whose visitor key hash this is, clearing the
 * hash and bumping the version; answers it, or undefined when it is not such a submission.
 */
export async function takeVisitorSubmission(
  db: Queryable,
  submissionId: number,
  userId: number,
  keyHash: string,
  now: Date,
) {
  const [attached] = await db
    .update(submissions)
    .set({ userId, visitorKeyHash: null, updatedAt: now, version: sql`${submissions.version} + 1` })
    .where(and(eq(submissions.id, submissionId), isNull(submissions.userId), eq(submissions.visitorKeyHash, keyHash)))
    .returning({ id: submissions.id, status: submissions.status });
  return attached;
}
