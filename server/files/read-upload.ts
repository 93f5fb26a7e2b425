/**
 * Reads an upload (multipart/form-data): its fields first, then its files. The fields are
 * checked against the route's contract and handed to `beforeFiles` as soon as the first file
 * starts, so a stranger's or a closed record is refused before any file bytes are buffered.
 * Limits (MAX_FILE_BYTES per file, MAX_UPLOAD_BYTES for all of them, MAX_FILES_PER_UPLOAD) are
 * enforced while reading, chunk by chunk: the first byte over them ends the request, so no more
 * than the limit is ever held in memory, and since storing happens only after everything was
 * read, nothing of such a request is stored.
 */
import '@fastify/multipart';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '@shared/contract/files';
import { shownName } from '@server/files/file-names';
import { badRequest, HttpError } from '@server/http/http-error';
import { parseInput } from '@server/http/validation';

/** The multipart part that carries files (repeated, one per file). */
export const FILES_FIELD = 'files';

/** One megabyte in words, for messages ("larger than 10 MB"). */
export const MAX_FILE_MB = MAX_FILE_BYTES / (1024 * 1024);
export const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/**
 * The parser's limits (busboy's names). Fields are short (a module, an id); a few more fields
 * than the contract has are let through so an unknown one can be named in the 400.
 */
export const uploadLimits = {
  fileSize: MAX_FILE_BYTES,
  files: MAX_FILES_PER_UPLOAD,
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: MAX_FILES_PER_UPLOAD + 10,
  headerPairs: 20,
};

export type UploadedFile = {
  /** As the sender named it (not yet sanitised). */
  filename: string;
  bytes: Buffer;
};

export const tooLarge = (filename: string) =>
  new HttpError(413, `${shownName(filename)} is larger than ${MAX_FILE_MB} MB: nothing was stored`, {
    [FILES_FIELD]: `${shownName(filename)} is larger than ${MAX_FILE_MB} MB`,
  });

const tooLargeInAll = () =>
  new HttpError(
    413,
    `The files together are larger than ${MAX_UPLOAD_MB} MB: nothing was stored. Upload them in parts.`,
    {
      [FILES_FIELD]: `must be at most ${MAX_UPLOAD_MB} MB in all`,
    },
  );

const tooMany = () =>
  badRequest(`At most ${MAX_FILES_PER_UPLOAD} files can be uploaded at once: nothing was stored`, {
    [FILES_FIELD]: `must be at most ${MAX_FILES_PER_UPLOAD} files`,
  });

/** What the multipart parser raised (while reading the part `current`), as the API's answer. */
function parserError(error: unknown, current: string | undefined): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(current ?? '');
    case 'FST_FILES_LIMIT':
      return tooMany();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('The upload has too many parts', { body: 'has too many parts' });
    case 'FST_PROTO_VIOLATION':
      return badRequest('A part of the upload has a name that is not allowed', {
        body: 'has a part name that is not allowed',
      });
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('A field of the upload is not valid JSON', { body: 'has a field that is not valid JSON' });
  }
  // Busboy's own errors (no boundary, truncated data) are the sender's fault, not ours.
  return badRequest('The upload is not a readable multipart/form-data body', {
    body: 'is not readable multipart/form-data',
  });
}

/**
 * Reads the request: `fieldsSchema` (an object of text fields) checks the fields, `beforeFiles`
 * turns them into what the caller needs (and may refuse with a 404 or 409) before a file byte
 * is read. Answers that and the files, in the order sent.
 */
export async function readUpload<
  S extends v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>,
  T,
>(
  request: FastifyRequest,
  fieldsSchema: S,
  beforeFiles: (fields: v.InferOutput<S>) => Promise<T>,
): Promise<{ target: T; files: UploadedFile[] }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the files as multipart/form-data', { body: 'must be multipart/form-data' });
  }
  const known = new Set(Object.keys(fieldsSchema.entries));
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: UploadedFile[] = [];
  let target: { value: T } | undefined;
  /** `atFirstFile`: a file came before any field, which is a likelier mistake than missing fields. */
  const start = async (atFirstFile: boolean) => {
    try {
      target = { value: await beforeFiles(parseInput('body', fieldsSchema, { ...fields })) };
    } catch (error) {
      if (error instanceof HttpError && error.status === 400 && atFirstFile && Object.keys(fields).length === 0) {
        throw new HttpError(400, `${error.message} (send ${[...known].join(' and ')} before the files)`, error.fields);
      }
      throw error;
    }
  };

  const parts = request.parts({ limits: uploadLimits });
  let current: string | undefined;
  let total = 0;
  for (;;) {
    let part: IteratorResult<Multipart>;
    try {
      part = await parts.next();
    } catch (error) {
      throw parserError(error, current);
    }
    if (part.done) break;
    const { value } = part;
    if (value.type === 'field') {
      const name = value.fieldname;
      if (!known.has(name)) throw badRequest(`Unknown field ${name}`, { [name]: 'is not a known field' });
      if (target) throw badRequest(`${name} must come before the files`, { [name]: 'must come before the files' });
      if (name in fields) throw badRequest(`${name} must be given only once`, { [name]: 'must be given only once' });
      if (value.valueTruncated || typeof value.value !== 'string') {
        throw badRequest(`${name} is not a valid value`, { [name]: 'is not a valid value' });
      }
      fields[name] = value.value;
      continue;
    }
    if (value.fieldname !== FILES_FIELD) {
      throw badRequest(`Unknown field ${value.fieldname}: send files as ${FILES_FIELD}`, {
        [value.fieldname]: `is not a known field (send files as ${FILES_FIELD})`,
      });
    }
    if (!target) await start(true);
    current = value.filename;
    const chunks: Buffer[] = [];
    try {
      // As toBuffer reads, plus the whole upload's count; leaving the loop ends the request.
      for await (const chunk of value.file as AsyncIterable<Buffer>) {
        if (value.file.truncated) throw tooLarge(current ?? '');
        total += chunk.length;
        if (total > MAX_UPLOAD_BYTES) throw tooLargeInAll();
        chunks.push(chunk);
      }
      if (value.file.truncated) throw tooLarge(current ?? '');
    } catch (error) {
      throw parserError(error, current);
    }
    files.push({ filename: value.filename ?? '', bytes: Buffer.concat(chunks) });
  }
  if (!target) await start(false);
  if (files.length === 0) {
    throw badRequest(`Choose at least one file to upload (as ${FILES_FIELD})`, {
      [FILES_FIELD]: 'is required: send at least one file',
    });
  }
  return { target: target!.value, files };
}
