/**
 * The files still attached to one record (not deleted), oldest first, as every screen lists
 * them. Who may see them is the caller's business: this only reads.
 */
import type { FileModule, FileSummary } from '@shared/contract/files';
import type { Queryable } from '@server/db/connection';
import { liveFileRows } from '@server/files/files-queries';

async function summaries(
  db: Queryable,
  module: FileModule,
  which: Parameters<typeof liveFileRows>[2],
): Promise<FileSummary[]> {
  const rows = await liveFileRows(db, module, which);
  return rows.map((row) => ({
    id: row.id,
    module,
    moduleId: row.moduleId ?? 0,
    filename: row.filename,
    mime: row.mime,
    size: row.size,
    uploadedAt: row.createdAt.toISOString(),
    // By who the uploader is to the record, not by their role today: an underwriter's own order
    // holds the files they sent as its insured, and a later change of role relabels nothing.
    uploadedBy: row.ownerUserId === row.recordUserId ? 'insured' : 'underwriter',
  }));
}

export async function liveFiles(db: Queryable, module: FileModule, moduleId: number): Promise<FileSummary[]> {
  return summaries(db, module, { moduleId });
}

/** Those of `ids` still live on `module`'s records, oldest first (an upload's answer, a rename's). */
export async function liveFilesByIds(
  db: Queryable,
  module: FileModule,
  ids: readonly number[],
): Promise<FileSummary[]> {
  if (ids.length === 0) return [];
  return summaries(db, module, { ids });
}
