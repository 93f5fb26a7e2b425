import * as v from 'valibot';
import { http } from '@/api/client';
import {
  googleClientIdSchema,
  messageSchema,
  sessionSchema,
  userSchema,
  type GoogleSignInRequest,
  type Session,
  type SignInRequest,
  type SignUpRequest,
  type User,
} from '@shared/contract/auth';

/**
 * Identity calls (specification §7 Auth), each answer parsed with the wire contract
 * (shared/contract/auth.ts). The machines call these through named actors; screens never do.
 */

/**
 * POST insured/save. The contract's session is what a sign-up answers ("sign-up-then-sign-in");
 * should a server answer only the created insured, the new account signs in with the same
 * credentials, so the caller always ends with a session.
 */
export async function signUp(request: SignUpRequest): Promise<Session> {
  const body: unknown = await http().post('insured/save', { json: request }).json();
  const session = v.safeParse(sessionSchema, body);
  if (session.success) return session.output;
  return signIn({ username: request.email, password: request.password, params: { rememberMe: false } });
}

/** POST auth/generate-token. A 401 here means wrong credentials, not a lost session (client.ts). */
export async function signIn(request: SignInRequest): Promise<Session> {
  const json = { submissionRequest: null, ...request, params: request.params ?? { rememberMe: false } };
  return v.parse(sessionSchema, await http().post('auth/generate-token', { json }).json());
}

/** POST refreshtoken: a new access token and a new (rotated) refresh token. */
export async function refresh(refreshToken: string): Promise<Session> {
  return v.parse(sessionSchema, await http().post('refreshtoken', { json: { refreshToken } }).json());
}

/** What GET insured/isLogin may carry: the user itself or under `user`. Anything else is just "yes". */
const isLoginSchema = v.union([
  v.pipe(
    userSchema,
    v.transform((user) => user as User | null),
  ),
  v.pipe(
    v.object({ user: userSchema }),
    v.transform(({ user }) => user as User | null),
  ),
  v.pipe(
    v.unknown(),
    v.transform(() => null),
  ),
]);

/**
 * GET insured/isLogin with the stored token: resolves (with the user when the server says who)
 * while the token is good, rejects with a 401 when it is not.
 */
export async function isLogin(): Promise<User | null> {
  const response = await http().get('insured/isLogin');
  const text = await response.text();
  return v.parse(isLoginSchema, text ? JSON.parse(text) : null);
}

/** A plain acknowledgement; an empty body (204) is one too. */
async function acknowledgement(response: Response): Promise<string> {
  const text = await response.text();
  if (!text) return '';
  return v.parse(
    v.union([
      messageSchema,
      v.pipe(
        v.unknown(),
        v.transform(() => ({ message: '' })),
      ),
    ]),
    JSON.parse(text),
  ).message;
}

/** POST auth/signout: revokes the refresh token on the server. */
export async function signOut(refreshToken: string): Promise<void> {
  await acknowledgement(await http().post('auth/signout', { json: { refreshToken } }));
}

/** POST auth/forgotpassword: the same answer whether or not the address has an account. */
export async function forgotPassword(email: string, clientId?: string): Promise<string> {
  const json = { email, clientId: clientId ?? null };
  return v.parse(messageSchema, await http().post('auth/forgotpassword', { json }).json()).message;
}

/** POST auth/changepassword: resolves while the reset token is usable, rejects otherwise. */
export async function checkResetToken(token: string): Promise<void> {
  await acknowledgement(await http().post('auth/changepassword', { json: { token } }));
}

/** POST auth/updatepassword: sets the new password (and the server ends every session). */
export async function updatePassword(token: string, newpassword: string): Promise<void> {
  await acknowledgement(await http().post('auth/updatepassword', { json: { token, newpassword } }));
}

/** GET auth/googleClientId: null when Google sign-in is not configured. */
export async function googleClientId(): Promise<string | null> {
  return v.parse(googleClientIdSchema, await http().get('auth/googleClientId').json()).clientId;
}

/**
 * POST auth/signInWithGoogle with the ID token Google's button handed over; clientId links a
 * new account to the broker it came through.
 */
export async function signInWithGoogle(request: GoogleSignInRequest): Promise<Session> {
  return v.parse(sessionSchema, await http().post('auth/signInWithGoogle', { json: request }).json());
}
