import { randomBytes } from 'node:crypto';

/** 32 letters and digits without 0/O and 1/I, so a code read aloud or retyped stays right. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A public code for a link (`?s=`), eight characters: 40 random bits, unbiased because the
 * alphabet has exactly 32 letters. Unique by the database's constraint, not by luck alone.
 */
export function randomCode(length = 8): string {
  return [...randomBytes(length)].map((byte) => ALPHABET[byte & 31]).join('');
}
