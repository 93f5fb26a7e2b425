/** Password recovery: the same answer for every address, a mailed link that works once, for an hour. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TestClock } from '@server/clock';
import { lockKey } from '@server/auth/sign-in';
import { mailOutbox, passwordResetTokens, rateLimits } from '@server/db/schema';
import { caller, linkIn, mailsTo, signIn, signUp, uniqueEmail, type Caller } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const api = () => caller(() => t.app);

const NEW_PASSWORD = 'Brand-New-Secret-7';

async function forgot(client: Caller, email: string, clientId?: string | null) {
  return client.post('auth/forgotpassword', { email, ...(clientId === undefined ? {} : { clientId }) });
}

/** Asks for a reset link and returns the token from the mail. */
async function resetTokenFor(email: string, clientId?: string) {
  const before = (await mailsTo(t.app, email)).length;
  const response = await forgot(api(), email, clientId);
  expect(response.statusCode).toBe(202);
  const mails = await mailsTo(t.app, email);
  expect(mails).toHaveLength(before + 1);
  const mail = mails.at(-1)!;
  const prefix = clientId
    ? `${t.app.config.publicUrl}/client/changepassword/`
    : `${t.app.config.publicUrl}/changepassword/`;
  const link = linkIn(mail, prefix);
  const token = link.slice(prefix.length).split('/')[0]!;
  return { mail, link, token };
}

