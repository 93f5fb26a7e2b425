/**
 * Errors a handler throws on purpose. The central error handler answers them as
 * `{ status, message, fields? }` (DESIGN.md §5), with `headers` set on the answer; anything
 * else is a 500.
 */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    options?: ErrorOptions & { headers?: Record<string, string> },
  ) {
    super(message, options);
    this.headers = options?.headers;
  }

  /** Extra response headers (Retry-After, WWW-Authenticate). */
  readonly headers: Record<string, string> | undefined;
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);

/** RFC 6750: a 401 for a bearer-protected resource says which scheme it wants. */
export const unauthorized = (message = 'Sign in to continue', bearerError?: 'invalid_token') =>
  new HttpError(401, message, undefined, {
    headers: { 'www-authenticate': bearerError ? `Bearer error="${bearerError}"` : 'Bearer' },
  });

export const forbidden = (message = 'You may not do this') => new HttpError(403, message);

/** Also for someone else's record: its existence is not disclosed. */
export const notFound = (message: string) => new HttpError(404, message);

export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);

/** Rate limits and account locks: Retry-After in whole seconds (at least 1). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** A dependency (the database) does not answer; `cause` is logged, not sent. */
export const serviceUnavailable = (message: string, cause?: unknown) =>
  new HttpError(503, message, undefined, { cause });
