import * as v from 'valibot';
import { recordIdInputSchema } from '@shared/contract/address';
import { checkoutSessionIdPattern, policyStatuses } from '@shared/contract/enums';
import { cents } from '@shared/contract/rating';
import { clientUrlSchema } from '@shared/contract/specialities';

/**
 * A payment plan's instalments after the sale (issue 20): each later one is invoiced ahead of its
 * due date, mailed with a link to pay exactly it, reminded before and after; unpaid past the
 * grace, the policy is under a notice of cancellation for non-payment until paid or cancelled.
 */

const integer = v.pipe(v.number(), v.integer());
const isoDay = v.pipe(v.string(), v.isoDate());

/**
 * paid; open (invoiced, not yet due); overdue (invoiced, past its due date, unpaid);
 * scheduled (not invoiced yet); void (never to be paid: the policy was cancelled before it).
 */
export const instalmentStatuses = ['paid', 'open', 'overdue', 'scheduled', 'void'] as const;
export type InstalmentStatus = (typeof instalmentStatuses)[number];

export const instalmentSchema = v.object({
  installmentNo: integer,
  dueDate: isoDay,
  amountCents: cents,
  status: v.picklist(instalmentStatuses),
  /** Its invoice once invoiced (the first at purchase, the rest ahead of their dates); null before. */
  invoiceId: v.nullable(integer),
  invoiceNumber: v.nullable(v.string()),
  paidAt: v.nullable(v.string()),
});

/** One policy's plan: its schedule and where it stands. */
export const policyInstalmentsSchema = v.object({
  policyId: integer,
  policyNumber: v.string(),
  submissionId: integer,
  speciality: v.string(),
  policyStatus: v.picklist(policyStatuses),
  paymentTerm: v.object({ code: v.string(), name: v.string() }),
  /** Under a notice of cancellation for non-payment: the day cover ends unless paid (YYYY-MM-DD). */
  noticeEndDate: v.nullable(isoDay),
  /** Cancelled: the first day without cover. */
  cancellationDate: v.nullable(isoDay),
  schedule: v.array(instalmentSchema),
});
export type PolicyInstalments = v.InferOutput<typeof policyInstalmentsSchema>;

/** GET insured/instalments: the insured's policies paid by instalments, newest first. */
export const policyInstalmentsListSchema = v.array(policyInstalmentsSchema);

/** GET insured/instalment?invoiceid: the one instalment a mailed link pays. */
export const instalmentQuerySchema = v.object({ invoiceid: recordIdInputSchema });

export const payableInstalmentSchema = v.object({
  ...instalmentSchema.entries,
  invoiceId: integer,
  invoiceNumber: v.string(),
  /** How many payments the plan has (the "2 of 10" of a payment). */
  installments: integer,
  policyId: integer,
  policyNumber: v.string(),
  policyStatus: v.picklist(policyStatuses),
  submissionId: integer,
  speciality: v.string(),
  noticeEndDate: v.nullable(isoDay),
  /** Why the last checkout attempt failed, in the insured's words; null once paid. */
  lastPaymentFailure: v.nullable(v.string()),
  /** Whether it can be paid now: open or overdue, and the policy not cancelled. */
  payable: v.boolean(),
});
export type PayableInstalment = v.InferOutput<typeof payableInstalmentSchema>;

/** POST insured/payinstalment: opens the hosted checkout for that instalment. */
export const payInstalmentRequestSchema = v.object({
  invoiceid: recordIdInputSchema,
  clientid: v.optional(clientUrlSchema),
});

/** POST insured/confirminstalment: the browser is back from the checkout. */
export const confirmInstalmentRequestSchema = v.object({
  invoiceid: recordIdInputSchema,
  sessionid: v.pipe(
    v.string('must be text'),
    v.regex(checkoutSessionIdPattern, 'must be a checkout session id (cs_…)'),
  ),
});

export const instalmentConfirmationSchema = v.object({
  outcome: v.picklist(['paid', 'pending', 'failed']),
  message: v.nullable(v.string()),
  instalment: payableInstalmentSchema,
});
export type InstalmentConfirmation = v.InferOutput<typeof instalmentConfirmationSchema>;

/** GET broker/overdueinstalments: the broker's insureds with an instalment past due, most overdue first. */
export const overdueInstalmentSchema = v.object({
  policyId: integer,
  policyNumber: v.string(),
  submissionId: integer,
  insuredName: v.string(),
  email: v.string(),
  installmentNo: integer,
  invoiceNumber: v.string(),
  amountCents: cents,
  dueDate: isoDay,
  daysOverdue: integer,
  policyStatus: v.picklist(policyStatuses),
  noticeEndDate: v.nullable(isoDay),
});
export type OverdueInstalment = v.InferOutput<typeof overdueInstalmentSchema>;
export const overdueInstalmentListSchema = v.array(overdueInstalmentSchema);
