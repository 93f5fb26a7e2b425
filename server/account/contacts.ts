/**
 * The insured's contacts (specification §3 Contact; src/api/contract/contacts.ts). The primary
 * rules live in primary-records; this module knows the columns, the checks a contact needs
 * (its phone number in E.164), and which orders keep a contact from being deleted.
 */
import { asc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Contact, saveContactRequestSchema } from '@/api/contract/contacts';
import type { Deleted } from '@/api/contract/address';
import type { Queryable } from '@server/db/connection';
import { contacts, policies, submissions } from '@server/db/schema';
import { normalisePhone } from '@server/account/phone';
import {
  deleteRecord,
  lockOrders,
  orderUseColumns,
  primaryFirst,
  saveRecord,
  type AccountDeps,
  type PrimaryRecordKind,
} from '@server/account/primary-records';

type SaveContactInput = v.InferOutput<typeof saveContactRequestSchema>;

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

const contactKind: PrimaryRecordKind<Contact> = {
  table: contacts,
  noun: 'contact',
  idempotencyIndex: 'contacts_idempotency_key',
  read: async (db, id) => (await db.select(contactColumns).from(contacts).where(eq(contacts.id, id)))[0],
  // An order names its contact; once bound, the policy was issued to that contact.
  uses: (tx, id) =>
    tx
      .select(orderUseColumns)
      .from(submissions)
      .leftJoin(policies, eq(policies.submissionId, submissions.id))
      .where(eq(submissions.contactId, id))
      .orderBy(asc(submissions.id))
      .for(...lockOrders),
};

/** GET insured/contactlist: the primary first, then oldest first. */
export function listContacts(db: Queryable, userId: number): Promise<Contact[]> {
  return db
    .select(contactColumns)
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(...primaryFirst(contacts));
}

/** POST insured/saveupdatecontact; `created` is false for an update and for a repeated create. */
export async function saveContact(
  deps: AccountDeps,
  userId: number,
  input: SaveContactInput,
  idempotencyKeyHash: string | null,
): Promise<{ created: boolean; record: Contact }> {
  const values = {
    title: input.title,
    firstName: input.firstname,
    lastName: input.lastname,
    email: input.email,
    contactNumber: normalisePhone(input.contactnumber),
  };
  return saveRecord(deps, contactKind, userId, { id: input.id, isprimary: input.isprimary, idempotencyKeyHash, body: input }, {
    insert: async (tx, own) => {
      const [row] = await tx
        .insert(contacts)
        .values({
          ...values,
          userId: own.userId,
          isPrimary: own.isPrimary,
          idempotencyKeyHash: own.idempotencyKeyHash,
          idempotencyRequestHash: own.idempotencyRequestHash,
          createdAt: own.now,
          updatedAt: own.now,
        })
        .returning(contactColumns);
      return row!;
    },
    update: async (tx, id, own) => {
      const [row] = await tx
        .update(contacts)
        .set({ ...values, isPrimary: own.isPrimary, updatedAt: own.now })
        .where(eq(contacts.id, id))
        .returning(contactColumns);
      return row!;
    },
  });
}

/** DELETE insured/deletecontacts?id. */
export function deleteContact(deps: AccountDeps, userId: number, id: number): Promise<Deleted> {
  return deleteRecord(deps, contactKind, userId, id);
}
