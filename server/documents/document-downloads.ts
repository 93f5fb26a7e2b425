/**
 * The insured's documents (specification §7 documents/*): the policy, declarations and binder as
 * issued (kept at issuance), the invoice and the order summary drawn from the data now (the same
 * data gives the same bytes). Only the owner's orders: anyone else's is the same 404 as a
 * missing one; a document that does not exist yet is a 409 naming the order's status.
 */
import type { DocumentEntry, DocumentKind, DocumentList, OrderInvoice, PolicyNotice } from '@shared/contract/documents';
import type { Trust } from '@shared/contract/runtime-config';
import { callerOf } from '@server/account/plan-locations';
import { signedOrderIds } from '@server/application/signatures';
import type { AuthUser } from '@server/auth/user';
import { invoiceOf } from '@server/billing/billing-queries';
import type { Queryable } from '@server/db/connection';
import { invoiceDocumentData, orderSummaryData, STATUS_LABELS } from '@server/documents/document-sources';
import {
  documentsOfType,
  invoicedOrders,
  invoiceOfOrder,
  invoicesOfOrders,
  issuedDocument,
  issuedDocumentKinds,
  issuedEndorsementsOfOrders,
} from '@server/documents/documents-queries';
import { endorsementFileName } from '@server/documents/endorsement-pdf';
import { documentFileName, documentTitle } from '@server/documents/document-file-names';
import { invoiceBillsWords, invoicePdf } from '@server/documents/invoice-pdf';
import { NON_PAYMENT_NOTICE_TYPE_PREFIX, nonPaymentNoticeType } from '@server/documents/non-payment-notice-pdf';
import { orderSummaryPdf } from '@server/documents/order-summary-pdf';
import { conflict, notFound } from '@server/http/http-error';
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

/**
 * The order's first invoice (what the specification's call always answered), or, with
 * `invoiceId`, that invoice of the order: another order's, like another insured's, is a 404.
 */
export async function invoiceFile(
  db: Queryable,
  user: AuthUser,
  submissionId: number,
  trust: Trust,
  invoiceId?: number,
): Promise<DocumentFile> {
  const row = await ownedSubmission(db, callerOf(user), submissionId);
  const invoice = invoiceId === undefined ? await invoiceOf(db, row.id) : await invoiceOfOrder(db, row.id, invoiceId);
  if (!invoice && invoiceId !== undefined) throw notFound(`Order ${row.number} has no invoice ${invoiceId}`);
  if (!invoice) throw notYet(row, 'invoice');
  const bytes = await invoicePdf(await invoiceDocumentData(db, invoice, trust));
  return { filename: documentFileName('invoice', invoice.number), content: Buffer.from(bytes) };
}

/** A notice of cancellation for non-payment, as mailed, by the instalment's invoice it is about. */
export async function nonPaymentNoticeFile(
  db: Queryable,
  user: AuthUser,
  submissionId: number,
  invoiceId: number,
): Promise<DocumentFile> {
  const row = await ownedSubmission(db, callerOf(user), submissionId);
  const document = await issuedDocument(db, row.id, nonPaymentNoticeType(invoiceId));
  if (!document) throw notFound(`Order ${row.number} has no notice of non-payment for invoice ${invoiceId}`);
  return document;
}

/**
 * The notices of non-payment sent about the order's instalments, newest first, with the invoice
 * each is about: the policy's history lists them among its events (insured/policyhistory).
 */
export async function nonPaymentNoticesOf(db: Queryable, submissionId: number): Promise<PolicyNotice[]> {
  const notices = await documentsOfType(db, [submissionId], NON_PAYMENT_NOTICE_TYPE_PREFIX);
  if (notices.length === 0) return [];
  const invoices = await invoicesOfOrders(db, [submissionId]);
  return notices
    .map((notice) => {
      const invoiceId = Number(notice.type.slice(NON_PAYMENT_NOTICE_TYPE_PREFIX.length));
      const invoice = invoices.find((row) => row.id === invoiceId);
      return {
        submissionId,
        invoiceId,
        invoiceNumber: invoice?.number ?? '',
        dueDate: invoice?.dueDate ?? null,
        sentAt: notice.createdAt.toISOString(),
        filename: notice.filename,
      };
    })
    .reverse();
}

