/** Recognising database errors through Drizzle's wrapping (the driver's error is a `cause`). */

/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';
/** SQLSTATEs of a transaction that lost a race to another and was rolled back: trying again may well work. */
const DEADLOCK_DETECTED = '40P01';
const SERIALIZATION_FAILURE = '40001';

/** The SQLSTATE of the database error in `error` or its causes (not past five levels). */
function sqlState(error: unknown): { code: string; constraint: unknown } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    // The driver's codes are five characters; Node's own (ECONNREFUSED…) are not SQLSTATEs.
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint };
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const state = sqlState(error);
  if (state?.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || state.constraint === constraint;
}

/**
 * A deadlock or a serialization failure: PostgreSQL rolled the transaction back because it ran
 * into another one. Nothing was written; the same request again will likely succeed.
 */
export function isTransactionCollision(error: unknown): boolean {
  const code = sqlState(error)?.code;
  return code === DEADLOCK_DETECTED || code === SERIALIZATION_FAILURE;
}
