/** Users as the auth routes see them, and their wire form (the contract's userSchema). */
import { eq, sql } from 'drizzle-orm';
import type { User } from '@/api/contract/auth';
import type { Database } from '@server/db/connection';
import { users, type userRoles } from '@server/db/schema';

export type Role = (typeof userRoles)[number];

/** Set on the request by authenticate for non-public routes. */
export type AuthUser = { id: number; role: Role; sessionId: string };

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
export type UserRow = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
};

export const toWireUser = (user: UserRow): User => ({
  id: user.id,
  email: user.email,
  firstname: user.firstName ?? '',
  lastname: user.lastName ?? '',
  role: user.role,
});

/** E-mail addresses match whatever their case (the users_email_lower_key index). */
export const emailMatches = (email: string) => eq(sql`lower(${users.email})`, sql`lower(${email})`);

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select(userColumns).from(users).where(emailMatches(email)).limit(1);
  return user;
}

export async function findUserById(db: Database, id: number) {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return user;
}
