/**
 * Signing in with e-mail and password. Wrong password and unknown address answer alike (and
 * take alike: an unknown address still costs one scrypt). Ten wrong passwords in a row lock
 * the address for a quarter of an hour; while locked, even the right password gets a 429 with
 * Retry-After; the first right password after that clears the count. The count and the lock live
 * in rate_limits under the hashed address, never on the user row, so an address with an account
 * and one without get the same answers at the same times.
 */
import type { Session, SubmissionRequest } from '@shared/contract/auth';
import { hashPassword, verifyPassword } from '@server/auth/password';
import { accountKey, countAttempt, enforce, ipKey, rateLimitRules, waitMessage } from '@server/auth/rate-limit';
import { countFailure, deleteBuckets, heldUntil, holdUntil } from '@server/auth/rate-limit-queries';
import { attachSubmission, startSession, type SessionDeps } from '@server/auth/sessions';
import { findUserByEmail, updateUserRow } from '@server/auth/user-queries';
import { addMs, MINUTE } from '@server/clock';
import type { Queryable } from '@server/db/connection';
import { tooManyRequests, unauthorized } from '@server/http/http-error';

export const LOCKOUT_THRESHOLD = 10;
export const LOCKOUT_MS = 15 * MINUTE;

export const WRONG_CREDENTIALS = 'Wrong e-mail or password';

export const tooManyForAccount = (wait: string) =>
  `Too many sign-in attempts for this account. Try again in ${wait}, or reset your password.`;
export const tooManyFromAddress = (wait: string) => `Too many attempts from your network. Try again in ${wait}.`;

/** A hash to verify against when there is no user, so unknown addresses cost the same time. */
let dummyHash: Promise<string> | undefined;
// Forgotten when it fails (a full hashing queue answers 503): a kept rejection would fail every later try.
const dummy = () =>
  (dummyHash ??= hashPassword('not-a-real-password: timing equaliser').catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  }));

export type SignInInput = {
  email: string;
  password: string;
  remember: boolean;
  /** A visitor's quote to attach (see attachSubmission). */
  submissionRequest: SubmissionRequest | null | undefined;
  ip: string;
};

export async function signInWithPassword(deps: SessionDeps, input: SignInInput): Promise<Session> {
  const { db, clock } = deps;
  await enforce(db, ipKey('sign-in', input.ip), rateLimitRules.signIn.ip, clock.now(), tooManyFromAddress);
  const rule = rateLimitRules.signIn.account;
  const bucket = await countAttempt(db, accountKey('sign-in', input.email), rule, clock.now());

  // Over the account's rate, or locked: one answer, with the longer of the two waits. Both are
  // kept by hashed address in rate_limits, for known and unknown addresses alike.
  const now = clock.now().getTime();
  const lockedUntil = await lockedUntilFor(db, input.email, clock.now());
  const waitMs = Math.max(
    bucket.used > rule.limit ? bucket.resetAt.getTime() - now : 0,
    lockedUntil ? lockedUntil.getTime() - now : 0,
  );
  if (waitMs > 0) throw tooManyRequests(tooManyForAccount(waitMessage(waitMs / 1000)), waitMs / 1000);

  const user = await findUserByEmail(db, input.email);
  let ok = false;
  if (user?.passwordHash) ok = await verifyPassword(input.password, user.passwordHash);
  else await verifyPassword(input.password, await dummy());
  if (!user || !ok) {
    await recordFailure(deps, input.email);
    throw unauthorized(WRONG_CREDENTIALS);
  }

  const signedInAt = clock.now();
  return db.transaction(async (tx) => {
    await updateUserRow(tx, user.id, { lastLoginAt: signedInAt });
    await forgetFailures(tx, input.email);
    if (input.submissionRequest) await attachSubmission(tx, user.id, input.submissionRequest, signedInAt);
    return startSession(deps, user, input.remember, tx);
  });
}

/** Consecutive wrong passwords, by hashed address; forgotten a day after the last one. */
export const failuresKey = (email: string) => accountKey('sign-in-failures', email);
/** The lock, by hashed address: the row's reset_at is the end of the lock. */
export const lockKey = (email: string) => accountKey('sign-in-lock', email);
const FAILURE_MEMORY_MS = 24 * 60 * MINUTE;

async function lockedUntilFor(db: Queryable, email: string, now: Date): Promise<Date | undefined> {
  return heldUntil(db, lockKey(email), now);
}

/** After a right password, or a password reset: the count starts again and any lock is gone. */
export async function forgetFailures(db: Queryable, email: string): Promise<void> {
  await deleteBuckets(db, [failuresKey(email), lockKey(email)]);
}

/**
 * One more wrong password, known address or not; the one that reaches the threshold locks the
 * address and restarts the count (in the same statement, so of two at once only one locks).
 */
async function recordFailure(deps: SessionDeps, email: string): Promise<void> {
  const now = deps.clock.now();
  const count = await countFailure(deps.db, failuresKey(email), now, addMs(now, FAILURE_MEMORY_MS), LOCKOUT_THRESHOLD);
  if (count !== 0) return;
  await holdUntil(deps.db, lockKey(email), addMs(now, LOCKOUT_MS));
  // No user id here: the address may have no account, and the log must not tell which.
  deps.log.warn(`Sign-in locked for an address after ${LOCKOUT_THRESHOLD} wrong passwords in a row`);
}
