import { describe, expect, it } from 'vitest';
import { errorFields, errorStatus } from '@/api/api-error';
import {
  buyTail,
  cancelPolicy,
  downloadCancellationNotice,
  getCancellationOptions,
  payTail,
  previewCancellation,
} from '@/api/cancellation';
import { setupScriptedApi } from '@/api/scripted-api-server';
import type { Checkout } from '@shared/contract/billing';
import type { Cancellation, CancellationOptions, CancellationQuote, TailPurchase } from '@shared/contract/cancellation';

const { script, received } = setupScriptedApi();

const policy = {
  policyId: 7,
  policyNumber: 'P-2026-000007',
  effectiveDate: '2026-06-01',
  expirationDate: '2027-06-01',
  retroactiveDate: '2026-06-01',
};
const tail = {
  years: 1 as const,
  percentBps: 10_000,
  premiumCents: 100_000,
  taxCents: 3_000,
  stateFeeCents: 500,
  totalCents: 103_500,
  reportingUntil: '2027-07-10',
};
const options: CancellationOptions = {
  ...policy,
  status: 'in_force',
  earliestCancellationDate: '2026-07-02',
  latestCancellationDate: '2027-05-31',
  cancellationDate: null,
  cancellationReason: null,
  cancellation: null,
  tailStartsOn: null,
  tailOffer: [],
  tail: null,
};
const quote: CancellationQuote = {
  ...policy,
  status: 'in_force',
  cancellationDate: '2026-07-10',
  returnPremium: {
    method: 'short_rate',
    daysRemaining: 326,
    daysInPeriod: 365,
    annualPremiumCents: 100_000,
    premiumCents: 80_384,
    policyFeeCents: 0,
    taxCents: 2_412,
    stateFeeCents: 402,
    totalCents: 83_198,
  },
  tailOffer: [tail],
};
const endorsement = { id: 41, number: 'P-2026-000007-E01', status: 'issued' as const, totalChangeCents: -83_198 };
const cancellation: Cancellation = {
  ...quote,
  status: 'cancelled',
  reason: 'Retiring',
  cancelledAt: '2026-07-02T15:00:00.000Z',
  endorsement,
  notice: { filename: 'cancellation-notice-p-2026-000007.pdf' },
};
const purchase: TailPurchase = {
  ...policy,
  status: 'cancelled',
  tail,
  startsOn: '2026-07-10',
  endorsement: { id: 42, number: 'P-2026-000007-E02', status: 'awaiting_payment', totalChangeCents: 103_500 },
  invoice: {
    invoiceId: 90,
    number: 'INV-90',
    status: 'open',
    premiumCents: 100_000,
    taxCents: 3_000,
    feeCents: 500,
    totalCents: 103_500,
  },
};
const checkout: Checkout = {
  submissionId: 3,
  invoiceId: 90,
  provider: 'sandbox',
  sessionId: 'cs_1',
  url: 'https://pay.example.com/cs_1',
  amountCents: 103_500,
};
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n%%EOF\n', 'latin1');

const sent = (index: number) => {
  const { request, body } = received[index]!;
  return {
    method: request.method,
    url: request.url,
    key: request.headers['idempotency-key'],
    body: body ? (JSON.parse(body) as unknown) : undefined,
  };
};

describe('getCancellationOptions', () => {
  it('GETs the policy’s standing and parses it with the contract; a status it does not know is refused', async () => {
    script.push({ status: 200, body: options }, { status: 200, body: { ...options, status: 'lapsed' } });
    await expect(getCancellationOptions(7)).resolves.toEqual(options);
    expect(sent(0)).toMatchObject({ method: 'GET', url: '/api/weborder/insured/cancellationoptions?policyid=7' });
    await expect(getCancellationOptions(7)).rejects.toThrow();
  });
});

describe('previewCancellation', () => {
  it('POSTs the day and parses the return premium; a day out of range is a 400 naming cancellationDate', async () => {
    script.push(
      { status: 200, body: quote },
      {
        status: 400,
        body: {
          status: 400,
          message: 'The cancellation date must be today (2026-07-02) or later',
          fields: { cancellationDate: 'must be today (2026-07-02) or later' },
        },
      },
    );
    await expect(previewCancellation({ policyid: 7, cancellationDate: '2026-07-10' })).resolves.toEqual(quote);
    expect(sent(0)).toEqual({
      method: 'POST',
      url: '/api/weborder/insured/cancellationquote',
      key: undefined,
      body: { policyid: 7, cancellationDate: '2026-07-10' },
    });
    const refused = await previewCancellation({ policyid: 7, cancellationDate: '2026-07-01' }).catch(
      (error: unknown) => error,
    );
    expect([errorStatus(refused), errorFields(refused)]).toEqual([
      400,
      { cancellationDate: 'must be today (2026-07-02) or later' },
    ]);
  });
});

describe('cancelPolicy, buyTail, payTail', () => {
  it('each sends its Idempotency-Key and parses its answer', async () => {
    script.push({ status: 200, body: cancellation }, { status: 201, body: purchase }, { status: 200, body: checkout });
    const request = { policyid: 7, cancellationDate: '2026-07-10', reason: 'Retiring' };
    await expect(cancelPolicy(request, 'key-c')).resolves.toEqual(cancellation);
    await expect(buyTail(7, 1, 'key-t')).resolves.toEqual(purchase);
    await expect(payTail(42, { clientId: 'acme', idempotencyKey: 'key-p' })).resolves.toEqual(checkout);
    expect([sent(0), sent(1), sent(2)]).toEqual([
      { method: 'POST', url: '/api/weborder/insured/cancelpolicy', key: 'key-c', body: request },
      { method: 'POST', url: '/api/weborder/insured/buytail', key: 'key-t', body: { policyid: 7, years: 1 } },
      {
        method: 'POST',
        url: '/api/weborder/insured/payendorsement',
        key: 'key-p',
        body: { endorsementid: 42, clientid: 'acme' },
      },
    ]);
  });

  it('a tail bought already is a 409 naming tail', async () => {
    script.push({
      status: 409,
      body: {
        status: 409,
        message: 'Policy P-2026-000007 has its tail already',
        fields: { tail: 'is bought already' },
      },
    });
    const refused = await buyTail(7, 2, 'key-2').catch((error: unknown) => error);
    expect([errorStatus(refused), errorFields(refused)]).toEqual([409, { tail: 'is bought already' }]);
  });
});

describe('downloadCancellationNotice', () => {
  it('POSTs the cancellation’s endorsement and answers the PDF under the server’s name, else the policy’s', async () => {
    const name = 'endorsement-p-2026-000007-e01.pdf';
    script.push(
      {
        status: 200,
        body: PDF,
        headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` },
      },
      { status: 200, body: PDF, headers: { 'content-type': 'application/pdf' } },
    );
    const first = await downloadCancellationNotice(41, 'P-2026-000007');
    expect(sent(0)).toMatchObject({ url: '/api/weborder/documents/downloadendorsement', body: { endorsementid: 41 } });
    expect(first.filename).toBe(name);
    expect(Buffer.from(await first.blob.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await downloadCancellationNotice(41, 'P-2026-000007')).filename).toBe(
      'cancellation-notice-p-2026-000007.pdf',
    );
  });
});
