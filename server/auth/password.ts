/**
 * Password hashing with scrypt (node:crypto, no native add-on). The stored form carries its
 * parameters, so they can be raised later without invalidating existing hashes:
 *   scrypt$<logN>$<r>$<p>$<salt base64url>$<hash base64url>
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { QueueFullError, WorkLimiter } from '@server/auth/work-limiter';
import { HttpError } from '@server/http/http-error';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** N = 2^15, r = 8: 32 MiB and tens of milliseconds per hash (OWASP's scrypt minimum). */
const DEFAULTS = { logN: 15, r: 8, p: 1 };

/** scrypt needs 128·N·r bytes; a stored hash may not ask for more than this. */
const MAX_MEMORY = 256 * 2 ** 20;
/** p runs the memory-hard part p times over: bound the work as well as the memory. */
const MAX_PARALLELISM = 16;
const MAX_WORK = 2 * MAX_MEMORY;

/**
 * Whether stored parameters are ones we are willing to compute. A tampered or foreign row
 * must not make the server allocate gigabytes or spin for minutes: verify refuses it instead.
 */
export function acceptableParameters(logN: number, r: number, p: number): boolean {
  if (![logN, r, p].every(Number.isSafeInteger)) return false;
  // Below 2^10 is not a hash this module would write; above 2^20 is never needed.
  if (logN < 10 || logN > 20 || r < 1 || p < 1 || p > MAX_PARALLELISM) return false;
  const memory = 128 * 2 ** logN * r;
  return memory <= MAX_MEMORY && memory * p <= MAX_WORK;
}

/**
 * How many hashes may run at once. Async scrypt runs in libuv's threadpool (UV_THREADPOOL_SIZE,
 * 4 by default), the pool WebCrypto (jose's JWT checks on every signed-in request), zlib and fs
 * also wait in. Unbounded, a burst of sign-ins fills every thread for tens of milliseconds each
 * and signed-in reads queue behind them (p99 ≈ 5 s in the load mix). So hashing takes at most
 * half the pool — the other half is always free for the rest — and at most all cores but one,
 * so the event loop keeps a core even while hashes run flat out. Default pool on 2 cores: 1;
 * on 8 cores: 2. Throughput stays ample (one slot hashes ~10–20 passwords a second).
 */
export function hashConcurrency(poolSize: number, cores: number): number {
  return Math.max(1, Math.min(Math.floor(poolSize / 2), cores - 1));
}

const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/**
 * Hashes beyond the running ones wait in FIFO order, up to this many per slot: with a hash at
 * ~50–100 ms, the last in line waits about two to three seconds. Beyond that a sign-in is
 * refused at once (503 with Retry-After) rather than held until its client gives up.
 */
const QUEUE_PER_SLOT = 32;

const concurrency = hashConcurrency(POOL_SIZE, availableParallelism());
export const hashLimiter = new WorkLimiter({ concurrency, maxQueue: QUEUE_PER_SLOT * concurrency, expectedTaskMs: 80 });

export const PASSWORD_CHECKS_BUSY = 'Too many passwords are being checked right now';

/** Through the limiter; a full queue is the API's 503, with how long to wait. */
async function limited<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await hashLimiter.run(task);
  } catch (error) {
    if (!(error instanceof QueueFullError)) throw error;
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    throw new HttpError(
      503,
      `${PASSWORD_CHECKS_BUSY}. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      undefined,
      {
        headers: { 'retry-after': String(seconds) },
      },
    );
  }
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number) {
  const N = 2 ** logN;
  // Node's own ceiling (32 MiB by default) is below what it needs for N = 2^15: set it to what
  // these parameters take, with headroom, knowing acceptableParameters capped them.
  const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * r * (N + p + 2) };
  return limited(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { logN, r, p } = DEFAULTS;
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, logN, r, p);
  return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password and for anything that is not a hash this module wrote. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const numbers = parts.slice(1, 4);
  if (!numbers.every((part) => /^\d{1,4}$/.test(part))) return false;
  const [logN, r, p] = numbers.map(Number) as [number, number, number];
  if (!acceptableParameters(logN, r, p)) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, logN, r, p);
  return timingSafeEqual(actual, expected);
}
