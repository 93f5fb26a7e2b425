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
const integer = v.pipe(v.number(), v.integer());

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
   * before; optional (and everything after its status) for clients of an older server.
   */
  policy: v.optional(
    v.nullable(
      v.object({
        id: v.optional(integer),
        number: v.string(),
        status: v.picklist(policyStatuses),
        cancellationDate: v.nullable(v.string()),
        /** The policy's period, YYYY-MM-DD: it covers from the first day up to, not including, the second. */
        effectiveDate: v.optional(v.string()),
        expirationDate: v.optional(v.string()),
        /**
         * The price for the year as it stands now (fees and taxes included, like totalCents): what
         * issuance priced, then each issued change's. totalCents stays the order's price as bought.
         */
        premiumCents: v.optional(integer),
        /** How many changes (endorsements of limit, deductible, locations, named insured) were issued. */
        issuedChanges: v.optional(integer),
        /**
         * Once cancelled: what the cancellation settled, signed as the cancellation's netCents —
         * above 0 premium returned to the insured (refundPending until it is credited or refunded),
         * below 0 earned premium the insured still owes, 0 neither. Null otherwise.
         */
        cancellationNet: v.optional(v.nullable(v.object({ netCents: integer, refundPending: v.boolean() }))),
        /** The server's business day the policy's standing is read on (not the browser's clock). */
        today: v.optional(v.string()),
      }),
    ),
  ),
});
export type SubmissionSummary = v.InferOutput<typeof submissionSummarySchema>;
export const submissionSummaryListSchema = v.array(submissionSummarySchema);

/** GET insured/existingopenorder: the open order changed most recently, to resume; null when none. */
export const existingOpenOrderSchema = v.object({ order: v.nullable(submissionSummarySchema) });
