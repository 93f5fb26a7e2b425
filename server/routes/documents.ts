/**
 * The insured's documents (specification §7 documents/downloadordersummary, downloadpolicy,
 * downloadinvoice, downloadbinder, shareOrderSummary, emailtemplate/sendemailwithorderconfirmation;
 * documents/list beyond it). Downloads answer application/pdf as an attachment with a safe name.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { businessToday } from '@shared/calendar';
import {
  documentListSchema,
  documentRequestSchema,
  invoiceDocumentRequestSchema,
  mailDocumentRequestSchema,
  noticeDocumentRequestSchema,
  mailQueuedSchema,
  policyDocumentRequestSchema,
} from '@shared/contract/documents';
import { currentUser } from '@server/http/authenticate';
import { defineRoute } from '@server/http/route';
import {
  documentList,
  invoiceFile,
  issuedFile,
  nonPaymentNoticeFile,
  orderSummaryFile,
  type DocumentFile,
} from '@server/documents/document-downloads';
import { sendOrderConfirmation, shareOrderSummary, type ShareDeps } from '@server/documents/share-documents';
import { signedApplicationFile } from '@server/documents/signed-application-file';

const pdfBytesSchema = v.pipe(
  v.string(),
  v.description('The document as application/pdf bytes, sent as an attachment'),
);

const notIssued = 'The document does not exist yet (`fields.status` names the order’s status)';

export async function documentRoutes(app: FastifyInstance) {
  const tags = ['documents'];
  const noStore = { 'cache-control': 'no-store' };
  const shareDeps: ShareDeps = { db: app.db, clock: app.clock, mail: app.mail, trust: app.config.trust };

  // File names are [a-z0-9.-] only (documentFileName): no quoting or encoding issues.
  const sendPdf = (reply: FastifyReply, file: DocumentFile) =>
    reply
      .code(200)
      .headers({
        ...noStore,
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${file.filename}"`,
      })
      .send(file.content);

  const binary = (name: string) => ({
    types: ['application/pdf'],
    headers: { 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/documents/list',
    summary: 'Every document of every invoiced order and policy, policies first, newest first',
    description:
      'Per order: the policy’s id and status today (the policy lifecycle’s: in_force, cancellation_notice, cancelled, ' +
      'expired, renewed) and its cancellation date; every document the insured was sent — the policy, the declarations ' +
      'as last reissued, the binder, the signed application, the first invoice, the order summary, each notice of ' +
      'non-payment (documents/downloadnotice), each issued endorsement with its number and effective date: a change ' +
      '(endorsement), the cancellation’s notice (cancellationnotice), a tail (tailendorsement), each downloaded by ' +
      'documents/downloadendorsement with its endorsementId — and every invoice. `today` is the business day the ' +
      'status is read by.',
    tags,
    public: false,
    response: documentListSchema,
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      return documentList(app.db, currentUser(request), businessToday(app.clock.now()));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/documents/downloadordersummary',
    summary: 'The order summary as a PDF: the order as placed, its answers, locations and price',
    description:
      'JSON or form: submissionid. Any rated order of the caller’s; drawn from the data now (the same data gives the same bytes).',
    tags,
    public: false,
    body: documentRequestSchema,
    response: pdfBytesSchema,
    binary: binary('order-summary-{order}.pdf'),
    errors: { 409: notIssued },
    handler: async ({ body, request, reply }) =>
      sendPdf(reply, await orderSummaryFile(app.db, currentUser(request), body.submissionid, app.config.trust)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/documents/downloadpolicy',
    summary:
      'The policy as issued: with its coverage form (documentType policy), the declarations page alone, or the signed application',
    description:
      'JSON or form: submissionid, documentType (policy, the default, declarations, or application). Kept as issued when the ' +
      'order was bound. application: the application as the insured signed it electronically (every answer, the cover, the ' +
      'declarations, and who signed, when, from which address, with the SHA-256 of the record signed), once the policy is issued.',
    tags,
    public: false,
    body: policyDocumentRequestSchema,
    response: pdfBytesSchema,
    binary: binary('policy-{policy}.pdf'),
    errors: { 409: notIssued },
    handler: async ({ body, request, reply }) => {
      const user = currentUser(request);
      const { submissionid, documentType } = body;
      return sendPdf(
        reply,
        documentType === 'application'
          ? await signedApplicationFile(app.db, user, submissionid, app.config.trust)
          : await issuedFile(app.db, user, submissionid, documentType),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/documents/downloadbinder',
    summary: 'The binder: evidence of cover from binding until the policy is delivered',
    description: 'JSON or form: submissionid. Kept as issued when the order was bound.',
    tags,
    public: false,
    body: documentRequestSchema,
    response: pdfBytesSchema,
    binary: binary('binder-{policy}.pdf'),
    errors: { 409: notIssued },
    handler: async ({ body, request, reply }) =>
      sendPdf(reply, await issuedFile(app.db, currentUser(request), body.submissionid, 'binder')),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/documents/downloadinvoice',
    summary: 'An invoice of the order: the first with its installment schedule, or any other by invoiceid',
    description:
      'JSON or form: submissionid, and optionally invoiceid. Without invoiceid: the order’s first invoice with its ' +
      'installment schedule, open or paid, from the moment the order is invoiced (409 before). With invoiceid: that ' +
      'invoice of the order, as documents/list lists them (a later instalment, an endorsement’s or a tail’s), open, ' +
      'paid or void; an invoice of another order, or of another insured, is a 404, a bad id a 400 naming invoiceid.',
    tags,
    public: false,
    body: invoiceDocumentRequestSchema,
    response: pdfBytesSchema,
    binary: binary('invoice-{invoice}.pdf'),
    errors: { 409: notIssued },
    handler: async ({ body, request, reply }) =>
      sendPdf(
        reply,
        await invoiceFile(app.db, currentUser(request), body.submissionid, app.config.trust, body.invoiceid),
      ),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/documents/downloadnotice',
    summary: 'A notice of cancellation for non-payment, as it was mailed',
    description:
      'JSON or form: submissionid, invoiceid (the unpaid instalment’s invoice the notice is about, as documents/list ' +
      'names it). Kept when the notice was sent, and still there once the notice is withdrawn by payment. No such ' +
      'notice of the order, or another insured’s, is a 404.',
    tags,
    public: false,
    body: noticeDocumentRequestSchema,
    response: pdfBytesSchema,
    binary: binary('notice-of-non-payment-{policy}-{invoice}.pdf'),
    handler: async ({ body, request, reply }) =>
      sendPdf(reply, await nonPaymentNoticeFile(app.db, currentUser(request), body.submissionid, body.invoiceid)),
  });

  const rateLimited =
    'Too many documents mailed from this account, to this address or from this network in the last hour';

  defineRoute(app, {
    method: 'POST',
    url: '/documents/shareOrderSummary',
    summary: 'Mail the order summary, as a PDF attachment, to an address the insured gives',
    description:
      'Form or JSON: submissionid, to. Rate-limited per account, per recipient and per network address (429 with Retry-After).',
    tags,
    public: false,
    body: mailDocumentRequestSchema,
    response: mailQueuedSchema,
    errors: { 409: notIssued, 429: rateLimited },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return shareOrderSummary(shareDeps, currentUser(request), request.ip, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/emailtemplate/sendemailwithorderconfirmation',
    summary: 'Mail the order confirmation (declarations page and binder attached) to an address the insured gives',
    description: 'Form or JSON: submissionid, to. Once the policy is issued. Rate-limited like shareOrderSummary.',
    tags,
    public: false,
    body: mailDocumentRequestSchema,
    response: mailQueuedSchema,
    errors: { 409: notIssued, 429: rateLimited },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return sendOrderConfirmation(shareDeps, currentUser(request), request.ip, body);
    },
  });
}
