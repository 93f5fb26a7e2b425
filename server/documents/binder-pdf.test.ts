import { describe, expect, it } from 'vitest';
import { parseConfig } from '@server/config';
import { binderPdf } from '@server/documents/binder-pdf';
import type { PolicyDocumentData } from '@server/documents/document-data';
import { pdfReader } from '@server/test/pdf-text';
import { expectInsurerNamed, testTrust } from '@server/test/trust-fixtures';

const { textOf, infoOf } = pdfReader('binder-pdf');

const policy = (overrides: Partial<PolicyDocumentData> = {}): PolicyDocumentData => ({
  policyNumber: 'P-2026-000042',
  orderNumber: 'Q-2026-000123',
  specialityName: 'Physical therapy',
  effectiveDate: '2026-06-15',
  expirationDate: '2027-06-15',
  retroactiveDate: '2026-06-15',
  issuedAt: new Date('2026-06-10T18:30:00Z'),
  namedInsured: { name: 'Gulf Coast Physio LLC', addressLines: ['2100 Seawall Blvd', 'Galveston, TX 77550'] },
  insuredEmail: 'office@gulfcoastphysio.example',
  locations: [{ name: 'Seawall clinic', addressLines: ['2100 Seawall Blvd', 'Galveston, TX 77550'] }],
  stateName: 'Texas',
  broker: { name: 'Bayou Risk Partners', abbreviation: null },
  limit: { label: '$500,000 / $1,500,000', perClaimCents: 50_000_000, aggregateCents: 150_000_000 },
  deductible: { label: '$2,500', amountCents: 250_000 },
  price: { premiumCents: 187_650, policyFeeCents: 10_000, taxCents: 9_883, stateFeeCents: 500, totalCents: 208_033 },
  paymentTermName: 'Annual (1 payment)',
  adjustmentBps: null,
  trust: testTrust,
  ...overrides,
});

describe('binderPdf', () => {
  it('names the insurer that carries the risk, with its NAIC code and rating, and the producer’s licences', async () => {
    expectInsurerNamed(await textOf(await binderPdf(policy())));
  });

  it('lists the retroactive date with the cover: inception, or the prior-acts date', async () => {
    expect(await textOf(await binderPdf(policy()))).toMatch(/Retroactive date\s+06\/15\/2026/);
    expect(await textOf(await binderPdf(policy({ retroactiveDate: '2019-03-15' })))).toMatch(
      /Retroactive date\s+03\/15\/2019/,
    );
  });

  it('says so when the insurer is the demo’s fictitious one', async () => {
    const text = (await textOf(await binderPdf(policy({ trust: parseConfig({}).trust })))).replace(/\s+/g, ' ');
    expect(text).toContain(
      'Underwritten by Bellwether Mutual Specialty Insurance Company (fictitious — demo) (NAIC 99999).',
    );
    expect(text).toContain('Includes fictitious demo values.');
    expect(text).toContain('Producer licences: AZ DEMO-1001,');
  });

  it('binds cover from the effective date until delivery or 30 days, with the policy’s terms', async () => {
    const text = await textOf(await binderPdf(policy()));
    expect(text).toContain('Binder of insurance');
    expect(text).toMatch(/Policy number\s+P-2026-000042/);
    expect(text).toMatch(/Order number\s+Q-2026-000123/);
    expect(text).toMatch(/Named insured\s+Gulf Coast Physio LLC/);
    expect(text).toMatch(/Address\s+2100 Seawall Blvd\n\s+Galveston, TX 77550/);
    // The sentence wraps wherever the font puts it.
    expect(text.replace(/\s+/g, ' ')).toContain(
      '12:01 a.m. standard time on 06/15/2026 and remains in force until the policy is delivered or for 30 days (until 07/15/2026), whichever comes first',
    );
    expect(text).toMatch(/Binder period\s+From 06\/15\/2026 until the policy is delivered, at the latest 07\/15\/2026/);
    expect(text).toMatch(/From 06\/15\/2026 to 06\/15\/2027, 12:01 a\.m\. standard time/);
    expect(text).toMatch(/Each claim\s+\$500,000\.00/);
    expect(text).toMatch(/Aggregate\s+\$1,500,000\.00/);
    expect(text).toMatch(/Deductible \(each claim\)\s+\$2,500\.00/);
    expect(text).toMatch(/Premium\s+\$1,876\.50/);
    expect(text).toMatch(/Total\s+\$2,080\.33/);
    expect(text).toMatch(/Broker\s+Bayou Risk Partners\n/);
    expect(text).toMatch(/Issue date\s+06\/10\/2026/);
    expect(text).toContain('Page 1 of 1');
  });

  it('counts the 30 days across a month and a year end', async () => {
    expect(
      await textOf(await binderPdf(policy({ effectiveDate: '2026-12-15', expirationDate: '2027-12-15' }))),
    ).toMatch(/at the latest 01\/14\/2027/);
    expect(
      await textOf(await binderPdf(policy({ effectiveDate: '2028-02-01', expirationDate: '2029-02-01' }))),
    ).toMatch(/at the latest 03\/02\/2028/);
  });

  it('says "Direct" when the order came without a broker', async () => {
    expect(await textOf(await binderPdf(policy({ broker: null })))).toMatch(/Broker\s+Direct/);
  });

  it('gives identical bytes for identical data and different bytes when one field changes', async () => {
    const first = Buffer.from(await binderPdf(policy()));
    expect(first.equals(Buffer.from(await binderPdf(policy())))).toBe(true);
    expect(first.equals(Buffer.from(await binderPdf(policy({ policyNumber: 'P-2026-000043' }))))).toBe(false);
    expect(await infoOf(first)).toMatch(/^CreationDate:\s+2026-06-10T18:30:00Z$/m);
  });

  it('prints a name in another script or with emoji instead of failing', async () => {
    const text = await textOf(
      await binderPdf(policy({ namedInsured: { name: 'Ōsaka 大阪 Physio 💪', addressLines: [] } })),
    );
    expect(text).toMatch(/Named insured\s+Osaka \?\? Physio \?/);
  });
});
