import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificatePdf, certificateProducer, type CertificateData } from '@server/documents/certificate-pdf';
import { MAX_CERTIFICATE_DESCRIPTION_LENGTH } from '@shared/contract/certificates';
import { testTrust } from '@server/test/trust-fixtures';

const run = promisify(execFile);
let scratch: string;
let saved = 0;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'certificate-pdf-test-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function fileOf(bytes: Uint8Array): Promise<string> {
  saved += 1;
  const file = path.join(scratch, `certificate-${saved}.pdf`);
  await writeFile(file, bytes);
  return file;
}
const textOf = async (bytes: Uint8Array) => (await run('pdftotext', ['-layout', await fileOf(bytes), '-'])).stdout;
const pagesOf = async (bytes: Uint8Array) =>
  Number(/^Pages:\s+(\d+)$/m.exec((await run('pdfinfo', [await fileOf(bytes)])).stdout)![1]);

const certificate = (overrides: Partial<CertificateData> = {}): CertificateData => ({
  policyNumber: 'P-2026-000042',
  specialityName: 'General dentistry',
  effectiveDate: '2026-06-01',
  expirationDate: '2027-06-01',
  coverageForm: 'claims-made',
  retroactiveDate: '2019-03-15',
  perClaimLimitCents: 100_000_000,
  aggregateLimitCents: 300_000_000,
  deductibleCents: 500_000,
  issuedAt: new Date('2026-05-20T15:04:05Z'),
  brokerName: 'Lone Star Brokers',
  producer: certificateProducer('Lone Star Brokers', testTrust, 'https://portal.example.com'),
  namedInsured: { name: 'Bright Smile Dental PLLC', addressLines: ['500 Main St', 'Houston, TX 77002'] },
  holder: {
    name: 'Main Street Properties LLC',
    relationship: 'Landlord',
    addressLines: ['1 Main St', 'Houston, TX 77002'],
  },
  additionalInsured: true,
  operations: null,
  verification: null,
  trust: testTrust,
  ...overrides,
});

describe('certificatePdf', () => {
  it('names the insurer affording coverage with its NAIC code and rating, and the producer’s licences, on one page', async () => {
    const bytes = await certificatePdf(certificate());
    const words = (await textOf(bytes)).replace(/\s+/g, ' ');
    expect(words).toContain('INSURER AFFORDING COVERAGE');
    expect(words).toContain('Insurer A: Keystone Specialty Insurance Company');
    expect(words).toContain('NAIC 12345. AM Best rating: A (Excellent).');
    expect(words).toContain('Producer licences: TX 2345678, CA 0K12345, NY LA-1234567.');
    expect(words).not.toContain('demo');
    expect(await pagesOf(bytes)).toBe(1);
  });

  it('says so when the insurer is the demo’s, and stays one page with long names', async () => {
    const long =
      'Northern Plains and Great Lakes Regional Professional Liability Mutual Insurance Company of America, Inc.';
    const bytes = await certificatePdf(
      certificate({ trust: { ...testTrust, insurer: { ...testTrust.insurer, name: long }, demo: true } }),
    );
    const words = (await textOf(bytes)).replace(/\s+/g, ' ');
    expect(words).toContain('Includes fictitious demo values.');
    expect(words).toContain('Northern Plains and Great Lakes');
    expect(await pagesOf(bytes)).toBe(1);
  });
});

