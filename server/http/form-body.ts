/**
 * HTML-form bodies (application/x-www-form-urlencoded): the specification sends several calls
 * as forms (addlocation, buynow, sendtocloselost, updatefile). A field sent once is a string; a
 * field repeated is an array of strings. The route's schema then checks and converts them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '@server/http/http-error';

export type FormBody = Record<string, string | string[]>;

/** A form carries a few fields, never files: far less than a JSON body may hold. */
export const FORM_BODY_LIMIT = 64 * 1024;

const FORM_TYPE = 'application/x-www-form-urlencoded';

const isForm = (request: FastifyRequest) => (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === FORM_TYPE;

/**
 * The body limit that applied to this request, for the 413: a route's own bodyLimit wins over
 * the parser's (as in Fastify), else the form parser's for a form, else the app's. A route has
 * its own when its limit differs from the app's (no route sets one today).
 */
export function bodyLimitOf(request: FastifyRequest): number {
  const routeLimit = request.routeOptions.bodyLimit;
  if (isForm(request) && routeLimit === request.server.initialConfig.bodyLimit) return FORM_BODY_LIMIT;
  return routeLimit;
}

export function parseForm(text: string): FormBody {
  const body: FormBody = Object.create(null) as FormBody;
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = body[key];
    body[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return { ...body };
}

export function formBodies(app: FastifyInstance): void {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, text, done) => {
    try {
      done(null, parseForm(text as string));
    } catch {
      done(badRequest('The form body could not be read', { body: 'is not a valid form' }), undefined);
    }
  });
}
