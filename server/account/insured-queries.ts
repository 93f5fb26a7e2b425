/**
 * The SQL on the insured's own users row and what its updates touch beside it: the particulars,
 * another account's use of an e-mail address, the payment terms on offer, the sessions a new
 * password ends, and the broker whose branded pages the mail links to. Each function is one
 * statement answering plain rows; what may change is primary-insured.ts's.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { emailMatches } from '@server/auth/user-queries';
import type { Queryable, Transaction } from '@server/db/connection';
import { brokers, paymentTerms, refreshTokens, users } from '@server/db/schema';

/** The insured's particulars with the wire names, and the password hash (whether there is one). */
export async function insuredParticulars(db: Queryable, userId: number) {
  const [user] = await db
    .select({
      firstname: users.firstName,
      lastname: users.lastName,
      companyname: users.companyName,
      insuredtype: users.insuredType,
      gender: users.gender,
      dob: users.dob,
      industrycode: users.industryCode,
      paymentterm: users.paymentTerm,
      email: users.email,
      contactnumber: users.phone,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** What a change of particulars checks against: the address, the password and the broker. */
export async function insuredForChange(db: Queryable, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      firstName: users.firstName,
      brokerId: users.brokerId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** The e-mail address the user has now. */
export async function emailOfUser(db: Queryable, userId: number): Promise<string | undefined> {
  const [sender] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return sender?.email;
}

/** Whether an account other than `userId`'s has this e-mail address (in any case). */
export async function emailUsedByOther(db: Queryable, email: string, userId: number): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(emailMatches(email), ne(users.id, userId)));
  return other !== undefined;
}

/** The codes of the payment terms on offer. */
export async function activePaymentTermCodes(db: Queryable): Promise<string[]> {
  const terms = await db.select({ code: paymentTerms.code }).from(paymentTerms).where(eq(paymentTerms.active, true));
  return terms.map((term) => term.code);
}

/** Writes the user's columns given (undefined ones stay as they are). */
export async function updateUser(
  tx: Transaction,
  userId: number,
  changes: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await tx.update(users).set(changes).where(eq(users.id, userId));
}

/** Revokes every live refresh token of the user's but those of the session `keepFamily`. */
export async function revokeOtherSessions(
  tx: Transaction,
  userId: number,
  keepFamily: string,
  now: Date,
): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(eq(refreshTokens.userId, userId), ne(refreshTokens.family, keepFamily), isNull(refreshTokens.revokedAt)),
    );
}

/** A broker's branded path (client/<clientUrl>), if the broker exists. */
export async function brokerClientUrl(db: Queryable, brokerId: number): Promise<string | undefined> {
  const [broker] = await db.select({ clientUrl: brokers.clientUrl }).from(brokers).where(eq(brokers.id, brokerId));
  return broker?.clientUrl;
}
