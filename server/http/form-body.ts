/**
 * HTML-form bodies (application/x-www-form-urlencoded): the specification sends several calls
 * as forms (addlocation, buynow, sendtocloselost, updatefile). A field sent once is a string; a
 * field repeated is an array of strings. The route's schema then checks and converts them.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '@server/http/http-error';

export type FormBody = Record<string, string | string[]>;

export function parseForm(text: string): FormBody {
  const body: FormBody = Object.create(null) as FormBody;
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = body[key];
    body[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return { ...body };
}

export function formBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, text, done) => {
    try {
      done(null, parseForm(text as string));
    } catch {
      done(badRequest('The form body could not be read', { body: 'is not a valid form' }), undefined);
    }
  });
}
