import { describe, expect, it } from 'vitest';
import { errorFields, errorStatus, retryAfterSeconds } from '@/api/api-error';
import { downloadCertificatePdf, getCertificates, issueCertificate, verifyCertificate } from '@/api/certificates';
import { setupScriptedApi } from '@/api/scripted-api-server';
import type { Certificate, CertificateList, CertificateVerification } from '@shared/contract/certificates';

const { script, received } = setupScriptedApi();

const certificate: Certificate = {
  id: 31,
  policyId: 7,
  policyNumber: 'P-2026-000007',
  code: 'ABCDEFGHJKMN',
  verificationUrl: 'https://portal.example.com/verify-certificate/ABCDEFGHJKMN',
  issuedAt: '2026-07-02T14:05:00.000Z',
  holder: {
    name: 'Harbor Property Management LLC',
    address1: '1200 Smith Street',
    address2: 'Suite 400',
    city: 'Houston',
    state: 'TX',
    zipcode: '77002',
  },
  additionalInsured: false,
  additionalInsuredWording: null,
  description: null,
};

const list: CertificateList = {
  policyId: 7,
  policyNumber: 'P-2026-000007',
  standing: 'in_force',
  canIssue: true,
  certificates: [certificate],
};

const verification: CertificateVerification = {
  asOf: '2026-07-02',
  standing: 'in_force',
  cancellationDate: null,
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
  perClaimLimitCents: 100_000_000,
  aggregateLimitCents: 200_000_000,
  holderName: 'Harbor Property Management LLC',
};

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n%%EOF\n', 'latin1');

describe('getCertificates', () => {
  it('GETs one policy’s certificates and parses them with the contract', async () => {
    script.push({ status: 200, body: list }, { status: 200, body: { ...list, standing: 'lapsed' } });
    await expect(getCertificates(7)).resolves.toEqual(list);
    expect([received[0]!.request.method, received[0]!.request.url]).toEqual([
      'GET',
      '/api/weborder/insured/certificates?policyid=7',
    ]);
    // A standing the contract does not know is not passed on as if it were one.
    await expect(getCertificates(7)).rejects.toThrow();
  });

  it('someone else’s policy is the server’s 404', async () => {
    script.push({ status: 404, body: { status: 404, message: 'No such policy (or it is not yours)' } });
    const failure = await getCertificates(8).catch((error: unknown) => error);
    expect([errorStatus(failure), (failure as Error).message]).toEqual([
      404,
      '404: No such policy (or it is not yours)',
    ]);
  });
});

describe('issueCertificate', () => {
  const request = {
    policyid: 7,
    holderName: 'Harbor Property Management LLC',
    address1: '1200 Smith Street',
    address2: 'Suite 400',
    city: 'Houston',
    state: 'TX',
    zipcode: '77002',
    additionalInsured: true,
    description: 'Tenant fit-out, 12th floor, 1200 Smith Street',
  };

  it('POSTs the holder as JSON with the Idempotency-Key and parses the certificate (201, or 200 on a retry)', async () => {
    const issued = {
      ...certificate,
      additionalInsured: true,
      additionalInsuredWording: 'Harbor Property Management LLC is an additional insured under policy P-2026-000007 …',
      description: 'Tenant fit-out, 12th floor, 1200 Smith Street',
    };
    script.push({ status: 201, body: issued }, { status: 200, body: issued });
    await expect(issueCertificate(request, 'key-1')).resolves.toEqual(issued);
    await expect(issueCertificate(request, 'key-1')).resolves.toEqual(issued);
    const [first, second] = received;
    expect([
      first!.request.method,
      first!.request.url,
      first!.request.headers['content-type'],
      first!.request.headers['idempotency-key'],
      JSON.parse(first!.body),
    ]).toEqual(['POST', '/api/weborder/insured/issuecertificate', 'application/json', 'key-1', request]);
    expect(second!.request.headers['idempotency-key']).toBe('key-1');
  });

  it('a refused holder names its fields; a policy that cannot issue is a 409 in the server’s words', async () => {
    script.push(
      {
        status: 400,
        body: { status: 400, message: 'Invalid body: zipcode is not in TX', fields: { zipcode: 'is not in TX' } },
      },
      {
        status: 409,
        body: { status: 409, message: 'Policy P-2026-000007 is cancelled', fields: { status: 'is cancelled' } },
      },
    );
    const invalid = await issueCertificate({ ...request, zipcode: '10001' }, 'key-2').catch((error: unknown) => error);
    expect([errorStatus(invalid), errorFields(invalid)]).toEqual([400, { zipcode: 'is not in TX' }]);
    const refused = await issueCertificate(request, 'key-3').catch((error: unknown) => error);
    expect([errorStatus(refused), (refused as Error).message]).toEqual([409, '409: Policy P-2026-000007 is cancelled']);
  });
});

describe('downloadCertificatePdf', () => {
  it('POSTs the certificate id and answers the bytes under the server’s name', async () => {
    const name = 'certificate-p-2026-000007-harbor-property-management-llc-abcdefghjkmn.pdf';
    script.push({
      status: 200,
      body: PDF,
      headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` },
    });
    const { blob, filename } = await downloadCertificatePdf(certificate);
    expect([received[0]!.request.method, received[0]!.request.url, JSON.parse(received[0]!.body)]).toEqual([
      'POST',
      '/api/weborder/documents/downloadcertificate',
      { certificateid: 31 },
    ]);
    expect(filename).toBe(name);
    expect(blob.type).toBe('application/pdf');
    expect(Buffer.from(await blob.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('names the file after the policy and the code when the server names none', async () => {
    script.push({ status: 200, body: PDF, headers: { 'content-type': 'application/pdf' } });
    expect((await downloadCertificatePdf(certificate)).filename).toBe('certificate-p-2026-000007-abcdefghjkmn.pdf');
  });
});

describe('verifyCertificate', () => {
  it('GETs the public check of a code and parses only what the contract allows', async () => {
    script.push({ status: 200, body: verification });
    await expect(verifyCertificate('ABCDEFGHJKMN')).resolves.toEqual(verification);
    expect([received[0]!.request.method, received[0]!.request.url]).toEqual([
      'GET',
      '/api/weborder/auth/verifycertificate/ABCDEFGHJKMN',
    ]);
  });

  it('an unknown code is a 404, a malformed one a 400 naming code, too many checks a 429 with Retry-After', async () => {
    script.push(
      { status: 404, body: { status: 404, message: 'No certificate has this verification code' } },
      {
        status: 400,
        body: { status: 400, message: 'Invalid params: code must be the code', fields: { code: 'must be the code' } },
      },
      {
        status: 429,
        body: { status: 429, message: 'Too many certificate checks from this address: try again in 9 minutes' },
        headers: { 'retry-after': '540' },
      },
    );
    const unknown = await verifyCertificate('ZZZZZZZZZZZZ').catch((error: unknown) => error);
    expect(errorStatus(unknown)).toBe(404);
    const malformed = await verifyCertificate('not a code/..').catch((error: unknown) => error);
    expect([errorStatus(malformed), errorFields(malformed)]).toEqual([400, { code: 'must be the code' }]);
    // The code is one path segment, whatever was typed.
    expect(received[1]!.request.url).toBe('/api/weborder/auth/verifycertificate/not%20a%20code%2F..');
    const limited = await verifyCertificate('ABCDEFGHJKMN').catch((error: unknown) => error);
    expect([errorStatus(limited), retryAfterSeconds(limited)]).toEqual([429, 540]);
  });
});
