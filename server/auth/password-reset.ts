/**
 * Password recovery. forgotpassword answers the same, in about the same time, whether or not the
 * address has an account; for a real one it stores a reset token (random, kept as a hash, one
 * hour, single use) and mails its link. updatepassword sets the password, uses up every
 * outstanding token of the user, ends all their sessions and clears a lockout.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { emailOfUser } from '@server/account/insured-queries';
import { brokerOfClientId } from '@server/auth/brokers';
import type { AccountDeps } from '@server/auth/accounts';
import { hashPassword } from '@server/auth/password';
import { checkNewPassword } from '@server/auth/password-rules';
import {
  claimResetToken,
  insertResetToken,
  usableResetToken,
  useUpResetTokens,
} from '@server/auth/password-reset-queries';
import { accountKey, enforce, forgetAttempts, ipKey, rateLimitRules } from '@server/auth/rate-limit';
import { endAllSessions } from '@server/auth/sessions';
import { forgetFailures, tooManyFromAddress } from '@server/auth/sign-in';
import { hashToken, randomToken, RESET_TOKEN_TTL_MS } from '@server/auth/tokens';
import { findUserByEmail, setPasswordHash } from '@server/auth/user-queries';
import { addMs } from '@server/clock';
import type { Queryable } from '@server/db/connection';
import { badRequest } from '@server/http/http-error';
import { passwordChangedMail, passwordResetMail } from '@server/mail/templates';

/** Every forgotpassword answer takes at least this long, whatever work it did. */
export const FORGOT_PASSWORD_MIN_MS = 250;

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this address, we have sent it a link to choose a new password. ' +
  'The link works once, for one hour.';

const tooManyResets = (wait: string) => `Too many password reset requests for this address. Try again in ${wait}.`;

export async function forgotPassword(
  deps: AccountDeps,
  input: { email: string; clientId?: string | null | undefined },
  ip: string,
): Promise<void> {
  const started = performance.now();
  const { db, clock, config } = deps;
  await enforce(db, ipKey('forgot-password', ip), rateLimitRules.forgotPassword.ip, clock.now(), tooManyFromAddress);
  const accountRule = rateLimitRules.forgotPassword.account;
  await enforce(db, accountKey('forgot-password', input.email), accountRule, clock.now(), tooManyResets);
  const broker = await brokerOfClientId(db, input.clientId);

  const user = await findUserByEmail(db, input.email);
  if (user) {
    const token = randomToken();
    const now = clock.now();
    const resetUrl = broker
      ? `${config.publicUrl}/client/changepassword/${token}/${broker.clientUrl}`
      : `${config.publicUrl}/changepassword/${token}`;
    await db.transaction(async (tx) => {
      await insertResetToken(tx, {
        userId: user.id,
        tokenHash: hashToken(token),
        clientUrl: broker?.clientUrl ?? null,
        expiresAt: addMs(now, RESET_TOKEN_TTL_MS),
        createdAt: now,
      });
      // To the address as stored: the account's, not whatever case the request typed.
      await deps.mail.enqueue(tx, passwordResetMail({ to: user.email, firstName: user.firstName, resetUrl }));
    });
    deps.mail.kick();
  }
  const elapsed = performance.now() - started;
  if (elapsed < FORGOT_PASSWORD_MIN_MS) await sleep(FORGOT_PASSWORD_MIN_MS - elapsed);
}

const badToken = () =>
  badRequest(
    'This password reset link is not valid: it was already used, has expired or never existed. Ask for a new one.',
    { token: 'is invalid, used or expired' },
  );

const findUsable = (db: Queryable, token: string, now: Date) => usableResetToken(db, hashToken(token), now);

/** POST auth/changepassword: whether the link can still be used (it is not used up by looking). */
export async function checkResetToken(deps: AccountDeps, token: string): Promise<void> {
  if (!(await findUsable(deps.db, token, deps.clock.now()))) throw badToken();
}

export async function updatePassword(deps: AccountDeps, token: string, newPassword: string): Promise<void> {
  const { db, clock, config } = deps;
  // Checked first: an unknown token must not cost a (slow) hash.
  const usableToken = await findUsable(db, token, clock.now());
  if (!usableToken) throw badToken();
  const ownerEmail = await emailOfUser(db, usableToken.userId);
  if (ownerEmail !== undefined) checkNewPassword(newPassword, ownerEmail, 'newpassword');
  const passwordHash = await hashPassword(newPassword);
  const now = clock.now();
  await db.transaction(async (tx) => {
    // Claimed in the same statement that checks it: of two uses at once, one wins.
    const claimed = await claimResetToken(tx, hashToken(token), now);
    if (!claimed) throw badToken();
    // Other links mailed earlier die with this one.
    await useUpResetTokens(tx, claimed.userId, now);
    const user = await setPasswordHash(tx, claimed.userId, passwordHash, now);
    await endAllSessions(tx, claimed.userId, now);
    // Whoever was guessing the old password made the owner wait; the owner just proved who they are.
    await forgetAttempts(tx, accountKey('sign-in', user!.email));
    await forgetFailures(tx, user!.email);
    const forgotUrl = claimed.clientUrl
      ? `${config.publicUrl}/client/forgotpassword/${claimed.clientUrl}`
      : `${config.publicUrl}/forgotpassword`;
    await deps.mail.enqueue(tx, passwordChangedMail({ to: user!.email, firstName: user!.firstName, forgotUrl }));
  });
  deps.mail.kick();
}
