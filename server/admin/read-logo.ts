/**
 * Reads the one file of PUT admin/brokers/{id}/logo (multipart/form-data, part `logo`), never
 * holding more than MAX_LOGO_BYTES: the first byte over the limit ends the request with a 413.
 */
import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LOGO_FIELD, MAX_LOGO_BYTES } from '@shared/contract/admin-brokers';
import { logoTooLarge } from '@server/admin/broker-logo';
import { badRequest, HttpError } from '@server/http/http-error';

export const logoUploadLimits = { fileSize: MAX_LOGO_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 };

export async function readLogo(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the logo as multipart/form-data', { body: 'must be multipart/form-data' });
  }
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: logoUploadLimits })) {
      if (part.type === 'field' || part.fieldname !== LOGO_FIELD) {
        throw badRequest(`Unknown field ${part.fieldname}: send the logo as ${LOGO_FIELD}`, {
          [part.fieldname]: `is not a known field (send the logo as ${LOGO_FIELD})`,
        });
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw logoTooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(`Send one file only, as ${LOGO_FIELD}`, { [LOGO_FIELD]: 'must be one file' });
    }
    throw badRequest('The upload is not a readable multipart/form-data body', {
      body: 'is not readable multipart/form-data',
    });
  }
  if (!bytes) throw badRequest(`Choose an image to upload (as ${LOGO_FIELD})`, { [LOGO_FIELD]: 'is required' });
  return bytes;
}
