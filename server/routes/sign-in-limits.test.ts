/**
 * Abuse: per-address and per-account rate limits (429 with Retry-After), and the lock after ten
 * wrong passwords in a row. Time moves with a TestClock, never by sleeping.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { TestClock } from '@server/clock';
import { failuresKey, lockKey } from '@server/auth/sign-in';
import { rateLimits, users } from '@server/db/schema';
import { caller, freshIp, signIn, signUp, signUpBody, uniqueEmail } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const api = (ip?: string) => caller(() => t.app, ip);

const MINUTE = 60_000;

const attempt = (client: ReturnType<typeof api>, username: string, password: string) =>
  client.post('auth/generate-token', { username, password });

const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);

describe('wrong passwords', () => {
  it('20 in a row lock the account; the right password is refused while locked and works after the lock expires', async () => {
    const { email, password } = await signUp(api());
    const attacker = api();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await attempt(attacker, email, `Wrong-password-${i}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));

    // The owner, from another address, with the right password: still refused, told how long to wait.
    const owner = api();
    const locked = await attempt(owner, email, password);
    const body = expectError(locked, 429);
    expect(body.message).toMatch(/Too many sign-in attempts for this account\. Try again in \d+ (seconds|minutes)/);
    expect(retryAfter(locked)).toBeGreaterThan(14 * 60);
    expect(retryAfter(locked)).toBeLessThanOrEqual(15 * 60);

    clock.advance(15 * MINUTE + 1_000);
    await signIn(owner, email, password);
    // The count starts again from zero: one more wrong password is just a wrong password.
    expectError(await attempt(owner, email, 'Wrong-again-1'), 401);
    const rows = await t.app.db
      .select({ key: rateLimits.key, count: rateLimits.count })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [failuresKey(email), lockKey(email)]));
    expect(rows).toEqual([{ key: failuresKey(email), count: 1 }]);
    // Nothing about it on the user row.
    const [row] = await t.app.db
      .select({ failed: users.failedLogins, lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.email, email));
    expect(row).toEqual({ failed: 0, lockedUntil: null });
  });

  it('lock a known and an unknown address alike, even when every guess comes from another address', async () => {
    const { email, password } = await signUp(api());
    const ghost = uniqueEmail('ghost');
    // Interleaved, so both see the same clock.
    for (let i = 0; i < 10; i++) {
      for (const address of [email, ghost]) expectError(await attempt(api(), address, `Wrong-password-${i}`), 401);
    }
    const answers = async () => {
      const [known, unknown] = [
        await attempt(api(), email, 'Wrong-password-x'),
        await attempt(api(), ghost, 'Wrong-password-x'),
      ];
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.headers['retry-after']).toEqual(known.headers['retry-after']);
      expect(unknown.json()).toEqual(known.json());
      return known;
    };
    // At once, and past the per-account minute: the same 429, the same wait, from the lock itself.
    const atOnce = await answers();
    expectError(atOnce, 429);
    expect(retryAfter(atOnce)).toBeGreaterThan(14 * 60);
    clock.advance(65_000);
    const later = await answers();
    expectError(later, 429);
    expect(retryAfter(later)).toBeGreaterThan(13 * 60);
    expect(retryAfter(later)).toBeLessThanOrEqual(14 * 60);

    const refused = await attempt(api(), email, password);
    expectError(refused, 429);
    expect(retryAfter(refused)).toBe(retryAfter(later));
    clock.advance(14 * MINUTE);
    await signIn(api(), email, password);
  });

  it('a success in between restarts the count', async () => {
    const { email, password } = await signUp(api());
    const client = api();
    for (let i = 0; i < 9; i++) expectError(await attempt(client, email, `Wrong-password-${i}`), 401);
    await signIn(client, email, password);
    clock.advance(2 * MINUTE);
    for (let i = 0; i < 9; i++) expectError(await attempt(client, email, `Wrong-password-${i}`), 401);
    await signIn(client, email, password);
  });

  it('treat an unknown address like a known one: 401s, then the same 429', async () => {
    const ghost = uniqueEmail('ghost');
    const client = api();
    for (let i = 0; i < 10; i++) expectError(await attempt(client, ghost, `Wrong-password-${i}`), 401);
    const body = expectError(await attempt(client, ghost, 'Wrong-password-x'), 429);
    expect(body.message).toMatch(/Too many sign-in attempts for this account/);
  });
});

describe('per-address rate limits', () => {
  it('generate-token: 20 a minute from one address, then 429 with Retry-After; other addresses unaffected', async () => {
    const noisy = api();
    for (let i = 0; i < 20; i++) expectError(await attempt(noisy, uniqueEmail('spray'), 'Whatever-123'), 401);
    const limited = await attempt(noisy, uniqueEmail('spray'), 'Whatever-123');
    const body = expectError(limited, 429);
    expect(body.message).toMatch(/^Too many attempts from your network\. Try again in \d+ seconds?\.$/);
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(limited)).toBeLessThanOrEqual(60);
    // The demo insured, from elsewhere, signs in.
    await signIn(api(), 'insured@example.com', 'Demo-Insured-2024');
    clock.advance(MINUTE);
    await signIn(noisy, 'insured@example.com', 'Demo-Insured-2024');
  });

  it('forgotpassword: 10 a minute from one address; 5 an hour per e-mail, known or not', async () => {
    const noisy = api();
    for (let i = 0; i < 10; i++)
      expect((await noisy.post('auth/forgotpassword', { email: uniqueEmail('f') })).statusCode).toBe(202);
    const limited = await noisy.post('auth/forgotpassword', { email: uniqueEmail('f') });
    expectError(limited, 429);
    expect(retryAfter(limited)).toBeLessThanOrEqual(60);

    const { email } = await signUp(api());
    const ghost = uniqueEmail('ghost');
    for (const address of [email, ghost]) {
      for (let i = 0; i < 5; i++)
        expect((await api().post('auth/forgotpassword', { email: address })).statusCode).toBe(202);
      const refused = await api().post('auth/forgotpassword', { email: address.toUpperCase() });
      const body = expectError(refused, 429);
      expect(body.message).toMatch(/^Too many password reset requests for this address\. Try again in \d+ minutes\.$/);
      expect(retryAfter(refused)).toBeGreaterThan(55 * 60);
    }
  });

  it('insured/save: 20 sign-ups per ten minutes from one address', async () => {
    const office = api();
    for (let i = 0; i < 20; i++) await signUp(office);
    expectError(await office.post('insured/save', signUpBody()), 429);
    await signUp(api());
  });

  it('honour X-Forwarded-For only when TRUST_PROXY says so', async () => {
    // Without TRUST_PROXY the header is ignored: every call counts for the proxy's own address.
    const proxy = freshIp();
    for (let i = 0; i < 20; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/weborder/auth/generate-token',
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': freshIp() },
        payload: { username: uniqueEmail('p'), password: 'Whatever-123' },
      });
      expect(response.statusCode).toBe(401);
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/weborder/auth/generate-token',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': freshIp() },
      payload: { username: uniqueEmail('p'), password: 'Whatever-123' },
    });
    expect(limited.statusCode).toBe(429);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('across server processes (PostgreSQL)', () => {
  it('count into the same buckets', async () => {
    const second = await buildApp(t.testApp.config, { logLevel: 'silent', clock, mailPollIntervalMs: 0 });
    try {
      const ip = freshIp();
      const apps = [t.app, second];
      for (let i = 0; i < 20; i++) {
        const response = await apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/weborder/auth/generate-token',
          remoteAddress: ip,
          payload: { username: uniqueEmail('x'), password: 'Whatever-123' },
        });
        expect(response.statusCode).toBe(401);
      }
      for (const app of apps) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/weborder/auth/generate-token',
          remoteAddress: ip,
          payload: { username: uniqueEmail('x'), password: 'Whatever-123' },
        });
        expect(response.statusCode).toBe(429);
      }
      const [{ count } = { count: 0 }] = await t.app.db
        .execute<{ count: number }>(sql`select count from rate_limits where key = ${`sign-in:ip:${ip}`}`)
        .then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: { count: number }[] }).rows));
      expect(Number(count)).toBe(22);
    } finally {
      await second.close();
    }
  });
});
