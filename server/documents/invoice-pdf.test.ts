import { describe, expect, it } from 'vitest';
import type { InvoiceDocumentData } from '@server/documents/document-data';
import { invoicePdf } from '@server/documents/invoice-pdf';
import { pdfReader } from '@server/test/pdf-text';
import { expectInsurerNamed, testTrust } from '@server/test/trust-fixtures';

const { textOf, infoOf } = pdfReader('invoice-pdf');

const invoice = (overrides: Partial<InvoiceDocumentData> = {}): InvoiceDocumentData => ({
  invoiceNumber: 'INV-2026-000007',
  orderNumber: 'Q-2026-000123',
  policyNumber: null,
  specialityName: 'General dentistry',
  createdAt: new Date('2026-05-18T09:12:00Z'),
  dueDate: '2026-06-01',
  status: 'open',
  paidAt: null,
  billTo: { name: 'Bright Smile Dental PLLC', addressLines: ['500 Main St', 'Houston, TX 77002'] },
  broker: { name: 'Lone Star Brokers', abbreviation: 'LSB' },
  effectiveDate: '2026-06-01',
  expirationDate: '',
  price: { premiumCents: 312_345, policyFeeCents: 15_000, taxCents: 15_617, stateFeeCents: 1_250, totalCents: 344_212 },
  paymentTermName: 'Quarterly (4 installments)',
  amountDueCents: 86_059,
  schedule: [
    { installmentNo: 1, dueDate: '2026-06-01', amountCents: 86_059 },
    { installmentNo: 2, dueDate: '2026-09-01', amountCents: 86_051 },
    { installmentNo: 3, dueDate: '2026-12-01', amountCents: 86_051 },
    { installmentNo: 4, dueDate: '2027-03-01', amountCents: 86_051 },
  ],
  trust: testTrust,
  ...overrides,
});

describe('invoicePdf', () => {
  it('names the insurer that carries the risk, with its NAIC code and rating, and the producer’s licences', async () => {
    expectInsurerNamed(await textOf(await invoicePdf(invoice())));
  });

  it('bills an open invoice: the price, the schedule with the first installment due now', async () => {
    const text = await textOf(await invoicePdf(invoice()));
    expect(text).toMatch(/Invoice number\s+INV-2026-000007/);
    expect(text).toMatch(/Invoice date\s+05\/18\/2026/);
    expect(text).toMatch(/Status\s+Due 06\/01\/2026/);
    expect(text).toMatch(/Order number\s+Q-2026-000123/);
    expect(text).toMatch(/Policy number\s+To be issued on payment/);
    expect(text).toMatch(/Effective date\s+06\/01\/2026/);
    expect(text).toMatch(/Named insured\s+Bright Smile Dental PLLC/);
    expect(text).toMatch(/Address\s+500 Main St\n\s+Houston, TX 77002/);
    expect(text).toMatch(/Premium\s+\$3,123\.45/);
    expect(text).toMatch(/Policy fee\s+\$150\.00/);
    expect(text).toMatch(/Taxes\s+\$156\.17/);
    expect(text).toMatch(/State fees\s+\$12\.50/);
    expect(text).toMatch(/Total\s+\$3,442\.12/);
    expect(text).toMatch(/Payment plan\s+Quarterly \(4 installments\)/);
    expect(text).toMatch(/^\s*1\s+06\/01\/2026\s+Due now\s+\$860\.59$/m);
    expect(text).toMatch(/^\s*2\s+09\/01\/2026\s+Scheduled\s+\$860\.51$/m);
    expect(text).toMatch(/^\s*3\s+12\/01\/2026\s+Scheduled\s+\$860\.51$/m);
    expect(text).toMatch(/^\s*4\s+03\/01\/2027\s+Scheduled\s+\$860\.51$/m);
    expect(text.match(/Due now/g)).toHaveLength(1);
    expect(text).toMatch(/Amount due now\s+\$860\.59/);
    expect(text).toMatch(/Broker\s+Lone Star Brokers \(LSB\)/);
    expect(text).toContain('Page 1 of 1');
  });

  it('says when a paid invoice was paid, and names the issued policy and its period', async () => {
    const text = await textOf(
      await invoicePdf(
        invoice({
          status: 'paid',
          paidAt: new Date('2026-05-21T14:00:00Z'),
          policyNumber: 'P-2026-000042',
          expirationDate: '2027-06-01',
          broker: null,
        }),
      ),
    );
    expect(text).toMatch(/Status\s+PAID on 05\/21\/2026/);
    expect(text).not.toContain('Due 06/01/2026');
    expect(text).toMatch(/Policy number\s+P-2026-000042/);
    expect(text).toMatch(/Policy period\s+From 06\/01\/2026 to 06\/01\/2027/);
    expect(text).toMatch(/^\s*1\s+06\/01\/2026\s+Paid\s+\$860\.59$/m);
    expect(text).toMatch(/Amount paid\s+\$860\.59/);
    expect(text).toMatch(/Broker\s+Direct/);
  });

  it('gives identical bytes for identical data and different bytes when one field changes', async () => {
    const first = Buffer.from(await invoicePdf(invoice()));
    expect(first.equals(Buffer.from(await invoicePdf(invoice())))).toBe(true);
    expect(first.equals(Buffer.from(await invoicePdf(invoice({ amountDueCents: 86_060 }))))).toBe(false);
    const info = await infoOf(first);
    expect(info).toMatch(/^CreationDate:\s+2026-05-18T09:12:00Z$/m);
    expect(info).toMatch(/^Title:\s+.*INV-2026-000007/m);
  });

  it('prints a name in another script or with emoji instead of failing', async () => {
    const text = await textOf(
      await invoicePdf(invoice({ billTo: { name: 'Đặng Clinic Ελλάδα 😀', addressLines: [] } })),
    );
    // Đ has no WinAnsi form; ặ keeps its base letter; Greek and emoji become "?".
    expect(text).toMatch(/Named insured\s+\?ang Clinic \?{6} \?\n/);
  });
});
