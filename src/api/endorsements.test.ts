import { describe, expect, it } from 'vitest';
import { errorFields, errorStatus } from '@/api/api-error';
import {
  downloadEndorsementPdf,
  endorse,
  getEndorsementOptions,
  getPolicyHistory,
  paidEndorsement,
  payEndorsement,
  previewEndorsement,
} from '@/api/endorsements';
import { setupScriptedApi } from '@/api/scripted-api-server';
import type { Endorsement, EndorsementOptions, EndorsementQuote } from '@shared/contract/endorsements';

const { script, received } = setupScriptedApi();

const options: EndorsementOptions = {
  policyId: 7,
  policyNumber: 'P-2026-000007',
  status: 'in_force',
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
  earliestEffectiveDate: '2026-11-26',
  latestEffectiveDate: '2027-06-30',
  rateTableId: 3,
  rateTableVersion: 1,
  stateCode: 'TX',
  limitCode: '1M/1M',
  deductibleCode: '2500',
  limits: [{ code: '1M/1M', label: '$1M / $1M', perClaimCents: 100_000_000, aggregateCents: 100_000_000 }],
  deductibles: [{ code: '2500', label: '$2,500', amountCents: 250_000 }],
  insuredName: 'Ada Lovelace Architects LLC',
  addressLines: ['1 Main St', 'Houston, TX 77002'],
  address: { address1: '1 Main St', address2: null, city: 'Houston', state: 'TX', zipcode: '77002' },
  locations: [],
  awaitingPayment: null,
};

const request = { policyid: 7, limitCode: '2M/2M', effectiveDate: '2026-11-26' };

const quote: EndorsementQuote = {
  policyId: 7,
  policyNumber: 'P-2026-000007',
  effectiveDate: '2026-11-26',
  rateTableId: 3,
  rateTableVersion: 1,
  changes: [{ field: 'limitCode', before: '1M/1M', after: '2M/2M' }],
  annualPremiumBeforeCents: 250_000,
  annualPremiumAfterCents: 300_000,
  daysRemaining: 217,
  daysInPeriod: 365,
  proratedPremiumCents: 29_726,
  taxCents: 1_486,
  feeCents: 0,
  totalCents: 31_212,
  worksheet: [{ label: 'Days remaining', text: 'Days remaining from 2026-11-26: 217 of 365' }],
};

const endorsement: Endorsement = {
  id: 41,
  policyId: 7,
  number: 'P-2026-000007-E01',
  kind: 'change',
  status: 'awaiting_payment',
  effectiveDate: '2026-11-26',
  changes: quote.changes,
  annualPremiumBeforeCents: 250_000,
  annualPremiumAfterCents: 300_000,
  premiumChangeCents: 29_726,
  taxChangeCents: 1_486,
  feeChangeCents: 0,
  totalChangeCents: 31_212,
  returnPremiumStatus: null,
  invoiceId: 90,
  invoiceNumber: 'INV-2026-000090',
  createdAt: '2026-11-26T15:00:00.000Z',
  issuedAt: null,
  hasDocument: false,
};

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n%%EOF\n', 'latin1');

describe('getEndorsementOptions', () => {
  it('GETs what a change of the policy may be and parses it with the contract', async () => {
    script.push({ status: 200, body: options }, { status: 200, body: { ...options, status: 'lapsed' } });
    await expect(getEndorsementOptions(7)).resolves.toEqual(options);
    expect([received[0]!.request.method, received[0]!.request.url]).toEqual([
      'GET',
      '/api/weborder/insured/endorsementoptions?policyid=7',
    ]);
    await expect(getEndorsementOptions(7)).rejects.toThrow();
  });

  it('a policy not in force is the server’s 409 naming its status', async () => {
    script.push({
      status: 409,
      body: { status: 409, message: 'Policy P-2026-000007 is cancelled', fields: { status: 'is cancelled' } },
    });
    const refused = await getEndorsementOptions(7).catch((error: unknown) => error);
    expect([errorStatus(refused), errorFields(refused)]).toEqual([409, { status: 'is cancelled' }]);
  });
});

describe('previewEndorsement', () => {
  it('POSTs the change as JSON, without a key, and parses the priced worksheet', async () => {
    script.push({ status: 200, body: quote });
    await expect(previewEndorsement(request)).resolves.toEqual(quote);
    expect([
      received[0]!.request.method,
      received[0]!.request.url,
      received[0]!.request.headers['idempotency-key'],
      JSON.parse(received[0]!.body),
    ]).toEqual(['POST', '/api/weborder/insured/endorsementquote', undefined, request]);
  });

  it('a preview aborted by its signal rejects without waiting for the answer', async () => {
    script.push({ status: 200, body: quote });
    const controller = new AbortController();
    controller.abort();
    await expect(previewEndorsement(request, controller.signal)).rejects.toThrow();
  });

  it('a day outside the period is a 400 naming effectiveDate', async () => {
    script.push({
      status: 400,
      body: { status: 400, message: 'Out of the period', fields: { effectiveDate: 'must be a day of the period' } },
    });
    const refused = await previewEndorsement(request).catch((error: unknown) => error);
    expect(errorFields(refused)).toEqual({ effectiveDate: 'must be a day of the period' });
  });
});

