import * as v from 'valibot';
import { http } from '@/api/client';
import {
  deletedFilesSchema,
  fileSummaryListSchema,
  fileSummarySchema,
  type FileModule,
  type FileSummary,
} from '@shared/contract/files';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * Files attached to an order or a claim (specification §7 Files), each answer parsed with the
 * wire contract (shared/contract/files.ts). The server decides a file's type by its content:
 * a file it refuses is a 415 (wrong type), 413 (too big) or 400 (empty), each naming `files`.
 * Someone else's record or file is a 404.
 */

/**
 * POST files/uploadfilebymodule (multipart): answers the files stored. `idempotencyKey` (one per
 * chosen set of files) makes a retried upload answer the first files instead of storing them twice.
 */
export async function uploadFiles(
  module: FileModule,
  moduleId: number,
  files: File[],
  idempotencyKey?: string,
): Promise<FileSummary[]> {
  const body = new FormData();
  // The server reads the fields before the files, so they go first.
  body.append('module', module);
  body.append('moduleid', String(moduleId));
  for (const file of files) body.append('files', file, file.name);
  // No Content-Type here: fetch sets multipart/form-data with its boundary itself.
  const headers = idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {};
  // Up to 10 files of 10 MB on a slow line take longer than the usual 30 seconds.
  const response = await http().post('files/uploadfilebymodule', { body, headers, timeout: 5 * 60_000 });
  return v.parse(fileSummaryListSchema, await response.json());
}

/** GET files/getfilesbyitems/{id}?module: the live (not deleted) files of one record, oldest first. */
export async function filesOf(module: FileModule, moduleId: number): Promise<FileSummary[]> {
  const response = await http().get(`files/getfilesbyitems/${moduleId}`, { searchParams: { module } });
  return v.parse(fileSummaryListSchema, await response.json());
}

/** GET files/download/{id}: the file's bytes, typed with the detected type. */
export async function downloadFile(id: number): Promise<Blob> {
  return http().get(`files/download/${id}`).blob();
}

/** PUT files/updatefile/{id}: renames a file; the server sanitises the name and keeps its extension true. */
export async function renameFile(id: number, filename: string): Promise<FileSummary> {
  const json = { fileid: id, filename };
  return v.parse(fileSummarySchema, await http().put(`files/updatefile/${id}`, { json }).json());
}

/** PUT files/deletefilesbymodule: soft-deletes those files of one record; answers the ids deleted. */
export async function deleteFiles(module: FileModule, moduleId: number, ids: number[]): Promise<number[]> {
  const json = { deleteIds: ids, moduleid: moduleId, module };
  const answer = v.parse(deletedFilesSchema, await http().put('files/deletefilesbymodule', { json }).json());
  return answer.deletedIds;
}
