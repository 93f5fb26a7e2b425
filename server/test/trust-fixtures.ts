/**
 * The insurer, licences and support phone a deployment configures (INSURER_NAME, INSURER_NAIC,
 * INSURER_AM_BEST, PRODUCER_LICENSES, SUPPORT_PHONE), for the documents' tests, and how the
 * documents' text names them.
 */
import { expect } from 'vitest';
import type { Trust } from '@shared/contract/runtime-config';

export const testTrust: Trust = {
  insurer: { name: 'Keystone Specialty Insurance Company', naic: '12345', amBest: 'A (Excellent)' },
  producerLicenses: [
    { state: 'TX', number: '2345678' },
    { state: 'CA', number: '0K12345' },
    { state: 'NY', number: 'LA-1234567' },
  ],
  supportPhone: { display: '(512) 555-0100', tel: '+15125550100' },
  demo: false,
};

/** The environment that configures testTrust. */
export const testTrustEnv = {
  INSURER_NAME: 'Keystone Specialty Insurance Company',
  INSURER_NAIC: '12345',
  INSURER_AM_BEST: 'A (Excellent)',
  PRODUCER_LICENSES: 'TX:2345678,CA:0K12345,NY:LA-1234567',
  SUPPORT_PHONE: '(512) 555-0100',
};

/** A document's text (pdftotext) names testTrust's insurer, NAIC code, rating and licences, and no demo. */
export function expectInsurerNamed(text: string): void {
  const words = text.replace(/\s+/g, ' ');
  expect(words).toContain(
    'Underwritten by Keystone Specialty Insurance Company (NAIC 12345). AM Best rating: A (Excellent).',
  );
  expect(words).toContain('Producer licences: TX 2345678, CA 0K12345, NY LA-1234567.');
  expect(words).not.toContain('demo');
}
