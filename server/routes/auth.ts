/**
 * Identity (specification §7 Auth, issue 3): sign-up, sign-in, refresh, sign-out, who am I,
 * password recovery, Google sign-in. The rules live in server/auth/; these are the wire.
 */
import type { FastifyInstance } from 'fastify';
import {
  checkResetTokenRequestSchema,
  forgotPasswordRequestSchema,
  googleClientIdSchema,
  googleSignInRequestSchema,
  messageSchema,
  refreshRequestSchema,
  sessionSchema,
  signInRequestSchema,
  signOutRequestSchema,
  signUpRequestSchema,
  updatePasswordRequestSchema,
  userSchema,
} from '@shared/contract/auth';
import { signInWithGoogle, signUp, type AccountDeps } from '@server/auth/accounts';
import { googleVerifier } from '@server/auth/google';
import { checkResetToken, FORGOT_PASSWORD_ANSWER, forgotPassword, updatePassword } from '@server/auth/password-reset';
import { endSession, rotateSession } from '@server/auth/sessions';
import { signInWithPassword } from '@server/auth/sign-in';
import { findUserById } from '@server/auth/user-queries';
import { toWireUser } from '@server/auth/user';
import { currentUser } from '@server/http/authenticate';
import { unauthorized } from '@server/http/http-error';
import { defineRoute } from '@server/http/route';

/** Password hashing runs a few at a time (server/auth/password.ts); beyond its queue, this. */
const BUSY = 'Too many passwords are being checked right now: see Retry-After';

export async function authRoutes(app: FastifyInstance) {
  const deps: AccountDeps = { db: app.db, config: app.config, clock: app.clock, log: app.log, mail: app.mail };
  const verifyGoogle = googleVerifier(app.config, app.clock);
  const tags = ['identity'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'POST',
    url: '/insured/save',
    summary: 'Sign up as an insured; answers a session (signed in at once, not remembered)',
    description:
      'E-mail unique whatever its case (409 naming `email`); clientId links the broker (400 naming it when unknown); ' +
      'submissionRequest { submissionId, quoteKey } attaches a quote a visitor saved before signing up when nobody owns it ' +
      'and the key is its key (otherwise ignored without a word). The names, e-mail and contactnumber become the primary contact; ' +
      'address1/address2 with zipcode (city and state follow from it) the primary location, which a saved quote at that ZIP takes as ' +
      'its location. acceptTerms must be true (400 naming it otherwise) and its time is kept on the account. Sends a welcome mail.',
    tags,
    public: true,
    body: signUpRequestSchema,
    response: sessionSchema,
    status: 201,
    errors: {
      409: 'The e-mail address is already registered (`fields.email`)',
      429: 'Too many sign-ups from this address: see Retry-After',
      503: BUSY,
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return signUp(deps, body, request.ip);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/generate-token',
    summary: 'Sign in with e-mail and password',
    description:
      'Wrong password and unknown e-mail both answer 401 "Wrong e-mail or password". params.rememberMe: a 30-day ' +
      'refresh token, else 12 hours. Rate-limited per address and per account (429 with Retry-After); ten wrong ' +
      'passwords in a row lock the account for 15 minutes (429 with Retry-After, even for the right password).',
    tags,
    public: true,
    body: signInRequestSchema,
    response: sessionSchema,
    errors: {
      401: 'Wrong e-mail or password',
      429: 'Too many attempts (rate limit or account lock): see Retry-After',
      503: BUSY,
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return signInWithPassword(deps, {
        email: body.username,
        password: body.password,
        remember: body.params.rememberMe,
        submissionRequest: body.submissionRequest,
        ip: request.ip,
      });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/refreshtoken',
    summary: 'Trade a refresh token for a new session (the token given is used up)',
    description: 'Presenting a token that was already used ends its whole session family (401).',
    tags,
    public: true,
    body: refreshRequestSchema,
    response: sessionSchema,
    errors: { 401: 'Unknown, expired, used or revoked refresh token (a used one ends its family)' },
    handler: async ({ body, reply }) => {
      reply.headers(noStore);
      return rotateSession(deps, body.refreshToken);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/signout',
    summary: 'Sign out: ends the session the refresh token belongs to (idempotent)',
    tags,
    public: true,
    body: signOutRequestSchema,
    response: messageSchema,
    handler: async ({ body }) => {
      await endSession(deps, body.refreshToken);
      return { message: 'Signed out' };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/isLogin',
    summary: 'The signed-in user (401 without a valid token)',
    tags,
    public: false,
    response: userSchema,
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      const user = await findUserById(app.db, currentUser(request).id);
      if (!user) throw unauthorized();
      return toWireUser(user);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/forgotpassword',
    summary: 'Mail a password reset link (the same answer whether or not the address has an account)',
    description:
      'The link is PUBLIC_URL/changepassword/{token}, or PUBLIC_URL/client/changepassword/{token}/{clientId} with a ' +
      'clientId (400 naming it when no broker has it). Rate-limited per address and per e-mail (429 with Retry-After).',
    tags,
    public: true,
    body: forgotPasswordRequestSchema,
    response: messageSchema,
    status: 202,
    errors: { 429: 'Too many requests from this address or for this e-mail: see Retry-After' },
    handler: async ({ body, request }) => {
      await forgotPassword(deps, body, request.ip);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/changepassword',
    summary: 'Check a password reset token (400 naming `token` when unknown, used or expired)',
    tags,
    public: true,
    body: checkResetTokenRequestSchema,
    response: messageSchema,
    handler: async ({ body }) => {
      await checkResetToken(deps, body.token);
      return { message: 'The link is valid: choose a new password.' };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/updatepassword',
    summary: 'Set a new password with a reset token; signs out every session',
    tags,
    public: true,
    body: updatePasswordRequestSchema,
    response: messageSchema,
    errors: { 503: BUSY },
    handler: async ({ body }) => {
      await updatePassword(deps, body.token, body.newpassword);
      return { message: 'Your password has been changed. Sign in with the new one.' };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/googleClientId',
    summary: 'The Google client id for the sign-in button (null: Google sign-in is off)',
    tags,
    public: true,
    response: googleClientIdSchema,
    handler: async () => ({ clientId: app.config.googleClientId ?? null }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/signInWithGoogle',
    summary: 'Sign in (or sign up) with a Google ID token',
    description:
      'The token is checked against GOOGLE_JWKS_URL: signature, audience GOOGLE_CLIENT_ID, issuer and expiry (401 ' +
      'otherwise), and its e-mail must be verified. Signs in the account linked to the Google subject, else links the ' +
      'account with that e-mail, else creates an insured. 404 when Google sign-in is not configured; 503 when Google ' +
      'cannot be reached.',
    tags,
    public: true,
    body: googleSignInRequestSchema,
    response: sessionSchema,
    errors: {
      401: 'The Google token is not valid (signature, audience, issuer, expiry) or its e-mail is not verified',
      404: 'Google sign-in is not configured',
      409: 'The e-mail address is linked to another Google account',
      429: 'Too many attempts: see Retry-After',
      503: 'Google could not be reached to check the token',
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return signInWithGoogle(deps, verifyGoogle, body, request.ip);
    },
  });
}
