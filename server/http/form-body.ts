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

const isForm = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === FORM_TYPE;

/** Fastify keeps a context's parsers under this symbol and has no public way to read their limits. */
const PARSERS = 'fastify.contentTypeParser';

/** The bodyLimit of the parser that takes this request's content type in its route's context, if known. */
function parserLimitOf(request: FastifyRequest): number | undefined {
  const contentType = request.headers['content-type'];
  if (!contentType) return undefined;
  const server = request.server as unknown as Record<symbol, unknown>;
  let key: symbol | undefined;
  // An encapsulated context has its own copy; look up the prototype chain for the symbol itself.
  for (
    let object: object | null = server;
    object && key === undefined;
    object = Object.getPrototypeOf(object) as object | null
  ) {
    key = Object.getOwnPropertySymbols(object).find((symbol) => symbol.description === PARSERS);
  }
  const parsers =
    key === undefined ? undefined : (server[key] as { getParser?: (type: string) => unknown } | undefined);
  try {
    const limit = (parsers?.getParser?.(contentType) as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    return typeof limit === 'number' ? limit : undefined;
  } catch {
    // A content type Fastify cannot parse never reached a parser's limit.
    return undefined;
  }
}

/**
 * The body limit that applied to this request, for the 413, as Fastify decides it: a route's
 * own bodyLimit wins (a route has one when it differs from the app's), else the limit of the
 * parser for the content type (the form parser's, the payment webhook's raw JSON parser's),
 * else the app's.
 */
export function bodyLimitOf(request: FastifyRequest): number {
  const routeLimit = request.routeOptions.bodyLimit;
  if (routeLimit !== request.server.initialConfig.bodyLimit) return routeLimit;
  const parserLimit = parserLimitOf(request);
  if (parserLimit !== undefined) return parserLimit;
  // Should Fastify's internals move, forms still state their own limit.
  return isForm(request) ? FORM_BODY_LIMIT : routeLimit;
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
