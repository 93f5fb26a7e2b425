/**
 * The signed application as a download (documents/downloadpolicy with documentType
 * "application"): once the policy is issued, drawn from the order's newest signature and the
 * record it kept, so later changes to the account never rewrite what was signed. The owner's
 * orders only (404 otherwise); before the policy, or without a signature, a 409 naming the status.
 */
import type { Trust } from '@shared/contract/runtime-config';
import { callerOf } from '@server/account/plan-locations';
import { latestSignature, signedRecord } from '@server/application/signatures';
import type { AuthUser } from '@server/auth/user';
import { policyOf } from '@server/billing/billing-queries';
import type { Queryable } from '@server/db/connection';
import type { DocumentFile } from '@server/documents/document-downloads';
import { documentFileName } from '@server/documents/document-file-names';
import { signedApplicationPdf } from '@server/documents/signed-application-pdf';
import { conflict } from '@server/http/http-error';
import { ownedSubmission } from '@server/submissions/access';

export async function signedApplicationFile(
  db: Queryable,
  user: AuthUser,
  submissionId: number,
  trust: Trust,
): Promise<DocumentFile> {
  const row = await ownedSubmission(db, callerOf(user), submissionId);
  const policy = await policyOf(db, row.id);
  const signature = await latestSignature(db, row.id);
  if (!policy || !signature) {
    const why = policy
      ? 'it has no signed application'
      : 'its signed application is kept with the policy, which is not issued yet';
    throw conflict(`Order ${row.number} is ${row.status.replaceAll('_', ' ')}: ${why}`, { status: `is ${row.status}` });
  }
  const bytes = await signedApplicationPdf({
    record: signedRecord(signature),
    signature: {
      signerName: signature.signerName,
      signedAt: signature.signedAt,
      ip: signature.ip,
      userAgent: signature.userAgent,
      recordHash: signature.recordHash,
    },
    policyNumber: policy.number,
    trust,
  });
  return { filename: documentFileName('application', policy.number), content: Buffer.from(bytes) };
}
