/**
 * The files still attached to one record (not deleted), oldest first, as every screen lists
 * them. Who may see them is the caller's business: this only reads.
 */
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { FileModule, FileSummary } from '@/api/contract/files';
import type { Queryable } from '@server/db/connection';
import { claims, files, submissions } from '@server/db/schema';

/** Whose record each module's files hang on: a file from anyone else came from the desk. */
const recordOwner = {
  submission: { table: submissions, id: submissions.id, userId: submissions.userId },
  claim: { table: claims, id: claims.id, userId: claims.userId },
} as const;

async function summaries(db: Queryable, module: FileModule, where: SQL | undefined): Promise<FileSummary[]> {
  const record = recordOwner[module];
  const rows = await db
    .select({
      id: files.id,
      moduleId: files.moduleId,
      filename: files.filename,
      mime: files.mime,
      size: files.size,
      createdAt: files.createdAt,
      ownerUserId: files.ownerUserId,
      recordUserId: record.userId,
    })
    .from(files)
    .leftJoin(record.table, eq(record.id, files.moduleId))
    .where(and(eq(files.module, module), isNull(files.deletedAt), where))
    .orderBy(asc(files.id));
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
  return summaries(db, module, eq(files.moduleId, moduleId));
}

/** Those of `ids` still live on `module`'s records, oldest first (an upload's answer, a rename's). */
export async function liveFilesByIds(db: Queryable, module: FileModule, ids: readonly number[]): Promise<FileSummary[]> {
  if (ids.length === 0) return [];
  return summaries(db, module, inArray(files.id, [...ids]));
}
