import type * as crypto from 'node:crypto';
import { scrypt } from 'node:crypto';
import { gzip } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';

// The real scrypt, watched: refused parameters must never reach it.
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, scrypt: vi.fn(original.scrypt) };
});

// Server test files share a worker's modules (vite.config.ts: isolate false), so another file may
// already have loaded the password module with the real scrypt: load it afresh, on the watched one.
vi.resetModules();
const { acceptableParameters, hashConcurrency, hashLimiter, hashPassword, verifyPassword } =
  await import('@server/auth/password');
const { HttpError } = await import('@server/http/http-error');

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

describe('hashing concurrency (issue 17)', () => {
  it.each([
    [4, 2, 1], // the default pool on two cores: one core stays with the event loop
    [4, 8, 2], // half the default pool
    [16, 8, 7], // a bigger pool: all cores but one
    [1, 1, 1], // never zero
    [4, 1, 1],
  ])('a pool of %d threads on %d cores hashes %d at a time', (pool, cores, expected) => {
    expect(hashConcurrency(pool, cores)).toBe(expected);
  });

  it('never runs more scrypt calls at once than the bound, and answers every one', async () => {
    let inFlight = 0;
    let peak = 0;
    const real = await vi.importActual<typeof crypto>('node:crypto');
    vi.mocked(scrypt).mockImplementation(((...args: Parameters<typeof real.scrypt>) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      const callback = args.at(-1) as (error: Error | null, key: Buffer) => void;
      const rest = args.slice(0, -1) as [string, Buffer, number, crypto.ScryptOptions];
      real.scrypt(...rest, (error, key) => {
        inFlight--;
        callback(error, key);
      });
    }) as typeof scrypt);
    try {
      const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`password number ${i}`)));
      expect(new Set(hashes).size).toBe(6);
      expect(peak).toBe(hashLimiter.concurrency);
    } finally {
      vi.mocked(scrypt).mockImplementation(real.scrypt);
    }
  });

  it('leaves threadpool threads free for other work while many hashes wait', async () => {
    const single = performance.now();
    await hashPassword('one to time');
    const hashMs = performance.now() - single;

    const burst = Array.from({ length: 8 }, (_, i) => hashPassword(`burst ${i}`));
    // Eight scrypt calls unbounded would take all four threads; zlib would wait behind them.
    const started = performance.now();
    await new Promise((resolve, reject) =>
      gzip(Buffer.alloc(1024, 1), (error, out) => (error ? reject(error) : resolve(out))),
    );
    const otherMs = performance.now() - started;
    await Promise.all(burst);
    expect(otherMs).toBeLessThan(hashMs / 2);
  });

  it('answers 503 with Retry-After when the queue is full, without hashing', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: hashLimiter.concurrency + hashLimiter.maxQueue }, () =>
      hashLimiter.run(() => blocked),
    );
    vi.mocked(scrypt).mockClear();
    try {
      const refused = await hashPassword('one too many').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(HttpError);
      const error = refused as InstanceType<typeof HttpError>;
      expect(error.status).toBe(503);
      expect(error.message).toMatch(/^Too many passwords are being checked right now\. Try again in \d+ seconds?\.$/);
      expect(Number(error.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(
        await verifyPassword('also refused', `scrypt$15$8$1$c2FsdA$${'A'.repeat(43)}`).catch((e: unknown) => e),
      ).toBeInstanceOf(HttpError);
      expect(scrypt).not.toHaveBeenCalled();
    } finally {
      release();
      await Promise.all(holders);
    }
    // Served again once the queue drained.
    expect(await hashPassword('after the rush')).toMatch(/^scrypt\$/);
  });
});
