import * as v from 'valibot';
import { recordIdInputSchema } from '@shared/contract/address';
import { signerNameSchema } from '@shared/contract/application-signature';
import { checkoutSchema } from '@shared/contract/billing';
import { clientUrlSchema } from '@shared/contract/specialities';
import { referralReasonSchema } from '@shared/contract/lifecycle';
import { questionSchema } from '@shared/contract/questions';
import { answersSchema, calculateResponseSchema, ratingSchema } from '@shared/contract/rating';

/**
 * Renewals (issue 20, DESIGN.md "The policy after the sale"): RENEWAL_OFFER_DAYS before a policy
 * ends, the server offers its renewal — the next period priced on the rate table in force then,
 * last year's answers carried over, only the questions new or changed since asked. The insured
 * accepts and pays in one step through the hosted checkout; paid, the next term is issued with the
 * renewal suffix (P-2026-000042-R1). An offer the rules refer waits with an underwriter.
 *
 * Routes (beyond the specification): GET insured/renewal?policyid=N, POST insured/renewalquote (the
 * price with the answers given, nothing written), POST insured/renewalaccept (Idempotency-Key).
 */

const integer = v.pipe(v.number(), v.integer());
const day = v.pipe(v.string(), v.isoDate());

/**
 * Where the renewal stands: offered (accept and pay), needs_answers (a new question must be
 * answered before it is priced), with_underwriter (referred), awaiting_payment (accepted, the
 * checkout not yet paid), renewed, declined (by the rules or an underwriter), lapsed (the policy
 * ended or was cancelled unrenewed), not_offered (not sold any more), not_yet (before the offer).
 */
export const renewalStatuses = [
  'not_yet',
  'not_offered',
  'needs_answers',
  'offered',
  'with_underwriter',
  'awaiting_payment',
  'renewed',
  'declined',
  'lapsed',
] as const;
export type RenewalStatus = (typeof renewalStatuses)[number];

export const renewalQuerySchema = v.object({ policyid: recordIdInputSchema });

/** A question asked again, and why: new since last year, or changed (its answer carried if it still fits). */
export const askedQuestionSchema = v.object({
  ...questionSchema.entries,
  general: v.boolean(),
  why: v.picklist(['new', 'changed']),
});
export type AskedQuestion = v.InferOutput<typeof askedQuestionSchema>;

/** One line of what changed from last year: the worksheet's step, last year's and this year's words. */
export const renewalChangeSchema = v.object({
  step: v.string(),
  label: v.string(),
  before: v.nullable(v.string()),
  after: v.nullable(v.string()),
});

export const renewalSchema = v.object({
  policyId: integer,
  policyNumber: v.string(),
  status: v.picklist(renewalStatuses),
  /** The period ending (this term's). */
  currentPeriod: v.object({ effectiveDate: day, expirationDate: day }),
  /** The day the offer is (or was) made. */
  offerDate: day,
  /** Null before the offer. */
  offer: v.nullable(
    v.object({
      submissionId: v.nullable(integer),
      renewalNumber: v.string(),
      effectiveDate: day,
      expirationDate: day,
      /** The new year, priced now; null until the new questions are answered. */
      rating: v.nullable(calculateResponseSchema),
      /** Last year's rating, as the policy was sold. */
      previousRating: v.nullable(ratingSchema),
      changes: v.array(renewalChangeSchema),
      paymentTerm: v.nullable(v.string()),
      /** The questions still to answer: new or changed since, until the renewal is accepted. */
      questions: v.array(askedQuestionSchema),
      /** Once accepted, the same questions with the answers given: carried into the renewal, no longer asked. */
      answered: v.array(askedQuestionSchema),
      reasons: v.array(referralReasonSchema),
      renewedPolicyId: v.nullable(integer),
    }),
  ),
});
export type Renewal = v.InferOutput<typeof renewalSchema>;

/** POST insured/renewalaccept: the asked questions' answers, the payment term, the signature. */
export const renewalAcceptRequestSchema = v.object({
  policyid: recordIdInputSchema,
  /** Only the asked questions' codes; anything else is a 400 naming it. */
  answers: v.optional(answersSchema, {}),
  applicationAnswers: v.optional(answersSchema, {}),
  paymentTerm: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(32))),
  signerName: signerNameSchema,
  consentToElectronicRecords: v.literal(true, 'must be true: agree to use electronic records and signatures'),
  agreeToDeclarations: v.literal(true, 'must be true: declare the statements in the application are true'),
  clientid: v.optional(clientUrlSchema),
});
export type RenewalAcceptRequest = v.InferInput<typeof renewalAcceptRequestSchema>;

/**
 * POST insured/renewalquote: the renewal priced with these answers and payment term, exactly as
 * accepting would price it (the same server function), writing nothing. Only the asked questions'
 * codes; anything else is a 400 naming it.
 */
export const renewalQuoteRequestSchema = v.pick(renewalAcceptRequestSchema, [
  'policyid',
  'answers',
  'applicationAnswers',
  'paymentTerm',
]);
export type RenewalQuoteRequest = v.InferInput<typeof renewalQuoteRequestSchema>;

/** The renewal's price with the answers given, and the worksheet lines that differ from last year's. */
export const renewalQuoteSchema = v.object({
  rating: calculateResponseSchema,
  changes: v.array(renewalChangeSchema),
});
export type RenewalQuote = v.InferOutput<typeof renewalQuoteSchema>;

/** checkout: go pay there; referred: with an underwriter; declined; renewed: paid already. */
export const renewalAcceptSchema = v.object({
  outcome: v.picklist(['checkout', 'referred', 'declined', 'renewed']),
  checkout: v.nullable(checkoutSchema),
  renewal: renewalSchema,
});
export type RenewalAccept = v.InferOutput<typeof renewalAcceptSchema>;

/** GET insured/renewals: the insured's renewals still to act on or decided lately, for the dashboard's card. */
export const renewalSummarySchema = v.object({
  policyId: integer,
  policyNumber: v.string(),
  renewalNumber: v.string(),
  status: v.picklist(renewalStatuses),
  /** The day the current policy ends (and the renewal starts). */
  effectiveDate: day,
  expirationDate: day,
  /** The new year's total; null until the new questions are answered. */
  totalCents: v.nullable(integer),
});
export const renewalSummariesSchema = v.array(renewalSummarySchema);
export type RenewalSummary = v.InferOutput<typeof renewalSummarySchema>;
