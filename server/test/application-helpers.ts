/**
 * Signing an order's application as the insured does before paying (issue 16): read the
 * application, then sign the record read, by its hash. Every test that opens a checkout signs
 * through here first, since a checkout needs the application signed as it now stands.
 */
import * as v from 'valibot';
import { expect } from 'vitest';
import {
  applicationSchema,
  applicationSignatureSchema,
  type Application,
  type ApplicationSignature,
} from '@shared/contract/application-signature';
import type { Insured } from '@server/test/account-helpers';

export async function readApplication(insured: Insured, submissionId: number): Promise<Application> {
  const response = await insured.call('GET', `insured/application?submissionid=${submissionId}`);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(applicationSchema, response.json());
}

/** The body of POST insured/signapplication for this hash, with both boxes ticked. */
export const signingBody = (submissionId: number, recordHash: string, signerName = 'Dana Whitfield') => ({
  submissionid: submissionId,
  signerName,
  consentToElectronicRecords: true,
  agreeToDeclarations: true,
  recordHash,
});

/** Signs the application as it now stands (a repeat answers the same signature). */
export async function signApplicationFor(
  insured: Insured,
  submissionId: number,
  signerName = 'Dana Whitfield',
): Promise<ApplicationSignature> {
  const { recordHash } = await readApplication(insured, submissionId);
  const response = await insured.call(
    'POST',
    'insured/signapplication',
    signingBody(submissionId, recordHash, signerName),
  );
  expect([200, 201], response.body).toContain(response.statusCode);
  return v.parse(applicationSignatureSchema, response.json());
}