describe('endorse and payEndorsement', () => {
  it('endorse POSTs the change with its Idempotency-Key (201, or 200 on a retry)', async () => {
    script.push({ status: 201, body: endorsement }, { status: 200, body: endorsement });
    await expect(endorse(request, 'key-1')).resolves.toEqual(endorsement);
    await expect(endorse(request, 'key-1')).resolves.toEqual(endorsement);
    expect(received.map((call) => [call.request.url, call.request.headers['idempotency-key']])).toEqual([
      ['/api/weborder/insured/endorse', 'key-1'],
      ['/api/weborder/insured/endorse', 'key-1'],
    ]);
    expect(JSON.parse(received[0]!.body)).toEqual(request);
  });

  it('payEndorsement opens the checkout with the key, and the client id only on a branded route', async () => {
    const checkout = {
      submissionId: 4217,
      invoiceId: 90,
      provider: 'sandbox',
      sessionId: 'cs_sandbox_0001',
      url: 'https://pay.example.com/c/cs_sandbox_0001',
      amountCents: 31_212,
    };
    script.push({ status: 200, body: checkout }, { status: 200, body: checkout });
    await expect(payEndorsement(41, { idempotencyKey: 'pay-1' })).resolves.toEqual(checkout);
    await payEndorsement(41, { clientId: 'harbor-risk', idempotencyKey: 'pay-1' });
    expect(
      received.map((call) => [call.request.url, call.request.headers['idempotency-key'], JSON.parse(call.body)]),
    ).toEqual([
      ['/api/weborder/insured/payendorsement', 'pay-1', { endorsementid: 41 }],
      ['/api/weborder/insured/payendorsement', 'pay-1', { endorsementid: 41, clientid: 'harbor-risk' }],
    ]);
  });
});

describe('getPolicyHistory and downloadEndorsementPdf', () => {
  it('GETs the policy’s history', async () => {
    const history = {
      policyId: 7,
      policyNumber: 'P-2026-000007',
      issuedAt: '2026-06-25T10:09:00.000Z',
      effectiveDate: '2026-07-01',
      expirationDate: '2027-07-01',
      endorsements: [endorsement],
    };
    script.push({ status: 200, body: history });
    await expect(getPolicyHistory(7)).resolves.toEqual(history);
    expect(received[0]!.request.url).toBe('/api/weborder/insured/policyhistory?policyid=7');
  });

  it('POSTs the endorsement id and answers the bytes under the server’s name, else its number', async () => {
    script.push(
      {
        status: 200,
        body: PDF,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="endorsement-p-2026-000007-e01.pdf"',
        },
      },
      { status: 200, body: PDF, headers: { 'content-type': 'application/pdf' } },
    );
    const { blob, filename } = await downloadEndorsementPdf(endorsement);
    expect([received[0]!.request.url, JSON.parse(received[0]!.body)]).toEqual([
      '/api/weborder/documents/downloadendorsement',
      { endorsementid: 41 },
    ]);
    expect(filename).toBe('endorsement-p-2026-000007-e01.pdf');
    expect(Buffer.from(await blob.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await downloadEndorsementPdf(endorsement)).filename).toBe('endorsement-p-2026-000007-e01.pdf');
  });
});

describe('paidEndorsement', () => {
  const history = (endorsements: Endorsement[]) => ({
    policyId: 17,
    policyNumber: 'P-2026-000007',
    issuedAt: '2026-06-25T10:09:00.000Z',
    effectiveDate: '2026-07-01',
    expirationDate: '2027-07-01',
    endorsements,
  });
  const policy = {
    policyId: 17,
    policyNumber: 'P-2026-000007',
    submissionId: 4217,
    orderNumber: 'Q-2026-004217',
    status: 'in_force',
    speciality: { id: 101, name: 'Architects' },
    namedInsured: 'Ada Lovelace Architects LLC',
    broker: null,
    effectiveDate: '2026-07-01',
    expirationDate: '2027-07-01',
    limit: { code: '1M/1M', label: '$1M / $1M', perClaimCents: 100_000_000, aggregateCents: 100_000_000 },
    deductible: { code: '2500', label: '$2,500', amountCents: 250_000 },
    premiumCents: 250_000,
    policyFeeCents: 15_000,
    taxCents: 0,
    stateFeeCents: 0,
    totalCents: 265_000,
    paymentTerm: { code: 'annual', name: 'Annual' },
    issuedAt: '2026-06-25T10:10:00.000Z',
    payment: { amountCents: 265_000, paidAt: '2026-06-25T10:09:00.000Z', provider: 'sandbox' },
  };

  it('finds the endorsement paid in the history of the order’s policy', async () => {
    const issued = { ...endorsement, status: 'issued' as const, hasDocument: true };
    script.push({ status: 200, body: policy }, { status: 200, body: history([issued]) });
    await expect(paidEndorsement(4217, 41)).resolves.toEqual(issued);
    expect(received.map((call) => call.request.url)).toEqual([
      '/api/weborder/insured/policyinfo?submissionid=4217',
      '/api/weborder/insured/policyhistory?policyid=17',
    ]);
  });

  it('an endorsement the policy’s history does not hold is an error, in words', async () => {
    script.push({ status: 200, body: policy }, { status: 200, body: history([endorsement]) });
    await expect(paidEndorsement(4217, 99)).rejects.toThrow('Policy P-2026-000007 has no such change.');
  });
});
