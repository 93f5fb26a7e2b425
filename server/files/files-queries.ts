/**
 * The files domain's SQL: files as lists show them, a live file and its bytes, the locks and
 * writes of a rename, a delete and an upload, the record (order, claim) files hang on, and the
 * audit row an upload's Idempotency-Key is kept in. Each function is one statement answering
 * plain rows; who may do what is file-access.ts's and file-order.ts's.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FileModule } from '@shared/contract/files';
import type { Queryable, Transaction } from '@server/db/connection';
import { auditLog, claims, files, submissions } from '@server/db/schema';

/** What file rules read of an order. */
const fileOrderColumns = {
  id: submissions.id,
  number: submissions.number,
  status: submissions.status,
  version: submissions.version,
  userId: submissions.userId,
};

export async function orderForFiles(db: Queryable, submissionId: number) {
  const [order] = await db.select(fileOrderColumns).from(submissions).where(eq(submissions.id, submissionId));
  return order;
}

/** Inside `tx`: the order FOR UPDATE, if there is one. */
export async function lockOrderForFiles(tx: Transaction, submissionId: number) {
  const [order] = await tx
    .select(fileOrderColumns)
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .for('update');
  return order;
}

/** What file rules read of a claim: whose it is and whether it is still open. */
const fileClaimColumns = { id: claims.id, userId: claims.userId, number: claims.number, status: claims.status };

/** The claim's owner, number and status, if there is such a claim. */
export async function claimOwner(db: Queryable, claimId: number) {
  const [claim] = await db.select(fileClaimColumns).from(claims).where(eq(claims.id, claimId));
  return claim;
}

/** Inside `tx`: the claim FOR SHARE (a move of it waits, other files and messages do not), if there is one. */
export async function lockClaimForFiles(tx: Transaction, claimId: number) {
  const [claim] = await tx.select(fileClaimColumns).from(claims).where(eq(claims.id, claimId)).for('share');
  return claim;
}

/** A live (not deleted) file and the record it is attached to. */
export async function liveFile(db: Queryable, fileId: number) {
  const [file] = await db
    .select({
      id: files.id,
      module: files.module,
      moduleId: files.moduleId,
      filename: files.filename,
      mime: files.mime,
    })
    .from(files)
    .where(and(eq(files.id, fileId), isNull(files.deletedAt)));
  return file;
}

/** A live file's bytes. */
export async function liveFileContent(db: Queryable, fileId: number): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ content: files.content })
    .from(files)
    .where(and(eq(files.id, fileId), isNull(files.deletedAt)));
  return row?.content;
}

/** Inside `tx`: a live file FOR UPDATE, its name and uploader; undefined when deleted or missing. */
export async function lockLiveFile(tx: Transaction, fileId: number) {
  const [live] = await tx
    .select({ filename: files.filename, ownerUserId: files.ownerUserId })
    .from(files)
    .where(and(eq(files.id, fileId), isNull(files.deletedAt)))
    .for('update');
  return live;
}

export async function renameFileRow(tx: Transaction, fileId: number, filename: string): Promise<void> {
  await tx.update(files).set({ filename }).where(eq(files.id, fileId));
}

/** Inside `tx`: those of `ids` that are files of this record (deleted ones too), FOR UPDATE. */
export function lockRecordFiles(tx: Transaction, module: FileModule, moduleId: number, ids: readonly number[]) {
  return tx
    .select({ id: files.id, ownerUserId: files.ownerUserId, deletedAt: files.deletedAt })
    .from(files)
    .where(and(inArray(files.id, [...ids]), eq(files.module, module), eq(files.moduleId, moduleId)))
    .for('update');
}

/** Marks the files deleted, by whom and when (the bytes stay). */
export async function softDeleteFiles(
  tx: Transaction,
  ids: readonly number[],
  userId: number,
  now: Date,
): Promise<void> {
  await tx
    .update(files)
    .set({ deletedAt: now, deletedBy: userId })
    .where(inArray(files.id, [...ids]));
}

/** Stores files; answers their ids in the order given. */
export async function insertFiles(tx: Transaction, rows: (typeof files.$inferInsert)[]): Promise<number[]> {
  const inserted = await tx.insert(files).values(rows).returning({ id: files.id });
  return inserted.map((row) => row.id);
}

/** Whose record each module's files hang on: a file from anyone else came from the desk. */
const recordOwner = {
  submission: { table: submissions, id: submissions.id, userId: submissions.userId },
  claim: { table: claims, id: claims.id, userId: claims.userId },
} as const;

/** The module's live files on one record, or those of `ids`, oldest first, with the record's owner. */
export function liveFileRows(
  db: Queryable,
  module: FileModule,
  which: { moduleId: number } | { ids: readonly number[] },
) {
  const record = recordOwner[module];
  const onRecord = 'ids' in which ? inArray(files.id, [...which.ids]) : eq(files.moduleId, which.moduleId);
  return db
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
    .where(and(eq(files.module, module), isNull(files.deletedAt), onRecord))
    .orderBy(asc(files.id));
}

/** Inside `tx`: waits for and holds an advisory lock on `key` until the transaction ends. */
export async function advisoryLock(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The data of the audit row kept for this entity, if any. */
export async function auditData(db: Queryable, entity: string, entityId: string): Promise<unknown> {
  const [earlier] = await db
    .select({ data: auditLog.data })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
  return earlier?.data;
}

export async function insertAuditRow(tx: Transaction, values: typeof auditLog.$inferInsert): Promise<void> {
  await tx.insert(auditLog).values(values);
}
