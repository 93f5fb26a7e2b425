/** Google sign-in against a local JWKS: a test key pair stands in for Google's. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionSchema } from '@shared/contract/auth';
import { users } from '@server/db/schema';
import { caller, mailsTo, signIn, signUp, uniqueEmail } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { startTestGoogle } from '@server/test/google-keys';
import { setupTestApp, startTestApp } from '@server/test/test-app';

const google = await startTestGoogle();
afterAll(() => google.close());

const t = setupTestApp({ env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl } });
const api = () => caller(() => t.app);

const subject = () => randomBytes(8).toString('hex').replace(/^/, '1');

async function googleSignIn(googletoken: string, extra: Record<string, unknown> = {}) {
  return api().post('auth/signInWithGoogle', { googletoken, ...extra });
}

describe('GET auth/googleClientId', () => {
  it('answers the configured client id', async () => {
    const response = await api().get('auth/googleClientId');
    expect(response.json()).toEqual({ clientId: google.clientId });
  });
});

describe('POST auth/signInWithGoogle', () => {
  it('creates an insured linked to the Google subject, then signs the same account in again', async () => {
    const email = uniqueEmail('gina');
    const sub = subject();
    const token = await google.idToken({ sub, email, given_name: 'Gina', family_name: 'Google' });
    const first = await googleSignIn(token, { params: { rememberMe: true } });
    expect(first.statusCode, first.body).toBe(200);
    const session = v.parse(sessionSchema, first.json());
    expect(session).toMatchObject({
      rememberMe: true,
      user: { email, firstname: 'Gina', lastname: 'Google', role: 'insured' },
    });
    expect((await api().get('insured/isLogin', session.token)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, session.user.id));
    expect(row).toMatchObject({ googleSubject: sub, passwordHash: null, role: 'insured' });
    expect((await mailsTo(t.app, email)).map((m) => m.subject)).toEqual(['Welcome to Practice Shield']);

    const again = await googleSignIn(await google.idToken({ sub, email }));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(session.user.id);
    // A Google-only account has no password to guess.
    expectError(await api().post('auth/generate-token', { username: email, password: 'Anything-123' }), 401);
  });

  it('links an existing account with the same e-mail (any case); its password and earlier sessions end', async () => {
    // Sign-up never verifies the address: the password may have been set by someone else.
    const { email, password, user, token: signUpAccess, refreshToken: signUpRefresh } = await signUp(api());
    const other = await signIn(api(), email, password, true);
    const sub = subject();
    const response = await googleSignIn(await google.idToken({ sub, email: email.toUpperCase() }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
    const [row] = await t.app.db
      .select({ googleSubject: users.googleSubject, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ googleSubject: sub, passwordHash: null });
    // The old password no longer signs in; sessions opened with it are over.
    expectError(await api().post('auth/generate-token', { username: email, password }), 401);
    for (const refreshToken of [signUpRefresh, other.refreshToken]) {
      expectError(await api().post('refreshtoken', { refreshToken }), 401);
    }
    for (const access of [signUpAccess, other.token]) expectError(await api().get('insured/isLogin', access), 401);
    // The Google session itself works, and the owner is told.
    expect((await api().get('insured/isLogin', response.json().token)).statusCode).toBe(200);
    const subjects = (await mailsTo(t.app, email)).map((m) => m.subject);
    expect(subjects).toContain('Google sign-in was linked to your Practice Shield account');
    // Signing in with Google again changes nothing and mails nothing more.
    expect((await googleSignIn(await google.idToken({ sub, email }))).statusCode).toBe(200);
    expect((await mailsTo(t.app, email)).map((m) => m.subject)).toEqual(subjects);
  });

  it('refuses with 409 an e-mail already linked to another Google account', async () => {
    const email = uniqueEmail('twice');
    expect((await googleSignIn(await google.idToken({ sub: subject(), email }))).statusCode).toBe(200);
    expectError(await googleSignIn(await google.idToken({ sub: subject(), email })), 409);
  });

  it('links a new account to the broker named by clientId', async () => {
    const email = uniqueEmail('branded');
    const response = await googleSignIn(await google.idToken({ sub: subject(), email }), {
      clientId: 'summit-professional',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db.select({ brokerId: users.brokerId }).from(users).where(eq(users.email, email));
    expect(row?.brokerId).not.toBeNull();
    const unknown = await googleSignIn(await google.idToken({ sub: subject(), email: uniqueEmail() }), {
      clientId: 'nobody-here',
    });
    expect(expectError(unknown, 400).fields).toEqual({ clientId: 'is not a known broker' });
  });

  it.each([
    ['a wrong audience', { audience: 'someone-else.apps.googleusercontent.com' }, /another application/],
    ['an expired token', { expiresIn: -120 }, /expired/],
    ['a badly signed token', { foreignKey: true }, /not signed by Google/],
    ['another issuer', { issuer: 'https://evil.example.com' }, /not issued by Google/],
  ])('answers 401 for %s', async (_, options, message) => {
    const token = await google.idToken({ sub: subject(), email: uniqueEmail() }, options);
    const body = expectError(await googleSignIn(token), 401);
    expect(body.message).toMatch(message);
  });

  it('accepts the bare issuer accounts.google.com too', async () => {
    const token = await google.idToken({ sub: subject(), email: uniqueEmail() }, { issuer: 'accounts.google.com' });
    expect((await googleSignIn(token)).statusCode).toBe(200);
  });

  it.each([
    ['an unverified e-mail', { email_verified: false }],
    ['no e-mail', { email: undefined }],
  ])('answers 401 for %s', async (_, claims) => {
    const token = await google.idToken({ sub: subject(), email: uniqueEmail(), ...claims });
    expect(expectError(await googleSignIn(token), 401).message).toMatch(/has not verified the e-mail/);
  });

  it('answers 401 for garbage and for a token signed with a shared secret', async () => {
    expectError(await googleSignIn('not.a.token'), 401);
    const hs256 = await new SignJWT({ email: uniqueEmail(), email_verified: true })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
      .setSubject(subject())
      .setIssuer('https://accounts.google.com')
      .setAudience(google.clientId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expectError(await googleSignIn(hs256), 401);
  });

  it('answers 400 naming googletoken when it is missing or too long', async () => {
    expect(expectError(await api().post('auth/signInWithGoogle', {}), 400).fields).toEqual({
      googletoken: 'is required',
    });
    expect(expectError(await googleSignIn('x'.repeat(5000)), 400).fields).toEqual({ googletoken: 'is too long' });
  });

  it('attaches a quote made before signing in', async () => {
    // Covered in depth for passwords; here only that the field is accepted and sign-in still works.
    const response = await googleSignIn(await google.idToken({ sub: subject(), email: uniqueEmail() }), {
      submissionRequest: { submissionId: 2_000_000_000 },
    });
    expect(response.statusCode).toBe(200);
  });

  it('is rate-limited per address: 20 a minute, then 429 with Retry-After', async () => {
    const noisy = api();
    for (let i = 0; i < 20; i++)
      expectError(await noisy.post('auth/signInWithGoogle', { googletoken: 'bad.token.here' }), 401);
    const limited = await noisy.post('auth/signInWithGoogle', { googletoken: 'bad.token.here' });
    expectError(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('when Google cannot be reached', () => {
  it('answers 503, not 401 (the token may be fine)', async () => {
    const outage = await startTestApp({
      env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.brokenJwksUrl, SEED_DEMO: '0' },
    });
    try {
      const response = await outage.app.inject({
        method: 'POST',
        url: '/api/weborder/auth/signInWithGoogle',
        payload: { googletoken: await google.idToken({ sub: subject(), email: uniqueEmail() }) },
      });
      expect(expectError(response, 503).message).toMatch(/Google sign-in is unavailable/);
    } finally {
      await outage.close();
    }
  });
});
