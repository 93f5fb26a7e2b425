import * as v from 'valibot';

export const cents = v.pipe(v.number(), v.integer());

/** The steps of a premium, in the order DESIGN.md §4 applies them. */
export const worksheetSteps = [
  'base',
  'territory',
  'limit',
  'deductible',
  'schedule',
  'experience',
  'minimum',
  // Only on a premium an underwriter adjusted at approval (issue 7).
  'adjustment',
  'policyFee',
  'tax',
  'stateFee',
  'total',
] as const;

/**
 * One line of a quote's worksheet: what was applied, where it came from, and the running
 * premium after it, so an insured can see why the price is what it is and an underwriter can
 * audit it. `factorBps` is set for the multiplying steps (10 000 = ×1.0); `amountCents` for the
 * added ones (fee, taxes) and for the base.
 */
export const worksheetLineSchema = v.object({
  step: v.picklist(worksheetSteps),
  /** What the line is, in plain words: "Base premium for Architects in Texas". */
  label: v.string(),
  /** Where the figure comes from: the rate table and version, the ZIP prefix, the answers. */
  source: v.string(),
  factorBps: v.optional(v.pipe(v.number(), v.integer())),
  amountCents: v.optional(cents),
  /** The premium after this line. */
  runningCents: cents,
  /** The whole line as a sentence: "Base premium for Architects in Texas: $2,730.00". */
  text: v.string(),
});
export type WorksheetLine = v.InferOutput<typeof worksheetLineSchema>;

export const ratedOptionSchema = v.object({
  code: v.string(),
  label: v.string(),
});

/** One premium and how it is made up. */
export const ratingSchema = v.object({
  rateTableId: v.pipe(v.number(), v.integer()),
  rateTableVersion: v.pipe(v.number(), v.integer()),
  limit: ratedOptionSchema,
  deductible: ratedOptionSchema,
  /** After every factor and the minimum; before the policy fee, taxes and state fees. */
  premiumCents: cents,
  /**
   * Set only when an underwriter adjusted the premium at approval (basis points, +1500 =
   * +15 %): premiumCents is then the adjusted premium, and fees and taxes follow it.
   */
  adjustmentBps: v.optional(v.pipe(v.number(), v.integer())),
  policyFeeCents: cents,
  taxCents: cents,
  stateFeeCents: cents,
  /** What the insured pays for the year, fee, taxes and state fees included. */
  totalCents: cents,
  worksheet: v.array(worksheetLineSchema),
});
export type Rating = v.InferOutput<typeof ratingSchema>;

/** How the year's total is paid under one payment term. */
export const paymentPlanSchema = v.object({
  code: v.string(),
  name: v.string(),
  installments: v.pipe(v.number(), v.integer()),
  /** Due at binding. */
  downPaymentCents: cents,
  /** Each later payment, its installment fee included; the last may differ by the rounding. */
  installmentCents: cents,
  lastInstallmentCents: cents,
  installmentFeeCents: cents,
  /** Everything paid over the year: the total plus the installment fees. */
  totalPayableCents: cents,
});
export type PaymentPlan = v.InferOutput<typeof paymentPlanSchema>;

/** Answers by question code; what each must be is the question's type (checked by the server). */
/**
 * One answer: text, a number, yes/no, nothing (to clear it), or a short list of choices. Nothing
 * deeper: an answer is never an object, so no body can nest its way into a deep recursion.
 */
const answerValueSchema = v.union(
  [
    v.pipe(v.string(), v.maxLength(5_000, 'is too long')),
    v.number(),
    v.boolean(),
    v.null(),
    v.pipe(
      v.array(v.pipe(v.string(), v.maxLength(200, 'has a choice that is too long'))),
      v.maxLength(50, 'has too many choices'),
    ),
  ],
  'must be text, a number, yes/no or a list of choices',
);

export type AnswerValue = v.InferOutput<typeof answerValueSchema>;
export type AnswerMap = Record<string, AnswerValue>;

export const answersSchema = v.pipe(
  v.record(v.string(), answerValueSchema),
  v.check((answers) => Object.keys(answers).length <= 200, 'must hold at most 200 answers'),
);

/** What prices a quote: the speciality, where the business is, and the underwriting answers. */
export const quoteInputSchema = v.object({
  specialityId: v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be a speciality id'),
    v.maxValue(2_147_483_647, 'is too large'),
  ),
  state: v.pipe(v.string('must be text'), v.regex(/^[A-Z]{2}$/, 'must be a two-letter state code, e.g. TX')),
  zipcode: v.pipe(v.string('must be text'), v.regex(/^\d{5}$/, 'must be a 5-digit ZIP code')),
  /** The speciality's questions (questions/list), by question code. */
  answers: v.optional(answersSchema, {}),
  /** The general application questions (dataacquisition/questions), by question code. */
  applicationAnswers: v.optional(answersSchema, {}),
});
export type QuoteInput = v.InferInput<typeof quoteInputSchema>;

/** POST auth/calculate: one limit and deductible, with its worksheet and payment plans. */
export const calculateRequestSchema = v.object({
  ...quoteInputSchema.entries,
  limitCode: v.pipe(v.string('must be text'), v.minLength(1, 'is required'), v.maxLength(32, 'is too long')),
  deductibleCode: v.pipe(v.string('must be text'), v.minLength(1, 'is required'), v.maxLength(32, 'is too long')),
});
export type CalculateRequest = v.InferInput<typeof calculateRequestSchema>;

export const calculateResponseSchema = v.object({
  ...ratingSchema.entries,
  paymentPlans: v.array(paymentPlanSchema),
});
export type Calculation = v.InferOutput<typeof calculateResponseSchema>;

/** POST auth/ilfdlf: every limit × deductible the table offers, priced with the same answers. */
export const ilfdlfResponseSchema = v.object({
  rateTableId: v.pipe(v.number(), v.integer()),
  limits: v.array(ratedOptionSchema),
  deductibles: v.array(ratedOptionSchema),
  options: v.array(
    v.object({
      limitCode: v.string(),
      deductibleCode: v.string(),
      premiumCents: cents,
      totalCents: cents,
      /**
       * Each payment plan for this option's total, split as auth/calculate splits it: a choice of
       * limit, deductible or plan shows its price at once, from what the matrix already holds.
       */
      paymentPlans: v.optional(v.array(paymentPlanSchema), []),
    }),
  ),
});
export type IlfDlfMatrix = v.InferOutput<typeof ilfdlfResponseSchema>;
