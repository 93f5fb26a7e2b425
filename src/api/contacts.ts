import * as v from 'valibot';
import { http } from '@/api/client';
import { deletedSchema, type Deleted } from '@shared/contract/address';
import { contactListSchema, contactSchema, type Contact, type SaveContactRequest } from '@shared/contract/contacts';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * The insured's contacts (specification §7 insured/contactlist, saveupdatecontact,
 * deletecontacts), each answer parsed with the wire contract (shared/contract/contacts.ts).
 */

/** GET insured/contactlist. */
export async function listContacts(): Promise<Contact[]> {
  return v.parse(contactListSchema, await http().get('insured/contactlist').json());
}

/**
 * POST insured/saveupdatecontact: creates without `id`, updates with it. `idempotencyKey` (one
 * per "Add" dialog) makes a repeated create answer the first contact instead of adding a second;
 * it is only sent for creates, where a repeat would do harm.
 */
export async function saveContact(values: SaveContactRequest, idempotencyKey?: string): Promise<Contact> {
  const headers = idempotencyKey && values.id == null ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {};
  return v.parse(contactSchema, await http().post('insured/saveupdatecontact', { json: values, headers }).json());
}

/** DELETE insured/deletecontacts?id: answers which contact is primary now. A 409 says why it must stay. */
export async function deleteContact(id: number): Promise<Deleted> {
  return v.parse(deletedSchema, await http().delete('insured/deletecontacts', { searchParams: { id } }).json());
}
