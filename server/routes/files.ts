/**
 * Files attached to orders and claims (specification §7 Files). Signed-in only; an order's
 * files are its owner's and an underwriter's, a claim's likewise, and anything else (someone
 * else's record or file id included) is the same 404 as a missing one. Types are decided by
 * content, names are sanitised, deletes are soft. The rules live in server/files/.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { recordIdInputSchema, recordIdStringSchema } from '@shared/contract/address';
import {
  acceptedFileTypes,
  deletedFilesSchema,
  deleteFilesRequestSchema,
  fileIdParamsSchema,
  filesByItemParamsSchema,
  filesByItemQuerySchema,
  fileSummaryListSchema,
  fileSummarySchema,
  MAX_FILE_BYTES,
  MAX_FILES_PER_UPLOAD,
  updateFileRequestSchema,
  uploadFieldsSchema,
} from '@shared/contract/files';
import { deleteFiles, fileContent, renameFile } from '@server/files/change-files';
import { assertMayChangeFiles, fileTarget } from '@server/files/file-access';
import { attachmentDisposition } from '@server/files/file-names';
import { liveFiles } from '@server/files/live-files';
import { FILES_FIELD, MAX_FILE_MB, MAX_UPLOAD_MB, readUpload, uploadLimits } from '@server/files/read-upload';
import { keyAlreadyUsed, storeUpload } from '@server/files/store-upload';
import { currentUser } from '@server/http/authenticate';
import { badRequest } from '@server/http/http-error';
import { idempotencyKeyHash, idempotencyKeyHeaderDoc, KEY_REUSED_DOC } from '@server/http/idempotency-key';
import { defineRoute } from '@server/http/route';

const ACCEPTED_TYPES = Object.keys(acceptedFileTypes);

/**
 * The specification sends deletefilesbymodule as a form, where deleteIds arrives as one id, a
 * repeated field (a list of strings) or "1,2,3"; the contract's JSON list of numbers works too.
 */
const deleteFilesBodySchema = v.object({
  ...deleteFilesRequestSchema.entries,
  deleteIds: v.pipe(
    v.union(
      [
        v.array(recordIdInputSchema),
        v.pipe(
          v.string(),
          v.transform((text) => text.split(',')),
          v.array(recordIdStringSchema),
        ),
      ],
      'must be a list of file ids',
    ),
    v.minLength(1, 'must name at least one file'),
    v.maxLength(100, 'must name at most 100 files'),
  ),
});
const CLOSED_ORDER_DOC =
  'An insured’s order is no longer open (`fields.status` names its status); underwriters are not limited';
const UNDERWRITERS_FILE_DOC =
  'An insured named a file an underwriter added to their record: only underwriters change those (the message names no file)';
const HISTORY_DOC =
  'On an order past buy now the change is recorded in the order’s history as the event `files` (status unchanged, ' +
  'version bumped, actor insured or underwriter), so a decision sent with an older version is a 409.';

