/**
 * The insured's contacts (specification §3 Contact; shared/contract/contacts.ts). The primary
 * rules live in primary-records; this module knows the columns, the checks a contact needs
 * (its phone number in E.164), and which orders keep a contact from being deleted.
 */
import type * as v from 'valibot';
import type { Contact, saveContactRequestSchema } from '@shared/contract/contacts';
import type { Deleted } from '@shared/contract/address';
import type { Queryable } from '@server/db/connection';
import { contactById, contactsOf, contactUses, insertContact, updateContact } from '@server/account/contact-queries';
import { normalisePhone } from '@server/account/phone';
import {
  deleteRecord,
  ownColumns,
  saveRecord,
  type AccountDeps,
  type PrimaryRecordKind,
} from '@server/account/primary-records';
import { contacts } from '@server/db/schema';

type SaveContactInput = v.InferOutput<typeof saveContactRequestSchema>;

const contactKind: PrimaryRecordKind<Contact> = {
  table: contacts,
  noun: 'contact',
  idempotencyIndex: 'contacts_idempotency_key',
  read: contactById,
  // An order names its contact; once bound, the policy was issued to that contact.
  uses: contactUses,
};

/** GET insured/contactlist: the primary first, then oldest first. */
export function listContacts(db: Queryable, userId: number): Promise<Contact[]> {
  return contactsOf(db, userId);
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
  return saveRecord(
    deps,
    contactKind,
    userId,
    { id: input.id, isprimary: input.isprimary, idempotencyKeyHash, body: input },
    {
      insert: (tx, own) => insertContact(tx, { ...values, ...ownColumns(own) }),
      update: (tx, id, own) => updateContact(tx, id, { ...values, isPrimary: own.isPrimary, updatedAt: own.now }),
    },
  );
}

/** DELETE insured/deletecontacts?id. */
export function deleteContact(deps: AccountDeps, userId: number, id: number): Promise<Deleted> {
  return deleteRecord(deps, contactKind, userId, id);
}
