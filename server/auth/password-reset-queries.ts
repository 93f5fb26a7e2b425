/**
 * The SQL on password reset tokens (kept as hashes, one hour, single use): stored, found while
 * usable, claimed, and used up with the rest of the user's. Each function is one statement
 * answering plain rows; what a reset does is password-reset.ts's.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable, Transaction } from '@server/db/connection';
import { passwordResetTokens } from '@server/db/schema';

export async function insertResetToken(
  tx: Transaction,
  values: typeof passwordResetTokens.$inferInsert,
): Promise<void> {
  await tx.insert(passwordResetTokens).values(values);
}

/** Not used and not expired at `now`. */
const usable = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

/** The token with this hash while it can still be used. */
export async function usableResetToken(db: Queryable, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      clientUrl: passwordResetTokens.clientUrl,
    })
    .from(passwordResetTokens)
    .where(usable(tokenHash, now));
  return row;
}

/** Uses the token up in the same statement that checks it is usable: of two uses at once, one wins. */
export async function claimResetToken(tx: Transaction, tokenHash: string, now: Date) {
  const [claimed] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usable(tokenHash, now))
    .returning({ userId: passwordResetTokens.userId, clientUrl: passwordResetTokens.clientUrl });
  return claimed;
}

/** Uses up every token of the user's not used yet. */
export async function useUpResetTokens(tx: Transaction, userId: number, now: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
