import * as v from 'valibot';
import { http } from '@/api/client';
import { earlyReadKey, takeEarly } from '@/api/early-reads';
import { earlyRequest } from '@/api/early-requests';
import {
  applicationSchema,
  applicationSignatureSchema,
  type Application,
  type ApplicationSignature,
  type SignApplicationRequest,
} from '@shared/contract/application-signature';

/**
 * The signed application (shared/contract/application-signature.ts): the record as the insured
 * signs it, and signing it. Someone else's order is a 404; a record that changed since it was
 * read is a 409 whose `fields.recordHash` says so; an order no longer open, a 409 naming its status.
 */

/** GET insured/application?submissionid: the record, its hash now, and the newest signature. */
export async function loadApplication(submissionId: number): Promise<Application> {
  // Perhaps already on its way, started with the page (src/api/early-reads.ts).
  const response = await takeEarly(earlyReadKey.application(submissionId), () =>
    earlyRequest.application(submissionId),
  );
  return v.parse(applicationSchema, await response.json());
}

/** What the insured gives when signing: the name typed and the hash of the record reviewed (both boxes are ticked). */
export interface SigningInput {
  submissionId: number;
  signerName: string;
  recordHash: string;
}

/** POST insured/signapplication: the signature (201 new, 200 the same record signed before). */
export async function signApplication({
  submissionId,
  signerName,
  recordHash,
}: SigningInput): Promise<ApplicationSignature> {
  const json: SignApplicationRequest = {
    submissionid: submissionId,
    signerName,
    consentToElectronicRecords: true,
    agreeToDeclarations: true,
    recordHash,
  };
  const response = await http().post('insured/signapplication', { json });
  return v.parse(applicationSignatureSchema, await response.json());
}
