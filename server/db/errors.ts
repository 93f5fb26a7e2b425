/** Recognising database errors through Drizzle's wrapping (the driver's error is a `cause`). */

/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || name === constraint;
  }
  return false;
}
