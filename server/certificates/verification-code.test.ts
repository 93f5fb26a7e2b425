import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  groupedCode,
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_LENGTH,
  verificationCodeSchema,
} from '@shared/contract/certificates';
import { newVerificationCode } from '@server/certificates/verification-code';

describe('newVerificationCode', () => {
  it('draws 12 letters of the unambiguous alphabet, every letter in use, no two codes alike', () => {
    expect(VERIFICATION_CODE_ALPHABET).toHaveLength(31);
    expect(VERIFICATION_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    const codes = Array.from({ length: 2_000 }, newVerificationCode);
    for (const code of codes)
      expect(code).toMatch(new RegExp(`^[${VERIFICATION_CODE_ALPHABET}]{${VERIFICATION_CODE_LENGTH}}$`));
    expect(new Set(codes).size).toBe(codes.length);
    // 24,000 draws: each of the 31 letters about 774 times; none missing, none far off.
    const counts = new Map<string, number>();
    for (const letter of codes.join('')) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    expect(counts.size).toBe(31);
    for (const n of counts.values()) expect(n).toBeGreaterThan(600);
  });
});

describe('verificationCodeSchema', () => {
  it('takes the code as printed or typed, and answers it in capitals without separators', () => {
    const code = 'ABCDEFGHJKMN';
    expect(groupedCode(code)).toBe('ABCD-EFGH-JKMN');
    for (const typed of [code, 'abcd-efgh-jkmn', ' ABCD EFGH JKMN ', 'abcdefghjkmn']) {
      expect(v.parse(verificationCodeSchema, typed)).toBe(code);
    }
    for (const bad of ['', 'ABCD', 'ABCDEFGHJKMNP', 'ABCDEFGHJKM0', 'ABCDEFGHJKMI', 'ABCD_EFGH_JKMN']) {
      expect(v.safeParse(verificationCodeSchema, bad).success, bad).toBe(false);
    }
  });
});
