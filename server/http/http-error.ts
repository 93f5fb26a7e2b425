/**
 * Errors a handler throws on purpose. The central error handler answers them as
 * `{ status, message, fields? }` (DESIGN.md §5); anything else is a 500.
 */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, fields);

export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, message);

export const forbidden = (message = 'You may not do this') => new HttpError(403, message);

/** Also for someone else's record: its existence is not disclosed. */
export const notFound = (message: string) => new HttpError(404, message);

export const conflict = (message: string) => new HttpError(409, message);

/** A dependency (the database) does not answer; `cause` is logged, not sent. */
export const serviceUnavailable = (message: string, cause?: unknown) =>
  new HttpError(503, message, undefined, { cause });
