/**
 * What the request log may say about a URL. Password reset links carry their token in the path
 * (/changepassword/{token}, /client/changepassword/{token}/{clientId}); a token may also come in
 * a query string. Anyone who can read the log must not be able to use them.
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Path segments whose next segment is a secret. */
const SECRET_AFTER = new Set(['changepassword']);
/** Query parameters whose value is a secret. */
const SECRET_PARAMS = new Set(['token']);

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (SECRET_AFTER.has(safeDecode(segments[i - 1]!).toLowerCase()) && segments[i] !== '') segments[i] = REDACTED;
  }
  if (queryAt < 0) return segments.join('/');
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = safeDecode(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      return SECRET_PARAMS.has(name) && eq >= 0 ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${segments.join('/')}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's own request serializer, with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  const version = req.headers?.['accept-version'];
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    version: Array.isArray(version) ? version[0] : version,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
