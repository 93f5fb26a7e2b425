/**
 * The SQL on an order's additional insureds, and the share lock a change of the list holds on
 * the order. Each function is one statement answering plain rows; when the list may change is
 * additional-insureds.ts's.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable, Transaction } from '@server/db/connection';
import { additionalInsureds, submissions } from '@server/db/schema';

export type AdditionalInsuredRow = typeof additionalInsureds.$inferSelect;

/** The user's additional insureds on the order, oldest first. */
export function additionalInsuredsOn(
  db: Queryable,
  userId: number,
  submissionId: number,
): Promise<AdditionalInsuredRow[]> {
  return db
    .select()
    .from(additionalInsureds)
    .where(and(eq(additionalInsureds.submissionId, submissionId), eq(additionalInsureds.userId, userId)))
    .orderBy(asc(additionalInsureds.id));
}

/** The user's additional insured with this id on the order, if any. */
export async function additionalInsuredOn(
  db: Queryable,
  userId: number,
  submissionId: number,
  id: number,
): Promise<AdditionalInsuredRow | undefined> {
  const [row] = await db
    .select()
    .from(additionalInsureds)
    .where(
      and(
        eq(additionalInsureds.id, id),
        eq(additionalInsureds.userId, userId),
        eq(additionalInsureds.submissionId, submissionId),
      ),
    );
  return row;
}

/** The user's additional insured with this id and its order, if any. */
export async function usersAdditionalInsured(db: Queryable, userId: number, id: number) {
  const [row] = await db
    .select({ id: additionalInsureds.id, submissionId: additionalInsureds.submissionId })
    .from(additionalInsureds)
    .where(and(eq(additionalInsureds.id, id), eq(additionalInsureds.userId, userId)));
  return row;
}

/** The additional insured the user created with this Idempotency-Key, if any. */
export async function additionalInsuredWithKey(
  db: Queryable,
  userId: number,
  keyHash: string,
): Promise<AdditionalInsuredRow | undefined> {
  const [row] = await db
    .select()
    .from(additionalInsureds)
    .where(and(eq(additionalInsureds.userId, userId), eq(additionalInsureds.idempotencyKeyHash, keyHash)));
  return row;
}

export async function insertAdditionalInsured(
  tx: Transaction,
  values: typeof additionalInsureds.$inferInsert,
): Promise<AdditionalInsuredRow> {
  const [row] = await tx.insert(additionalInsureds).values(values).returning();
  return row!;
}

export async function updateAdditionalInsured(
  tx: Transaction,
  id: number,
  changes: Partial<typeof additionalInsureds.$inferInsert>,
): Promise<AdditionalInsuredRow> {
  const [row] = await tx.update(additionalInsureds).set(changes).where(eq(additionalInsureds.id, id)).returning();
  return row!;
}

export async function deleteAdditionalInsuredRow(tx: Transaction, id: number): Promise<void> {
  await tx.delete(additionalInsureds).where(eq(additionalInsureds.id, id));
}

/** Inside a transaction: the order's row FOR SHARE until it ends (nothing when there is none). */
export async function shareLockSubmission(tx: Queryable, submissionId: number): Promise<void> {
  await tx.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, submissionId)).for('share');
}
