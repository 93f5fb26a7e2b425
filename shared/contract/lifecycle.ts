import * as v from 'valibot';
import { optionalText, recordIdInputSchema } from '@shared/contract/address';
import { fileSummarySchema } from '@shared/contract/files';
import { planLocationSchema } from '@shared/contract/locations';
import { orderDetailsSchema, submissionStatusSchema } from '@shared/contract/submissions';

/**
 * The insured's side of the order lifecycle (specification §7 insured/buynow,
 * insured/requireditems, insured/sendtocloselost, insured/orderdetails,
 * dashboard/ordersummarydetails; DESIGN.md §4). Every move goes through the shared lifecycle
 * machine on the server: an illegal move is a 409 whose `fields.status` names the status.
 */

const integer = v.pipe(v.number(), v.integer());

/** The form every lifecycle call of the specification sends: `submissionid`. */
export const submissionIdFormSchema = v.object({ submissionid: recordIdInputSchema });

/** The order after a move: its status and version now. */
export const lifecycleMoveSchema = v.object({
  submissionId: integer,
  number: v.string(),
  status: submissionStatusSchema,
  version: integer,
});
export type LifecycleMove = v.InferOutput<typeof lifecycleMoveSchema>;

/**
 * Something the order still lacks before it can go ahead, with where to supply it: `screen` is
 * a screen name of shared/screens.ts (its order screens take the submission id), `field`
 * the question code or form field when there is one.
 */
export const requiredItemKinds = ['answer', 'location', 'primaryContact', 'document'] as const;
export const requiredItemSchema = v.object({
  kind: v.picklist(requiredItemKinds),
  /** Stable per item: "answer:prior_claims_count", "location", "primaryContact", "document:loss_runs". */
  code: v.string(),
  /** Words for the insured: "Add at least one location to your order". */
  label: v.string(),
  screen: v.string(),
  field: v.nullable(v.string()),
});
export type RequiredItem = v.InferOutput<typeof requiredItemSchema>;

/** GET insured/requireditems?submissionid: what is still missing (empty when nothing is). */
export const requiredItemsSchema = v.object({
  submissionId: integer,
  status: submissionStatusSchema,
  items: v.array(requiredItemSchema),
});
export type RequiredItems = v.InferOutput<typeof requiredItemsSchema>;

/**
 * Why buy now sent an order to an underwriter or declined it. The insured sees `label`; the
 * underwriter also sees `detail` (the question and answer, the premium against the authority); in
 * the insured's answers `detail` is always null.
 */
export const referralCodes = ['premium_above_authority', 'prior_claims', 'referral_answer', 'knockout_answer'] as const;
export const referralReasonSchema = v.object({
  code: v.picklist(referralCodes),
  label: v.string(),
  detail: v.nullable(v.string()),
});
export type ReferralReason = v.InferOutput<typeof referralReasonSchema>;

/**
 * PUT insured/buynow (form: submissionid): runs the checks and the rules and moves the order
 * (quoted or incomplete → incomplete, underwriter_review, declined or approved). Repeating it
 * once the order has moved answers the same outcome and changes nothing.
 */
export const buyNowOutcomes = ['incomplete', 'underwriter_review', 'declined', 'approved'] as const;
export const buyNowResultSchema = v.object({
  ...lifecycleMoveSchema.entries,
  outcome: v.picklist(buyNowOutcomes),
  /** What is missing (outcome incomplete). */
  requiredItems: v.array(requiredItemSchema),
  /** Why it was referred or declined (empty when approved or incomplete). */
  reasons: v.array(referralReasonSchema),
});
export type BuyNowResult = v.InferOutput<typeof buyNowResultSchema>;

/** PUT insured/sendtocloselost (form: submissionid, reason): closes an open order. Repeating it answers the same. */
export const closeLostReasons = ['price', 'coverage', 'bought_elsewhere', 'no_longer_needed', 'other'] as const;
export const sendToCloseLostRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  reason: v.optional(v.picklist(closeLostReasons, `must be one of: ${closeLostReasons.join(', ')}`), 'other'),
  /** Free words beside the reason. */
  comment: optionalText(500),
});

/**
 * PUT insured/resubmit (form: submissionid, message), beyond the specification: the insured has
 * supplied what the underwriter asked for (files, changed answers) and sends it back:
 * missing_info → application_under_review. Repeating it answers the same.
 */
export const resubmitRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  message: optionalText(2000),
});

/** The underwriter's latest request for information, as the insured sees it. */
export const infoRequestSchema = v.object({
  message: v.string(),
  requestedAt: v.string(),
  /** The underwriter's name. */
  requestedBy: v.nullable(v.string()),
});
export type InfoRequest = v.InferOutput<typeof infoRequestSchema>;

/** An underwriter's decision as the insured sees it (the last approve or decline). */
export const decisionSchema = v.object({
  kind: v.picklist(['approved', 'declined']),
  reason: v.nullable(v.string()),
  /** A premium adjustment made at approval, in basis points (+1000 = +10 %); 0 when none. */
  adjustmentBps: integer,
  at: v.string(),
  /** Null when the rules decided (buy now approved or declined it). */
  by: v.nullable(v.string()),
});
export type Decision = v.InferOutput<typeof decisionSchema>;

/**
 * GET dashboard/ordersummarydetails?submissionid: everything the summary and status screens
 * show — the order with its history, its locations and contact, what is missing, why it was
 * referred, the underwriter's latest request, the decision, and the files attached to it.
 */
export const orderSummaryDetailsSchema = v.object({
  order: orderDetailsSchema,
  locations: v.array(planLocationSchema),
  contact: v.nullable(
    v.object({
      id: integer,
      firstname: v.string(),
      lastname: v.string(),
      email: v.nullable(v.string()),
      contactnumber: v.nullable(v.string()),
    }),
  ),
  requiredItems: v.array(requiredItemSchema),
  reasons: v.array(referralReasonSchema),
  infoRequest: v.nullable(infoRequestSchema),
  decision: v.nullable(decisionSchema),
  files: v.array(fileSummarySchema),
  /** Whether the insured can still close the order as lost (an open status). */
  canCloseLost: v.boolean(),
});
export type OrderSummaryDetails = v.InferOutput<typeof orderSummaryDetailsSchema>;
