/**
 * The lifecycle domain's SQL besides the event log (order-events.ts): the order locked for a
 * move, and the order's contact, locations and the account's primary contact that the summary
 * and the required items read. Each function is one statement answering plain rows; what they
 * mean for a move is the rules' concern (locked-order.ts, order-summary.ts, required-items.ts).
 */
import { and, count, eq } from 'drizzle-orm';
import type { Queryable, Transaction } from '@server/db/connection';
import { contacts, planLocations, submissions } from '@server/db/schema';
import { submissionColumns, type SubmissionRow } from '@server/submissions/access';

/** Inside `tx`: the user's submission, FOR UPDATE; undefined when it is not theirs or missing. */
export async function lockUsersSubmission(
  tx: Transaction,
  userId: number,
  submissionId: number,
): Promise<SubmissionRow | undefined> {
  const [row] = await tx
    .select(submissionColumns)
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), eq(submissions.userId, userId)))
    .for('update');
  return row;
}

/** The contact an order names, if any. */
export async function orderContactId(db: Queryable, submissionId: number): Promise<number | null> {
  const [order] = await db
    .select({ contactId: submissions.contactId })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  return order?.contactId ?? null;
}

/** A contact as the order summary shows it. */
const contactColumns = {
  id: contacts.id,
  firstname: contacts.firstName,
  lastname: contacts.lastName,
  email: contacts.email,
  contactnumber: contacts.contactNumber,
};

/** The user's contact with this id; undefined when it is someone else's or gone. */
export async function usersContact(db: Queryable, userId: number, contactId: number) {
  const [named] = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)));
  return named;
}

/** The user's primary contact, if any. */
export async function primaryContactOf(db: Queryable, userId: number) {
  const [primary] = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.isPrimary, true)));
  return primary;
}

/** How many locations the order has. */
export async function orderLocationCount(db: Queryable, submissionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(planLocations).where(eq(planLocations.submissionId, submissionId));
  return row?.n ?? 0;
}

/** How many primary contacts the user has (one at most, by the contacts rules). */
export async function primaryContactCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.isPrimary, true)));
  return row?.n ?? 0;
}
