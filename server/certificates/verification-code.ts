/**
 * A certificate's verification code: VERIFICATION_CODE_LENGTH letters of
 * VERIFICATION_CODE_ALPHABET, each drawn uniformly from the operating system's cryptographic
 * randomness (crypto.randomInt rejects the biased draws), so knowing some codes tells nothing of
 * the others. Uniqueness is the database's (a unique index); a collision, about one in 10^17
 * per pair, is drawn again by the caller.
 */
import { randomInt } from 'node:crypto';
import { VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH } from '@shared/contract/certificates';

export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i += 1) {
    code += VERIFICATION_CODE_ALPHABET[randomInt(VERIFICATION_CODE_ALPHABET.length)];
  }
  return code;
}
