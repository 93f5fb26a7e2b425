import { describe, expect, it } from 'vitest';
import { errorFields, errorStatus } from '@/api/api-error';
import { loadApplication, signApplication } from '@/api/application-signature';
import type { Application, ApplicationSignature } from '@shared/contract/application-signature';
import { setupScriptedApi } from '@/api/scripted-api-server';

const { script, received } = setupScriptedApi();

const HASH = 'c'.repeat(64);
const application: Application = {
  record: {
    submissionId: 7,
    orderNumber: 'Q-2026-000007',
    speciality: 'Dentists',
    insured: { name: 'Dana Whitfield', company: null },
    practiceAddress: null,
    state: 'Texas',
    zipcode: '77002',
    sections: [
      {
        title: 'General application',
        answers: [{ code: 'staff_count', question: 'How many professionals work in the firm?', answer: '3' }],
      },
    ],
    cover: {
      limit: '$1,000,000 / $3,000,000',
      deductible: '$1,000',
      paymentPlan: 'Annual',
      totalCents: 247_555,
      effectiveDate: null,
    },
    declarations: ['The statements are true.'],
  },
  recordHash: HASH,
  signature: null,
};
const signature: ApplicationSignature = {
  signerName: 'Dana Whitfield',
  signedAt: '2026-06-25T10:05:00.000Z',
  ip: '203.0.113.7',
  recordHash: HASH,
  current: true,
};

describe('the application signature calls', () => {
  it('loadApplication GETs the order’s application and parses it', async () => {
    script.push({ status: 200, body: application });
    await expect(loadApplication(7)).resolves.toEqual(application);
    expect([received[0]!.request.method, received[0]!.request.url]).toEqual([
      'GET',
      '/api/weborder/insured/application?submissionid=7',
    ]);
  });

  it('signApplication POSTs the name, both consents and the hash as JSON, and parses the signature', async () => {
    script.push({ status: 201, body: signature });
    await expect(signApplication({ submissionId: 7, signerName: 'Dana Whitfield', recordHash: HASH })).resolves.toEqual(
      signature,
    );
    expect([received[0]!.request.method, received[0]!.request.url, JSON.parse(received[0]!.body)]).toEqual([
      'POST',
      '/api/weborder/insured/signapplication',
      {
        submissionid: 7,
        signerName: 'Dana Whitfield',
        consentToElectronicRecords: true,
        agreeToDeclarations: true,
        recordHash: HASH,
      },
    ]);
  });

  it('a changed application is a 409 naming recordHash', async () => {
    script.push({
      status: 409,
      body: {
        status: 409,
        message: 'Your application changed',
        fields: { recordHash: 'your application changed; review it again' },
      },
    });
    const error = await signApplication({ submissionId: 7, signerName: 'Dana Whitfield', recordHash: HASH }).catch(
      (caught: unknown) => caught,
    );
    expect(errorStatus(error)).toBe(409);
    expect(errorFields(error)).toEqual({ recordHash: 'your application changed; review it again' });
  });
});
