import * as v from 'valibot';
import {
  flagInputSchema,
  optionalEmailSchema,
  optionalText,
  phoneInputSchema,
  recordIdSchema,
  requiredText,
} from '@shared/contract/address';

/**
 * The insured's contacts (specification §3 Contact, §7 insured/contactlist, saveupdatecontact,
 * deletecontacts). One is primary whenever any exist: the first one saved becomes primary,
 * marking another primary unmarks the old one, and deleting the primary promotes the oldest
 * remaining contact. A contact named on a bound policy cannot be deleted (409 with the reason).
 */

export const contactSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  title: v.nullable(v.string()),
  firstname: v.string(),
  lastname: v.string(),
  email: v.nullable(v.string()),
  /** E.164 (+15125550142), or null. */
  contactnumber: v.nullable(v.string()),
  isprimary: v.boolean(),
});
export type Contact = v.InferOutput<typeof contactSchema>;
export const contactListSchema = v.array(contactSchema);

/**
 * POST insured/saveupdatecontact: without `id` creates (201; an Idempotency-Key header makes a
 * retry answer the same contact, 200), with `id` updates that contact (200; someone else's id is
 * a 404). `isprimary: true` makes it the primary; `false` on the primary is a 409 naming
 * isprimary (mark another one primary instead). Left out, a new contact is primary only when it
 * is the first.
 */
export const saveContactRequestSchema = v.object({
  id: v.optional(v.nullable(recordIdSchema)),
  title: optionalText(100),
  firstname: requiredText(100),
  lastname: requiredText(100),
  email: optionalEmailSchema,
  contactnumber: phoneInputSchema,
  isprimary: v.optional(flagInputSchema),
});
export type SaveContactRequest = v.InferInput<typeof saveContactRequestSchema>;
