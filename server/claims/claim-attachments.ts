/**
 * Files attached to a claim, by the order upload's rules (server/files: type by content, size
 * and count limits, sanitised names, one transaction for all or none, Idempotency-Key kept with
 * the upload). The insured's side reaches only their own claims; a closed claim takes no more
 * (the files module checks it under the claim's lock). Each upload stored is mailed, once, to
 * whoever handles the claim: the files module queues it with the files (store-upload.ts), as
 * for an upload through files/uploadfilebymodule; a retry answered from its key is not. A
 * download names the claim and the file: a file of another claim is the same 404 as a missing one.
 */
import type { FastifyRequest } from 'fastify';
import { claimAttachmentFieldsSchema, type ClaimAttachment } from '@shared/contract/claims';
import { claimAttachments, noSuchClaim } from '@server/claims/claim-detail';
import type { ClaimDeps } from '@server/claims/claims';
import type { AuthUser } from '@server/auth/user';
import type { Database } from '@server/db/connection';
import { assertMayChangeFiles, fileAndTarget, fileTarget, noSuchFile } from '@server/files/file-access';
import { liveFileContent } from '@server/files/files-queries';
import { readUpload } from '@server/files/read-upload';
import { keyAlreadyUsed, storeUpload } from '@server/files/store-upload';
import { HttpError } from '@server/http/http-error';

/** The insured's own claim as the files module reaches it; the 404 otherwise (even for staff: this is the insured's side). */
async function ownClaimTarget(db: Database, user: AuthUser, claimId: number) {
  try {
    const target = await fileTarget(db, user, 'claim', claimId);
    if (target.staff) throw noSuchClaim();
    return target;
  } catch (error) {
    throw error instanceof HttpError && error.status === 404 ? noSuchClaim() : error;
  }
}

/** POST insured/claimattachments: reads the multipart upload and stores its files on the claim. */
export async function uploadClaimAttachments(
  deps: ClaimDeps,
  user: AuthUser,
  request: FastifyRequest,
  keyHash: string | null,
): Promise<{ created: boolean; attachments: ClaimAttachment[] }> {
  const { db } = deps;
  const { target, files } = await readUpload(request, claimAttachmentFieldsSchema, async ({ claimid }) => {
    const reached = await ownClaimTarget(db, user, claimid);
    // A retry is answered from its key even once the claim is closed.
    if (!(await keyAlreadyUsed(db, user, keyHash))) assertMayChangeFiles(reached, 'attaching files');
    return reached;
  });
  const stored = await storeUpload(deps, user, target, files, { keyHash, ip: request.ip });
  const ids = new Set(stored.files.map((file) => file.id));
  const attachments = (await claimAttachments(db, target.moduleId)).filter((file) => ids.has(file.id));
  return { created: stored.created, attachments };
}

/**
 * A file of the claim, with its stored name and detected type: for the insured (`side`
 * insured: their own claims only) or a handler (any claim).
 */
export async function claimAttachmentContent(
  db: Database,
  user: AuthUser,
  side: 'insured' | 'handler',
  claimId: number,
  fileId: number,
) {
  if (side === 'insured') await ownClaimTarget(db, user, claimId);
  const { file } = await fileAndTarget(db, user, fileId);
  if (file.module !== 'claim' || file.moduleId !== claimId) throw noSuchFile();
  const content = await liveFileContent(db, file.id);
  if (!content) throw noSuchFile();
  return { filename: file.filename, mime: file.mime, content };
}
