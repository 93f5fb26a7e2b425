import * as v from 'valibot';
import { recordIdInputSchema, recordIdSchema } from '@shared/contract/address';

/**
 * Files attached to an order or a claim (specification §7 Files). The server checks a file's
 * type by its content (magic bytes), never by its name or declared type; names are sanitised.
 * Only the owner of the record (or an underwriter) sees or downloads a file; deletes are soft.
 */

/** What a file may be attached to: an order (submission) or a claim. */
export const fileModules = ['submission', 'claim'] as const;
export type FileModule = (typeof fileModules)[number];
export const fileModuleSchema = v.picklist(fileModules, `must be one of: ${fileModules.join(', ')}`);

/** The one place the size limit is set: 10 MB per file. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The one place the limit on a whole upload is set: 25 MB for all its files together. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** At most this many files in one upload. */
export const MAX_FILES_PER_UPLOAD = 10;

/** The types accepted, by what their first bytes say: PDF, PNG, JPEG, and Word/Excel (OOXML). */
export const acceptedFileTypes = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
} as const;
/** For an <input type="file" accept>: a hint only, the server decides by content. */
export const ACCEPT_ATTRIBUTE = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx';

export const fileSummarySchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  module: fileModuleSchema,
  moduleId: v.pipe(v.number(), v.integer()),
  /** Sanitised: no path, no control characters, at most 200 characters. */
  filename: v.string(),
  /** Detected from the content. */
  mime: v.string(),
  size: v.pipe(v.number(), v.integer()),
  uploadedAt: v.string(),
  /** Who uploaded it: the insured or an underwriter. */
  uploadedBy: v.picklist(['insured', 'underwriter']),
});
export type FileSummary = v.InferOutput<typeof fileSummarySchema>;
export const fileSummaryListSchema = v.array(fileSummarySchema);

/**
 * POST files/uploadfilebymodule, multipart/form-data: fields `module` and `moduleid` first,
 * then one or more `files` parts. Answers the files stored (201).
 */
export const uploadFieldsSchema = v.object({ module: fileModuleSchema, moduleid: recordIdInputSchema });

/** GET files/getfilesbyitems/{id}?module=submission: the live files of one record. */
export const filesByItemParamsSchema = v.object({ id: recordIdInputSchema });
export const filesByItemQuerySchema = v.object({ module: v.optional(fileModuleSchema, 'submission') });

/** GET files/download/{id}: the bytes, with the detected type and a safe file name. */
export const fileIdParamsSchema = v.object({ id: recordIdInputSchema });

/** PUT files/updatefile/{id} {fileid, filename}: rename (fileid must equal the path's id). */
export const updateFileRequestSchema = v.object({
  fileid: recordIdInputSchema,
  filename: v.pipe(
    v.string('is required'),
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(200, 'must be at most 200 characters'),
  ),
});

/** PUT files/deletefilesbymodule {deleteIds, moduleid}: soft-deletes those files of that record. */
export const deleteFilesRequestSchema = v.object({
  deleteIds: v.pipe(
    v.array(recordIdSchema, 'must be a list of file ids'),
    v.minLength(1, 'must name at least one file'),
    v.maxLength(100, 'must name at most 100 files'),
  ),
  moduleid: recordIdInputSchema,
  module: v.optional(fileModuleSchema, 'submission'),
});
export const deletedFilesSchema = v.object({ deletedIds: v.array(v.pipe(v.number(), v.integer())) });
