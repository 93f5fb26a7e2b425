/**
 * The insurer a deployment configures (INSURER_NAME, INSURER_NAIC, INSURER_AM_BEST,
 * PRODUCER_LICENSES) reaches every document the server draws: the policy, declarations page and
 * binder issued at binding, the signed application, the invoice and order summary drawn on download, and a certificate of
 * insurance. Read back with the real pdftotext.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindForTest, newInsured, quotedOrder } from '@server/test/account-helpers';
import { paidOrder } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';
import { expectInsurerNamed, testTrustEnv } from '@server/test/trust-fixtures';

const run = promisify(execFile);
const t = setupTestApp({ env: testTrustEnv });
const app = () => t.app;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'documents-insurer-test-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

let serial = 0;
async function textOf(pdf: Buffer): Promise<string> {
  const file = path.join(scratch, `document-${(serial += 1)}.pdf`);
  await writeFile(file, pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

describe('the configured insurer on the documents', () => {
  it('is named, with its NAIC code, rating and the producer’s licences, on every document of a paid order', async () => {
    const insured = await newInsured(app);
    const { order } = await paidOrder(app, insured);
    const downloads: Array<[string, Record<string, unknown>]> = [
      ['downloadpolicy', { documentType: 'policy' }],
      ['downloadpolicy', { documentType: 'declarations' }],
      ['downloadpolicy', { documentType: 'application' }],
      ['downloadbinder', {}],
      ['downloadinvoice', {}],
      ['downloadordersummary', {}],
    ];
    for (const [route, extra] of downloads) {
      const response = await insured.call('POST', `documents/${route}`, { submissionid: order.submissionId, ...extra });
      expect(response.statusCode, `${route} ${response.body.slice(0, 200)}`).toBe(200);
      expectInsurerNamed(await textOf(response.rawPayload));
    }
  });

  it('is named on a certificate of insurance', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const holder = await insured.call('POST', 'insured/saveupdateadditionalinsured', {
      submissionId: order.submissionId,
      name: 'Acme Landlord LLC',
    });
    expect(holder.statusCode, holder.body).toBe(201);
    await bindForTest(t.app, order.submissionId);
    const certificate = await insured.call('POST', 'documents/certificateofinsurance', {
      submissionid: order.submissionId,
      additionalinsuredid: (holder.json() as { id: number }).id,
    });
    expect(certificate.statusCode, certificate.body.slice(0, 200)).toBe(200);
    const words = (await textOf(certificate.rawPayload)).replace(/\s+/g, ' ');
    expect(words).toContain('Insurer A: Keystone Specialty Insurance Company');
    expect(words).toContain('NAIC 12345. AM Best rating: A (Excellent).');
    expect(words).toContain('Producer licences: TX 2345678, CA 0K12345, NY LA-1234567.');
  });
});
