import * as v from 'valibot';
import { policyStatuses } from '@shared/contract/enums';
import { submissionStatusSchema } from '@shared/contract/submissions';

/**
 * The insured's dashboard (specification §7 dashboard/submissiondetails,
 * insured/existingopenorder): every order with its status, price and the next step, newest
 * change first.
 */

/**
 * What the insured can do next. `screen` is the screen the step happens on (a name of
 * shared/screens.ts); its order screens take the submission id.
 */
export const nextSteps = ['answer', 'buy', 'supply', 'wait', 'pay', 'documents', 'none'] as const;
export type NextStepAction = (typeof nextSteps)[number];

export const submissionSummarySchema = v.object({
  submissionId: v.pipe(v.number(), v.integer()),
  number: v.string(),
  speciality: v.object({ id: v.pipe(v.number(), v.integer()), name: v.string() }),
  status: submissionStatusSchema,
  /** The price for the year; null while a draft. */
  totalCents: v.nullable(v.pipe(v.number(), v.integer())),
  stateCode: v.nullable(v.string()),
  effectiveDate: v.nullable(v.string()),
  updatedAt: v.string(),
  /** Open: the insured or an underwriter can still move it on (not declined, complete or close-lost). */
  open: v.boolean(),
  nextStep: v.object({
    action: v.picklist(nextSteps),
    /** Words for the insured: "Answer the remaining questions", "Buy now"… */
    label: v.string(),
    screen: v.nullable(v.string()),
  }),
  /**
   * Once issued: the policy's id (what its page, `policy?policyid=`, takes), number, lifecycle
   * status and, once cancelled, the first day without cover (YYYY-MM-DD; it may lie ahead). Null
   * before; optional (and its id) for clients of an older server.
   */
  policy: v.optional(
    v.nullable(
      v.object({
        id: v.optional(v.pipe(v.number(), v.integer())),
        number: v.string(),
        status: v.picklist(policyStatuses),
        cancellationDate: v.nullable(v.string()),
      }),
    ),
  ),
});
export type SubmissionSummary = v.InferOutput<typeof submissionSummarySchema>;
export const submissionSummaryListSchema = v.array(submissionSummarySchema);

/** GET insured/existingopenorder: the open order changed most recently, to resume; null when none. */
export const existingOpenOrderSchema = v.object({ order: v.nullable(submissionSummarySchema) });
