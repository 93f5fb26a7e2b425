import * as v from 'valibot';
import {
  optionalEmailSchema,
  optionalText,
  recordIdInputSchema,
  recordIdSchema,
  requiredText,
  stateCodeSchema,
  zip5Schema,
} from '@shared/contract/address';

/**
 * Additional insureds on an order: people or organisations the insured's policy also protects
 * (a landlord, a client who asks for it in a contract). Listed, added, edited and removed on the
 * additionally-insured screen while the order is open; once the policy is bound, a certificate
 * of insurance naming one of them can be downloaded as a PDF.
 *
 * Routes (beyond the specification, which names the screen but not its calls):
 * GET insured/additionalinsureds?submissionid, POST insured/saveupdateadditionalinsured,
 * DELETE insured/deleteadditionalinsured?id, POST documents/certificateofinsurance.
 */

export const additionalInsuredSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  submissionId: v.pipe(v.number(), v.integer()),
  name: v.string(),
  relationship: v.nullable(v.string()),
  email: v.nullable(v.string()),
  address1: v.nullable(v.string()),
  address2: v.nullable(v.string()),
  city: v.nullable(v.string()),
  state: v.nullable(v.string()),
  zipcode: v.nullable(v.string()),
});
export type AdditionalInsured = v.InferOutput<typeof additionalInsuredSchema>;

/** The order's additional insureds, and whether a certificate can be produced (policy bound). */
export const additionalInsuredListSchema = v.object({
  submissionId: v.pipe(v.number(), v.integer()),
  number: v.string(),
  status: v.string(),
  /** True once the order's policy is bound: certificates can be downloaded. */
  certificatesAvailable: v.boolean(),
  /** True while the list may change (the order is not yet bound or closed). */
  editable: v.boolean(),
  additionalInsureds: v.array(additionalInsuredSchema),
});
export type AdditionalInsuredList = v.InferOutput<typeof additionalInsuredListSchema>;

export const additionalInsuredsQuerySchema = v.object({ submissionid: recordIdInputSchema });

/**
 * POST insured/saveupdateadditionalinsured: create (no id; 201; Idempotency-Key makes a retry
 * safe) or update (id; 200). The address is optional, but when any part is given, address1,
 * city, state and zipcode all are (400 naming the missing ones) and the ZIP lies in the state.
 */
export const saveAdditionalInsuredRequestSchema = v.object({
  id: v.optional(v.nullable(recordIdSchema)),
  submissionId: recordIdSchema,
  name: requiredText(200),
  relationship: optionalText(100),
  email: optionalEmailSchema,
  address1: optionalText(200),
  address2: optionalText(200),
  city: optionalText(100),
  state: v.optional(
    v.nullable(v.union([v.literal(''), stateCodeSchema], 'must be a two-letter state code, e.g. TX')),
    null,
  ),
  zipcode: v.optional(v.nullable(v.union([v.literal(''), zip5Schema], 'must be a 5-digit ZIP code')), null),
});
export type SaveAdditionalInsuredRequest = v.InferInput<typeof saveAdditionalInsuredRequestSchema>;

/** POST documents/certificateofinsurance: answers application/pdf. */
export const certificateRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  additionalinsuredid: recordIdInputSchema,
});
