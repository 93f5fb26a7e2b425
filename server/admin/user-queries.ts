/**
 * The SQL of users' administration: users found by words and role with their broker, the rows a
 * role change locks. (The sign-in lock's rows are auth/rate-limit-queries.ts's.) Each function is
 * one statement answering plain rows; what an administrator may do is users.ts's.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Role } from '@shared/contract/admin-users';
import type { Queryable, Transaction } from '@server/db/connection';
import { brokers, users } from '@server/db/schema';

export type UserFilter = { q?: string | undefined; role?: Role | undefined };

/** LIKE's own characters in what was typed are matched as themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Users whose address or names contain `q`, of `role`, when given. */
function matching(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = likeText(filter.q);
    conditions.push(
      or(
        ilike(users.email, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(users.companyName, like),
      )!,
    );
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  return and(...conditions);
}

const rowColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  role: users.role,
  brokerId: brokers.id,
  brokerName: brokers.name,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

function usersWhere(db: Queryable, where: SQL | undefined) {
  return db.select(rowColumns).from(users).leftJoin(brokers, eq(brokers.id, users.brokerId)).where(where);
}

/** The matching users with their broker, newest first, `limit` from `offset`. */
export function userRows(db: Queryable, filter: UserFilter, limit: number, offset: number) {
  return usersWhere(db, matching(filter)).orderBy(desc(users.id)).limit(limit).offset(offset);
}

export type UserRow = Awaited<ReturnType<typeof userRows>>[number];

/** How many users match. */
export async function userCount(db: Queryable, filter: UserFilter): Promise<number> {
  const [total] = await db.select({ n: count() }).from(users).where(matching(filter));
  return total!.n;
}

export async function userRow(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await usersWhere(db, eq(users.id, id));
  return row;
}

/** Inside `tx`: these users' rows FOR UPDATE, in id order (one lock order), with role and broker. */
export function lockUsersInOrder(tx: Transaction, ids: readonly number[]) {
  return tx
    .select({ id: users.id, role: users.role, brokerId: users.brokerId })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id))
    .for('update');
}

/** Inside `tx`: the user's row FOR UPDATE, its address; undefined when there is none. */
export async function lockUserEmail(tx: Transaction, id: number): Promise<string | undefined> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id)).for('update');
  return user?.email;
}

/** Whether the broker exists and is active (undefined: no such broker). */
export async function brokerIsActive(db: Queryable, brokerId: number): Promise<boolean | undefined> {
  const [broker] = await db.select({ active: brokers.active }).from(brokers).where(eq(brokers.id, brokerId));
  return broker?.active;
}

export async function setUserRole(
  tx: Transaction,
  id: number,
  role: Role,
  brokerId: number | null,
  now: Date,
): Promise<void> {
  await tx.update(users).set({ role, brokerId, updatedAt: now }).where(eq(users.id, id));
}
