import * as v from 'valibot';
import { queueStatuses } from '@shared/contract/enums';
import { optionalText, recordIdInputSchema, requiredText } from '@shared/contract/address';
import { fileSummarySchema } from '@shared/contract/files';
import { infoRequestSchema, referralReasonSchema, requiredItemSchema } from '@shared/contract/lifecycle';
import { planLocationSchema } from '@shared/contract/locations';
import { orderDetailsSchema, submissionStatusSchema } from '@shared/contract/submissions';

/**
 * The underwriter's desk (beyond the specification; DESIGN.md §5 "underwriting"): role
 * underwriter or admin only — anyone else signed in gets 403, nobody signed in 401. Decisions go
 * through the shared lifecycle machine like every other move (409 naming the status).
 */

const integer = v.pipe(v.number(), v.integer());
const named = v.object({ id: integer, name: v.string() });

/** GET underwriting/queue?brokerId&specialityId&status: oldest first (by when it entered its status). */
export const queueQuerySchema = v.object({
  brokerId: v.optional(recordIdInputSchema),
  specialityId: v.optional(recordIdInputSchema),
  status: v.optional(v.picklist(queueStatuses, `must be one of: ${queueStatuses.join(', ')}`)),
});

export const queueItemSchema = v.object({
  submissionId: integer,
  number: v.string(),
  status: submissionStatusSchema,
  /** When it entered its status (ISO). */
  waitingSince: v.string(),
  insuredName: v.string(),
  companyName: v.nullable(v.string()),
  broker: v.nullable(named),
  speciality: named,
  stateCode: v.nullable(v.string()),
  premiumCents: v.nullable(integer),
  reasons: v.array(referralReasonSchema),
});
export type QueueItem = v.InferOutput<typeof queueItemSchema>;

/** The queue and what it can be filtered by (every broker and speciality with an order in it). */
export const queueSchema = v.object({
  items: v.array(queueItemSchema),
  brokers: v.array(named),
  specialities: v.array(named),
});
export type Queue = v.InferOutput<typeof queueSchema>;

/** GET underwriting/submission?submissionid: one submission as the underwriter reviews it. */
export const reviewQuerySchema = v.object({ submissionid: recordIdInputSchema });

export const reviewQuestionSchema = v.object({
  code: v.string(),
  text: v.string(),
  /** The answer in words ("Yes", "Oral and maxillofacial surgery"); null when unanswered. */
  answer: v.nullable(v.string()),
  /** The underwriting effect of that answer: a schedule modifier, a referral, a knock-out. */
  effect: v.nullable(v.string()),
});

export const reviewSchema = v.object({
  /** The order with its rating (worksheet) and history. */
  order: orderDetailsSchema,
  insured: v.object({
    id: integer,
    name: v.string(),
    email: v.string(),
    companyName: v.nullable(v.string()),
    phone: v.nullable(v.string()),
  }),
  broker: v.nullable(named),
  questions: v.array(reviewQuestionSchema),
  locations: v.array(planLocationSchema),
  reasons: v.array(referralReasonSchema),
  requiredItems: v.array(requiredItemSchema),
  /** Every request for information, oldest first, and the insured's resubmission messages. */
  conversation: v.array(
    v.object({
      from: v.picklist(['underwriter', 'insured']),
      name: v.nullable(v.string()),
      message: v.string(),
      at: v.string(),
    }),
  ),
  latestRequest: v.nullable(infoRequestSchema),
  files: v.array(fileSummarySchema),
  /** What the underwriter may do from the status as it is (from the lifecycle machine). */
  allowed: v.object({ approve: v.boolean(), requestInfo: v.boolean(), decline: v.boolean() }),
});
export type Review = v.InferOutput<typeof reviewSchema>;

/** Limits of a premium adjustment at approval: −50 % … +100 %, in basis points. */
export const MIN_ADJUSTMENT_BPS = -5000;
export const MAX_ADJUSTMENT_BPS = 10000;

/**
 * POST underwriting/approve {submissionid, version?, adjustmentBps?, reason?}: approves,
 * optionally with a premium adjustment (re-rated: a worksheet line "Underwriter adjustment" on
 * the premium before fees and taxes); an adjustment needs a reason. `version`, when sent, must
 * be the version the underwriter reviewed (409 naming version otherwise).
 */
export const approveRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  version: v.optional(integer),
  adjustmentBps: v.optional(
    v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number of basis points'),
      v.minValue(MIN_ADJUSTMENT_BPS, 'must be at least -5000 (−50 %)'),
      v.maxValue(MAX_ADJUSTMENT_BPS, 'must be at most 10000 (+100 %)'),
    ),
    0,
  ),
  reason: optionalText(1000),
});

/** POST underwriting/requestinfo {submissionid, message, version?}: mailed to the insured too. */
export const requestInfoRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  version: v.optional(integer),
  message: requiredText(2000),
});

/** POST underwriting/decline {submissionid, reason, version?}. */
export const declineRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  version: v.optional(integer),
  reason: requiredText(1000),
});

/** POST underwriting/closelost {submissionid, reason, version?}: the underwriter closes an open order. */
export const underwriterCloseLostRequestSchema = declineRequestSchema;

/** What a decision answers: the order after the move, and its premium (changed by an adjustment). */
export const decisionResultSchema = v.object({
  submissionId: integer,
  number: v.string(),
  status: submissionStatusSchema,
  version: integer,
  premiumCents: v.nullable(integer),
});
export type DecisionResult = v.InferOutput<typeof decisionResultSchema>;
