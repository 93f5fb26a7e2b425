/** Creating accounts: sign-up with a password, and Google sign-in (which may create one). */
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import type { googleSignInRequestSchema, Session, signUpRequestSchema } from '@shared/contract/auth';
import { checkFirstRecords, createFirstRecords } from '@server/account/first-records';
import { brokerOfClientId } from '@server/auth/brokers';
import type { GoogleVerifier } from '@server/auth/google';
import { hashPassword } from '@server/auth/password';
import { checkNewPassword } from '@server/auth/password-rules';
import { accountKey, enforce, ipKey, rateLimitRules } from '@server/auth/rate-limit';
import { attachSubmission, endAllSessions, startSession, type SessionDeps } from '@server/auth/sessions';
import { forgetFailures, tooManyForAccount, tooManyFromAddress } from '@server/auth/sign-in';
import {
  findUserByEmail,
  insertSessionUser,
  insertUser,
  updateUserRow,
  userWithGoogleSubject,
} from '@server/auth/user-queries';
import type { Transaction } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { conflict, HttpError } from '@server/http/http-error';
import { googleLinkedMail, welcomeMail } from '@server/mail/templates';

export type AccountDeps = SessionDeps & { mail: FastifyInstance['mail'] };

const emailTaken = () =>
  conflict('This e-mail address is already registered. Sign in, or reset your password if you forgot it.', {
    email: 'is already registered',
  });

const signInUrl = (publicUrl: string, clientUrl: string | undefined) =>
  clientUrl ? `${publicUrl}/client/login/${clientUrl}` : `${publicUrl}/login`;

export async function signUp(
  deps: AccountDeps,
  input: v.InferOutput<typeof signUpRequestSchema>,
  ip: string,
): Promise<Session> {
  const { db, clock } = deps;
  await enforce(db, ipKey('sign-up', ip), rateLimitRules.signUp.ip, clock.now(), tooManyFromAddress);
  const broker = await brokerOfClientId(db, input.clientId);
  // A bad address is the visitor's to fix before anything is written or hashed.
  checkFirstRecords({ address1: input.address1, zipcode: input.zipcode, contactNumber: input.contactnumber });
  checkNewPassword(input.password, input.email, 'password');
  // Checked before the (deliberately slow) hash; the unique index settles races below.
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  let session: Session;
  try {
    session = await db.transaction(async (tx) => {
      const user = await insertSessionUser(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstname,
        lastName: input.lastname,
        companyName: input.companyname || null,
        insuredType: input.insuredtype,
        brokerId: broker?.id ?? null,
        role: 'insured',
        lastLoginAt: now,
        termsAcceptedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await createFirstRecords(tx, {
        userId: user.id,
        firstName: input.firstname,
        lastName: input.lastname,
        email: input.email,
        companyName: input.companyname || null,
        contactNumber: input.contactnumber,
        address1: input.address1,
        address2: input.address2,
        zipcode: input.zipcode,
        now,
      });
      if (input.submissionRequest) await attachSubmission(tx, user.id, input.submissionRequest, now);
      const welcome = welcomeMail({
        to: input.email,
        firstName: input.firstname,
        signInUrl: signInUrl(deps.config.publicUrl, broker?.clientUrl),
      });
      await deps.mail.enqueue(tx, welcome);
      return startSession(deps, user, false, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  deps.mail.kick();
  return session;
}

export async function signInWithGoogle(
  deps: AccountDeps,
  verify: GoogleVerifier | undefined,
  input: v.InferOutput<typeof googleSignInRequestSchema>,
  ip: string,
): Promise<Session> {
  const { db, clock } = deps;
  if (!verify) throw new HttpError(404, 'Google sign-in is not configured on this server');
  await enforce(db, ipKey('google-sign-in', ip), rateLimitRules.googleSignIn.ip, clock.now(), tooManyFromAddress);
  const identity = await verify(input.googletoken);
  const accountRule = rateLimitRules.googleSignIn.account;
  await enforce(db, accountKey('google-sign-in', identity.subject), accountRule, clock.now(), tooManyForAccount);
  const broker = await brokerOfClientId(db, input.clientId);

  const attempt = async () => {
    const now = clock.now();
    let mailed = false;
    const session = await db.transaction(async (tx: Transaction) => {
      let user = await userWithGoogleSubject(tx, identity.subject);
      if (!user) {
        user = await findUserByEmail(tx, identity.email);
        if (user?.googleSubject) {
          throw conflict(
            'This e-mail address is linked to another Google account. Sign in with that one, or with your password.',
          );
        }
        if (user) {
          // Google vouches for the address (email_verified): it is the same person. Sign-up never
          // verified it, so whoever set the password may not be: the password goes, and every
          // session it opened ends. The owner can choose a password again through forgot-password.
          const hadPassword = user.passwordHash !== null;
          await updateUserRow(tx, user.id, { googleSubject: identity.subject, passwordHash: null, updatedAt: now });
          if (hadPassword) {
            user = { ...user, passwordHash: null };
            await endAllSessions(tx, user.id, now);
            await forgetFailures(tx, user.email);
            const forgotUrl = broker?.clientUrl
              ? `${deps.config.publicUrl}/client/forgotpassword/${broker.clientUrl}`
              : `${deps.config.publicUrl}/forgotpassword`;
            await deps.mail.enqueue(tx, googleLinkedMail({ to: user.email, firstName: user.firstName, forgotUrl }));
            mailed = true;
          }
        }
      }
      if (!user) {
        user = await insertUser(tx, {
          email: identity.email,
          googleSubject: identity.subject,
          firstName: identity.givenName,
          lastName: identity.familyName,
          brokerId: broker?.id ?? null,
          role: 'insured',
          createdAt: now,
          updatedAt: now,
        });
        mailed = true;
        const welcome = welcomeMail({
          to: identity.email,
          firstName: identity.givenName ?? '',
          signInUrl: signInUrl(deps.config.publicUrl, broker?.clientUrl),
        });
        await deps.mail.enqueue(tx, welcome);
      }
      await updateUserRow(tx, user!.id, { lastLoginAt: now });
      if (input.submissionRequest) await attachSubmission(tx, user!.id, input.submissionRequest, now);
      return startSession(deps, user!, input.params.rememberMe, tx);
    });
    if (mailed) deps.mail.kick();
    return session;
  };
  try {
    return await attempt();
  } catch (error) {
    // Two first sign-ins of the same person at once: the loser finds the winner's account.
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}
