/**
 * The SQL on the insured's contacts: as the API answers them, the orders using one, the writes
 * of contacts.ts and primary-insured.ts, and the primary one. Each function is one statement
 * answering plain rows; the primary rules are primary-records.ts's.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Contact } from '@shared/contract/contacts';
import { lockOrders, orderUseColumns, primaryFirst } from '@server/account/primary-record-queries';
import type { Queryable, Transaction } from '@server/db/connection';
import { contacts, policies, submissions } from '@server/db/schema';

/** A contact as the API answers it (the wire names of the specification). */
const contactColumns = {
  id: contacts.id,
  title: contacts.title,
  firstname: contacts.firstName,
  lastname: contacts.lastName,
  email: contacts.email,
  contactnumber: contacts.contactNumber,
  isprimary: contacts.isPrimary,
};

export async function contactById(db: Queryable, id: number): Promise<Contact | undefined> {
  return (await db.select(contactColumns).from(contacts).where(eq(contacts.id, id)))[0];
}

/** The user's contacts, the primary first, then oldest first. */
export function contactsOf(db: Queryable, userId: number): Promise<Contact[]> {
  return db
    .select(contactColumns)
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(...primaryFirst(contacts));
}

/** The user's primary contact, if any. */
export async function primaryContact(db: Queryable, userId: number): Promise<Contact | undefined> {
  const [contact] = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.isPrimary, true)));
  return contact;
}

/** Whether the user has a contact with this id. */
export async function hasContact(db: Queryable, userId: number, id: number): Promise<boolean> {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
  return contact !== undefined;
}

/** The orders naming the contact, oldest first, their rows locked FOR SHARE (lockOrders). */
export function contactUses(tx: Transaction, id: number) {
  return tx
    .select(orderUseColumns)
    .from(submissions)
    .leftJoin(policies, eq(policies.submissionId, submissions.id))
    .where(eq(submissions.contactId, id))
    .orderBy(asc(submissions.id))
    .for(...lockOrders);
}

export async function insertContact(db: Queryable, values: typeof contacts.$inferInsert): Promise<Contact> {
  const [row] = await db.insert(contacts).values(values).returning(contactColumns);
  return row!;
}

export async function updateContact(
  tx: Transaction,
  id: number,
  changes: Partial<typeof contacts.$inferInsert>,
): Promise<Contact> {
  const [row] = await tx.update(contacts).set(changes).where(eq(contacts.id, id)).returning(contactColumns);
  return row!;
}

/** Changes the user's contact with this id (nothing when it is not theirs). */
export async function updateUsersContact(
  tx: Transaction,
  userId: number,
  id: number,
  changes: Partial<typeof contacts.$inferInsert>,
): Promise<void> {
  await tx
    .update(contacts)
    .set(changes)
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
}
