import { describe, expect, it } from 'vitest';
import { errorFields, errorStatus, retryAfterSeconds } from '@/api/api-error';
import type { DocumentList, MailQueued } from '@shared/contract/documents';
import { attachmentFilename, documentList, downloadDocument, mailDocument } from '@/api/documents';
import { setupScriptedApi, type ScriptedAnswer } from '@/api/scripted-api-server';

const { script, received } = setupScriptedApi();

const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n%%EOF\n', 'latin1');
const pdfAnswer = (disposition?: string): ScriptedAnswer => ({
  status: 200,
  body: PDF,
  headers: { 'content-type': 'application/pdf', ...(disposition ? { 'content-disposition': disposition } : {}) },
});

describe('attachmentFilename', () => {
  it.each([
    ['attachment; filename="policy-p-2026-000042.pdf"', 'policy-p-2026-000042.pdf'],
    ['attachment; filename=binder.pdf', 'binder.pdf'],
    [`attachment; filename="x.pdf"; filename*=UTF-8''re%C3%A7u-2026.pdf`, 'reçu-2026.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="say \\"hi\\".pdf"', 'say "hi".pdf'],
  ])('%s names %s', (header, name) => {
    expect(attachmentFilename(header)).toBe(name);
  });

  it.each([null, 'attachment', 'inline; filename=""'])('%s names nothing', (header) => {
    expect(attachmentFilename(header)).toBeUndefined();
  });
});

