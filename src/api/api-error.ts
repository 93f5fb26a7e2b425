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
