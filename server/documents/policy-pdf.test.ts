import { describe, expect, it } from 'vitest';
import type { PolicyDocumentData } from '@server/documents/document-data';
import { adjustmentText, policyPdf } from '@server/documents/policy-pdf';
import { pdfReader } from '@server/test/pdf-text';
import { expectInsurerNamed, testTrust } from '@server/test/trust-fixtures';

const { textOf, infoOf, pagesOf } = pdfReader('policy-pdf');

const policy = (overrides: Partial<PolicyDocumentData> = {}): PolicyDocumentData => ({
  policyNumber: 'P-2026-000042',
  orderNumber: 'Q-2026-000123',
  specialityName: 'General dentistry',
  effectiveDate: '2026-06-01',
  expirationDate: '2027-06-01',
  retroactiveDate: '2026-06-01',
  issuedAt: new Date('2026-05-20T15:04:05Z'),
  namedInsured: { name: 'Bright Smile Dental PLLC', addressLines: ['500 Main St', 'Suite 200', 'Houston, TX 77002'] },
  insuredEmail: 'dr.ortiz@brightsmile.example',
  locations: [
    { name: 'Main office', addressLines: ['500 Main St', 'Houston, TX 77002'] },
    { name: 'Katy clinic', addressLines: ['12 Elm St', 'Katy, TX 77494'] },
  ],
  stateName: 'Texas',
  broker: { name: 'Lone Star Brokers', abbreviation: 'LSB' },
  limit: { label: '$1,000,000 / $3,000,000', perClaimCents: 100_000_000, aggregateCents: 300_000_000 },
  deductible: { label: '$5,000', amountCents: 500_000 },
  price: { premiumCents: 312_345, policyFeeCents: 15_000, taxCents: 15_617, stateFeeCents: 1_250, totalCents: 344_212 },
  paymentTermName: 'Quarterly (4 installments)',
  adjustmentBps: 1000,
  trust: testTrust,
  ...overrides,
});

describe('policyPdf declarations', () => {
  it('shows the retroactive date: inception for new business, or the prior-acts date of continuous cover', async () => {
    expect(await textOf(await policyPdf(policy(), 'declarations'))).toMatch(/Retroactive date\s+06\/01\/2026/);
    const prior = policy({ retroactiveDate: '2019-03-15' });
    expect(await textOf(await policyPdf(prior, 'declarations'))).toMatch(/Retroactive date\s+03\/15\/2019/);
    expect(await textOf(await policyPdf(prior, 'policy'))).toMatch(/Retroactive date\s+03\/15\/2019/);
  });

  it('names the insurer that carries the risk, with its NAIC code and rating, and the producer’s licences', async () => {
    expectInsurerNamed(await textOf(await policyPdf(policy(), 'declarations')));
    expectInsurerNamed(await textOf(await policyPdf(policy(), 'policy')));
  });

  it('shows who is insured, for what, when and for how much', async () => {
    const text = await textOf(await policyPdf(policy(), 'declarations'));
    expect(text).toContain('Practice Shield'.toUpperCase());
    expect(text).toContain('Professional Liability Policy — Declarations');
    expect(text).toMatch(/Policy number\s+P-2026-000042/);
    expect(text).toMatch(/Order number\s+Q-2026-000123/);
    expect(text).toMatch(/Named insured\s+Bright Smile Dental PLLC/);
    expect(text).toMatch(/Address\s+500 Main St\n\s+Suite 200\n\s+Houston, TX 77002/);
    expect(text).toContain('dr.ortiz@brightsmile.example');
    expect(text).toMatch(
      /From 06\/01\/2026 to 06\/01\/2027, 12:01 a\.m\. standard time at the named insured’s\s+address/,
    );
    expect(text).toContain('Professional liability (errors and omissions) — General dentistry');
    expect(text).toMatch(/State\s+Texas/);
    expect(text).toMatch(/Each claim\s+\$1,000,000\.00/);
    expect(text).toMatch(/Aggregate\s+\$3,000,000\.00/);
    expect(text).toMatch(/Deductible \(each claim\)\s+\$5,000\.00/);
    expect(text).toMatch(/Premium\s+\$3,123\.45/);
    expect(text).toMatch(/Policy fee\s+\$150\.00/);
    expect(text).toMatch(/Taxes\s+\$156\.17/);
    expect(text).toMatch(/State fees\s+\$12\.50/);
    expect(text).toMatch(/Total\s+\$3,442\.12/);
    expect(text).toMatch(/Payment plan\s+Quarterly \(4 installments\)/);
    expect(text).toContain('Underwriter’s adjustment: +10 %');
    expect(text).toContain('1. Main office, 500 Main St, Houston, TX 77002 (primary)');
    expect(text).toContain('2. Katy clinic, 12 Elm St, Katy, TX 77494');
    expect(text).toMatch(/Broker\s+Lone Star Brokers \(LSB\)/);
    expect(text).toMatch(/Issue date\s+05\/20\/2026/);
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('Insuring agreement'.toUpperCase());
  });

  it('says "Direct" without a broker and leaves out an adjustment that was never made', async () => {
    const text = await textOf(await policyPdf(policy({ broker: null, adjustmentBps: null }), 'declarations'));
    expect(text).toMatch(/Broker\s+Direct/);
    expect(text).not.toContain('Underwriter’s adjustment');
  });

  it('writes an adjustment as a signed percentage', () => {
    expect(adjustmentText(1000)).toBe('+10 %');
    expect(adjustmentText(-250)).toBe('-2.5 %');
    expect(adjustmentText(1234)).toBe('+12.34 %');
  });
});

