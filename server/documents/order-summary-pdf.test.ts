import { describe, expect, it } from 'vitest';
import type { OrderSummaryData } from '@server/documents/document-data';
import { orderSummaryPdf } from '@server/documents/order-summary-pdf';
import { pdfReader } from '@server/test/pdf-text';
import { expectInsurerNamed, testTrust } from '@server/test/trust-fixtures';

const { textOf, infoOf, pagesOf } = pdfReader('order-summary-pdf');

const summary = (overrides: Partial<OrderSummaryData> = {}): OrderSummaryData => ({
  orderNumber: 'Q-2026-000123',
  statusLabel: 'Awaiting payment',
  policyNumber: null,
  specialityName: 'General dentistry',
  asOf: new Date('2026-05-19T11:45:00Z'),
  namedInsured: { name: 'Bright Smile Dental PLLC', addressLines: ['500 Main St', 'Houston, TX 77002'] },
  insuredEmail: 'dr.ortiz@brightsmile.example',
  broker: { name: 'Lone Star Brokers', abbreviation: 'LSB' },
  stateName: 'Texas',
  zipcode: '77002',
  effectiveDate: '2026-06-01',
  limitLabel: '$1,000,000 / $3,000,000',
  deductibleLabel: '$5,000',
  paymentTermName: 'Quarterly (4 installments)',
  price: { premiumCents: 312_345, policyFeeCents: 15_000, taxCents: 15_617, stateFeeCents: 1_250, totalCents: 344_212 },
  locations: [{ name: 'Main office', addressLines: ['500 Main St', 'Houston, TX 77002'] }],
  answers: [
    { question: 'How many dentists practise at the covered locations?', answer: '3' },
    { question: 'Do you perform sedation beyond nitrous oxide?', answer: 'No' },
  ],
  trust: testTrust,
  ...overrides,
});

/** An answer long enough to wrap over several lines, with a marker no wrap can split. */
const longAnswer = (n: number) =>
  `Answer ${n}: we keep written consent forms for every procedure, review them at each visit and store them for seven years; ` +
  `staff are trained twice a year and every incident is logged and reviewed by the practice owner within a week. marker-${n}-end`;

describe('orderSummaryPdf', () => {
  it('names the insurer that carries the risk, with its NAIC code and rating, and the producer’s licences', async () => {
    expectInsurerNamed(await textOf(await orderSummaryPdf(summary())));
  });

  it('shows the order, the insured, the coverage chosen, the price and every answer', async () => {
    const text = await textOf(await orderSummaryPdf(summary()));
    expect(text).toContain('Order summary');
    expect(text).toContain('As of 05/19/2026');
    expect(text).toMatch(/Order number\s+Q-2026-000123/);
    expect(text).toMatch(/Status\s+Awaiting payment/);
    expect(text).not.toContain('Policy number');
    expect(text).toMatch(/Named insured\s+Bright Smile Dental PLLC/);
    expect(text).toContain('dr.ortiz@brightsmile.example');
    expect(text).toContain('Professional liability (errors and omissions) — General dentistry');
    expect(text).toMatch(/State and ZIP code\s+Texas 77002/);
    expect(text).toMatch(/Effective date\s+06\/01\/2026/);
    expect(text).toMatch(/Limit of liability\s+\$1,000,000 \/ \$3,000,000/);
    expect(text).toMatch(/Deductible\s+\$5,000/);
    expect(text).toMatch(/Payment plan\s+Quarterly \(4 installments\)/);
    expect(text).toMatch(/Premium\s+\$3,123\.45/);
    expect(text).toMatch(/Total\s+\$3,442\.12/);
    expect(text).toContain('1. Main office, 500 Main St, Houston, TX 77002 (primary)');
    expect(text).toMatch(/Broker\s+Lone Star Brokers \(LSB\)/);
    expect(text).toMatch(/1\. How many dentists practise at the covered locations\?\n\s+3\n/);
    expect(text).toMatch(/2\. Do you perform sedation beyond nitrous oxide\?\n\s+No\n/);
    expect(text).toContain('Page 1 of 1');
  });

  it('names the policy once there is one', async () => {
    const text = await textOf(
      await orderSummaryPdf(summary({ statusLabel: 'Complete', policyNumber: 'P-2026-000042' })),
    );
    expect(text).toMatch(/Status\s+Complete/);
    expect(text).toMatch(/Policy number\s+P-2026-000042/);
  });

  it('leaves the price out of an order not yet rated, and says what is still to choose', async () => {
    const text = await textOf(
      await orderSummaryPdf(
        summary({
          price: null,
          limitLabel: null,
          deductibleLabel: null,
          paymentTermName: null,
          effectiveDate: null,
          locations: [],
          answers: [],
          broker: null,
        }),
      ),
    );
    expect(text).not.toContain('$');
    expect(text).not.toMatch(/PRICE/);
    expect(text).toMatch(/Effective date\s+Not chosen yet/);
    expect(text).toMatch(/Limit of liability\s+Not chosen yet/);
    expect(text).toMatch(/Payment plan\s+Not chosen yet/);
    expect(text).toContain('None on file.');
    expect(text).toContain('No questions answered yet.');
    expect(text).toMatch(/Broker\s+Direct/);
  });

  it('runs 80 long answers over several pages, every one present and in order', async () => {
    const answers = Array.from({ length: 80 }, (_, index) => ({
      question: `Question ${index + 1}: describe how the practice handles item ${index + 1} of the risk-management checklist?`,
      answer: longAnswer(index + 1),
    }));
    const bytes = await orderSummaryPdf(summary({ answers }));
    const pages = await pagesOf(bytes);
    expect(pages).toBeGreaterThanOrEqual(4);
    const text = await textOf(bytes);
    let last = -1;
    for (let n = 1; n <= 80; n += 1) {
      const question = text.indexOf(`${n}. Question ${n}: describe how`);
      const marker = text.indexOf(`marker-${n}-end`);
      expect(question, `question ${n}`).toBeGreaterThan(last);
      expect(marker, `answer ${n}`).toBeGreaterThan(question);
      last = marker;
    }
    // Each answer wraps rather than running off the page.
    expect(text.split('\n').every((line) => line.length < 160)).toBe(true);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('gives identical bytes for identical data and different bytes when one field changes', async () => {
    const first = Buffer.from(await orderSummaryPdf(summary()));
    expect(first.equals(Buffer.from(await orderSummaryPdf(summary())))).toBe(true);
    const changed = summary({
      answers: [{ question: 'How many dentists practise at the covered locations?', answer: '4' }],
    });
    expect(first.equals(Buffer.from(await orderSummaryPdf(changed)))).toBe(false);
    expect(await infoOf(first)).toMatch(/^CreationDate:\s+2026-05-19T11:45:00Z$/m);
  });

  it('prints names and answers in another script or with emoji instead of failing', async () => {
    const text = await textOf(
      await orderSummaryPdf(
        summary({
          namedInsured: { name: 'Zoë Şahin 北京 Dental 🦷', addressLines: [] },
          answers: [{ question: 'Anything else?', answer: 'Multi-line\nanswer with ✓ and 🙂' }],
        }),
      ),
    );
    expect(text).toMatch(/Named insured\s+Zoë Sahin \?\? Dental \?/);
    expect(text).toMatch(/Multi-line\n\s+answer with \? and \?/);
  });
});
