/**
 * The one error handler: every failure leaves as `{ status, message, fields? }`. Bad input is a
 * 4xx that says what is wrong; only genuine server faults are 500s, and those are logged with
 * the detail kept out of the answer.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@shared/contract/error';
import { isTransactionCollision } from '@server/db/errors';
import { bodyLimitOf } from '@server/http/form-body';
import { HttpError } from '@server/http/http-error';
import { namedPlugin } from '@server/plugins/named-plugin';

function fromFastify(error: FastifyError, request: FastifyRequest): ApiErrorBody | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON', fields: { body: 'is not valid JSON' } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        message: 'The request body is empty although its content-type is application/json',
        fields: { body: 'is empty' },
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        message: `Content-type ${JSON.stringify(request.headers['content-type'] ?? '')} is not accepted here: send application/json`,
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const limit = bodyLimitOf(request);
      return {
        status: 413,
        message: limit ? `The request body is larger than the ${limit} bytes allowed` : 'The request body is too large',
        fields: { body: 'is too large' },
      };
    }
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'The request body does not match its content-length' };
  }
  // Other client errors raised by Fastify or its plugins already carry a fitting status.
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) return { status, message: error.message };
  return undefined;
}

export function sendError(reply: FastifyReply, body: ApiErrorBody) {
  return reply.code(body.status).type('application/json; charset=utf-8').send(body);
}

export const errorHandler = namedPlugin('error-handler', async (app) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, {
        status: error.status,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    // @fastify/static refuses a path it cannot check (a segment too long for a file name, another
    // spelling of a file): answer it as the missing file it is, a JSON 404 or the SPA for a page.
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
    const known = fromFastify(error, request);
    if (known) return sendError(reply, known);
    // A backstop: the services take their locks in one order (server/account/primary-records.ts
    // lockOwner), but should two transactions still deadlock, or a serializable one fail, the
    // loser was rolled back whole and the same request again will likely go through.
    if (isTransactionCollision(error)) {
      request.log.warn({ err: error }, 'Transaction collided with another one');
      return sendError(reply, { status: 409, message: 'The change collided with another one: try again' });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return sendError(reply, {
      status: 500,
      message: 'Something went wrong on our side. Please try again; if it keeps happening, contact support.',
    });
  });
});