describe('policyPdf policy', () => {
  it('adds the sample coverage form after the declarations, over several more pages', async () => {
    const declarations = await policyPdf(policy(), 'declarations');
    const full = await policyPdf(policy(), 'policy');
    const [declarationPages, policyPages] = [await pagesOf(declarations), await pagesOf(full)];
    expect(policyPages).toBeGreaterThanOrEqual(declarationPages + 2);
    const text = await textOf(full);
    expect(text).toMatch(/Policy number\s+P-2026-000042/);
    expect(text).toContain('Professional Liability Coverage Form');
    expect(text).toContain('SAMPLE WORDING');
    for (const part of ['INSURING AGREEMENT', 'DEFINITIONS', 'EXCLUSIONS', 'CONDITIONS', 'EXTENDED REPORTING PERIOD']) {
      expect(text).toContain(part);
    }
    expect(text.indexOf('Professional Liability Policy — Declarations')).toBeLessThan(
      text.indexOf('Professional Liability Coverage Form'),
    );
    expect(text).toContain(`Page ${policyPages} of ${policyPages}`);
  });
});

describe('policyPdf bytes', () => {
  it('gives identical bytes for identical data, dated from the issue and not the clock', async () => {
    const first = await policyPdf(policy(), 'policy');
    const second = await policyPdf(policy(), 'policy');
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const info = await infoOf(first);
    expect(info).toMatch(/^CreationDate:\s+2026-05-20T15:04:05Z$/m);
    expect(info).toMatch(/^ModDate:\s+2026-05-20T15:04:05Z$/m);
    expect(info).toMatch(/^Author:\s+Practice Shield$/m);
    expect(info).toMatch(/^Title:\s+.*P-2026-000042/m);
  });

  it('changes when one field changes', async () => {
    const base = Buffer.from(await policyPdf(policy(), 'declarations'));
    const premium = Buffer.from(
      await policyPdf(policy({ price: { ...policy().price, premiumCents: 312_346 } }), 'declarations'),
    );
    const issued = Buffer.from(await policyPdf(policy({ issuedAt: new Date('2026-05-21T15:04:05Z') }), 'declarations'));
    expect(premium.equals(base)).toBe(false);
    expect(issued.equals(base)).toBe(false);
  });

  it('prints a name in another script or with emoji instead of failing', async () => {
    const bytes = await policyPdf(
      policy({ namedInsured: { name: 'Zoë Şahin 北京 Dental 🦷', addressLines: ['Rue de l’Église 3'] } }),
      'policy',
    );
    const text = await textOf(bytes);
    expect(text).toContain('Zoë Sahin ?? Dental ?');
    expect(text).toContain('Rue de l’Église 3');
    // The metadata is UTF-16 and keeps the name as typed.
    expect(await infoOf(bytes)).toMatch(/^Subject:\s+General dentistry: Zoë Şahin 北京 Dental 🦷$/m);
  });
});
