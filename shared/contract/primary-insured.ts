import * as v from 'valibot';
import { businessToday, yearOf } from '@shared/calendar';
import {
  addressInputEntries,
  flagInputSchema,
  optionalText,
  phoneInputSchema,
  recordIdInputSchema,
  requiredText,
} from '@shared/contract/address';
import { emailSchema, insuredTypes, newPasswordSchema } from '@shared/contract/auth';
import { isoDateSchema } from '@shared/contract/submissions';
import { contactSchema } from '@shared/contract/contacts';
import { locationSchema, planLocationsSchema } from '@shared/contract/locations';

/**
 * The primary insured: the signed-in insured's own particulars (specification §3 Primary insured
 * update / with location, §7 insured/primaryinsureddetails, updateprimaryinsured,
 * updateprimaryinsuredwithlocation).
 */

export const genders = ['female', 'male', 'nonbinary', 'undisclosed'] as const;

export const primaryInsuredSchema = v.object({
  firstname: v.nullable(v.string()),
  lastname: v.nullable(v.string()),
  companyname: v.nullable(v.string()),
  insuredtype: v.nullable(v.string()),
  gender: v.nullable(v.string()),
  /** YYYY-MM-DD. */
  dob: v.nullable(v.string()),
  /** NAICS code (2 to 6 digits). */
  industrycode: v.nullable(v.string()),
  /** A payment term code (insured/paymenttermlist). */
  paymentterm: v.nullable(v.string()),
  email: v.string(),
  /** E.164, or null. */
  contactnumber: v.nullable(v.string()),
  /** Whether the account has a password (an account made with Google may not). */
  hasPassword: v.boolean(),
  primaryLocation: v.nullable(locationSchema),
  primaryContact: v.nullable(contactSchema),
});
export type PrimaryInsured = v.InferOutput<typeof primaryInsuredSchema>;

/**
 * A date of birth: a real date, before today's business day, and not more than 120 years ago.
 * Checked as the request is read, before the server's clock is at hand: "today" here is the real
 * one.
 */
export const dobSchema = v.pipe(
  isoDateSchema,
  v.check((value) => value < businessToday(new Date()), 'must be in the past'),
  v.check((value) => yearOf(value) >= yearOf(businessToday(new Date())) - 120, 'is too long ago'),
);

/**
 * POST insured/updateprimaryinsured. Every field is optional: the ones given change. Changing
 * `email` or setting a new `password` needs `currentpassword` (400 naming it when missing, 403
 * naming it when wrong); a new password ends the account's other sessions. An e-mail another
 * account uses is a 409 naming email.
 */
export const updatePrimaryInsuredRequestSchema = v.object({
  firstname: v.optional(requiredText(100)),
  lastname: v.optional(requiredText(100)),
  companyname: optionalText(200),
  insuredtype: v.optional(v.nullable(v.picklist(insuredTypes, `must be one of ${insuredTypes.join(', ')}`))),
  gender: v.optional(v.nullable(v.picklist(genders, `must be one of ${genders.join(', ')}`))),
  dob: v.optional(v.nullable(dobSchema)),
  industrycode: v.optional(
    v.nullable(
      v.pipe(v.string('must be text'), v.trim(), v.regex(/^\d{2,6}$/, 'must be a NAICS code of 2 to 6 digits')),
    ),
  ),
  paymentterm: v.optional(
    v.nullable(
      v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('must not be empty'), v.maxLength(32, 'is too long')),
    ),
  ),
  email: v.optional(emailSchema),
  password: v.optional(newPasswordSchema),
  currentpassword: v.optional(
    v.pipe(v.string('must be text'), v.nonEmpty('is required'), v.maxLength(128, 'is too long')),
  ),
});

/**
 * POST insured/updateprimaryinsuredwithlocation: the insured's names and the order's named
 * address and contact in one go. The order's primary plan location takes the address (created
 * when the order has none) and `contactId` becomes the order's contact; with isupdatemaster the
 * master location `locationId` and contact `contactId` change as well (their phone number and
 * names too). A quoted order whose rating address moved is re-rated. Answers the insured and the
 * order's locations.
 */
export const updatePrimaryInsuredWithLocationRequestSchema = v.object({
  firstname: requiredText(100),
  lastname: requiredText(100),
  companyname: optionalText(200),
  insuredtype: v.optional(v.nullable(v.picklist(insuredTypes, `must be one of ${insuredTypes.join(', ')}`))),
  contactnumber: phoneInputSchema,
  ...addressInputEntries,
  locationId: v.optional(v.nullable(recordIdInputSchema)),
  contactId: v.optional(v.nullable(recordIdInputSchema)),
  submissionId: recordIdInputSchema,
  isupdatemaster: v.optional(flagInputSchema, false),
});
export type UpdatePrimaryInsuredWithLocationRequest = v.InferInput<
  typeof updatePrimaryInsuredWithLocationRequestSchema
>;

export const primaryInsuredWithLocationSchema = v.object({
  insured: primaryInsuredSchema,
  order: planLocationsSchema,
});
export type PrimaryInsuredWithLocation = v.InferOutput<typeof primaryInsuredWithLocationSchema>;
