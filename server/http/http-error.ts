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
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, fields);

export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, message);

export const forbidden = (message = 'You may not do this') => new HttpError(403, message);

/** Also for someone else's record: its existence is not disclosed. */
export const notFound = (message: string) => new HttpError(404, message);

export const conflict = (message: string) => new HttpError(409, message);
