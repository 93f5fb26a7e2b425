import type * as crypto from 'node:crypto';
import { scrypt } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { acceptableParameters, hashPassword, verifyPassword } from '@server/auth/password';

// The real scrypt, watched: refused parameters must never reach it.
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, scrypt: vi.fn(original.scrypt) };
});

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$15\$8\$1\$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it.each(['', 'plain', 'scrypt$15$8$1$c2FsdA$c2hvcnQ', 'scrypt$40$8$1$c2FsdA$' + 'A'.repeat(43), 'bcrypt$x'])(
    'refuses a stored value it did not write: %j',
    async (stored) => {
      expect(await verifyPassword('anything', stored)).toBe(false);
    },
  );
});

describe('stored scrypt parameters', () => {
  it.each([
    [15, 8, 1, true], // the defaults: 32 MiB
    [17, 16, 1, true], // 128·N·r = 256 MiB exactly
    [20, 2, 1, true], // 256 MiB the other way round
    [14, 8, 10, true], // OWASP's low-memory, high-p variant
    [17, 17, 1, false], // just over 256 MiB
    [18, 16, 1, false], // 512 MiB
    [20, 32, 1, false], // 4 GiB
    [15, 8, 17, false], // p out of bounds
    [16, 8, 16, false], // 64 MiB, but sixteen times over
    [9, 8, 1, false],
    [15, 0, 1, false],
    [15, 8, 0, false],
    [15.5, 8, 1, false],
  ])('logN %d, r %d, p %d acceptable: %s', (logN, r, p, expected) => {
    expect(acceptableParameters(logN, r, p)).toBe(expected);
  });

  it('runs scrypt for acceptable ones (the check above watches the real call)', async () => {
    vi.mocked(scrypt).mockClear();
    expect(await verifyPassword('anything', `scrypt$15$8$1$c2FsdA$${'A'.repeat(43)}`)).toBe(false);
    expect(scrypt).toHaveBeenCalledTimes(1);
  });

  it.each(['18$16$1', '20$32$1', '17$16$3', '15$8$17', '15$8$1e3', '15$08000$1'])(
    'refuses %s without running scrypt',
    async (parameters) => {
      vi.mocked(scrypt).mockClear();
      expect(await verifyPassword('anything', `scrypt$${parameters}$c2FsdA$${'A'.repeat(43)}`)).toBe(false);
      expect(scrypt).not.toHaveBeenCalled();
    },
  );
});
