import * as v from 'valibot';
import { http } from '@/api/client';
import { attachmentFilename, type DownloadedDocument } from '@/api/documents';
import {
  certificateListSchema,
  certificateSchema,
  certificateVerificationSchema,
  type Certificate,
  type CertificateList,
  type CertificateVerification,
  type IssueCertificateRequest,
} from '@shared/contract/certificates';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * Certificates of insurance on demand (shared/contract/certificates.ts): the insured's
 * certificates of one policy, a new one issued naming a holder, each PDF downloaded with the
 * bearer token, and the public check of a verification code.
 */

/** GET insured/certificates?policyid: the policy's certificates, newest first, its standing and whether another can be issued. */
export async function getCertificates(policyId: number): Promise<CertificateList> {
  const response = await http().get('insured/certificates', { searchParams: { policyid: policyId } });
  return v.parse(certificateListSchema, await response.json());
}

/**
 * POST insured/issuecertificate. One Idempotency-Key per certificate the insured means to issue:
 * a retry after a lost answer gets the same certificate back (200) instead of a second one.
 */
export async function issueCertificate(request: IssueCertificateRequest, idempotencyKey: string): Promise<Certificate> {
  const response = await http().post('insured/issuecertificate', {
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return v.parse(certificateSchema, await response.json());
}

/**
 * POST documents/downloadcertificate: the PDF as it was issued, named by the server's
 * Content-Disposition, else certificate-{policy}-{code}.pdf.
 */
export async function downloadCertificatePdf(
  certificate: Pick<Certificate, 'id' | 'policyNumber' | 'code'>,
): Promise<DownloadedDocument> {
  const response = await http().post('documents/downloadcertificate', { json: { certificateid: certificate.id } });
  const blob = await response.blob();
  const fallback = `certificate-${certificate.policyNumber}-${certificate.code}.pdf`.toLowerCase();
  return { blob, filename: attachmentFilename(response.headers.get('content-disposition')) ?? fallback };
}

/**
 * GET auth/verifycertificate/{code} (public): what anyone holding the code may know. The server
 * takes the code in any case, with or without hyphens; an unknown one is a 404, one that cannot
 * be a code a 400 naming `code`, too many checks a 429 with Retry-After.
 */
export async function verifyCertificate(code: string): Promise<CertificateVerification> {
  const response = await http().get(`auth/verifycertificate/${encodeURIComponent(code)}`);
  return v.parse(certificateVerificationSchema, await response.json());
}