describe('certificatePdf issued on demand (issue 19)', () => {
  const verification = { code: 'ABCDEFGHJKMN', url: 'https://portal.example.com/verify-certificate/ABCDEFGHJKMN' };

  it('prints the verification code in groups, the page that checks it and its QR code, on one page', async () => {
    const bytes = await certificatePdf(certificate({ verification }));
    const words = (await textOf(bytes)).replace(/\s+/g, ' ');
    expect(words).toContain('VERIFY THIS CERTIFICATE');
    expect(words).toContain('Verification code: ABCD-EFGH-JKMN');
    expect(words).toContain('https://portal.example.com/verify-certificate/ABCDEFGHJKMN');
    expect(words).toContain(
      'Main Street Properties LLC (Landlord) is an additional insured under policy P-2026-000042',
    );
    expect(await pagesOf(bytes)).toBe(1);
    // The same data, the same bytes; another code, another document.
    expect(Buffer.from(await certificatePdf(certificate({ verification }))).equals(Buffer.from(bytes))).toBe(true);
    const other = await certificatePdf(
      certificate({
        verification: { code: 'ZZZZZZZZZZZZ', url: 'https://portal.example.com/verify-certificate/ZZZZZZZZZZZZ' },
      }),
    );
    expect(Buffer.from(other).equals(Buffer.from(bytes))).toBe(false);
  });

  it('names a holder who is not an additional insured as holder only, without the additional-insured wording', async () => {
    const bytes = await certificatePdf(certificate({ verification, additionalInsured: false }));
    const words = (await textOf(bytes)).replace(/\s+/g, ' ');
    expect(words).toContain('CERTIFICATE HOLDER');
    expect(words).not.toContain('CERTIFICATE HOLDER AND ADDITIONAL INSURED');
    expect(words).not.toContain('is an additional insured');
    expect(words).toContain('who is not an additional insured');
    expect(words).toContain('Main Street Properties LLC');
  });

  it('marks the cover claims-made with its retroactive date, prints what it is for, and names the policy, never the order', async () => {
    const operations =
      'Design of the 12th-floor tenant fit-out at 1200 Smith Street, Houston, under contract HT-2026-114 with Harbor Tower Owners LLC.';
    const bytes = await certificatePdf(certificate({ verification, operations }));
    const words = (await textOf(bytes)).replace(/\s+/g, ' ');
    expect(words).toContain('Claims-made');
    expect(words).toContain('Retro date: 03/15/2019');
    expect(words).not.toContain('Occurrence');
    expect(words).toContain('DESCRIPTION OF OPERATIONS / PROJECT / ADDITIONAL INSURED');
    expect(words).toContain(operations);
    expect(words).toContain(
      'Main Street Properties LLC (Landlord) is an additional insured under policy P-2026-000042, with respect to',
    );
    expect(words).not.toMatch(/order|Q-2026/i);
    expect(await pagesOf(bytes)).toBe(1);
    // An occurrence form has no retroactive date to print.
    const occurrence = await certificatePdf(
      certificate({ verification, coverageForm: 'occurrence', retroactiveDate: null }),
    );
    const occurrenceWords = (await textOf(occurrence)).replace(/\s+/g, ' ');
    expect(occurrenceWords).toContain('Occurrence');
    expect(occurrenceWords).not.toContain('Claims-made');
    expect(occurrenceWords).not.toContain('Retro date');
  });

  it('names the broker as producer, and for a direct sale the portal with its phone and site, never "no broker"', async () => {
    const broker = (await textOf(await certificatePdf(certificate()))).replace(/\s+/g, ' ');
    expect(broker).toMatch(/PRODUCER .*Lone Star Brokers/);
    const direct = await certificatePdf(
      certificate({ brokerName: null, producer: certificateProducer(null, testTrust, 'https://portal.example.com') }),
    );
    const words = (await textOf(direct)).replace(/\s+/g, ' ');
    expect(words).not.toMatch(/no broker|Sold directly/i);
    expect(words).toContain('Practice Shield');
    expect(words).toContain(`Phone ${testTrust.supportPhone.display}`);
    expect(words).toContain('portal.example.com');
  });

  it('stays one page with long names, a long address, a long origin and the longest description', async () => {
    const long = 'Northern Plains and Great Lakes Regional Property Management Holdings and Leasing Company LLC';
    const url = `https://${'very-long-subdomain.'.repeat(5)}example.com/verify-certificate/ABCDEFGHJKMN`;
    const bytes = await certificatePdf(
      certificate({
        verification: { code: 'ABCDEFGHJKMN', url },
        holder: { name: long, relationship: null, addressLines: [long, long, 'Houston, TX 77002'] },
        namedInsured: { name: long, addressLines: [long, 'Houston, TX 77002'] },
        operations: 'Tenant fit-out and façade works, phase two. '
          .repeat(12)
          .slice(0, MAX_CERTIFICATE_DESCRIPTION_LENGTH),
      }),
    );
    expect(await pagesOf(bytes)).toBe(1);
    expect((await textOf(bytes)).replace(/\s+/g, ' ')).toContain('Tenant fit-out and façade works, phase two.');
    expect((await textOf(bytes)).replace(/\s+/g, '')).toContain(url);
  });
});
