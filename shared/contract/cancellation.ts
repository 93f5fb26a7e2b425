import * as v from 'valibot';
import { optionalText, recordIdInputSchema } from '@shared/contract/address';
import { endorsementStatuses, policyStatuses } from '@shared/contract/enums';
import { isoDateSchema } from '@shared/contract/submissions';

/**
 * Cancellation with tail cover (issue 19, DESIGN.md "The policy after the sale"): the insured
 * cancels one of their policies from today (or, before it starts, from its effective date: a flat
 * cancellation) up to the day before it expires. The premium for the days left comes back pro
 * rata, or short rate where the policy's state uses it, with the policy fee, taxes and state fees
 * in the same proportion. Our policies are claims-made (the declarations carry a retroactive
 * date), so cancelling offers an Extended Reporting Period (tail) of 1, 2 or 3 years, priced at
 * the percentages of the annual premium set with the rate table the policy was priced with, plus
 * the state's taxes and fees; a cancelled or expired policy buys one once.
 *
 * Routes (beyond the specification):
 * POST insured/cancellationquote (nothing written), POST insured/cancelpolicy (Idempotency-Key),
 * POST insured/buytail (Idempotency-Key).
 */

const integer = v.pipe(v.number(), v.integer());

/** The tail's lengths on offer, in years. */
export const tailYears = [1, 2, 3] as const;
export type TailYears = (typeof tailYears)[number];

/** How the return premium is worked out: all of it (flat), by the days left, or 90% of that. */
export const returnMethods = ['flat', 'pro_rata', 'short_rate'] as const;
export type ReturnMethod = (typeof returnMethods)[number];

/** POST insured/cancellationquote (JSON or form). */
export const cancellationQuoteRequestSchema = v.object({
  policyid: recordIdInputSchema,
  /**
   * The first day without cover (YYYY-MM-DD): from today (or the effective date of a policy not
   * yet in force) to the day before the expiration date; outside that, a 400 naming it.
   */
  cancellationDate: isoDateSchema,
});
export type CancellationQuoteRequest = v.InferInput<typeof cancellationQuoteRequestSchema>;

/** POST insured/cancelpolicy (JSON or form): the quote's fields and, optionally, why. */
export const cancelPolicyRequestSchema = v.object({
  ...cancellationQuoteRequestSchema.entries,
  reason: optionalText(500),
});
export type CancelPolicyRequest = v.InferInput<typeof cancelPolicyRequestSchema>;

/** 1, 2 or 3 (a JSON number, or text from a form). */
const tailYearsInputSchema = v.union(
  [
    v.picklist(tailYears, 'must be 1, 2 or 3'),
    v.pipe(
      v.string(),
      v.trim(),
      v.picklist(['1', '2', '3'], 'must be 1, 2 or 3'),
      v.transform((text) => Number(text) as TailYears),
    ),
  ],
  'must be 1, 2 or 3',
);

/** POST insured/buytail (JSON or form). */
export const buyTailRequestSchema = v.object({
  policyid: recordIdInputSchema,
  years: tailYearsInputSchema,
});
export type BuyTailRequest = v.InferInput<typeof buyTailRequestSchema>;

/** The premium that comes back, and what comes back with it; every amount is positive cents returned. */
export const returnPremiumSchema = v.object({
  method: v.picklist(returnMethods),
  /** Days of cover given up (from the cancellation date to the expiration date) and in the whole period. */
  daysRemaining: integer,
  daysInPeriod: integer,
  /** The policy's annual premium today (before fee, taxes and state fees). */
  annualPremiumCents: integer,
  premiumCents: integer,
  policyFeeCents: integer,
  taxCents: integer,
  stateFeeCents: integer,
  /** All of the above: what is owed back to the insured. */
  totalCents: integer,
});
export type ReturnPremium = v.InferOutput<typeof returnPremiumSchema>;

/** One tail on offer: its length, its share of the annual premium, and its price. */
export const tailOptionSchema = v.object({
  years: v.picklist(tailYears),
  /** Of the annual premium, in basis points (16 000 = 160 %). */
  percentBps: integer,
  premiumCents: integer,
  taxCents: integer,
  stateFeeCents: integer,
  totalCents: integer,
  /** Claims first made up to this day (YYYY-MM-DD, not included) are reported under it. */
  reportingUntil: v.string(),
});
export type TailOption = v.InferOutput<typeof tailOptionSchema>;

/** The policy a cancellation or a tail is about. */
const policyEntries = {
  policyId: integer,
  policyNumber: v.string(),
  /** The policy's period, YYYY-MM-DD. */
  effectiveDate: v.string(),
  expirationDate: v.string(),
  /** Claims-made: work done before this day (YYYY-MM-DD) is not covered. */
  retroactiveDate: v.string(),
};

