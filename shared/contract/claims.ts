import * as v from 'valibot';
import { recordIdSchema, requiredText } from '@shared/contract/address';
import { isoDateSchema } from '@shared/contract/submissions';

/**
 * Claims the insured reports against their policies (specification §7 insured/claims; reporting
 * is POST insured/reportclaim, beyond the specification). A claim starts `reported`; claims
 * staff move it on (under_review, open, closed, denied) outside this app for now.
 */

export const claimSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  /** C-2026-000042. */
  number: v.string(),
  policyId: v.pipe(v.number(), v.integer()),
  policyNumber: v.string(),
  specialityName: v.string(),
  /** Date of loss, YYYY-MM-DD. */
  dateOfLoss: v.string(),
  description: v.string(),
  status: v.string(),
  reportedAt: v.string(),
});
export type Claim = v.InferOutput<typeof claimSchema>;
export const claimListSchema = v.array(claimSchema);

/** A policy a claim can be reported against: the insured's own, bound or complete. */
export const claimablePolicySchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  number: v.string(),
  specialityName: v.string(),
  effectiveDate: v.string(),
  expirationDate: v.string(),
});
export type ClaimablePolicy = v.InferOutput<typeof claimablePolicySchema>;
/** GET insured/policies: the policies the insured holds. */
export const claimablePolicyListSchema = v.array(claimablePolicySchema);

/**
 * POST insured/reportclaim: the policy (the insured's own; 404 otherwise), the date of loss
 * (a real date, not in the future, not before the policy's effective date: 400 naming
 * dateofloss) and what happened. 201 with the claim; an Idempotency-Key makes a retry answer it
 * again (200).
 */
export const reportClaimRequestSchema = v.object({
  policyid: recordIdSchema,
  dateofloss: isoDateSchema,
  description: v.pipe(requiredText(4000), v.minLength(10, 'must say what happened in at least 10 characters')),
});
export type ReportClaimRequest = v.InferInput<typeof reportClaimRequestSchema>;
