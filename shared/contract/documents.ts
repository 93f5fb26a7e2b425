import * as v from 'valibot';
import { recordIdInputSchema } from '@shared/contract/address';
import { emailSchema } from '@shared/contract/auth';
import { policyStatuses } from '@shared/contract/enums';

/**
 * The order's documents (specification §7 documents/downloadordersummary, downloadpolicy,
 * downloadinvoice, downloadbinder, shareOrderSummary, emailtemplate/sendemailwithorderconfirmation).
 * Every download answers application/pdf with a safe file name; the same data always gives
 * the same bytes.
 */

const integer = v.pipe(v.number(), v.integer());

/**
 * What each download holds:
 * - policy: the declarations page and the coverage form (documentType "policy"), or the
 *   declarations page alone (documentType "declarations");
 * - binder: evidence of cover from binding until the policy is delivered;
 * - invoice: the invoice with its installment schedule, open or paid;
 * - ordersummary: the order as placed (answers, locations, price);
 * - application: the application as the insured signed it electronically, with the signature
 *   (documentType "application" of downloadpolicy), once the policy is issued;
 * - nonpaymentnotice: a notice of cancellation for non-payment, one per instalment noticed
 *   (documents/downloadnotice with the instalment's invoiceid), as it was mailed;
 * - endorsement, cancellationnotice, tailendorsement: an issued endorsement of the policy (a
 *   mid-term change, the cancellation with its notice, an Extended Reporting Period), as it was
 *   issued and mailed (documents/downloadendorsement with its endorsementid).
 */
export const documentKinds = [
  'policy',
  'declarations',
  'binder',
  'invoice',
  'ordersummary',
  'application',
  'nonpaymentnotice',
  'endorsement',
  'cancellationnotice',
  'tailendorsement',
] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const policyDocumentTypes = ['policy', 'declarations', 'application'] as const;
export type PolicyDocumentType = (typeof policyDocumentTypes)[number];

/** POST documents/downloadordersummary, downloadinvoice, downloadbinder (form or JSON: submissionid). */
export const documentRequestSchema = v.object({ submissionid: recordIdInputSchema });

/**
 * POST documents/downloadinvoice (form or JSON: submissionid, and optionally invoiceid): without
 * invoiceid the order's own first invoice, as the specification's call always answered; with it,
 * that invoice of the order (a later instalment, an endorsement's or a tail's).
 */
export const invoiceDocumentRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  invoiceid: v.optional(recordIdInputSchema),
});

/**
 * POST documents/downloadnotice (form or JSON: submissionid, invoiceid): the notice of
 * cancellation for non-payment sent about that unpaid instalment of the order.
 */
export const noticeDocumentRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  invoiceid: recordIdInputSchema,
});

/** POST documents/downloadpolicy (form or JSON: submissionid, documentType). */
export const policyDocumentRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  documentType: v.optional(v.picklist(policyDocumentTypes, 'must be policy, declarations or application'), 'policy'),
});

/** POST documents/shareOrderSummary, emailtemplate/sendemailwithorderconfirmation (form: submissionid, to). */
export const mailDocumentRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  to: emailSchema,
});

/** The mail was queued (with its attachments); `to` as it will be sent. */
export const mailQueuedSchema = v.object({ queued: v.literal(true), to: v.string(), attachments: v.array(v.string()) });
export type MailQueued = v.InferOutput<typeof mailQueuedSchema>;

export const documentEntrySchema = v.object({
  kind: v.picklist(documentKinds),
  /** "Policy (declarations and coverage form)". */
  title: v.string(),
  /** What the download will be called: policy-p-2026-000042.pdf. */
  filename: v.string(),
  /** A notice of non-payment's: the invoice of the instalment it is about (what downloadnotice asks for). */
  invoiceId: v.optional(integer),
  /** An endorsement's (endorsement, cancellationnotice, tailendorsement): what downloadendorsement asks for. */
  endorsementId: v.optional(integer),
  /** An endorsement's number: P-2026-000042-E01. */
  endorsementNumber: v.optional(v.string()),
  /** An endorsement's effective date (a cancellation's: the day cover ends; a tail's: the day it starts), YYYY-MM-DD. */
  effectiveDate: v.optional(v.string()),
});
export type DocumentEntry = v.InferOutput<typeof documentEntrySchema>;

/**
 * A notice of cancellation for non-payment as the policy's history lists it (insured/policyhistory's
 * notices): when it was sent, about which unpaid instalment, downloaded again by
 * documents/downloadnotice (submissionid, invoiceid).
 */
export const policyNoticeSchema = v.object({
  submissionId: integer,
  invoiceId: integer,
  /** INV-2026-000171: the unpaid instalment's invoice. */
  invoiceNumber: v.string(),
  /** YYYY-MM-DD the instalment was due, or null when it names none. */
  dueDate: v.nullable(v.string()),
  /** When the notice was sent (ISO 8601). */
  sentAt: v.string(),
  filename: v.string(),
});
export type PolicyNotice = v.InferOutput<typeof policyNoticeSchema>;

/** What an invoice bills: the order (its first instalment), a later instalment, an endorsement's premium, a tail. */
export const invoicePurposes = ['order', 'instalment', 'endorsement', 'tail'] as const;

/** One invoice of an order, each downloaded by documents/downloadinvoice with its invoiceid. */
export const orderInvoiceSchema = v.object({
  id: integer,
  /** INV-2026-000101. */
  number: v.string(),
  purpose: v.picklist(invoicePurposes),
  /** What it is for, in words: "Instalment 3 of 10", "Endorsement P-2026-000042-E01". */
  description: v.string(),
  totalCents: integer,
  status: v.picklist(['open', 'paid', 'void']),
  /** YYYY-MM-DD, or null when it names none. */
  dueDate: v.nullable(v.string()),
  filename: v.string(),
});
export type OrderInvoice = v.InferOutput<typeof orderInvoiceSchema>;

/** GET documents/list: every document of every order that has any, policies first, newest first. */
export const documentListSchema = v.object({
  orders: v.array(
    v.object({
      submissionId: integer,
      orderNumber: v.string(),
      policyNumber: v.nullable(v.string()),
      /** The policy's id (its page, insured/policyhistory), once issued. Optional for an older server. */
      policyId: v.optional(v.nullable(integer)),
      /** The policy's status (the shared policy lifecycle's), once issued. Optional for an older server. */
      policyStatus: v.optional(v.nullable(v.picklist(policyStatuses))),
      /** YYYY-MM-DD from which a cancelled policy stopped (or stops) covering, else null. */
      cancellationDate: v.optional(v.nullable(v.string())),
      speciality: v.string(),
      /** YYYY-MM-DD, or null before a policy is issued. */
      effectiveDate: v.nullable(v.string()),
      expirationDate: v.nullable(v.string()),
      /**
       * Every document the insured was sent, in this order: the policy, declarations (as last
       * reissued) and binder, the signed application, the first invoice, the order summary, each
       * notice of non-payment, then each issued endorsement oldest first (changes, the
       * cancellation notice, the tail).
       */
      documents: v.array(documentEntrySchema),
      /**
       * Every invoice of the order, oldest first: the order's own instalments, then its policy's
       * endorsements and tail. (The documents' "invoice" entry is the first of them.) The server
       * always sends it; optional for a client reading an answer from before it was listed.
       */
      invoices: v.optional(v.array(orderInvoiceSchema)),
    }),
  ),
  /** The server's business day (YYYY-MM-DD) a policy's standing is read by. Optional for an older server. */
  today: v.optional(v.string()),
});
export type DocumentList = v.InferOutput<typeof documentListSchema>;
