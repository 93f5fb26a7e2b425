import { isUniqueViolation } from '@server/db/errors';

/**
 * A create keyed by a natural key (a client URL, a name): `earlier` answers the record already
 * made for this request (a retry), throws when another record holds the key, or answers null;
 * `make` creates it. Two creates racing for one key both end well: the one that loses the unique
 * index asks `earlier` again and answers as if it had come second.
 */
export async function createOnce<T>(earlier: () => Promise<T | null>, make: () => Promise<T>): Promise<T> {
  const found = await earlier();
  if (found) return found;
  try {
    return await make();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await earlier();
    if (raced) return raced;
    throw error;
  }
}
