/**
 * What happens when the same thing is tried twice at once. PGlite serialises every connection,
 * so on it these would pass whatever the code did: they run only on PostgreSQL (TEST_DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TestClock } from '@server/clock';
import { rateLimits, refreshTokens } from '@server/db/schema';
import { sweepExpired } from '@server/jobs/housekeeping';
import { caller, linkIn, mailsTo, signIn, signUp, signUpBody, uniqueEmail } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const api = () => caller(() => t.app);

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe.skipIf(!process.env.TEST_DATABASE_URL)('at the same moment', () => {
  it('two refreshes with one token: one wins, the other is a reuse and ends the family', async () => {
    const { email, password } = await signUp(api());
    const session = await signIn(api(), email, password);
    const both = await Promise.all([
      api().post('refreshtoken', { refreshToken: session.refreshToken }),
      api().post('refreshtoken', { refreshToken: session.refreshToken }),
    ]);
    expect(statuses(both)).toEqual([200, 401]);
    const winner = both.find((r) => r.statusCode === 200)!.json() as { refreshToken: string };
    expectError(await api().post('refreshtoken', { refreshToken: winner.refreshToken }), 401);
  });

  it('two sign-ups with one e-mail (different case): one 201, one 409', async () => {
    const email = uniqueEmail('race');
    const both = await Promise.all([
      api().post('insured/save', signUpBody({ email })),
      api().post('insured/save', signUpBody({ email: email.toUpperCase() })),
    ]);
    expect(statuses(both)).toEqual([201, 409]);
  });

  it('two password updates with one reset token: one 200, one 400', async () => {
    const { email } = await signUp(api());
    expect((await api().post('auth/forgotpassword', { email })).statusCode).toBe(202);
    const [mail] = await mailsTo(t.app, email).then((mails) => mails.filter((m) => m.subject.startsWith('Reset')));
    const token = linkIn(mail!, `${t.app.config.publicUrl}/changepassword/`).split('/').at(-1)!;
    const both = await Promise.all([
      api().post('auth/updatepassword', { token, newpassword: 'First-Choice-111' }),
      api().post('auth/updatepassword', { token, newpassword: 'Second-Choice-222' }),
    ]);
    expect(statuses(both)).toEqual([200, 400]);
  });

  it('wrong passwords from many addresses still lock after ten', async () => {
    const { email, password } = await signUp(api());
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api().post('auth/generate-token', { username: email, password: `Wrong-${i}-xyz` }),
      ),
    );
    expect(statuses(guesses)).toEqual(Array(10).fill(401));
    clock.advance(2 * 60_000);
    expectError(await api().post('auth/generate-token', { username: email, password }), 429);
  });
});

describe('housekeeping', () => {
  it('drops closed rate-limit windows and tokens a day past their expiry, nothing else', async () => {
    const { email, password } = await signUp(api());
    const live = await signIn(api(), email, password, true);
    await t.app.db
      .insert(rateLimits)
      .values({ key: 'test:old', count: 3, resetAt: new Date(clock.now().getTime() - 1000) });
    await t.app.db
      .insert(rateLimits)
      .values({ key: 'test:current', count: 3, resetAt: new Date(clock.now().getTime() + 48 * 3_600_000) });
    clock.advance(13 * 3_600_000 + 24 * 3_600_000);
    await sweepExpired(t.app.db, clock.now());
    const keys = (await t.app.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain('test:old');
    expect(keys).toContain('test:current');
    // The 12-hour sign-up session is gone, the remembered one stays.
    const rows = await t.app.db
      .select({ remember: refreshTokens.remember })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, live.user.id));
    expect(rows).toEqual([{ remember: true }]);
    expect((await api().post('refreshtoken', { refreshToken: live.refreshToken })).statusCode).toBe(200);
  });
});
