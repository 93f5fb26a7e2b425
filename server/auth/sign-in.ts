/**
 * Signing in with e-mail and password. Wrong password and unknown address answer alike (and
 * take alike: an unknown address still costs one scrypt). Ten wrong passwords in a row lock
 * the account for a quarter of an hour; while locked, even the right password gets a 429 with
 * Retry-After; the first right password after that clears the count.
 */
import { eq, sql } from 'drizzle-orm';
import type { Session } from '@/api/contract/auth';
import { hashPassword, verifyPassword } from '@server/auth/password';
import { accountKey, countAttempt, enforce, ipKey, rateLimitRules, waitMessage } from '@server/auth/rate-limit';
import { attachSubmission, startSession, type SessionDeps } from '@server/auth/sessions';
import { findUserByEmail } from '@server/auth/user';
import { addMs, MINUTE } from '@server/clock';
import { users } from '@server/db/schema';
import { tooManyRequests, unauthorized } from '@server/http/http-error';

export const LOCKOUT_THRESHOLD = 10;
export const LOCKOUT_MS = 15 * MINUTE;

export const WRONG_CREDENTIALS = 'Wrong e-mail or password';

export const tooManyForAccount = (wait: string) =>
  `Too many sign-in attempts for this account. Try again in ${wait}, or reset your password.`;
export const tooManyFromAddress = (wait: string) => `Too many attempts from your network. Try again in ${wait}.`;

/** A hash to verify against when there is no user, so unknown addresses cost the same time. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('not-a-real-password: timing equaliser'));

export type SignInInput = {
  email: string;
  password: string;
  remember: boolean;
  submissionId: number | undefined;
  ip: string;
};

export async function signInWithPassword(deps: SessionDeps, input: SignInInput): Promise<Session> {
  const { db, clock } = deps;
  await enforce(db, ipKey('sign-in', input.ip), rateLimitRules.signIn.ip, clock.now(), tooManyFromAddress);
  const rule = rateLimitRules.signIn.account;
  const bucket = await countAttempt(db, accountKey('sign-in', input.email), rule, clock.now());

  const user = await findUserByEmail(db, input.email);
  // Over the account's rate, or locked: one answer, with the longer of the two waits.
  const now = clock.now().getTime();
  const waitMs = Math.max(
    bucket.used > rule.limit ? bucket.resetAt.getTime() - now : 0,
    user?.lockedUntil ? user.lockedUntil.getTime() - now : 0,
  );
  if (waitMs > 0) throw tooManyRequests(tooManyForAccount(waitMessage(waitMs / 1000)), waitMs / 1000);

  let ok = false;
  if (user?.passwordHash) ok = await verifyPassword(input.password, user.passwordHash);
  else await verifyPassword(input.password, await dummy());
  if (!user || !ok) {
    if (user) await recordFailure(deps, user.id);
    throw unauthorized(WRONG_CREDENTIALS);
  }

  const signedInAt = clock.now();
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: signedInAt })
      .where(eq(users.id, user.id));
    if (input.submissionId !== undefined) await attachSubmission(tx, user.id, input.submissionId, signedInAt);
    return startSession(deps, user, input.remember, tx);
  });
}

/** One more wrong password; the one that reaches the threshold locks the account and restarts the count. */
async function recordFailure(deps: SessionDeps, userId: number): Promise<void> {
  const lockUntil = addMs(deps.clock.now(), LOCKOUT_MS);
  const reached = sql`${users.failedLogins} + 1 >= ${LOCKOUT_THRESHOLD}`;
  const [row] = await deps.db
    .update(users)
    .set({
      failedLogins: sql`case when ${reached} then 0 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${reached} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  if (row?.lockedUntil && row.lockedUntil.getTime() === lockUntil.getTime()) {
    deps.log.warn({ userId }, `Account locked after ${LOCKOUT_THRESHOLD} wrong passwords in a row`);
  }
}
