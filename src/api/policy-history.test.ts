import { describe, expect, it } from 'vitest';
import { errorStatus } from '@/api/api-error';
import { downloadEndorsementPdf, getPolicyHistory } from '@/api/policy-history';
import { setupScriptedApi } from '@/api/scripted-api-server';
import type { Endorsement, PolicyHistory } from '@shared/contract/endorsements';

const { script, received } = setupScriptedApi();

const increase: Endorsement = {
  id: 9,
  policyId: 7,
  number: 'P-2026-000007-E01',
  kind: 'change',
  status: 'issued',
  effectiveDate: '2026-09-01',
  changes: [{ field: 'limitCode', before: '1M/3M', after: '2M/4M' }],
  annualPremiumBeforeCents: 250_000,
  annualPremiumAfterCents: 290_000,
  premiumChangeCents: 33_425,
  taxChangeCents: 1_621,
  feeChangeCents: 60,
  totalChangeCents: 35_106,
  returnPremiumStatus: null,
  invoiceId: 44,
  invoiceNumber: 'INV-2026-000044',
  createdAt: '2026-08-30T15:00:00.000Z',
  issuedAt: '2026-08-30T15:02:00.000Z',
  hasDocument: true,
};

const history: PolicyHistory = {
  policyId: 7,
  policyNumber: 'P-2026-000007',
  issuedAt: '2026-06-25T10:10:00.000Z',
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
  endorsements: [increase],
};

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n%%EOF\n', 'latin1');

describe('getPolicyHistory', () => {
  it('GETs one policy’s history and parses it with the contract', async () => {
    script.push(
      { status: 200, body: history },
      { status: 200, body: { ...history, endorsements: [{ ...increase, kind: 'renewal' }] } },
    );
    await expect(getPolicyHistory(7)).resolves.toEqual(history);
    expect([received[0]!.request.method, received[0]!.request.url]).toEqual([
      'GET',
      '/api/weborder/insured/policyhistory?policyid=7',
    ]);
    // A kind the contract does not know is not passed on as if it were one.
    await expect(getPolicyHistory(7)).rejects.toThrow();
  });

  it('someone else’s policy is the server’s 404', async () => {
    script.push({ status: 404, body: { status: 404, message: 'No such policy (or it is not yours)' } });
    const failure = await getPolicyHistory(8).catch((error: unknown) => error);
    expect([errorStatus(failure), (failure as Error).message]).toEqual([
      404,
      '404: No such policy (or it is not yours)',
    ]);
  });
});

describe('downloadEndorsementPdf', () => {
  it('POSTs the endorsement id and answers the bytes under the server’s name', async () => {
    script.push({
      status: 200,
      body: PDF,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="endorsement-p-2026-000007-e01.pdf"',
      },
    });
    const { blob, filename } = await downloadEndorsementPdf(increase);
    expect([received[0]!.request.method, received[0]!.request.url, JSON.parse(received[0]!.body)]).toEqual([
      'POST',
      '/api/weborder/documents/downloadendorsement',
      { endorsementid: 9 },
    ]);
    expect(filename).toBe('endorsement-p-2026-000007-e01.pdf');
    expect(Buffer.from(await blob.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('names the file after the endorsement when the server names none; a missing one is a 404', async () => {
    script.push(
      { status: 200, body: PDF, headers: { 'content-type': 'application/pdf' } },
      { status: 404, body: { status: 404, message: 'No such endorsement (or it is not issued)' } },
    );
    await expect(downloadEndorsementPdf(increase)).resolves.toMatchObject({
      filename: 'endorsement-p-2026-000007-e01.pdf',
    });
    const failure = await downloadEndorsementPdf(increase).catch((error: unknown) => error);
    expect(errorStatus(failure)).toBe(404);
  });
});
