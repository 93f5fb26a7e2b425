import { describe, expect, it } from 'vitest';
import { documentKinds } from '@shared/contract/documents';
import { certificateFileName } from '@server/documents/certificate-pdf';
import { documentFileName, documentTitle, fileSlug } from '@server/documents/document-file-names';

describe('documentFileName', () => {
  it('names each document by its kind and number, in lower case', () => {
    expect(documentFileName('policy', 'P-2026-000042')).toBe('policy-p-2026-000042.pdf');
    expect(documentFileName('declarations', 'P-2026-000042')).toBe('declarations-p-2026-000042.pdf');
    expect(documentFileName('binder', 'P-2026-000042')).toBe('binder-p-2026-000042.pdf');
    expect(documentFileName('invoice', 'INV-2026-000007')).toBe('invoice-inv-2026-000007.pdf');
    expect(documentFileName('ordersummary', 'Q-2026-000123')).toBe('order-summary-q-2026-000123.pdf');
  });

  it('keeps only [a-z0-9-] whatever the number holds', () => {
    const hostile = [
      '../../etc/passwd',
      'P/2026\\0042"; filename=evil.exe',
      'Ünïcödé №7 🦷',
      'a\u202Eb\r\nc',
      '  --P--2026--  ',
    ];
    for (const kind of documentKinds) {
      for (const number of hostile) expect(documentFileName(kind, number)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.pdf$/);
    }
    expect(documentFileName('policy', 'P/2026\\0042"; filename=evil.exe')).toBe(
      'policy-p-2026-0042-filename-evil-exe.pdf',
    );
    expect(documentFileName('invoice', 'Ünïcödé №7')).toBe('invoice-unicode-no7.pdf');
  });

  it('still names the document when the number has nothing usable', () => {
    expect(documentFileName('invoice', '')).toBe('invoice.pdf');
    expect(documentFileName('ordersummary', '北京 🦷')).toBe('order-summary.pdf');
  });

  it('cuts a very long number short without a trailing hyphen', () => {
    const name = documentFileName('binder', `${'ab-'.repeat(60)}end`);
    expect(name.length).toBeLessThanOrEqual('binder-'.length + 80 + '.pdf'.length);
    expect(name).toMatch(/^binder-(ab-)*ab?\.pdf$/);
  });

  it('slugs exactly as the certificate’s file name does', () => {
    expect(fileSlug('Zoë Şahin Dental, LLC')).toBe('zoe-sahin-dental-llc');
    expect(certificateFileName('P-2026-000001', 'Zoë Şahin Dental, LLC')).toBe(
      `certificate-${fileSlug('P-2026-000001')}-zoe-sahin-dental-llc.pdf`,
    );
  });
});

describe('documentTitle', () => {
  it('gives each kind its human title', () => {
    expect(documentTitle('policy')).toBe('Policy (declarations and coverage form)');
    expect(documentTitle('declarations')).toBe('Declarations page');
    expect(documentTitle('binder')).toBe('Binder');
    expect(documentTitle('invoice')).toBe('Invoice');
    expect(documentTitle('ordersummary')).toBe('Order summary');
  });
});