describe('downloadDocument', () => {
  it.each([
    ['policy', '/api/weborder/documents/downloadpolicy', { submissionid: 7, documentType: 'policy' }],
    ['declarations', '/api/weborder/documents/downloadpolicy', { submissionid: 7, documentType: 'declarations' }],
    ['binder', '/api/weborder/documents/downloadbinder', { submissionid: 7 }],
    ['invoice', '/api/weborder/documents/downloadinvoice', { submissionid: 7 }],
    ['ordersummary', '/api/weborder/documents/downloadordersummary', { submissionid: 7 }],
    ['application', '/api/weborder/documents/downloadpolicy', { submissionid: 7, documentType: 'application' }],
  ] as const)('%s POSTs to %s and answers the bytes under the server’s name', async (kind, url, body) => {
    script.push(pdfAnswer(`attachment; filename="${kind}-q-2026-000007.pdf"`));
    const { blob, filename } = await downloadDocument(kind, 7, 'fallback.pdf');
    expect([received[0]!.request.method, received[0]!.request.url, JSON.parse(received[0]!.body)]).toEqual([
      'POST',
      url,
      body,
    ]);
    expect(filename).toBe(`${kind}-q-2026-000007.pdf`);
    expect(blob.type).toBe('application/pdf');
    expect(Buffer.from(await blob.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it.each([
    ['invoice', '/api/weborder/documents/downloadinvoice'],
    ['nonpaymentnotice', '/api/weborder/documents/downloadnotice'],
  ] as const)('%s of one invoice POSTs its invoiceid beside the order to %s', async (kind, url) => {
    script.push(pdfAnswer('attachment; filename="invoice-inv-2026-000031.pdf"'));
    const { filename } = await downloadDocument(kind, 7, 'fallback.pdf', 31);
    expect([received[0]!.request.url, JSON.parse(received[0]!.body)]).toEqual([
      url,
      { submissionid: 7, invoiceid: 31 },
    ]);
    expect(filename).toBe('invoice-inv-2026-000031.pdf');
  });

  it.each([
    ['endorsement', 'endorsement-p-2026-000007-e01.pdf'],
    ['cancellationnotice', 'endorsement-p-2026-000007-e02.pdf'],
    ['tailendorsement', 'endorsement-p-2026-000007-e03.pdf'],
  ] as const)('%s POSTs its endorsementid alone to documents/downloadendorsement', async (kind, name) => {
    script.push(pdfAnswer(`attachment; filename="${name}"`));
    const { filename } = await downloadDocument(kind, 7, 'fallback.pdf', undefined, 52);
    expect([received[0]!.request.url, JSON.parse(received[0]!.body)]).toEqual([
      '/api/weborder/documents/downloadendorsement',
      { endorsementid: 52 },
    ]);
    expect(filename).toBe(name);
  });

  it('an endorsement without its id is refused before any request', async () => {
    await expect(downloadDocument('cancellationnotice', 7, 'x.pdf')).rejects.toThrow(/endorsement id/);
    expect(received).toHaveLength(0);
  });

  it('falls back to the list entry’s name when the server names none', async () => {
    script.push(pdfAnswer());
    expect((await downloadDocument('binder', 7, 'binder-q-2026-000007.pdf')).filename).toBe('binder-q-2026-000007.pdf');
  });

  it('a missing document is a 404 in the server’s words', async () => {
    script.push({ status: 404, body: { status: 404, message: 'Order Q-2026-000007 has no policy yet' } });
    const failure = await downloadDocument('policy', 7, 'policy.pdf').catch((error: unknown) => error);
    expect(errorStatus(failure)).toBe(404);
    expect((failure as Error).message).toBe('404: Order Q-2026-000007 has no policy yet');
  });
});

describe('documentList and the mails', () => {
  it('documentList parses every order’s documents', async () => {
    const list: DocumentList = {
      orders: [
        {
          submissionId: 7,
          orderNumber: 'Q-2026-000007',
          policyNumber: 'P-2026-000007',
          policyId: 3,
          policyStatus: 'cancelled',
          cancellationDate: '2026-10-01',
          speciality: 'Architects',
          effectiveDate: '2026-07-01',
          expirationDate: '2027-07-01',
          documents: [
            { kind: 'policy', title: 'Policy', filename: 'policy-p-2026-000007.pdf' },
            {
              kind: 'cancellationnotice',
              title: 'Notice of cancellation',
              filename: 'endorsement-p-2026-000007-e02.pdf',
              endorsementId: 52,
              endorsementNumber: 'P-2026-000007-E02',
              effectiveDate: '2026-10-01',
            },
            {
              kind: 'nonpaymentnotice',
              title: 'Notice of cancellation for non-payment',
              filename: 'notice-of-non-payment-p-2026-000007-inv-2026-000031.pdf',
              invoiceId: 31,
            },
          ],
          invoices: [
            {
              id: 31,
              number: 'INV-2026-000031',
              purpose: 'instalment',
              description: 'Installment 2 of 10',
              totalCents: 23_817,
              status: 'open',
              dueDate: '2026-08-01',
              filename: 'invoice-inv-2026-000031.pdf',
            },
          ],
        },
      ],
      today: '2026-09-20',
    };
    script.push(
      { status: 200, body: list },
      {
        status: 200,
        body: { orders: [{ ...list.orders[0], documents: [{ kind: 'receipt', title: 'x', filename: 'x' }] }] },
      },
    );
    await expect(documentList()).resolves.toEqual(list);
    await expect(documentList()).rejects.toThrow();
    // An answer from before the invoices were listed still reads.
    script.push({ status: 200, body: { orders: [{ ...list.orders[0], invoices: undefined }] } });
    expect((await documentList()).orders[0]!.invoices).toBeUndefined();
    // A policy status outside the lifecycle's is refused; an older server's answer without one reads.
    script.push(
      { status: 200, body: { ...list, orders: [{ ...list.orders[0], policyStatus: 'lapsed' }] } },
      { status: 200, body: { orders: [{ ...list.orders[0], policyStatus: undefined, policyId: undefined }] } },
    );
    await expect(documentList()).rejects.toThrow();
    expect((await documentList()).orders[0]!.policyStatus).toBeUndefined();
    expect(received[0]!.request.url).toBe('/api/weborder/documents/list');
  });

  it.each([
    ['orderSummary', '/api/weborder/documents/shareOrderSummary'],
    ['orderConfirmation', '/api/weborder/emailtemplate/sendemailwithorderconfirmation'],
  ] as const)('mailDocument(%s) POSTs the HTML form the specification sends to %s', async (what, url) => {
    const queued: MailQueued = {
      queued: true,
      to: 'ada@example.com',
      attachments: ['order-summary-q-2026-000007.pdf'],
    };
    script.push({ status: 200, body: queued });
    await expect(mailDocument(what, 7, '  ada@example.com ')).resolves.toEqual(queued);
    const [{ request, body }] = received as [(typeof received)[number]];
    expect([request.method, request.url, request.headers['content-type'], body]).toEqual([
      'POST',
      url,
      'application/x-www-form-urlencoded;charset=UTF-8',
      'submissionid=7&to=ada%40example.com',
    ]);
  });

  it('a refused address names `to`; a 429 keeps its words and Retry-After', async () => {
    script.push(
      {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body: to must be an e-mail address',
          fields: { to: 'must be an e-mail address' },
        },
      },
      {
        status: 429,
        body: { status: 429, message: 'You have sent this several times: try again in a few minutes' },
        headers: { 'retry-after': '120' },
      },
    );
    const invalid = await mailDocument('orderSummary', 7, 'ada@').catch((error: unknown) => error);
    expect([errorStatus(invalid), errorFields(invalid)]).toEqual([400, { to: 'must be an e-mail address' }]);
    const limited = await mailDocument('orderSummary', 7, 'ada@example.com').catch((error: unknown) => error);
    expect((limited as Error).message).toBe('429: You have sent this several times: try again in a few minutes');
    expect(retryAfterSeconds(limited)).toBe(120);
  });
});
