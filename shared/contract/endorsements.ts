import * as v from 'valibot';
import { endorsementKinds, endorsementStatuses, policyStatuses } from '@shared/contract/enums';
import { policyNoticeSchema } from '@shared/contract/documents';
import { addressInputEntries, recordIdInputSchema, requiredText } from '@shared/contract/address';
import { clientUrlSchema } from '@shared/contract/specialities';
import { isoDateSchema } from '@shared/contract/submissions';
import { planLocationSchema } from '@shared/contract/locations';

/**
 * Mid-term changes (endorsements, issue 19): on a policy in force the insured changes the limit
 * or the deductible (among those the policy's rate table offers), or corrects the practice
 * address or the named insured's name, from an effective date of the period. The premium change
 * is pro rata by the days left, priced on the rate table version the policy was priced with, with
 * the state's taxes and fees on it. A change that costs nothing or returns premium is issued at
 * once (the declarations reissued, an endorsement PDF made, a return premium recorded as owed);
 * one that costs more waits for its invoice to be paid.
 *
 * Routes (beyond the specification):
 * GET insured/endorsementoptions?policyid (what a change may be), POST insured/endorsementquote
 * (preview, writes nothing), POST insured/endorse (Idempotency-Key),
 * POST insured/payendorsement (the hosted checkout for an additional premium), GET
 * insured/policyhistory?policyid, POST documents/downloadendorsement.
 */

const integer = v.pipe(v.number(), v.integer());

/** A limit or deductible code as the rate table writes it ("1M/3M", "2500"). */
const optionCode = v.optional(
  v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('is required'), v.maxLength(40, 'is too long')),
);

/**
 * POST insured/endorsementquote and insured/endorse: the policy, the day the change takes effect
 * (a day of the period from today; today when left out) and at least one change: a new limit
 * and/or deductible code, a corrected named insured name or practice address, a location added or
 * removed (these four have no premium effect: the policy is rated on its practice address).
 */
export const endorsementRequestSchema = v.object({
  policyid: recordIdInputSchema,
  effectiveDate: v.optional(isoDateSchema),
  limitCode: optionCode,
  deductibleCode: optionCode,
  insuredName: v.optional(requiredText(200)),
  address: v.optional(v.object(addressInputEntries)),
  /** A location to cover besides the practice address, in the policy's state (no premium effect). */
  addLocation: v.optional(v.object(addressInputEntries)),
  /** A covered location to leave out (an id of endorsementoptions' locations; never the primary one). */
  removeLocationId: v.optional(recordIdInputSchema),
});
export type EndorsementRequest = v.InferInput<typeof endorsementRequestSchema>;

/** GET insured/endorsementoptions?policyid= */
export const endorsementOptionsQuerySchema = v.object({ policyid: recordIdInputSchema });

/** A limit the policy's rate table offers: "$1M per claim / $3M in all". */
const endorsementLimitOptionSchema = v.object({
  code: v.string(),
  label: v.string(),
  perClaimCents: integer,
  aggregateCents: integer,
});

/** A deductible the policy's rate table offers. */
const endorsementDeductibleOptionSchema = v.object({
  code: v.string(),
  label: v.string(),
  amountCents: integer,
});

/** The practice address as its parts (to fill a correction form), as the policy holds it now. */
const endorsementAddressSchema = v.object({
  address1: v.string(),
  address2: v.nullable(v.string()),
  city: v.string(),
  state: v.string(),
  zipcode: v.string(),
});

/**
 * What a change of this policy may be (the change screen's choices): the policy and its period,
 * the days a change may take effect (today or the period's first day, whichever is later, to the
 * day before expiry), the limit and deductible now and those offered by the rate table version
 * the policy was priced with, the named insured and practice address as the policy holds them now
 * (a corrected address stays in `stateCode`), the locations it covers (primary first), and the
 * change already waiting for its additional premium (another must wait until it is paid).
 */
export const endorsementOptionsSchema = v.object({
  policyId: integer,
  policyNumber: v.string(),
  status: v.picklist(policyStatuses),
  effectiveDate: v.string(),
  expirationDate: v.string(),
  earliestEffectiveDate: v.string(),
  latestEffectiveDate: v.string(),
  rateTableId: integer,
  rateTableVersion: integer,
  stateCode: v.string(),
  limitCode: v.string(),
  deductibleCode: v.string(),
  limits: v.array(endorsementLimitOptionSchema),
  deductibles: v.array(endorsementDeductibleOptionSchema),
  insuredName: v.string(),
  /** The address as printed: "1 Main St", "Houston, TX 77002". */
  addressLines: v.array(v.string()),
  address: v.nullable(endorsementAddressSchema),
  locations: v.array(planLocationSchema),
  awaitingPayment: v.nullable(v.object({ id: integer, number: v.string(), totalChangeCents: integer })),
  /** A change with the underwriter (referred): no other until it is decided. Absent from an older server. */
  referred: v.optional(v.nullable(v.object({ id: integer, number: v.string() }))),
});
export type EndorsementOptions = v.InferOutput<typeof endorsementOptionsSchema>;

/** One thing the endorsement changes, as it read before and after (a code, a name, an address…). */
export const endorsementChangeSchema = v.object({
  /** limitCode, deductibleCode, insuredName, address, locationAdded, locationRemoved, status, tail … */
  field: v.string(),
  before: v.nullable(v.union([v.string(), v.number(), v.boolean()])),
  after: v.nullable(v.union([v.string(), v.number(), v.boolean()])),
});
export type EndorsementChange = v.InferOutput<typeof endorsementChangeSchema>;