export async function fileRoutes(app: FastifyInstance) {
  // Here only: no other route takes multipart bodies.
  await app.register(multipart, { limits: uploadLimits, throwFileSizeLimit: true });

  const deps = { db: app.db, clock: app.clock, mail: app.mail, publicUrl: app.config.publicUrl };
  const tags = ['files'];
  const noStore = { 'cache-control': 'private, no-store' };

  defineRoute(app, {
    method: 'POST',
    url: '/files/uploadfilebymodule',
    summary: 'Attach files to an order (module submission) or a claim (module claim)',
    description:
      'multipart/form-data: the fields module and moduleid first, then one or more parts named files. Answers the ' +
      'files stored (201). A file’s type is decided by its content: PDF, PNG, JPEG, Word (.docx) or Excel (.xlsx); ' +
      `anything else is a 415 naming files, an empty file a 400, a file over ${MAX_FILE_MB} MB or an upload over ` +
      `${MAX_UPLOAD_MB} MB in all a 413, and then nothing of the request is stored. Names are sanitised and get the ` +
      'extension of the detected type. The record must be the caller’s, or the caller an underwriter (404 otherwise); ' +
      'an insured uploads to an order only while it is open (409). An insured’s upload to an order waiting for their ' +
      'items (incomplete, missing_info) is recorded in the order’s history as order.supplyItems; any other upload to an ' +
      'order past buy now as `files` (data fileIds), version bumped either way. An insured’s upload to their claim is ' +
      'mailed to whoever handles the claim (as insured/claimattachments: one mail naming the files). With an ' +
      'Idempotency-Key header, repeating the upload answers the files stored the first time (200), stores nothing ' +
      'and mails nobody, even once the order is closed; the same key with other files is a 422.',
    tags,
    public: false,
    headers: idempotencyKeyHeaderDoc,
    multipart: {
      fields: uploadFieldsSchema,
      files: {
        name: FILES_FIELD,
        description: 'The files, one part each, each with its file name.',
        maxItems: MAX_FILES_PER_UPLOAD,
        maxBytes: MAX_FILE_BYTES,
        // The whole upload's limit is in the description and the 413 (MAX_UPLOAD_BYTES).
        types: ACCEPTED_TYPES,
      },
    },
    response: fileSummaryListSchema,
    status: 201,
    errors: {
      409: CLOSED_ORDER_DOC,
      413: `A file is larger than ${MAX_FILE_MB} MB, or all of them together than ${MAX_UPLOAD_MB} MB (\`fields.files\` says which); nothing was stored`,
      415: 'A file is not of an accepted type by its content (`fields.files` names it and what is accepted), or the body is not multipart/form-data',
      422: KEY_REUSED_DOC,
    },
    handler: async ({ request, reply, setStatus }) => {
      reply.headers(noStore);
      const user = currentUser(request);
      // A bad key is refused before any bytes are read.
      const keyHash = idempotencyKeyHash(request);
      const { target, files } = await readUpload(request, uploadFieldsSchema, async (fields) => {
        const reached = await fileTarget(app.db, user, fields.module, fields.moduleid);
        // A retry is answered from its key even once the order closed: storeUpload checks the
        // key, and the status of anything it does store, under its locks.
        if (!(await keyAlreadyUsed(app.db, user, keyHash))) assertMayChangeFiles(reached, 'uploading files');
        return reached;
      });
      const stored = await storeUpload(deps, user, target, files, { keyHash, ip: request.ip });
      if (!stored.created) setStatus(200);
      return stored.files;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/files/download/:id',
    summary: 'A file’s bytes, as an attachment',
    description:
      'Content-Type is the type detected when the file was uploaded; Content-Disposition names the file (an ASCII ' +
      'filename and the exact one as filename*). Someone else’s, a deleted or a missing file is a 404.',
    tags,
    public: false,
    params: fileIdParamsSchema,
    response: v.pipe(v.string(), v.description('The file’s bytes')),
    binary: {
      types: ACCEPTED_TYPES,
      headers: {
        'Content-Disposition': 'attachment; filename="…"; filename*=UTF-8\'\'…',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    },
    handler: async ({ params, request, reply }) => {
      const { filename, mime, content } = await fileContent(app.db, currentUser(request), params.id);
      return reply
        .code(200)
        .headers({
          ...noStore,
          'content-type': mime,
          'content-disposition': attachmentDisposition(filename),
          'x-content-type-options': 'nosniff',
          // Opened in a tab anyway, it runs nothing and loads nothing.
          'content-security-policy': "default-src 'none'; sandbox",
        })
        .send(content);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/files/getfilesbyitems/:id',
    summary: 'The files of one order or claim (module, default submission), oldest first',
    description:
      'Deleted files are not listed. The record must be the caller’s, or the caller an underwriter (404 otherwise).',
    tags,
    public: false,
    params: filesByItemParamsSchema,
    query: filesByItemQuerySchema,
    response: fileSummaryListSchema,
    handler: async ({ params, query, request, reply }) => {
      reply.headers(noStore);
      const target = await fileTarget(app.db, currentUser(request), query.module, params.id);
      return liveFiles(app.db, target.module, target.moduleId);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/files/updatefile/:id',
    summary: 'Rename a file',
    description:
      'JSON or form body. fileid must equal the id in the path (400 naming fileid). The name is sanitised (no path, no ' +
      'control characters, at most 200 characters) and keeps the extension of the file’s detected type; the name it ' +
      'already has changes nothing. Someone else’s, a deleted or a missing file is a 404; an insured renames an ' +
      'order’s files only while it is open (409), and only those they uploaded (403). ' +
      HISTORY_DOC,
    tags,
    public: false,
    params: fileIdParamsSchema,
    body: updateFileRequestSchema,
    response: fileSummarySchema,
    errors: { 403: UNDERWRITERS_FILE_DOC, 409: CLOSED_ORDER_DOC },
    handler: async ({ params, body, request, reply }) => {
      reply.headers(noStore);
      if (body.fileid !== params.id) {
        throw badRequest('fileid must be the id in the path', {
          fileid: `must equal the id in the path (${params.id})`,
        });
      }
      return renameFile(deps, currentUser(request), params.id, body.filename);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/files/deletefilesbymodule',
    summary: 'Delete files of one order or claim (soft: kept, recorded, no longer shown)',
    description:
      'JSON or form body (deleteIds repeated, or comma-separated). Deletes deleteIds from the record module/moduleid (module defaults to submission) and answers the ids deleted. ' +
      'All or nothing: an id that is not a live file of that record is a 404 naming it, and nothing is deleted. The ' +
      'record must be the caller’s, or the caller an underwriter (404 otherwise); an insured deletes an order’s files ' +
      'only while it is open (409), and only those they uploaded (403, nothing deleted). ' +
      HISTORY_DOC,
    tags,
    public: false,
    body: deleteFilesBodySchema,
    response: deletedFilesSchema,
    errors: { 403: UNDERWRITERS_FILE_DOC, 409: CLOSED_ORDER_DOC },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      const deletedIds = await deleteFiles(deps, currentUser(request), body.module, body.moduleid, body.deleteIds);
      return { deletedIds };
    },
  });
}
