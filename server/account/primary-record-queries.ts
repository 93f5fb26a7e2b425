/**
 * The SQL of the primary rules (primary-records.ts) on either kind of record, contacts or
 * locations: the owner's lock, the primary flag, the Idempotency-Key's record, a delete, and
 * what an order's use of a record reads. Each function is one statement answering plain rows.
 */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Queryable, Transaction } from '@server/db/connection';
import { policies, submissions, users, type contacts, type locations } from '@server/db/schema';

export type PrimaryTable = typeof contacts | typeof locations;

/** Locks the users row FOR NO KEY UPDATE (see lockOwner); false when there is no such user. */
export async function lockUserRow(tx: Transaction, userId: number): Promise<boolean> {
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return owner !== undefined;
}

/** Lists show the primary first, then the rest oldest first. */
export const primaryFirst = (table: PrimaryTable): SQL[] => [desc(table.isPrimary), asc(table.id)];

/** The user's record with this id and whether it is primary; undefined when not theirs or missing. */
export async function ownedRecordFlags(tx: Transaction, table: PrimaryTable, userId: number, id: number) {
  const [record] = await tx
    .select({ id: table.id, isPrimary: table.isPrimary })
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)));
  return record;
}

/** The id of the user's primary record, if any. */
export async function primaryIdOf(db: Queryable, table: PrimaryTable, userId: number): Promise<number | undefined> {
  const [primary] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), eq(table.isPrimary, true)));
  return primary?.id;
}

export async function setPrimaryFlag(
  tx: Transaction,
  table: PrimaryTable,
  id: number,
  isPrimary: boolean,
  now: Date,
): Promise<void> {
  await tx.update(table).set({ isPrimary, updatedAt: now }).where(eq(table.id, id));
}

/** The user's record an Idempotency-Key created, with the hash of the request that did. */
export async function recordWithKey(db: Queryable, table: PrimaryTable, userId: number, keyHash: string) {
  const [earlier] = await db
    .select({ id: table.id, requestHash: table.idempotencyRequestHash })
    .from(table)
    .where(and(eq(table.userId, userId), eq(table.idempotencyKeyHash, keyHash)));
  return earlier;
}

export async function deleteRecordRow(tx: Transaction, table: PrimaryTable, id: number): Promise<void> {
  await tx.delete(table).where(eq(table.id, id));
}

/** The id of the user's oldest record (lowest id), if any. */
export async function oldestRecordId(
  tx: Transaction,
  table: PrimaryTable,
  userId: number,
): Promise<number | undefined> {
  const [oldest] = await tx
    .select({ id: table.id })
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(asc(table.id))
    .limit(1);
  return oldest?.id;
}

/** What a record's `uses` selects: the order, its status and its policy (submissions left-joined to policies). */
export const orderUseColumns = { order: submissions.number, status: submissions.status, policy: policies.number };

/**
 * For `uses`: locks the orders' submissions rows FOR SHARE. An order being bound at this moment
 * (its row locked for the status change) makes the delete wait and then see it bound; an order
 * bound later finds the record already gone (and its reference cleared by the foreign key).
 */
export const lockOrders = ['share', { of: submissions }] as const;
