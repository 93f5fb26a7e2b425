/** Identity over HTTP: sign-up, sign-in, isLogin, refresh rotation, sign-out, quotes attached on sign-in. */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sessionSchema, userSchema } from '@shared/contract/auth';
import { hashToken } from '@server/auth/tokens';
import { TestClock } from '@server/clock';
import { demoUsers } from '@server/db/seed/demo-data';
import { brokers, refreshTokens, specialities, submissions, users } from '@server/db/schema';
import { caller, mailsTo, signIn, signUp, signUpBody, STRONG_PASSWORD, uniqueEmail } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const api = () => caller(() => t.app);

const HOUR = 3_600_000;

async function isLogin(token: string | undefined) {
  return api().get('insured/isLogin', token);
}

describe('POST insured/save (sign-up)', () => {
  it('creates an insured and answers 201 with a session, signed in at once', async () => {
    const email = uniqueEmail('signup');
    const session = await signUp(api(), { email, firstname: 'Sam', lastname: 'Smile' });
    expect(session).toMatchObject({
      rememberMe: false,
      expiresIn: 900,
      user: { email, firstname: 'Sam', lastname: 'Smile', role: 'insured' },
    });
    const me = await isLogin(session.token);
    expect(me.statusCode).toBe(200);
    expect(v.parse(userSchema, me.json())).toEqual(session.user);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, session.user.id));
    expect(row).toMatchObject({
      role: 'insured',
      insuredType: 'business',
      companyName: 'Tester Dental',
      brokerId: null,
    });
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain(STRONG_PASSWORD);
  });

  it('sends a welcome mail (real MIME, text and HTML) through the outbox', async () => {
    const email = uniqueEmail('welcome');
    await signUp(api(), { email, firstname: 'Wendy' });
    const [mail] = await mailsTo(t.app, email);
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@localhost');
    expect(mail!.subject).toBe('Welcome to Practice Shield');
    expect(mail!.text).toContain('Hello Wendy,');
    expect(mail!.text).toContain(`${t.app.config.publicUrl}/login`);
    expect(mail!.html).toContain('<a href=');
  });

  it('refuses an e-mail already registered, whatever its case, with a 409 naming email', async () => {
    const email = uniqueEmail('Taken');
    await signUp(api(), { email });
    for (const again of [email, email.toUpperCase(), ` ${email.toLowerCase()} `]) {
      const body = expectError(await api().post('insured/save', signUpBody({ email: again })), 409);
      expect(body.fields).toEqual({ email: 'is already registered' });
      expect(body.message).not.toMatch(/password.*wrong/i);
    }
  });

  it('links the broker named by clientId (any case), and refuses an unknown one naming clientId', async () => {
    const session = await signUp(api(), { clientId: 'Harbor-Risk' });
    const [row] = await t.app.db
      .select({ clientUrl: brokers.clientUrl })
      .from(users)
      .innerJoin(brokers, eq(brokers.id, users.brokerId))
      .where(eq(users.id, session.user.id));
    expect(row?.clientUrl).toBe('harbor-risk');
    const [mail] = await mailsTo(t.app, session.user.email);
    expect(mail!.text).toContain(`${t.app.config.publicUrl}/client/login/harbor-risk`);

    const body = expectError(await api().post('insured/save', signUpBody({ clientId: 'no-such-broker' })), 400);
    expect(body.fields).toEqual({ clientId: 'is not a known broker' });
  });

  it.each([
    ['a short password', { password: 'Short-1' }, 'password', 'must be at least 10 characters'],
    ['a password without a letter', { password: '1234567890!' }, 'password', 'must contain a letter'],
    ['a password of letters only', { password: 'onlyletterspassword' }, 'password', 'must contain a digit or a symbol'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email', 'must be an e-mail address'],
    ['an empty first name', { firstname: '  ' }, 'firstname', 'is required'],
    ['an unknown insured type', { insuredtype: 'alien' }, 'insuredtype', 'must be individual or business'],
    ['a malformed clientId', { clientId: 'bad url' }, 'clientId', 'may hold only letters, digits and hyphens'],
    [
      'a huge submission id',
      { submissionRequest: { submissionId: 2 ** 40 } },
      'submissionRequest.submissionId',
      'is too large',
    ],
  ])('answers 400 naming the field for %s', async (_, override, field, problem) => {
    const body = expectError(await api().post('insured/save', signUpBody(override as never)), 400);
    expect(body.fields).toEqual({ [field]: problem });
  });

  it('answers 400 naming a field holding a NUL character (the database cannot store one), nested ones by their path', async () => {
    const email = uniqueEmail('nul');
    const body = expectError(
      await api().post('insured/save', signUpBody({ email, companyname: 'Tester\u0000Dental' })),
      400,
    );
    expect(body.fields).toEqual({ companyname: 'must not contain NUL characters' });
    expect(body.message).toBe('Invalid body: companyname must not contain NUL characters');
    const nested = expectError(
      await api().post('insured/save', {
        ...signUpBody({ email }),
        submissionRequest: { submissionId: 1, quoteKey: 'a\u0000' },
      }),
      400,
    );
    expect(nested.fields).toEqual({ 'submissionRequest.quoteKey': 'must not contain NUL characters' });
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('answers 400 naming every missing field and any unknown one, never 500', async () => {
    const missing = expectError(await api().post('insured/save', {}), 400);
    expect(Object.keys(missing.fields ?? {}).sort()).toEqual([
      'acceptTerms',
      'email',
      'firstname',
      'insuredtype',
      'lastname',
      'password',
    ]);
    const extra = expectError(await api().post('insured/save', { ...signUpBody(), role: 'admin' }), 400);
    expect(extra.fields).toEqual({ role: 'is not a known field' });
    expectError(await api().post('insured/save', []), 400);
    expectError(await api().post('insured/save', 'text'), 415);
  });
});

describe('POST auth/generate-token (sign-in)', () => {
  it.each(demoUsers.map((u) => [u.role, u.email, u.password] as const))(
    'signs in the demo %s with the documented password',
    async (role, email, password) => {
      const session = await signIn(api(), email, password);
      expect(session.user).toMatchObject({ email, role });
    },
  );

  it('matches the e-mail whatever its case and surrounding spaces', async () => {
    const session = await signIn(api(), '  INSURED@Example.COM ', 'Demo-Insured-2024');
    expect(session.user.email).toBe('insured@example.com');
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const wrong = expectError(
      await api().post('auth/generate-token', { username: 'insured@example.com', password: 'Not-The-Password-1' }),
      401,
    );
    const unknown = expectError(
      await api().post('auth/generate-token', { username: uniqueEmail('nobody'), password: 'Not-The-Password-1' }),
      401,
    );
    expect(wrong).toEqual({ status: 401, message: 'Wrong e-mail or password' });
    expect(unknown).toEqual(wrong);
  });

  it('issues an HS256 access token for 15 minutes naming the user, role and session', async () => {
    const session = await signIn(api(), 'underwriter@example.com', 'Demo-Underwriter-2024');
    const claims = decodeJwt(session.token);
    expect(claims).toMatchObject({
      sub: String(session.user.id),
      role: 'underwriter',
      iss: t.app.config.publicUrl,
      aud: `${t.app.config.publicUrl}/api/weborder`,
    });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(typeof claims.sid).toBe('string');
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const stored = await t.app.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(stored.map((r) => r.hash)).not.toContain(session.refreshToken);
    expect(stored.map((r) => r.hash)).toContain(
      createHash('sha256').update(session.refreshToken, 'utf8').digest('hex'),
    );
  });

  it('gives a 30-day refresh token with rememberMe true and a 12-hour one otherwise', async () => {
    const { email, password } = await signUp(api());
    for (const [rememberMe, hours] of [
      [true, 30 * 24],
      [false, 12],
    ] as const) {
      const before = clock.now().getTime();
      const session = await signIn(api(), email, password, rememberMe);
      expect(session.rememberMe).toBe(rememberMe);
      const [row] = await t.app.db
        .select({ expiresAt: refreshTokens.expiresAt, remember: refreshTokens.remember })
        .from(refreshTokens)
        .where(eq(refreshTokens.family, String(decodeJwt(session.token).sid)));
      expect(row?.remember).toBe(rememberMe);
      expect(Math.abs(row!.expiresAt.getTime() - before - hours * HOUR)).toBeLessThan(5_000);
    }
  });

  it('answers 400 naming the field for bad input, never 500', async () => {
    const cases: [unknown, string][] = [
      [{ username: 'nope', password: 'x' }, 'username'],
      [{ username: 'a@example.com' }, 'password'],
      [{ username: 'a@example.com', password: '' }, 'password'],
      [{ username: 'a@example.com', password: 'x'.repeat(129) }, 'password'],
      [{ username: 'a@example.com', password: 'x', params: { rememberMe: 'yes' } }, 'params.rememberMe'],
      [{ username: 'a@example.com', password: 'x', params: { rememberMe: true, extra: 1 } }, 'params.extra'],
      [
        { username: 'a@example.com', password: 'x', submissionRequest: { submissionId: 'abc' } },
        'submissionRequest.submissionId',
      ],
      [
        { username: 'a@example.com', password: 'x', submissionRequest: { submissionId: 0 } },
        'submissionRequest.submissionId',
      ],
      [
        { username: 'a@example.com', password: 'x', submissionRequest: { submissionId: 99999999999 } },
        'submissionRequest.submissionId',
      ],
      [
        { username: 'a@example.com', password: 'x', submissionRequest: { submissionId: 1, quoteKey: 'short' } },
        'submissionRequest.quoteKey',
      ],
      [{ username: 42, password: 'x' }, 'username'],
    ];
    for (const [payload, field] of cases) {
      const body = expectError(await api().post('auth/generate-token', payload), 400);
      expect(Object.keys(body.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
  });

  describe('submissionRequest', () => {
    /** A visitor's quote as insured/createsubmission leaves it: nobody's, opened by its key's hash. */
    async function newSubmission(userId: number | null) {
      const quoteKey = randomBytes(32).toString('base64url');
      const [speciality] = await t.app.db.select({ id: specialities.id }).from(specialities).limit(1);
      const [row] = await t.app.db
        .insert(submissions)
        .values({
          number: `Q-${Math.random().toString(36).slice(2, 10)}`,
          specialityId: speciality!.id,
          userId,
          visitorKeyHash: userId === null ? createHash('sha256').update(quoteKey).digest('hex') : null,
        })
        .returning({ id: submissions.id });
      return { submissionId: row!.id, quoteKey };
    }
    const ownerOf = async (id: number) =>
      (
        await t.app.db
          .select({ userId: submissions.userId, version: submissions.version, keyHash: submissions.visitorKeyHash })
          .from(submissions)
          .where(eq(submissions.id, id))
      )[0];

    it('attaches a quote nobody owns to the user signing in with its key, and retires the key', async () => {
      const { email, password, user } = await signUp(api());
      const request = await newSubmission(null);
      const response = await api().post('auth/generate-token', {
        username: email,
        password,
        submissionRequest: request,
      });
      expect(response.statusCode).toBe(200);
      expect(await ownerOf(request.submissionId)).toEqual({ userId: user.id, version: 2, keyHash: null });
    });

    it('attaches a quote nobody owns on sign-up too, with its key', async () => {
      const request = await newSubmission(null);
      const { user } = await signUp(api(), { submissionRequest: request });
      expect((await ownerOf(request.submissionId))?.userId).toBe(user.id);
    });

    // Attaching by id alone was a hole: ids are sequential, so anyone signing in could take any
    // visitor's quote (answers and all) by guessing one. Now the quote key is required.
    it('does not attach a visitor’s quote by its id alone, nor with another quote’s key', async () => {
      const { email, password } = await signUp(api());
      const request = await newSubmission(null);
      const other = await newSubmission(null);
      for (const submissionRequest of [
        { submissionId: request.submissionId },
        { submissionId: request.submissionId, quoteKey: other.quoteKey },
      ]) {
        const response = await api().post('auth/generate-token', { username: email, password, submissionRequest });
        expect(response.statusCode).toBe(200);
      }
      await signUp(api(), { submissionRequest: { submissionId: request.submissionId } });
      expect(await ownerOf(request.submissionId)).toMatchObject({ userId: null, version: 1 });
    });

    it('leaves someone else’s quote alone and still signs in, saying nothing about it', async () => {
      const owner = await signUp(api());
      const other = await signUp(api());
      const { submissionId, quoteKey } = await newSubmission(owner.user.id);
      const response = await api().post('auth/generate-token', {
        username: other.user.email,
        password: other.password,
        submissionRequest: { submissionId, quoteKey },
      });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json()).sort()).toEqual(['expiresIn', 'refreshToken', 'rememberMe', 'token', 'user']);
      expect((await ownerOf(submissionId))?.userId).toBe(owner.user.id);
      // An id that does not exist is ignored alike.
      const missing = await api().post('auth/generate-token', {
        username: other.user.email,
        password: other.password,
        submissionRequest: { submissionId: 2_000_000_000, quoteKey },
      });
      expect(missing.statusCode).toBe(200);
    });
  });
});

describe('GET insured/isLogin', () => {
  it('answers 200 with the user for a valid token and 401 without one', async () => {
    const session = await signIn(api(), 'insured@example.com', 'Demo-Insured-2024');
    expect((await isLogin(session.token)).json()).toEqual(session.user);
    const none = await isLogin(undefined);
    expectError(none, 401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    ['a token with a broken signature', 'SIGNATURE'],
    ['a token signed with another secret', 'FOREIGN'],
    ['a token for another audience', 'AUDIENCE'],
  ])('answers 401 for %s', async (_, kind) => {
    const session = await signIn(api(), 'insured@example.com', 'Demo-Insured-2024');
    const claims = decodeJwt(session.token);
    const sign = (secret: string, audience = String(claims.aud)) =>
      new SignJWT({ role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuer(String(claims.iss))
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(secret));
    const token = {
      'not-a-jwt': 'not-a-jwt',
      SIGNATURE: `${session.token.slice(0, -4)}AAAA`,
      FOREIGN: await sign('x'.repeat(48)),
      AUDIENCE: await sign(t.app.config.authSecret!, 'https://elsewhere.example.com/api'),
    }[kind]!;
    const response = await isLogin(token);
    expectError(response, 401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('answers 401 once the access token has expired (15 minutes)', async () => {
    const session = await signIn(api(), 'insured@example.com', 'Demo-Insured-2024');
    clock.advance(14 * 60_000);
    expect((await isLogin(session.token)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    expectError(await isLogin(session.token), 401);
  });

  it('takes the role from the database and refuses a user who no longer exists', async () => {
    const session = await signUp(api());
    await t.app.db.update(users).set({ role: 'underwriter' }).where(eq(users.id, session.user.id));
    expect((await isLogin(session.token)).json()).toMatchObject({ role: 'underwriter' });
    await t.app.db.delete(users).where(eq(users.id, session.user.id));
    expectError(await isLogin(session.token), 401);
  });

  it('answers 401 for a bearer header that is not one', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/weborder/insured/isLogin',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expectError(response, 401);
  });
});

describe('POST refreshtoken', () => {
  it('rotates: a new pair for the old refresh token, which is then used up', async () => {
    const { email, password } = await signUp(api());
    const first = await signIn(api(), email, password);
    const response = await api().post('refreshtoken', { refreshToken: first.refreshToken });
    expect(response.statusCode).toBe(200);
    const second = v.parse(sessionSchema, response.json());
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.user).toEqual(first.user);
    expect(second.rememberMe).toBe(false);
    expect(decodeJwt(second.token).sid).toBe(decodeJwt(first.token).sid);
    expect((await isLogin(second.token)).statusCode).toBe(200);
    // And again from the new one.
    const third = await api().post('refreshtoken', { refreshToken: second.refreshToken });
    expect(third.statusCode).toBe(200);
  });

  it('refuses a reused refresh token and ends that whole family, but not the user’s other sessions', async () => {
    const { email, password } = await signUp(api());
    const stolen = await signIn(api(), email, password);
    const elsewhere = await signIn(api(), email, password);
    const rotated = v.parse(
      sessionSchema,
      (await api().post('refreshtoken', { refreshToken: stolen.refreshToken })).json(),
    );

    expectError(await api().post('refreshtoken', { refreshToken: stolen.refreshToken }), 401);
    // The family is over: its newest refresh token and its access tokens too.
    expectError(await api().post('refreshtoken', { refreshToken: rotated.refreshToken }), 401);
    expectError(await isLogin(rotated.token), 401);
    expectError(await isLogin(stolen.token), 401);
    // Another sign-in of the same user is another family.
    expect((await isLogin(elsewhere.token)).statusCode).toBe(200);
    expect((await api().post('refreshtoken', { refreshToken: elsewhere.refreshToken })).statusCode).toBe(200);
  });

  it('ends a 12-hour session after 12 idle hours, a remembered one lasts', async () => {
    const { email, password } = await signUp(api());
    const session = await signIn(api(), email, password, false);
    const remembered = await signIn(api(), email, password, true);
    clock.advance(13 * HOUR);
    expectError(await api().post('refreshtoken', { refreshToken: session.refreshToken }), 401);
    const next = await api().post('refreshtoken', { refreshToken: remembered.refreshToken });
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ rememberMe: true });
  });

  it('answers 401 for an unknown token and 400 naming refreshToken for a missing one', async () => {
    expectError(await api().post('refreshtoken', { refreshToken: 'x'.repeat(43) }), 401);
    expect(expectError(await api().post('refreshtoken', {}), 400).fields).toEqual({ refreshToken: 'is required' });
    expect(expectError(await api().post('refreshtoken', { refreshToken: 'x'.repeat(300) }), 400).fields).toHaveProperty(
      'refreshToken',
    );
  });
});

describe('POST auth/signout', () => {
  it('ends the session: its refresh token and access token stop working; idempotent', async () => {
    const { email, password } = await signUp(api());
    const session = await signIn(api(), email, password);
    const other = await signIn(api(), email, password);
    const out = await api().post('auth/signout', { refreshToken: session.refreshToken });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Signed out' });
    expectError(await api().post('refreshtoken', { refreshToken: session.refreshToken }), 401);
    expectError(await isLogin(session.token), 401);
    expect((await api().post('auth/signout', { refreshToken: session.refreshToken })).statusCode).toBe(200);
    expect((await api().post('auth/signout', { refreshToken: 'never-issued-token-value' })).statusCode).toBe(200);
    // Works with a bearer token too, and leaves the user's other sessions alone.
    const third = await signIn(api(), email, password);
    expect((await api().post('auth/signout', { refreshToken: third.refreshToken }, third.token)).statusCode).toBe(200);
    const family = await t.app.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(third.refreshToken)));
    expect(family).toHaveLength(1);
    expect(family[0]!.revokedAt).not.toBeNull();
    expectError(await api().post('refreshtoken', { refreshToken: third.refreshToken }), 401);
    expectError(await isLogin(third.token), 401);
    expect((await isLogin(other.token)).statusCode).toBe(200);
    expect((await api().post('refreshtoken', { refreshToken: other.refreshToken })).statusCode).toBe(200);
  });
});

describe('Google sign-in when not configured', () => {
  it('reports no client id and answers 404 to a sign-in', async () => {
    const id = await api().get('auth/googleClientId');
    expect(id.statusCode).toBe(200);
    expect(id.json()).toEqual({ clientId: null });
    const body = expectError(await api().post('auth/signInWithGoogle', { googletoken: 'x.y.z' }), 404);
    expect(body.message).toBe('Google sign-in is not configured on this server');
  });
});
