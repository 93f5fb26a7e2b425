import * as v from 'valibot';
import { recordIdInputSchema } from '@shared/contract/address';
import { checkoutSessionIdPattern, policyStatuses } from '@shared/contract/enums';
import { cents } from '@shared/contract/rating';
import { clientUrlSchema } from '@shared/contract/specialities';
import { submissionStatusSchema } from '@shared/contract/submissions';

/**
 * From an approved order to a paid, bound policy (DESIGN.md §4: approved ─generate invoice─▶
 * awaiting_payment ─payment succeeds─▶ bound ─documents issued─▶ complete). Specification §7
 * invoice/generateInvoice and insured/policyinfo; the checkout and its confirmation beyond it.
 * Card data never reaches this server or the SPA: the insured pays on a hosted checkout (the
 * built-in sandbox, or Stripe Checkout) and the provider confirms through a signed webhook.
 */

const integer = v.pipe(v.number(), v.integer());
const isoDay = v.pipe(v.string(), v.isoDate());
const isoTime = v.string();

/** One payment of the year's schedule: the first is due now, the rest on their dates. */
export const installmentSchema = v.object({
  installmentNo: integer,
  /** YYYY-MM-DD. */
  dueDate: isoDay,
  amountCents: cents,
});
export type Installment = v.InferOutput<typeof installmentSchema>;

export const invoiceStatuses = ['open', 'paid'] as const;

/** POST invoice/generateInvoice: the order's one invoice, for the first installment of its plan. */
export const invoiceSchema = v.object({
  invoiceId: integer,
  /** INV-2026-000042. */
  number: v.string(),
  submissionId: integer,
  orderNumber: v.string(),
  status: v.picklist(invoiceStatuses),
  /** The order now (awaiting_payment once invoiced) and its version. */
  orderStatus: submissionStatusSchema,
  orderVersion: integer,
  paymentTerm: v.object({ code: v.string(), name: v.string() }),
  /** The year's premium, fees and taxes as rated (the rating's totalCents). */
  premiumCents: cents,
  policyFeeCents: cents,
  taxCents: cents,
  stateFeeCents: cents,
  totalCents: cents,
  /** Due now: the first installment (the whole year when paid in full). */
  amountDueCents: cents,
  currency: v.literal('USD'),
  /** YYYY-MM-DD. */
  dueDate: isoDay,
  /** Every payment of the year, the first included. */
  schedule: v.array(installmentSchema),
  createdAt: isoTime,
  paidAt: v.nullable(isoTime),
  /** The last checkout attempt that failed and why ("Your card was declined."), until one succeeds. */
  lastPaymentFailure: v.nullable(v.string()),
});
export type Invoice = v.InferOutput<typeof invoiceSchema>;

/** POST invoice/generateInvoice (form or JSON: submissionid). */
export const generateInvoiceRequestSchema = v.object({ submissionid: recordIdInputSchema });

/** GET invoice/details?submissionid: the order's invoice, once generated (404 before). */
export const invoiceQuerySchema = v.object({ submissionid: recordIdInputSchema });

/**
 * POST payments/checkout (JSON: submissionid, clientid?): starts a hosted checkout for the
 * order's open invoice and answers where to send the browser. With `clientid` the checkout
 * returns to the broker's branded paymentconfirm/payment screens. Idempotent per
 * Idempotency-Key: a repeat answers the same checkout.
 */
export const checkoutRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  clientid: v.optional(clientUrlSchema),
});

export const paymentProviders = ['sandbox', 'stripe'] as const;

export const checkoutSchema = v.object({
  submissionId: integer,
  invoiceId: integer,
  provider: v.picklist(paymentProviders),
  /** The provider's checkout session id (cs_…). */
  sessionId: v.string(),
  /** Absolute: the hosted checkout page. */
  url: v.string(),
  amountCents: cents,
});
export type Checkout = v.InferOutput<typeof checkoutSchema>;

/**
 * POST payments/confirm (JSON: submissionid, sessionid): the browser is back from the checkout.
 * The server asks the provider about the session and, when it is paid, binds exactly as the
 * webhook would (whichever arrives first binds; the other finds it done). Idempotent.
 */
export const confirmPaymentRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  sessionid: v.pipe(
    v.string('must be text'),
    v.regex(checkoutSessionIdPattern, 'must be a checkout session id (cs_…)'),
  ),
});

export const paymentOutcomes = ['paid', 'pending', 'failed'] as const;

/** What the confirmation found: paid (and the policy), still pending, or failed (and why). */
export const paymentConfirmationSchema = v.object({
  submissionId: integer,
  outcome: v.picklist(paymentOutcomes),
  orderStatus: submissionStatusSchema,
  /** Words for the insured when it failed or is still pending. */
  message: v.nullable(v.string()),
  policyNumber: v.nullable(v.string()),
});
export type PaymentConfirmation = v.InferOutput<typeof paymentConfirmationSchema>;

/** GET insured/policyinfo?submissionid: the order's policy (404 until one is issued). */
export const policyInfoSchema = v.object({
  policyId: integer,
  /** P-2026-000042. */
  policyNumber: v.string(),
  submissionId: integer,
  orderNumber: v.string(),
  /** The policy's lifecycle status (shared/lifecycle/policy-lifecycle.machine.ts). */
  status: v.picklist(policyStatuses),
  speciality: v.object({ id: integer, name: v.string() }),
  namedInsured: v.string(),
  broker: v.nullable(v.string()),
  /** YYYY-MM-DD; the period runs a year from the effective date. */
  effectiveDate: isoDay,
  expirationDate: isoDay,
  /**
   * YYYY-MM-DD, claims-made: work done before it is not covered. The effective date for new
   * business, or the prior-acts date of the continuous cover the insured reported. Optional for
   * clients of an older server.
   */
  retroactiveDate: v.optional(isoDay),
  /**
   * YYYY-MM-DD: the first day without cover once the policy is cancelled (it may lie ahead: in
   * force until then); null otherwise. Optional for clients of an older server.
   */
  cancellationDate: v.optional(v.nullable(isoDay)),
  /** Why the insured cancelled, in their words, when they said; null otherwise. */
  cancellationReason: v.optional(v.nullable(v.string())),
  limit: v.object({ code: v.string(), label: v.string(), perClaimCents: cents, aggregateCents: cents }),
  deductible: v.object({ code: v.string(), label: v.string(), amountCents: cents }),
  premiumCents: cents,
  policyFeeCents: cents,
  taxCents: cents,
  stateFeeCents: cents,
  totalCents: cents,
  paymentTerm: v.object({ code: v.string(), name: v.string() }),
  issuedAt: isoTime,
  /** What was paid to bind it. */
  payment: v.object({ amountCents: cents, paidAt: isoTime, provider: v.picklist(paymentProviders) }),
});
export type PolicyInfo = v.InferOutput<typeof policyInfoSchema>;
