import * as v from 'valibot';
import { recordIdInputSchema } from '@shared/contract/address';
import { emailSchema } from '@shared/contract/auth';

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
 *   (documentType "application" of downloadpolicy), once the policy is issued.
 */
export const documentKinds = ['policy', 'declarations', 'binder', 'invoice', 'ordersummary', 'application'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const policyDocumentTypes = ['policy', 'declarations', 'application'] as const;
export type PolicyDocumentType = (typeof policyDocumentTypes)[number];

/** POST documents/downloadordersummary, downloadinvoice, downloadbinder (form or JSON: submissionid). */
export const documentRequestSchema = v.object({ submissionid: recordIdInputSchema });

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
});
export type DocumentEntry = v.InferOutput<typeof documentEntrySchema>;

/** GET documents/list: every document of every order that has any, policies first, newest first. */
export const documentListSchema = v.object({
  orders: v.array(
    v.object({
      submissionId: integer,
      orderNumber: v.string(),
      policyNumber: v.nullable(v.string()),
      speciality: v.string(),
      /** YYYY-MM-DD, or null before a policy is issued. */
      effectiveDate: v.nullable(v.string()),
      expirationDate: v.nullable(v.string()),
      documents: v.array(documentEntrySchema),
    }),
  ),
});
export type DocumentList = v.InferOutput<typeof documentListSchema>;
