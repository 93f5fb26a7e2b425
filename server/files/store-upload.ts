/**
 * Stores an upload read by readUpload: every file checked first (not empty, an accepted type by
 * its content), then all of them written in one transaction, or none. On an order that
 * transaction locks the order (file-order.ts) and records the upload in its history: an
 * insured's upload to an order waiting for their items (incomplete, missing information) as
 * `order.supplyItems`, any other upload past buy now as `files` (status unchanged, version
 * bumped, history naming the files either way). On a claim the insured's upload is mailed to
 * whoever handles the claim (claim-handler-notice.ts's rule), queued in that same transaction,
 * so every path that attaches a file to a claim (insured/claimattachments, the generic
 * files/uploadfilebymodule) tells the handler once: an upload's retry never reaches it.
 *
 * A retried upload with the same Idempotency-Key stores nothing and answers the first upload's
 * files, whatever became of the order since. The files table has no key column, so the key is
 * kept in the audit log's row for the upload (entity `files`, entity_id `key:{user}:{hash}`),
 * looked up under an advisory lock on that key so two retries arriving together cannot both
 * store. That lock is taken before the order's: it is the upload's own, no other change takes it.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { acceptedFileTypes, type FileSummary } from '@shared/contract/files';
import type { AuthUser } from '@server/auth/user';
import { queueHandlerNotice } from '@server/claims/claim-handler-notice';
import type { ClaimDeps } from '@server/claims/claims';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import type { FileTarget } from '@server/files/file-access';
import { detectType, type AcceptedMime } from '@server/files/detect-type';
import { sanitiseFilename, shownName } from '@server/files/file-names';
import { advisoryLock, auditData, insertAuditRow, insertFiles } from '@server/files/files-queries';
import { lockFileOrder, recordFileChange } from '@server/files/file-order';
import { liveFilesByIds } from '@server/files/live-files';
import { FILES_FIELD, type UploadedFile } from '@server/files/read-upload';
import { badRequest, HttpError } from '@server/http/http-error';
import { keyUsedForAnotherRequest, requestHash, sameRequest } from '@server/http/idempotency-key';
import { canMove, moveSubmission } from '@server/submissions/lifecycle';

/** mail and publicUrl: the claim handler's notice of an upload to a claim. */
export type UploadDeps = { db: Database; clock: Clock } & Pick<ClaimDeps, 'mail' | 'publicUrl'>;

type CheckedFile = { filename: string; mime: AcceptedMime; bytes: Buffer; sha256: string; sent: string };

const ACCEPTED_WORDS = Object.values(acceptedFileTypes).join(', ');

/** Each file as it will be stored, or the refusal naming the first one that cannot be. */
export function checkFiles(uploaded: readonly UploadedFile[]): CheckedFile[] {
  return uploaded.map(({ filename, bytes }) => {
    const shown = shownName(filename);
    if (bytes.length === 0) {
      throw badRequest(`${shown} is empty: nothing was stored`, { [FILES_FIELD]: `${shown} is empty` });
    }
    const detected = detectType(bytes);
    if (!detected.accepted) {
      throw new HttpError(415, `${shown} is ${detected.what}. Accepted are: ${ACCEPTED_WORDS}. Nothing was stored.`, {
        [FILES_FIELD]: `${shown} is ${detected.what}; accepted are: ${ACCEPTED_WORDS}`,
      });
    }
    return {
      filename: sanitiseFilename(filename, detected.mime),
      mime: detected.mime,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      sent: filename,
    };
  });
}

const UPLOAD_ENTITY = 'files';
const earlierUploadSchema = v.object({ requestHash: v.string(), fileIds: v.array(v.number()) });

export type StoredUpload = { created: boolean; files: FileSummary[] };

/** Where the upload sent with this key (its hash) by `user` is kept. */
const keyScopeOf = (user: AuthUser, keyHash: string) => `key:${user.id}:${keyHash}`;

async function earlierUpload(db: Queryable, keyScope: string) {
  const data = await auditData(db, UPLOAD_ENTITY, keyScope);
  const parsed = data !== undefined ? v.safeParse(earlierUploadSchema, data) : undefined;
  return parsed?.success ? parsed.output : null;
}

/**
 * Whether `user` already sent an upload with this key: its retry is answered from the key (or
 * refused as the key's reuse) whatever the order's status is now, so the caller does not refuse
 * it for a closed order first.
 */
export async function keyAlreadyUsed(db: Queryable, user: AuthUser, keyHash: string | null): Promise<boolean> {
  return keyHash !== null && (await earlierUpload(db, keyScopeOf(user, keyHash))) !== null;
}

export async function storeUpload(
  deps: UploadDeps,
  user: AuthUser,
  target: FileTarget,
  uploaded: readonly UploadedFile[],
  options: { keyHash: string | null; ip?: string },
): Promise<StoredUpload> {
  const checked = checkFiles(uploaded);
  const { module, moduleId } = target;
  const hash = requestHash({ module, moduleId, files: checked.map(({ sent, sha256 }) => ({ name: sent, sha256 })) });
  const keyScope = options.keyHash ? keyScopeOf(user, options.keyHash) : null;
  const { db, clock } = deps;
  let mailed = 0;

  const stored = await db.transaction(async (tx): Promise<StoredUpload> => {
    if (keyScope) {
      await advisoryLock(tx, keyScope);
      const earlier = await earlierUpload(tx, keyScope);
      if (earlier) {
        if (!sameRequest(earlier.requestHash, hash)) throw keyUsedForAnotherRequest('upload');
        return { created: false, files: await liveFilesByIds(tx, module, earlier.fileIds) };
      }
    }

    // The order as it is now, locked: a concurrent change waits here instead of losing the
    // version race of the history entry below.
    const order = await lockFileOrder(tx, target, 'uploading files');
    // After the locks: an upload that waited for another change is never recorded before it.
    const now = clock.now();

    const fileIds = await insertFiles(
      tx,
      checked.map((file) => ({
        ownerUserId: user.id,
        module,
        moduleId,
        filename: file.filename,
        mime: file.mime,
        size: file.bytes.length,
        content: file.bytes,
        createdAt: now,
      })),
    );

    const supplyItems = { type: 'order.supplyItems', actor: 'insured' } as const;
    if (order && !target.staff && canMove(order, supplyItems)) {
      await moveSubmission(tx, user, order, now, { event: supplyItems, data: { fileIds } });
    } else if (order) {
      await recordFileChange(tx, user, target, order, now, { fileIds });
    }

    await insertAuditRow(tx, {
      actorUserId: user.id,
      action: 'upload',
      entity: UPLOAD_ENTITY,
      entityId: keyScope ?? `${module}:${moduleId}`,
      data: { module, moduleId, fileIds, requestHash: hash },
      ip: options.ip ?? null,
      createdAt: now,
    });
    const files = await liveFilesByIds(tx, module, fileIds);
    // The claim's insured attached them (not a handler, who is the one told): the handler hears
    // of it with the files, or of nothing when they roll back.
    if (module === 'claim' && !target.staff) {
      const filenames = files.map((file) => file.filename);
      mailed = await queueHandlerNotice(tx, deps, moduleId, { kind: 'files', filenames });
    }
    return { created: true, files };
  });
  // Only once committed: a rolled-back upload must not have the sender look for its mail.
  if (mailed > 0) deps.mail.kick();
  return stored;
}