type InvoiceListRow = Awaited<ReturnType<typeof invoicesOfOrders>>[number];

/** An invoice as the documents list names it: what it is for, in the words its PDF uses. */
function listedInvoice(row: InvoiceListRow): OrderInvoice {
  const purpose =
    row.endorsementKind === null
      ? row.installmentNo > 1
        ? 'instalment'
        : 'order'
      : row.endorsementKind === 'tail'
        ? 'tail'
        : 'endorsement';
  const description =
    purpose === 'order'
      ? row.scheduleLength > 1
        ? `Installment 1 of ${row.scheduleLength}, with the year’s schedule`
        : 'The policy year'
      : invoiceBillsWords(
          purpose === 'instalment'
            ? { kind: 'instalment', installmentNo: row.installmentNo }
            : {
                kind: purpose,
                endorsementNumber: row.endorsementNumber ?? '',
                premiumCents: 0,
                feeCents: 0,
                taxCents: 0,
              },
          row.scheduleLength,
        );
  return {
    id: row.id,
    number: row.number,
    purpose,
    description,
    totalCents: row.totalCents,
    status: row.status === 'paid' || row.status === 'void' ? row.status : 'open',
    dueDate: row.dueDate,
    filename: documentFileName('invoice', row.number),
  };
}

const entry = (kind: DocumentKind, number: string): DocumentEntry => ({
  kind,
  title: documentTitle(kind),
  filename: documentFileName(kind, number),
});

/** The list's kind of each endorsement's PDF: a change's endorsement, the cancellation's notice, the tail's endorsement. */
const ENDORSEMENT_DOCUMENTS = {
  change: 'endorsement',
  cancellation: 'cancellationnotice',
  tail: 'tailendorsement',
} as const satisfies Record<string, DocumentKind>;

/**
 * Every order with an invoice or a policy, policies first, newest first, each with the policy's
 * status beside it and every document the insured was sent; `today` is the business day its
 * standing is read by.
 */
export async function documentList(db: Queryable, user: AuthUser, today: string): Promise<DocumentList> {
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
  const ids = rows.map((row) => row.id);
  const invoices = ids.length ? await invoicesOfOrders(db, ids) : [];
  const notices = ids.length ? await documentsOfType(db, ids, NON_PAYMENT_NOTICE_TYPE_PREFIX) : [];
  const issuedEndorsements = ids.length ? await issuedEndorsementsOfOrders(db, ids) : [];
  const sorted = [...rows].sort((a, b) => Number(b.policyNumber !== null) - Number(a.policyNumber !== null));
  return {
    today,
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
        policyId: row.policyId,
        policyStatus: row.policyStatus,
        cancellationDate: row.cancellationDate,
        speciality: row.speciality,
        effectiveDate: row.effectiveDate,
        expirationDate: row.expirationDate,
        documents: [
          ...policyDocuments.map((kind) => entry(kind, row.policyNumber!)),
          ...(signed.has(row.id) ? [entry('application', row.policyNumber!)] : []),
          entry('invoice', row.invoiceNumber),
          entry('ordersummary', row.number),
          // Each notice of non-payment, as mailed (kept under its instalment's invoice id).
          ...notices
            .filter((notice) => notice.submissionId === row.id)
            .map((notice) => ({
              kind: 'nonpaymentnotice' as const,
              title: documentTitle('nonpaymentnotice'),
              filename: notice.filename,
              invoiceId: Number(notice.type.slice(NON_PAYMENT_NOTICE_TYPE_PREFIX.length)),
            })),
          // Each endorsement as issued (a change, the cancellation's notice, a tail), oldest first.
          ...issuedEndorsements
            .filter((endorsement) => endorsement.submissionId === row.id)
            .map((endorsement) => {
              const kind = ENDORSEMENT_DOCUMENTS[endorsement.kind];
              return {
                kind,
                title: documentTitle(kind),
                filename: endorsementFileName(endorsement.number),
                endorsementId: endorsement.id,
                endorsementNumber: endorsement.number,
                effectiveDate: endorsement.effectiveDate,
              };
            }),
        ],
        invoices: invoices.filter((invoice) => invoice.submissionId === row.id).map(listedInvoice),
      };
    }),
  };
}
