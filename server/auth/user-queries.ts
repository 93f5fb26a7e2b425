/**
 * The SQL on users as signing in and up see them: found by address (in any case), by id or by
 * Google subject, created, linked to Google, stamped at sign-in and given a new password. Each
 * function is one statement answering plain rows; who may sign in is the rules' concern
 * (sign-in.ts, accounts.ts, password-reset.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '@server/db/connection';
import { users } from '@server/db/schema';

export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  passwordHash: users.passwordHash,
  googleSubject: users.googleSubject,
  lockedUntil: users.lockedUntil,
};

/** What a session answers of its user. */
const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
};

/** E-mail addresses match whatever their case (the users_email_lower_key index). */
export const emailMatches = (email: string) => eq(sql`lower(${users.email})`, sql`lower(${email})`);

/** The user with this address, in any case (one at most: the users_email_lower_key index). */
export async function findUserByEmail(db: Queryable, email: string) {
  const [user] = await db.select(userColumns).from(users).where(emailMatches(email)).limit(1);
  return user;
}

export async function findUserById(db: Database, id: number) {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function userWithGoogleSubject(db: Queryable, subject: string) {
  const [user] = await db.select(userColumns).from(users).where(eq(users.googleSubject, subject));
  return user;
}

/** The user as a session answers them, if they still exist. */
export async function sessionUser(db: Queryable, id: number) {
  const [user] = await db.select(sessionUserColumns).from(users).where(eq(users.id, id));
  return user;
}

/** Creates a user; answers them as a session does. */
export async function insertSessionUser(tx: Transaction, values: typeof users.$inferInsert) {
  const [user] = await tx.insert(users).values(values).returning(sessionUserColumns);
  return user!;
}

/** Creates a user; answers them as sign-in reads them. */
export async function insertUser(tx: Transaction, values: typeof users.$inferInsert) {
  const [user] = await tx.insert(users).values(values).returning(userColumns);
  return user!;
}

export async function updateUserRow(
  db: Queryable,
  id: number,
  changes: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, id));
}

/** Sets the user's password hash; answers where and how to tell them. */
export async function setPasswordHash(tx: Transaction, id: number, passwordHash: string, now: Date) {
  const [user] = await tx
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(eq(users.id, id))
    .returning({ email: users.email, firstName: users.firstName });
  return user;
}
