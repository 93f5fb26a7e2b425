import { delay, http, HttpResponse } from 'msw';
import type { Session, SignUpRequest, User } from '@shared/contract/auth';
import type { StoredState } from '@/api/session-store';

/** The identity API (src/api/auth.ts), on any origin. */
export const AUTH_URLS = {
  signIn: '*/api/weborder/auth/generate-token',
  signUp: '*/api/weborder/insured/save',
  isLogin: '*/api/weborder/insured/isLogin',
  signOut: '*/api/weborder/auth/signout',
  refresh: '*/api/weborder/refreshtoken',
  forgotPassword: '*/api/weborder/auth/forgotpassword',
  checkResetToken: '*/api/weborder/auth/changepassword',
  updatePassword: '*/api/weborder/auth/updatepassword',
  googleClientId: '*/api/weborder/auth/googleClientId',
  google: '*/api/weborder/auth/signInWithGoogle',
} as const;

export const ada: User = { id: 7, email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', role: 'insured' };
export const ADA_PASSWORD = 'analytical engine 1843';
export const TAKEN_EMAIL = 'grace@example.com';
/** A reset link's token the mock server accepts; any other is expired or used. */
export const GOOD_RESET_TOKEN = 'q3Vh0Zb7kLm2Xc9Rt5Yw8Np1';
/** The ID token the fake Google button hands over, and the mock server accepts. */
export const GOOGLE_ID_TOKEN = 'google-id-token';
export const USED_RESET_TOKEN = 'Aa1Bb2Cc3Dd4Ee5Ff6Gg7Hh8';

export function sessionFor(user: User, rememberMe = false): Session {
  return { token: `access-${user.id}`, refreshToken: `refresh-${user.id}`, expiresIn: 900, rememberMe, user };
}

/** A browser that kept Ada's session (for signed-in stories). */
export const adaStored: StoredState = {
  user: {
    ...ada,
    token: 'access-7',
    refreshToken: 'refresh-7',
    rememberMe: true,
    expiresAt: Date.now() + 3_600_000,
  },
  rememberCookie: 'true',
};

function apiError(status: number, message: string, fields?: Record<string, string>, headers?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status, headers });
}

const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

/**
 * The identity API as the server answers it: Ada signs in with her password, the taken address
 * cannot sign up again, only the good reset token works, and Google is not configured.
 */
export function authHandlers(options: { googleClientId?: string | null } = {}) {
  return [
    http.get(AUTH_URLS.googleClientId, () => HttpResponse.json({ clientId: options.googleClientId ?? null })),
    http.get(AUTH_URLS.isLogin, () => HttpResponse.json(ada)),
    http.post(AUTH_URLS.signIn, async ({ request }) => {
      const body = (await request.json()) as { username: string; password: string; params?: { rememberMe: boolean } };
      if (body.username.toLowerCase() !== ada.email || body.password !== ADA_PASSWORD) {
        return apiError(401, 'Wrong e-mail or password.');
      }
      return HttpResponse.json(sessionFor(ada, body.params?.rememberMe ?? false));
    }),
    http.post(AUTH_URLS.signUp, async ({ request }) => {
      const body = (await request.json()) as SignUpRequest;
      if (body.email.toLowerCase() === TAKEN_EMAIL)
        return apiError(409, 'An account with this e-mail address already exists.');
      const user: User = {
        id: 8,
        email: body.email,
        firstname: body.firstname,
        lastname: body.lastname,
        role: 'insured',
      };
      return HttpResponse.json(sessionFor(user));
    }),
    http.post(AUTH_URLS.google, async ({ request }) => {
      const { googletoken } = (await request.json()) as { googletoken: string };
      return googletoken === GOOGLE_ID_TOKEN
        ? HttpResponse.json(sessionFor(ada))
        : apiError(401, 'The Google sign-in could not be verified.');
    }),
    http.post(AUTH_URLS.signOut, () => new HttpResponse(null, { status: 204 })),
    http.post(AUTH_URLS.forgotPassword, () =>
      HttpResponse.json({ message: 'If an account exists for this address, a reset link is on its way.' }),
    ),
    http.post(AUTH_URLS.checkResetToken, async ({ request }) => {
      const { token } = (await request.json()) as { token: string };
      return token === GOOD_RESET_TOKEN
        ? HttpResponse.json({ message: 'The link is valid.' })
        : apiError(410, 'This link has expired or has already been used.');
    }),
    http.post(AUTH_URLS.updatePassword, () => HttpResponse.json({ message: 'Your password has been changed.' })),
  ];
}

/** Sign-in never answers: the login screen stays pending. */
export const pendingSignInHandlers = [http.post(AUTH_URLS.signIn, never), ...authHandlers()];

/** The reset-token check never answers: the change-password screen stays on "checking". */
export const pendingTokenCheckHandlers = [http.post(AUTH_URLS.checkResetToken, never), ...authHandlers()];
