/**
 * The insured's documents (specification §7 documents/*): the policy, declarations and binder as
 * issued (kept at issuance), the invoice and the order summary drawn from the data now (the same
 * data gives the same bytes). Only the owner's orders: anyone else's is the same 404 as a
 * missing one; a document that does not exist yet is a 409 naming the order's status.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DocumentEntry, DocumentKind, DocumentList } from '@/api/contract/documents';
import type { Trust } from '@/api/contract/runtime-config';
import { callerOf } from '@server/account/plan-locations';
import { signedOrderIds } from '@server/application/signatures';
import type { AuthUser } from '@server/auth/user';
import { invoiceOf } from '@server/billing/billing-queries';
import type { Queryable } from '@server/db/connection';
import { documents, invoices, policies, specialities, submissions } from '@server/db/schema';
import { invoiceDocumentData, orderSummaryData, STATUS_LABELS } from '@server/documents/document-sources';
import { documentFileName, documentTitle } from '@server/documents/document-file-names';
import { invoicePdf } from '@server/documents/invoice-pdf';
import { orderSummaryPdf } from '@server/documents/order-summary-pdf';
import { conflict } from '@server/http/http-error';
import { ownedSubmission, type SubmissionRow } from '@server/submissions/access';

export type DocumentFile = { filename: string; content: Buffer };

const notYet = (row: Pick<SubmissionRow, 'number' | 'status'>, what: string) =>
  conflict(`Order ${row.number} is ${STATUS_LABELS[row.status]?.toLowerCase() ?? row.status}: its ${what} is not issued yet`, { status: `is ${row.status}` });

/** Before a rated quote there is nothing to summarise. */
const UNSUMMARISED = new Set(['draft']);

export async function orderSummaryFile(db: Queryable, user: AuthUser, submissionId: number, trust: Trust): Promise<DocumentFile> {
  const row = await ownedSubmission(db, callerOf(user), submissionId);
  if (UNSUMMARISED.has(row.status)) throw notYet(row, 'order summary');
  const bytes = await orderSummaryPdf(await orderSummaryData(db, row.id, trust));
  return { filename: documentFileName('ordersummary', row.number), content: Buffer.from(bytes) };
}

/** The policy, declarations page or binder, as issued. */
export async function issuedFile(db: Queryable, user: AuthUser, submissionId: number, kind: 'policy' | 'declarations' | 'binder'): Promise<DocumentFile> {
  const row = await ownedSubmission(db, callerOf(user), submissionId);
  const [document] = await db
    .select({ filename: documents.filename, content: documents.content })
    .from(documents)
    .where(and(eq(documents.submissionId, row.id), eq(documents.type, kind)));
  if (!document) throw notYet(row, kind === 'binder' ? 'binder' : 'policy');
  return document;
}

export async function invoiceFile(db: Queryable, user: AuthUser, submissionId: number, trust: Trust): Promise<DocumentFile> {
  const row = await ownedSubmission(db, callerOf(user), submissionId);
  const invoice = await invoiceOf(db, row.id);
  if (!invoice) throw notYet(row, 'invoice');
  const bytes = await invoicePdf(await invoiceDocumentData(db, invoice, trust));
  return { filename: documentFileName('invoice', invoice.number), content: Buffer.from(bytes) };
}

const entry = (kind: DocumentKind, number: string): DocumentEntry => ({ kind, title: documentTitle(kind), filename: documentFileName(kind, number) });

/** Every order with an invoice or a policy, policies first, newest first. */
export async function documentList(db: Queryable, user: AuthUser): Promise<DocumentList> {
  const rows = await db
    .select({
      id: submissions.id,
      number: submissions.number,
      speciality: specialities.name,
      invoiceNumber: invoices.number,
      policyNumber: policies.number,
      effectiveDate: policies.effectiveDate,
      expirationDate: policies.expirationDate,
      issuedAt: policies.issuedAt,
      invoicedAt: invoices.createdAt,
    })
    .from(submissions)
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .innerJoin(invoices, and(eq(invoices.submissionId, submissions.id), eq(invoices.installmentNo, 1)))
    .leftJoin(policies, eq(policies.submissionId, submissions.id))
    .where(and(eq(submissions.userId, user.id), inArray(submissions.status, ['awaiting_payment', 'bound', 'complete'])))
    .orderBy(desc(policies.issuedAt), desc(invoices.createdAt));
  const issued = rows.length
    ? await db
        .select({ submissionId: documents.submissionId, type: documents.type })
        .from(documents)
        .where(inArray(documents.submissionId, rows.map((row) => row.id)))
    : [];
  // The signed application is listed with the policy documents, once there is a policy.
  const signed = await signedOrderIds(db, rows.filter((row) => row.policyNumber).map((row) => row.id));
  const sorted = [...rows].sort((a, b) => Number(b.policyNumber !== null) - Number(a.policyNumber !== null));
  return {
    orders: sorted.map((row) => {
      const kinds = new Set(issued.filter((document) => document.submissionId === row.id).map((document) => document.type));
      const policyDocuments = (['policy', 'declarations', 'binder'] as const).filter((kind) => row.policyNumber && kinds.has(kind));
      return {
        submissionId: row.id,
        orderNumber: row.number,
        policyNumber: row.policyNumber,
        speciality: row.speciality,
        effectiveDate: row.effectiveDate,
        expirationDate: row.expirationDate,
        documents: [
          ...policyDocuments.map((kind) => entry(kind, row.policyNumber!)),
          ...(signed.has(row.id) ? [entry('application', row.policyNumber!)] : []),
          entry('invoice', row.invoiceNumber),
          entry('ordersummary', row.number),
        ],
      };
    }),
  };
}
