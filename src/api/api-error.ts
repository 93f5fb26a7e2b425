import { HTTPError, TimeoutError } from 'ky';

/** The HTTP status of a failed call, or undefined when no response came back. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof HTTPError ? error.response.status : undefined;
}

/** Field messages the server attached to a 400, keyed by field name. */
export function errorFields(error: unknown): Record<string, string> {
  return (error instanceof HTTPError && (error as HTTPError & { fields?: Record<string, string> }).fields) || {};
}

/** Words a person can read, for any failure of a call. */
export function errorText(error: unknown): string {
  if (error instanceof TimeoutError) return 'The server took too long to answer. Please try again.';
  if (error instanceof HTTPError) return error.message;
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** The server's own words for a failure, without the status code in front; undefined when it sent none. */
export function serverMessage(error: unknown): string | undefined {
  // The wrapper (src/api/client.ts) attaches `fields` only when the body was the API's JSON error.
  if (!(error instanceof HTTPError) || !('fields' in error)) return undefined;
  return error.message.replace(/^\d{3}:\s*/, '').trim() || undefined;
}

/** Seconds a 429 (or 503) asks the caller to wait, from Retry-After; undefined when it does not say. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof HTTPError)) return undefined;
  const header = error.response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** The server's "no such broker" for a client id: 404, or a 400 on one that could never be one. */
export function isUnknownBrokerError(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 404 || (status === 400 && 'clientUrl' in errorFields(error));
}