/** POST insured/cancellationquote: what cancelling from that day would return and the tail it offers. */
export const cancellationQuoteSchema = v.object({
  ...policyEntries,
  status: v.picklist(policyStatuses),
  cancellationDate: v.string(),
  returnPremium: returnPremiumSchema,
  /**
   * A payment plan's premium not yet paid, set against the return (issue 20; absent when the year
   * is paid): every later instalment not paid, without its instalment fee. netCents is the return
   * less it: above nothing, owed back to the insured; below, earned premium the insured still owes.
   */
  unpaidPremium: v.optional(v.object({ unpaidCents: integer, netCents: integer })),
  /** The Extended Reporting Periods on offer, from the cancellation date: 1, 2 and 3 years. */
  tailOffer: v.array(tailOptionSchema),
});
export type CancellationQuote = v.InferOutput<typeof cancellationQuoteSchema>;

/** An endorsement as a cancellation or a tail answers it. */
const endorsementRefSchema = v.object({
  id: integer,
  /** The policy's number + "-E" + two digits (P-2026-000007-E02). */
  number: v.string(),
  status: v.picklist(endorsementStatuses),
  /** Signed cents: negative for a return premium owed, positive for a premium to pay. */
  totalChangeCents: integer,
});

/** POST insured/cancelpolicy: the policy cancelled, what is owed back, the notice and the tail still on offer. */
export const cancellationSchema = v.object({
  ...cancellationQuoteSchema.entries,
  status: v.literal('cancelled'),
  reason: v.nullable(v.string()),
  /** When the cancellation was recorded (ISO 8601, the server's clock). */
  cancelledAt: v.string(),
  /** The cancellation's endorsement: the return premium recorded as owed. */
  endorsement: endorsementRefSchema,
  /** The cancellation notice (PDF), kept with the policy's documents and mailed to the insured. */
  notice: v.object({ filename: v.string() }),
});
export type Cancellation = v.InferOutput<typeof cancellationSchema>;

/** POST insured/buytail: the tail's endorsement, waiting for its invoice to be paid. */
export const tailPurchaseSchema = v.object({
  ...policyEntries,
  status: v.picklist(policyStatuses),
  tail: tailOptionSchema,
  /** The first day the tail covers: the cancellation date, or the expiration date of an expired policy. */
  startsOn: v.string(),
  endorsement: endorsementRefSchema,
  invoice: v.object({
    invoiceId: integer,
    number: v.string(),
    status: v.picklist(['open', 'paid']),
    premiumCents: integer,
    taxCents: integer,
    feeCents: integer,
    totalCents: integer,
  }),
});
export type TailPurchase = v.InferOutput<typeof tailPurchaseSchema>;

/** GET insured/cancellationoptions?policyid= */
export const cancellationOptionsQuerySchema = v.object({ policyid: recordIdInputSchema });

/** A tail bought on the policy: its endorsement (awaiting payment until its invoice is paid, then issued) and its reach. */
const boughtTailSchema = v.object({
  ...endorsementRefSchema.entries,
  years: v.picklist(tailYears),
  /** The first day it covers and the day (not included) claims can be reported until, YYYY-MM-DD. */
  startsOn: v.string(),
  reportingUntil: v.string(),
});

/**
 * GET insured/cancellationoptions: what the cancel screen needs before anything is asked — the
 * policy's standing, the days a cancellation can take effect from today (none when it cannot be
 * cancelled), its cancellation when it is cancelled (the notice is that endorsement's PDF), and
 * its tail: the one bought, or the ones on offer on a cancelled or expired policy without one.
 */
export const cancellationOptionsSchema = v.object({
  ...policyEntries,
  status: v.picklist(policyStatuses),
  /** The first and last day a cancellation can take effect from (YYYY-MM-DD); null when the policy cannot be cancelled. */
  earliestCancellationDate: v.nullable(v.string()),
  latestCancellationDate: v.nullable(v.string()),
  /** The cancellation, when the policy is cancelled. */
  cancellationDate: v.nullable(v.string()),
  cancellationReason: v.nullable(v.string()),
  cancellation: v.nullable(endorsementRefSchema),
  /** The first day a tail covers (the cancellation date, or the expiration date); null while the policy can be cancelled. */
  tailStartsOn: v.nullable(v.string()),
  /** The tails on offer now: 1, 2 and 3 years on a cancelled or expired policy without one; empty otherwise. */
  tailOffer: v.array(tailOptionSchema),
  tail: v.nullable(boughtTailSchema),
  /**
   * The server's business day (YYYY-MM-DD): whether the cancellation date is today (cover stopped
   * at its start) or still to come is read by it, not by the browser's clock. Absent from an older server.
   */
  today: v.optional(v.string()),
});
export type CancellationOptions = v.InferOutput<typeof cancellationOptionsSchema>;
