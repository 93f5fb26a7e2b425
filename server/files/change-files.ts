/**
 * Reading, renaming and deleting files, each only for who may reach the file's record
 * (file-access.ts). Deletes are soft: the row keeps its bytes and records when and by whom it
 * was deleted, and from then on no list or download shows it. A rename or delete on an order
 * locks the order and, past buy now, is recorded in its history (file-order.ts).
 */
import type { FileModule, FileSummary } from '@shared/contract/files';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/connection';
import { assertOwnFiles, fileAndTarget, fileTarget, noSuchFile } from '@server/files/file-access';
import { sanitiseFilename } from '@server/files/file-names';
import {
  liveFileContent,
  lockLiveFile,
  lockRecordFiles,
  renameFileRow,
  softDeleteFiles,
} from '@server/files/files-queries';
import { lockFileOrder, recordFileChange } from '@server/files/file-order';
import { liveFilesByIds } from '@server/files/live-files';
import { HttpError } from '@server/http/http-error';

export type FileDeps = { db: Database; clock: Clock };

/** The bytes of a live file, with its stored name and detected type. */
export async function fileContent(db: Database, user: AuthUser, fileId: number) {
  const { file } = await fileAndTarget(db, user, fileId);
  const content = await liveFileContent(db, file.id);
  if (!content) throw noSuchFile();
  return { filename: file.filename, mime: file.mime, content };
}

/**
 * Renames a file: the name is sanitised and keeps the extension of the file's real type. The
 * name it already has changes nothing and records nothing (a retry answers the same).
 */
export async function renameFile(
  { db, clock }: FileDeps,
  user: AuthUser,
  fileId: number,
  requested: string,
): Promise<FileSummary> {
  const { file, target } = await fileAndTarget(db, user, fileId);
  const filename = sanitiseFilename(requested, file.mime);
  return db.transaction(async (tx) => {
    const order = await lockFileOrder(tx, target, 'renaming a file');
    const live = await lockLiveFile(tx, file.id);
    // Deleted since it was read.
    if (!live) throw noSuchFile();
    assertOwnFiles(target, user, [live]);
    if (live.filename !== filename) {
      await renameFileRow(tx, file.id, filename);
      if (order) await recordFileChange(tx, user, target, order, clock.now(), { renamed: [file.id] });
    }
    const [summary] = await liveFilesByIds(tx, file.module, [file.id]);
    if (!summary) throw noSuchFile();
    return summary;
  });
}

/**
 * Soft-deletes `ids` from one record. All or nothing: an id that is not a file of that record
 * (another record's, nobody's) is a 404 naming it, an insured's naming an underwriter's file a
 * 403, and nothing is deleted. An id deleted already counts as deleted and writes nothing again,
 * so a retried delete answers as the first did.
 */
export async function deleteFiles(
  { db, clock }: FileDeps,
  user: AuthUser,
  module: FileModule,
  moduleId: number,
  ids: readonly number[],
): Promise<number[]> {
  const target = await fileTarget(db, user, module, moduleId);
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const order = await lockFileOrder(tx, target, 'deleting files');
    const rows = await lockRecordFiles(tx, module, moduleId, wanted);
    if (rows.length !== wanted.length) {
      const found = new Set(rows.map((row) => row.id));
      const missing = wanted.filter((id) => !found.has(id));
      throw new HttpError(404, `No such file on this record: ${missing.join(', ')}. Nothing was deleted.`, {
        deleteIds: `not a file of this record: ${missing.join(', ')}`,
      });
    }
    const live = rows.filter((row) => row.deletedAt === null);
    if (live.length === 0) return wanted;
    assertOwnFiles(target, user, live);
    const deleted = live.map((row) => row.id).sort((a, b) => a - b);
    // After the locks: a change that waited for another is never recorded before it.
    const now = clock.now();
    await softDeleteFiles(tx, deleted, user.id, now);
    if (order) await recordFileChange(tx, user, target, order, now, { deleted });
    return wanted;
  });
}
