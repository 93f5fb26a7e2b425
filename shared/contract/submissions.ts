import * as v from 'valibot';
import { isCalendarDay } from '@shared/calendar-day';
import {
  answersSchema,
  calculateRequestSchema,
  calculateResponseSchema,
  quoteInputSchema,
} from '@shared/contract/rating';
import { submissionStatuses } from '@shared/contract/enums';
import { clientUrlSchema, idFromQuerySchema } from '@shared/contract/specialities';

/**
 * Submissions (orders) on the wire: saving a quote (insured/createsubmission), re-rating it
 * (insured/updaterating) and reading it back (insured/orderdetails). DESIGN.md §4–§5.
 *
 * Who may call: a signed-in insured (bearer token) on their own submissions, or a visitor who
 * saved a quote without signing in, presenting the quote key it was given in the
 * `x-quote-key` header. Anything else, a submission that does not exist included, is a 404.
 * Signing in or up with `submissionRequest: { submissionId, quoteKey }` attaches the visitor's
 * quote to the account; from then on only the account's bearer token opens it.
 */

/** The header a visitor's quote key travels in. */
export const QUOTE_KEY_HEADER = 'x-quote-key';
/** Makes insured/createsubmission safe to repeat: 8–128 characters, chosen by the client. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export type SubmissionStatus = (typeof submissionStatuses)[number];
export const submissionStatusSchema = v.picklist(submissionStatuses);

/** What the server issues: 32 random bytes, base64url (43 characters). */
export const quoteKeySchema = v.pipe(
  v.string('must be text'),
  v.regex(/^[A-Za-z0-9_-]{43,128}$/, 'is not a quote key'),
);

/** A calendar date, YYYY-MM-DD, that exists. */
export const isoDateSchema = v.pipe(
  v.string('must be text'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'),
  v.check(isCalendarDay, 'is not a real date'),
);

/** How far ahead a policy may start. */
export const MAX_EFFECTIVE_DATE_DAYS = 90;

const id = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be at least 1'),
  v.maxValue(2_147_483_647, 'is too large'),
);
const code = v.pipe(v.string('must be text'), v.minLength(1, 'is required'), v.maxLength(32, 'is too long'));

/**
 * POST insured/createsubmission: what auth/calculate prices, plus the payment term (one of
 * insured/paymenttermlist) and the effective date: today (the business day, New York's; the day
 * before is accepted too, for an insured west of New York late in the evening) up to 90 days
 * ahead, today when left out. clientId is the broker's client URL when the quote is made on a
 * broker's site; without it a signed-in insured's quote goes to the broker the insured came
 * through.
 */
export const createSubmissionRequestSchema = v.object({
  ...calculateRequestSchema.entries,
  paymentTerm: code,
  effectiveDate: v.optional(isoDateSchema),
  clientId: v.optional(v.nullable(clientUrlSchema)),
});
export type CreateSubmissionRequest = v.InferInput<typeof createSubmissionRequestSchema>;

/**
 * POST insured/updaterating: the submission and whichever inputs change; the rest stay as
 * saved. `answers` and `applicationAnswers`, when given, replace the saved sets whole (use
 * questions/save to change single answers). `version`, when given, must be the submission's
 * current version (409 otherwise): the client's guard against overwriting a change it has not
 * seen. Only a draft or quoted submission can be re-rated (409 naming its status otherwise).
 */
export const updateRatingRequestSchema = v.object({
  submissionId: id,
  version: v.optional(id),
  state: v.optional(quoteInputSchema.entries.state),
  zipcode: v.optional(quoteInputSchema.entries.zipcode),
  answers: v.optional(answersSchema),
  applicationAnswers: v.optional(answersSchema),
  limitCode: v.optional(code),
  deductibleCode: v.optional(code),
  paymentTerm: v.optional(code),
  effectiveDate: v.optional(isoDateSchema),
});
export type UpdateRatingRequest = v.InferInput<typeof updateRatingRequestSchema>;

/**
 * What createsubmission (201) and updaterating (200) answer. `rating` is auth/calculate's
 * answer for the saved inputs; the submission stores its `totalCents` (premium, policy fee,
 * taxes and state fees: what the insured pays for the year) as the submission's premium.
 *
 * `quoteKey` comes with a visitor's createsubmission: only its hash is kept. With an
 * Idempotency-Key (a visitor's must be at least 32 characters) the key is derived from it, so a
 * createsubmission repeated with the same Idempotency-Key by the same caller (same bearer user;
 * for visitors, whoever holds that Idempotency-Key) and the same body answers 200 with the first
 * answer, quote key included, and creates nothing.
 */
export const submissionQuoteSchema = v.object({
  submissionId: v.pipe(v.number(), v.integer()),
  /** The order number people read: Q-2026-000123. */
  number: v.string(),
  status: submissionStatusSchema,
  /** Bumped by every change (optimistic locking). */
  version: v.pipe(v.number(), v.integer()),
  effectiveDate: v.string(),
  quoteKey: v.optional(v.string()),
  rating: calculateResponseSchema,
});
export type SubmissionQuote = v.InferOutput<typeof submissionQuoteSchema>;

/**
 * One line of an order's history (DESIGN.md §4): who moved it from what to what, when and why.
 * `event` is a lifecycle event (`order.buyNow`, `order.refer`…) or a quote edit (`quote`,
 * `rerate`, `locations`); `actor` is who sent it, `actorName` the person's name when there was
 * one (an underwriter's, the insured's), null for the rules engine.
 */
export const historyEntrySchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  event: v.string(),
  actor: v.picklist(['insured', 'underwriter', 'system']),
  actorName: v.nullable(v.string()),
  fromStatus: v.nullable(submissionStatusSchema),
  toStatus: submissionStatusSchema,
  reason: v.nullable(v.string()),
  at: v.string(),
});
export type HistoryEntry = v.InferOutput<typeof historyEntrySchema>;

/** GET insured/orderdetails?submissionid (the specification's spelling). */
export const orderDetailsQuerySchema = v.object({ submissionid: idFromQuerySchema });

const labelled = v.object({ code: v.string(), label: v.string() });

/**
 * One submission as the order screen shows it: the same quote the insured saw (rating is what
 * auth/calculate answered, worksheet and payment plans included), or null while it is a draft.
 */
export const orderDetailsSchema = v.object({
  submissionId: v.pipe(v.number(), v.integer()),
  number: v.string(),
  status: submissionStatusSchema,
  version: v.pipe(v.number(), v.integer()),
  speciality: v.object({ id: v.pipe(v.number(), v.integer()), name: v.string() }),
  state: v.nullable(v.object({ code: v.string(), name: v.string() })),
  zipcode: v.nullable(v.string()),
  limit: v.nullable(labelled),
  deductible: v.nullable(labelled),
  /** A payment term code; its plan is the rating's paymentPlans entry with that code. */
  paymentTerm: v.nullable(v.string()),
  effectiveDate: v.nullable(v.string()),
  answers: v.record(v.string(), v.unknown()),
  applicationAnswers: v.record(v.string(), v.unknown()),
  rating: v.nullable(calculateResponseSchema),
  /** The rating's totalCents (null while a draft). */
  premiumCents: v.nullable(v.pipe(v.number(), v.integer())),
  createdAt: v.string(),
  updatedAt: v.string(),
  /** Oldest first. */
  history: v.array(historyEntrySchema),
});
export type OrderDetails = v.InferOutput<typeof orderDetailsSchema>;