describe('POST auth/forgotpassword', () => {
  it('answers 202 with the same message, in similar time, whether or not the address exists', async () => {
    const { email } = await signUp(api());
    const ghost = uniqueEmail('ghost');
    const timed = async (address: string) => {
      const started = performance.now();
      const response = await forgot(api(), address);
      return { response, ms: performance.now() - started };
    };
    // Interleaved, three of each (the per-address limit is five an hour), compared by median,
    // so a single hiccup on a loaded machine does not decide.
    const knownRuns: Awaited<ReturnType<typeof timed>>[] = [];
    const unknownRuns: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < 3; i++) {
      knownRuns.push(await timed(email));
      unknownRuns.push(await timed(ghost));
    }
    const median = (runs: { ms: number }[]) => runs.map((r) => r.ms).sort((a, b) => a - b)[1]!;
    const [known, unknown] = [knownRuns[0]!.response, unknownRuns[0]!.response];
    for (const run of [...knownRuns, ...unknownRuns]) {
      expect(run.response.statusCode).toBe(202);
      expect(run.response.body).toBe(known.body);
    }
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: expect.stringContaining('If an account exists') });
    const [knownMs, unknownMs] = [median(knownRuns), median(unknownRuns)];
    expect(knownMs).toBeGreaterThanOrEqual(240);
    expect(unknownMs).toBeGreaterThanOrEqual(240);
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(150);
  });

  it('mails a real MIME message (text and HTML) with a plain changepassword link to the stored address', async () => {
    const { email } = await signUp(api(), { email: uniqueEmail('Mixed.Case') });
    const { mail, link, token } = await resetTokenFor(email.toUpperCase());
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.subject).toBe('Reset your Practice Shield password');
    expect(link).toBe(`${t.app.config.publicUrl}/changepassword/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(link);
    expect(mail.file).toMatch(/^\d+-reset-your-practice-shield-password\.eml$/);
    // Only a hash is stored.
    const stored = await t.app.db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens);
    expect(stored.map((r) => r.hash)).not.toContain(token);
    expect(stored.map((r) => r.hash)).toContain(createHash('sha256').update(token, 'utf8').digest('hex'));
  });

  it('with a clientId, links to the branded client/changepassword/{token}/{clientId}', async () => {
    const { email } = await signUp(api());
    const { link, token } = await resetTokenFor(email, 'harbor-risk');
    expect(link).toBe(`${t.app.config.publicUrl}/client/changepassword/${token}/harbor-risk`);
  });

  it('sends nothing for an unknown address', async () => {
    const ghost = uniqueEmail('nobody');
    expect((await forgot(api(), ghost)).statusCode).toBe(202);
    expect(await mailsTo(t.app, ghost)).toEqual([]);
    const queued = await t.app.db.select({ to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.to, ghost));
    expect(queued).toEqual([]);
  });

  it('answers 400 naming the field for bad input, an unknown broker included', async () => {
    expect(expectError(await forgot(api(), 'not-an-email'), 400).fields).toEqual({
      email: 'must be an e-mail address',
    });
    expect(expectError(await api().post('auth/forgotpassword', {}), 400).fields).toEqual({ email: 'is required' });
    expect(expectError(await forgot(api(), uniqueEmail(), 'no-such-broker'), 400).fields).toEqual({
      clientId: 'is not a known broker',
    });
    expect(expectError(await forgot(api(), uniqueEmail(), 'bad url'), 400).fields).toHaveProperty('clientId');
    // null clientId is "none".
    expect((await forgot(api(), uniqueEmail(), null)).statusCode).toBe(202);
  });
});

describe('the reset link', () => {
  it('works once: new password signs in, the old one does not, the token cannot be used again', async () => {
    const { email, password } = await signUp(api());
    const { token } = await resetTokenFor(email);

    const check = await api().post('auth/changepassword', { token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ message: expect.any(String) });
    // Checking does not use it up.
    expect((await api().post('auth/changepassword', { token })).statusCode).toBe(200);

    const update = await api().post('auth/updatepassword', { token, newpassword: NEW_PASSWORD });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toEqual({ message: expect.stringContaining('changed') });

    await signIn(api(), email, NEW_PASSWORD);
    expectError(await api().post('auth/generate-token', { username: email, password }), 401);

    expect(expectError(await api().post('auth/changepassword', { token }), 400).fields).toEqual({
      token: 'is invalid, used or expired',
    });
    expect(
      expectError(await api().post('auth/updatepassword', { token, newpassword: 'Another-Secret-8' }), 400).fields,
    ).toEqual({ token: 'is invalid, used or expired' });
    await signIn(api(), email, NEW_PASSWORD);

    const [changed] = (await mailsTo(t.app, email)).filter(
      (m) => m.subject === 'Your Practice Shield password was changed',
    );
    expect(changed?.text).toContain(`${t.app.config.publicUrl}/forgotpassword`);
  });

  it('expires after an hour', async () => {
    const { email, password } = await signUp(api());
    const { token } = await resetTokenFor(email);
    clock.advance(59 * 60_000);
    expect((await api().post('auth/changepassword', { token })).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    expectError(await api().post('auth/changepassword', { token }), 400);
    expectError(await api().post('auth/updatepassword', { token, newpassword: NEW_PASSWORD }), 400);
    await signIn(api(), email, password);
  });

  it('ends every session of the user and every other link mailed before', async () => {
    const { email, password, token: signUpAccess, refreshToken: signUpRefresh } = await signUp(api());
    const other = await signIn(api(), email, password, true);
    const earlier = await resetTokenFor(email);
    const later = await resetTokenFor(email);
    expect(
      (await api().post('auth/updatepassword', { token: later.token, newpassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);

    for (const refreshToken of [signUpRefresh, other.refreshToken]) {
      expectError(await api().post('refreshtoken', { refreshToken }), 401);
    }
    for (const access of [signUpAccess, other.token]) expectError(await api().get('insured/isLogin', access), 401);
    expectError(await api().post('auth/changepassword', { token: earlier.token }), 400);
  });

  it('clears a lockout: the new password works at once', async () => {
    const { email } = await signUp(api());
    const attacker = api();
    for (let i = 0; i < 10; i++) {
      await attacker.post('auth/generate-token', { username: email, password: `Wrong-guess-${i}` });
    }
    expectError(await api().post('auth/generate-token', { username: email, password: 'Wrong-guess-x' }), 429);
    const [locked] = await t.app.db
      .select({ resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(eq(rateLimits.key, lockKey(email)));
    expect(locked?.resetAt).toBeDefined();
    const { token } = await resetTokenFor(email);
    expect((await api().post('auth/updatepassword', { token, newpassword: NEW_PASSWORD })).statusCode).toBe(200);
    await signIn(api(), email, NEW_PASSWORD);
  });

  it('answers 400 naming the field for a weak new password or a malformed token, and keeps the token', async () => {
    const { email } = await signUp(api());
    const { token } = await resetTokenFor(email);
    expect(expectError(await api().post('auth/updatepassword', { token, newpassword: 'weak' }), 400).fields).toEqual({
      newpassword: 'must be at least 10 characters',
    });
    expect(expectError(await api().post('auth/changepassword', { token: 'short' }), 400).fields).toEqual({
      token: 'is not a reset token',
    });
    expect(expectError(await api().post('auth/updatepassword', { newpassword: NEW_PASSWORD }), 400).fields).toEqual({
      token: 'is required',
    });
    expect((await api().post('auth/changepassword', { token })).statusCode).toBe(200);
  });
});
