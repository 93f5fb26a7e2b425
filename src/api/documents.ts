import * as v from 'valibot';
import { http } from '@/api/client';
import {
  documentListSchema,
  mailQueuedSchema,
  type DocumentKind,
  type DocumentList,
  type MailQueued,
  type PolicyDocumentType,
} from '@shared/contract/documents';

/**
 * An order's documents (shared/contract/documents.ts): the list of every order's documents,
 * each PDF downloaded with the bearer token (so a plain link would not do), and the two mails
 * that send them. A mail refused for its address is a 400 naming `to`; too many in a while, a 429.
 */

/** A downloaded document and the name to save it under. */
export interface DownloadedDocument {
  blob: Blob;
  filename: string;
}

/** Where each kind is downloaded from, and what the request says besides the order. */
const DOWNLOADS: Record<DocumentKind, { path: string; documentType?: PolicyDocumentType }> = {
  policy: { path: 'documents/downloadpolicy', documentType: 'policy' },
  declarations: { path: 'documents/downloadpolicy', documentType: 'declarations' },
  binder: { path: 'documents/downloadbinder' },
  invoice: { path: 'documents/downloadinvoice' },
  ordersummary: { path: 'documents/downloadordersummary' },
  application: { path: 'documents/downloadpolicy', documentType: 'application' },
  nonpaymentnotice: { path: 'documents/downloadnotice' },
  // An endorsement's PDF is named by its endorsementid alone (documents/downloadendorsement).
  endorsement: { path: 'documents/downloadendorsement' },
  cancellationnotice: { path: 'documents/downloadendorsement' },
  tailendorsement: { path: 'documents/downloadendorsement' },
};

/** The kinds documents/downloadendorsement answers: asked for by endorsementid, not by the order. */
const BY_ENDORSEMENT: ReadonlySet<DocumentKind> = new Set(['endorsement', 'cancellationnotice', 'tailendorsement']);

/**
 * The file name of a Content-Disposition header: `filename*` (RFC 5987, UTF-8) when given, else
 * `filename`; undefined when it names none. Only the last path segment is kept, so a name can
 * never point into a folder.
 */
export function attachmentFilename(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended[2]!.trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : undefined;
}

/** GET documents/list: every document of every order that has any, policies first, newest first. */
export async function documentList(): Promise<DocumentList> {
  return v.parse(documentListSchema, await http().get('documents/list').json());
}

/**
 * POST documents/download{policy,binder,invoice,ordersummary,notice,endorsement}: the PDF, named
 * by the server's Content-Disposition, else by `fallbackName` (the list entry's). `invoiceId` names
 * one invoice of the order (left out: its first), or the instalment a notice of non-payment is
 * about; `endorsementId` the endorsement (a change, the cancellation's notice, a tail) an
 * endorsement's kind is downloaded by.
 */
export async function downloadDocument(
  kind: DocumentKind,
  submissionId: number,
  fallbackName: string,
  invoiceId?: number,
  endorsementId?: number,
): Promise<DownloadedDocument> {
  const { path, documentType } = DOWNLOADS[kind];
  if (BY_ENDORSEMENT.has(kind) && endorsementId === undefined) {
    throw new Error(`A ${kind} is downloaded by its endorsement id`);
  }
  const json = BY_ENDORSEMENT.has(kind)
    ? { endorsementid: endorsementId }
    : {
        submissionid: submissionId,
        ...(documentType ? { documentType } : {}),
        ...(invoiceId === undefined ? {} : { invoiceid: invoiceId }),
      };
  const response = await http().post(path, { json });
  const blob = await response.blob();
  return { blob, filename: attachmentFilename(response.headers.get('content-disposition')) ?? fallbackName };
}

/** What the two mails send: the order summary, or the order confirmation with its documents. */
export type MailedDocument = 'orderSummary' | 'orderConfirmation';

const MAIL_PATHS: Record<MailedDocument, string> = {
  orderSummary: 'documents/shareOrderSummary',
  orderConfirmation: 'emailtemplate/sendemailwithorderconfirmation',
};

/**
 * POST documents/shareOrderSummary or emailtemplate/sendemailwithorderconfirmation, as the
 * specification sends them (an HTML form: submissionid, to): the mail is queued.
 */
export async function mailDocument(what: MailedDocument, submissionId: number, to: string): Promise<MailQueued> {
  const body = new URLSearchParams({ submissionid: String(submissionId), to: to.trim() });
  const response = await http().post(MAIL_PATHS[what], { body });
  return v.parse(mailQueuedSchema, await response.json());
}