/** One line of the price's working: "Days remaining: 200 of 365", "Prorated premium: +$123.45". */
export const endorsementWorksheetLineSchema = v.object({
  label: v.string(),
  /** The line's figure in cents, when it is money; absent for counts. */
  amountCents: v.optional(integer),
  text: v.string(),
});
export type EndorsementWorksheetLine = v.InferOutput<typeof endorsementWorksheetLineSchema>;

/**
 * What a change costs or returns, all signed integer cents (positive: additional premium to pay;
 * negative: return premium owed): the annual premiums before and after (before the policy fee and
 * taxes, as the rating engine gives them), the share of the difference for the days left, and the
 * state's tax and fees on that share.
 */
export const endorsementQuoteSchema = v.object({
  policyId: integer,
  policyNumber: v.string(),
  effectiveDate: v.string(),
  /** The rate table (and its version) the policy was priced with, and this change too. */
  rateTableId: integer,
  rateTableVersion: integer,
  changes: v.array(endorsementChangeSchema),
  annualPremiumBeforeCents: integer,
  annualPremiumAfterCents: integer,
  daysRemaining: integer,
  daysInPeriod: integer,
  proratedPremiumCents: integer,
  taxCents: integer,
  feeCents: integer,
  totalCents: integer,
  worksheet: v.array(endorsementWorksheetLineSchema),
});
export type EndorsementQuote = v.InferOutput<typeof endorsementQuoteSchema>;

/** One row of a policy's history after issue: a change, a cancellation or a tail. */
export const endorsementSchema = v.object({
  id: integer,
  policyId: integer,
  /** P-2026-000007-E01: the policy's number, then the endorsement's in the order they were asked. */
  number: v.string(),
  kind: v.picklist(endorsementKinds),
  status: v.picklist(endorsementStatuses),
  effectiveDate: v.string(),
  changes: v.array(endorsementChangeSchema),
  annualPremiumBeforeCents: integer,
  annualPremiumAfterCents: integer,
  premiumChangeCents: integer,
  taxChangeCents: integer,
  feeChangeCents: integer,
  totalChangeCents: integer,
  /** 'owed' while a return premium waits to be credited or refunded; null otherwise. */
  returnPremiumStatus: v.nullable(v.string()),
  /** The invoice of an additional premium (awaiting payment until it is paid); null otherwise. */
  invoiceId: v.nullable(integer),
  invoiceNumber: v.nullable(v.string()),
  createdAt: v.string(),
  issuedAt: v.nullable(v.string()),
  /** Whether the endorsement PDF can be downloaded (it is made when the endorsement is issued). */
  hasDocument: v.boolean(),
});
export type Endorsement = v.InferOutput<typeof endorsementSchema>;

/** GET insured/policyhistory?policyid= */
export const policyHistoryQuerySchema = v.object({ policyid: recordIdInputSchema });

/** The policy's issue and every endorsement since, newest first. */
export const policyHistorySchema = v.object({
  policyId: integer,
  policyNumber: v.string(),
  /** When the policy was issued (ISO 8601) and its period's first day. */
  issuedAt: v.string(),
  effectiveDate: v.string(),
  expirationDate: v.string(),
  endorsements: v.array(endorsementSchema),
  /**
   * Each notice of cancellation for non-payment sent about the policy's instalments, newest first
   * (documents/downloadnotice downloads it again). Optional for an older server.
   */
  notices: v.optional(v.array(policyNoticeSchema)),
  /**
   * The server's business day (YYYY-MM-DD), the day every rule reads the policy by: the page says
   * where it stands and what may be done on this day, not on the browser's (another time zone, a
   * wrong clock). Absent from an older server: the page falls back on the browser's day.
   */
  today: v.optional(isoDateSchema),
});
export type PolicyHistory = v.InferOutput<typeof policyHistorySchema>;

/**
 * POST insured/payendorsement: open the hosted checkout (the order's own, payments/checkout's) for
 * an endorsement's additional premium; clientid when in a broker's branded site. Answers
 * payments/checkout's Checkout; the browser comes back to paymentconfirm as for the order.
 */
export const payEndorsementRequestSchema = v.object({
  endorsementid: recordIdInputSchema,
  clientid: v.optional(clientUrlSchema),
});

/** POST documents/downloadendorsement (JSON or form: endorsementid): answers application/pdf. */
export const downloadEndorsementRequestSchema = v.object({ endorsementid: recordIdInputSchema });

/**
 * A change the rules sent to the underwriter (status referred): the endorsement, its policy and
 * insured, and why it was referred. GET underwriting/endorsements answers them, oldest first.
 */
export const referredEndorsementSchema = v.object({
  ...endorsementSchema.entries,
  policyNumber: v.string(),
  insuredName: v.string(),
  reason: v.string(),
  /** The proration's terms, so the desk can show the worksheet (absent from an older server). */
  authorityCents: v.optional(integer),
  policyEffectiveDate: v.optional(v.string()),
  policyExpirationDate: v.optional(v.string()),
  daysRemaining: v.optional(integer),
  daysInPeriod: v.optional(integer),
});
export type ReferredEndorsement = v.InferOutput<typeof referredEndorsementSchema>;
export const referredEndorsementsSchema = v.array(referredEndorsementSchema);

/**
 * POST underwriting/endorsementdecision: approve (it proceeds: issued, or awaiting payment of its
 * additional premium) or decline, with the reason the insured is told (required to decline).
 */
export const endorsementDecisionRequestSchema = v.object({
  endorsementid: recordIdInputSchema,
  decision: v.picklist(['approve', 'decline'], 'must be approve or decline'),
  reason: v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(2000, 'must be at most 2000 characters'))),
});
