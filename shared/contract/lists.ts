import * as v from 'valibot';

const whole = v.pipe(v.number(), v.integer());

/** A US ZIP code as people write it: five digits, or ZIP+4 (`77002-1234`). */
export const zipCodePattern = /^(\d{5})(?:-\d{4})?$/;

/** GET insured/stateList: every state, alphabetical by name; `offered` says whether we sell there. */
export const usStateSchema = v.object({
  code: v.string(),
  name: v.string(),
  offered: v.boolean(),
});
export type UsState = v.InferOutput<typeof usStateSchema>;
export const usStateListSchema = v.array(usStateSchema);

/** GET insured/paymenttermlist: the active payment terms, in display order. */
export const paymentTermSchema = v.object({
  code: v.string(),
  name: v.string(),
  /** Payments in the year, the down payment included. */
  installments: whole,
  /** Share of the premium due at binding, in basis points (10 000 = all of it). */
  downPaymentBps: whole,
  /** Charged on each payment after the first. */
  installmentFeeCents: whole,
});
export type PaymentTerm = v.InferOutput<typeof paymentTermSchema>;
export const paymentTermListSchema = v.array(paymentTermSchema);

/** GET insured/ilfdlflist/{zipcode} */
export const ilfDlfListParamsSchema = v.object({
  zipcode: v.pipe(v.string(), v.regex(zipCodePattern, 'must be a 5-digit ZIP code')),
});

export const limitOptionSchema = v.object({
  code: v.string(),
  label: v.string(),
  perClaimCents: whole,
  aggregateCents: whole,
});
export type LimitOption = v.InferOutput<typeof limitOptionSchema>;

export const deductibleOptionSchema = v.object({
  code: v.string(),
  label: v.string(),
  deductibleCents: whole,
});
export type DeductibleOption = v.InferOutput<typeof deductibleOptionSchema>;

/**
 * Where a ZIP is and the limit and deductible options sold there. `zipcode` is the five-digit
 * ZIP (a ZIP+4 loses its extension). When `offered` is false the lists are empty and the client
 * says the product is not offered in `stateName` yet.
 */
export const ilfDlfListSchema = v.object({
  zipcode: v.string(),
  stateCode: v.string(),
  stateName: v.string(),
  county: v.string(),
  city: v.optional(v.string()),
  offered: v.boolean(),
  limits: v.array(limitOptionSchema),
  deductibles: v.array(deductibleOptionSchema),
});
export type IlfDlfList = v.InferOutput<typeof ilfDlfListSchema>;
