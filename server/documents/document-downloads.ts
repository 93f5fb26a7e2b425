/**
 * The insured's documents (specification §7 documents/*): the policy, declarations and binder as
 * issued (kept at issuance), the invoice and the order summary drawn from the data now (the same
 * data gives the same bytes). Only the owner's orders: anyone else's is the same 404 as a
 * missing one; a document that does not exist yet is a 409 naming the order's status.
 */
import type { DocumentEntry, DocumentKind, DocumentList } from '@shared/contract/documents';
import type { Trust } from '@shared/contract/runtime-config';
import { callerOf } from '@server/account/plan-locations';
import { signedOrderIds } from '@server/application/signatures';
import type { AuthUser } from '@server/auth/user';
import { invoiceOf } from '@server/billing/billing-queries';
import type { Queryable } from '@server/db/connection';
import { invoiceDocumentData, orderSummaryData, STATUS_LABELS } from '@server/documents/document-sources';
import { invoicedOrders, issuedDocument, issuedDocumentKinds } from '@server/documents/documents-queries';
import { documentFileName, documentTitle } from '@server/documents/document-file-names';
import { invoicePdf } from '@server/documents/invoice-pdf';
import { orderSummaryPdf } from '@server/documents/order-summary-pdf';
import { conflict } from '@server/http/http-error';
import { ownedSubmission, type SubmissionRow } from '@server/submissions/access';

export type DocumentFile = { filename: string; content: Buffer };

const notYet = (row: Pick<SubmissionRow, 'number' | 'status'>, what: string) =>
  conflict(
    `Order ${row.number} is ${STATUS_LABELS[row.status]?.toLowerCase() ?? row.status}: its ${what} is not issued yet`,
    { status: `is ${row.status}` },
  );

/** Before a rated quote there is nothing to summarise. */
const UNSUMMARISED = new Set(['draft']);

export async function orderSummaryFile(
  db: Queryable,
  user: AuthUser,
  submissionId: number,
  trust: Trust,
): Promise<DocumentFile> {
  const row = await ownedSubmission(db, callerOf(user), submissionId);
  if (UNSUMMARISED.has(row.status)) throw notYet(row, 'order summary');
  const bytes = await orderSummaryPdf(await orderSummaryData(db, row.id, trust));
  return { filename: documentFileName('ordersummary', row.number), content: Buffer.from(bytes) };
}

/** The policy, declarations page or binder, as issued. */
export async function issuedFile(
  db: Queryable,
  user: AuthUser,
  submissionId: number,
  kind: 'policy' | 'declarations' | 'binder',
): Promise<DocumentFile> {
  const row = await ownedSubmission(db, callerOf(user), submissionId);
  const document = await issuedDocument(db, row.id, kind);
  if (!document) throw notYet(row, kind === 'binder' ? 'binder' : 'policy');
  return document;
}

export async function invoiceFile(
  db: Queryable,
  user: AuthUser,
  submissionId: number,
  trust: Trust,
): Promise<DocumentFile> {
  const row = await ownedSubmission(db, callerOf(user), submissionId);
  const invoice = await invoiceOf(db, row.id);
  if (!invoice) throw notYet(row, 'invoice');
  const bytes = await invoicePdf(await invoiceDocumentData(db, invoice, trust));
  return { filename: documentFileName('invoice', invoice.number), content: Buffer.from(bytes) };
}

const entry = (kind: DocumentKind, number: string): DocumentEntry => ({
  kind,
  title: documentTitle(kind),
  filename: documentFileName(kind, number),
});

/** Every order with an invoice or a policy, policies first, newest first. */
export async function documentList(db: Queryable, user: AuthUser): Promise<DocumentList> {
  const rows = await invoicedOrders(db, user.id, ['awaiting_payment', 'bound', 'complete']);
  const issued = rows.length
    ? await issuedDocumentKinds(
        db,
        rows.map((row) => row.id),
      )
    : [];
  // The signed application is listed with the policy documents, once there is a policy.
  const signed = await signedOrderIds(
    db,
    rows.filter((row) => row.policyNumber).map((row) => row.id),
  );
  const sorted = [...rows].sort((a, b) => Number(b.policyNumber !== null) - Number(a.policyNumber !== null));
  return {
    orders: sorted.map((row) => {
      const kinds = new Set(
        issued.filter((document) => document.submissionId === row.id).map((document) => document.type),
      );
      const policyDocuments = (['policy', 'declarations', 'binder'] as const).filter(
        (kind) => row.policyNumber && kinds.has(kind),
      );
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
