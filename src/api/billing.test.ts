import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { errorFields, errorStatus } from '@/api/api-error';
import { confirmPayment, generateInvoice, invoiceDetails, policyInfo, startCheckout } from '@/api/billing';
import type { Checkout, Invoice, PaymentConfirmation, PolicyInfo } from '@shared/contract/billing';
import { setupScriptedApi } from '@/api/scripted-api-server';

const { script, received } = setupScriptedApi();

const JSON_TYPE = 'application/json';

const invoice: Invoice = {
  invoiceId: 12,
  number: 'INV-2026-000012',
  submissionId: 7,
  orderNumber: 'Q-2026-000007',
  status: 'open',
  orderStatus: 'awaiting_payment',
  orderVersion: 6,
  paymentTerm: { code: 'quarterly', name: 'Quarterly' },
  premiumCents: 250_000,
  policyFeeCents: 15_000,
  taxCents: 7_132,
  stateFeeCents: 0,
  totalCents: 272_132,
  amountDueCents: 68_033,
  currency: 'USD',
  dueDate: '2026-07-01',
  schedule: [
    { installmentNo: 1, dueDate: '2026-07-01', amountCents: 68_033 },
    { installmentNo: 2, dueDate: '2026-10-01', amountCents: 68_533 },
  ],
  createdAt: '2026-06-25T10:05:00.000Z',
  paidAt: null,
  lastPaymentFailure: null,
};

const checkout: Checkout = {
  submissionId: 7,
  invoiceId: 12,
  provider: 'sandbox',
  sessionId: 'cs_sandbox_0001',
  url: 'https://pay.example.test/checkout/cs_sandbox_0001',
  amountCents: 68_033,
};

const KEY = 'a'.repeat(64);

describe('the billing calls', () => {
  it('generateInvoice POSTs the order as JSON and parses the invoice', async () => {
    script.push({ status: 200, body: invoice });
    await expect(generateInvoice(7)).resolves.toEqual(invoice);
    const [{ request, body }] = received as [(typeof received)[number]];
    expect([request.method, request.url, request.headers['content-type'], JSON.parse(body)]).toEqual([
      'POST',
      '/api/weborder/invoice/generateInvoice',
      JSON_TYPE,
      { submissionid: 7 },
    ]);
  });

  it('invoiceDetails GETs with ?submissionid; its 404 (none yet) stays a 404', async () => {
    script.push({ status: 200, body: invoice }, { status: 404, body: { status: 404, message: 'No invoice yet' } });
    await expect(invoiceDetails(7)).resolves.toEqual(invoice);
    const missing = await invoiceDetails(7).catch((error: unknown) => error);
    expect(errorStatus(missing)).toBe(404);
    expect(received.map(({ request }) => [request.method, request.url])).toEqual([
      ['GET', '/api/weborder/invoice/details?submissionid=7'],
      ['GET', '/api/weborder/invoice/details?submissionid=7'],
    ]);
  });

  it('refuses an invoice that is not the contract (an unknown status)', async () => {
    script.push({ status: 200, body: { ...invoice, status: 'void' } });
    await expect(generateInvoice(7)).rejects.toThrow();
  });

  it('startCheckout sends the key as Idempotency-Key, and the client id only when there is one', async () => {
    script.push({ status: 200, body: checkout }, { status: 200, body: checkout });
    await expect(startCheckout(7, { idempotencyKey: KEY, clientId: 'harbor-risk' })).resolves.toEqual(checkout);
    await startCheckout(7, { idempotencyKey: KEY });
    expect(
      received.map(({ request, body }) => [
        request.method,
        request.url,
        request.headers['idempotency-key'],
        JSON.parse(body),
      ]),
    ).toEqual([
      ['POST', '/api/weborder/payments/checkout', KEY, { submissionid: 7, clientid: 'harbor-risk' }],
      ['POST', '/api/weborder/payments/checkout', KEY, { submissionid: 7 }],
    ]);
  });

  it('a refused checkout keeps the status and the fields the server named', async () => {
    script.push({ status: 409, body: { status: 409, message: 'The order is bound', fields: { status: 'is bound' } } });
    const refusal = await startCheckout(7, { idempotencyKey: KEY }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HTTPError);
    expect([errorStatus(refusal), errorFields(refusal)]).toEqual([409, { status: 'is bound' }]);
  });

  it('confirmPayment sends the order and the session, and parses the outcome', async () => {
    const paid: PaymentConfirmation = {
      submissionId: 7,
      outcome: 'paid',
      orderStatus: 'complete',
      message: null,
      policyNumber: 'P-2026-000007',
    };
    script.push({ status: 200, body: paid }, { status: 200, body: { ...paid, outcome: 'maybe' } });
    await expect(confirmPayment(7, 'cs_sandbox_0001')).resolves.toEqual(paid);
    await expect(confirmPayment(7, 'cs_sandbox_0001')).rejects.toThrow();
    expect([received[0]!.request.url, JSON.parse(received[0]!.body)]).toEqual([
      '/api/weborder/payments/confirm',
      { submissionid: 7, sessionid: 'cs_sandbox_0001' },
    ]);
  });

  it('policyInfo GETs with ?submissionid and parses the policy', async () => {
    const policy: PolicyInfo = {
      policyId: 3,
      policyNumber: 'P-2026-000007',
      submissionId: 7,
      orderNumber: 'Q-2026-000007',
      status: 'in_force',
      speciality: { id: 101, name: 'Architects' },
      namedInsured: 'Ada Lovelace',
      broker: null,
      effectiveDate: '2026-07-01',
      expirationDate: '2027-07-01',
      limit: {
        code: '1M/1M',
        label: '$1,000,000 / $1,000,000',
        perClaimCents: 100_000_000,
        aggregateCents: 100_000_000,
      },
      deductible: { code: '2500', label: '$2,500', amountCents: 250_000 },
      premiumCents: 250_000,
      policyFeeCents: 15_000,
      taxCents: 7_132,
      stateFeeCents: 0,
      totalCents: 272_132,
      paymentTerm: { code: 'annual', name: 'Annual' },
      issuedAt: '2026-06-25T10:10:00.000Z',
      payment: { amountCents: 272_132, paidAt: '2026-06-25T10:09:00.000Z', provider: 'sandbox' },
    };
    script.push({ status: 200, body: policy });
    await expect(policyInfo(7)).resolves.toEqual(policy);
    expect(received[0]!.request.url).toBe('/api/weborder/insured/policyinfo?submissionid=7');
  });
});
