import * as v from 'valibot';
import { refresh } from '@/api/auth';
import { userSchema, type Session } from '@shared/contract/auth';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY, REMEMBER_COOKIE } from '@/api/session-storage-keys';

/**
 * The browser side of a session, laid out as the specification names it (§3):
 * - `ssp-auth-token`: the access token, sent as the Bearer header (src/api/client.ts);
 * - `ssp-auth-user`: the user object with `id` and `token`, which also carries the refresh
 *   token, the "Remember me" choice and when the access token expires, so no other key is used;
 * - the `remember` cookie: "true" (kept 30 days) or "false" (a session cookie, gone when the
 *   browser closes, which ends a session the user did not ask to be remembered).
 */
export const storedUserSchema = v.object({
  ...userSchema.entries,
  token: v.string(),
  refreshToken: v.string(),
  rememberMe: v.boolean(),
  /** Epoch milliseconds when the access token stops working. */
  expiresAt: v.number(),
});
export type StoredUser = v.InferOutput<typeof storedUserSchema>;

export type RememberCookie = 'true' | 'false' | null;

export interface StoredState {
  user: StoredUser | null;
  rememberCookie: RememberCookie;
}

/** Where a session is kept: the browser's by default, fakes in tests. */
export interface SessionJar {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** `document`, or anything with the same `cookie` accessor. */
  cookies: { cookie: string } | undefined;
  hostname: string;
  pathname: string;
  secure: boolean;
}

export const REMEMBER_DAYS = 30;

export function browserJar(): SessionJar {
  let storage: SessionJar['storage'];
  try {
    storage = globalThis.localStorage;
  } catch {
    storage = undefined; // Storage disabled: nothing is kept.
  }
  return {
    storage,
    cookies: globalThis.document,
    hostname: globalThis.location?.hostname ?? '',
    pathname: globalThis.location?.pathname ?? '/',
    secure: globalThis.location?.protocol === 'https:',
  };
}

/** What a sign-in (or refresh) answered, as ssp-auth-user keeps it. */
export function storedUserFromSession(session: Session, now: number = Date.now()): StoredUser {
  return {
    ...session.user,
    token: session.token,
    refreshToken: session.refreshToken,
    rememberMe: session.rememberMe,
    expiresAt: now + session.expiresIn * 1000,
  };
}

/** The session a stored user stands for, with the seconds its access token has left. */
export function sessionFromStoredUser(user: StoredUser, now: number = Date.now()): Session {
  const { token, refreshToken, rememberMe, expiresAt, ...rest } = user;
  return {
    token,
    refreshToken,
    rememberMe,
    expiresIn: Math.max(0, Math.floor((expiresAt - now) / 1000)),
    user: v.parse(userSchema, rest),
  };
}

export function readCookie(name: string, jar: SessionJar = browserJar()): string | null {
  let all: string;
  try {
    all = jar.cookies?.cookie ?? '';
  } catch {
    return null;
  }
  for (const part of all.split(';')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (key === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

function rememberCookie(jar: SessionJar): RememberCookie {
  const value = readCookie(REMEMBER_COOKIE, jar);
  return value === 'true' || value === 'false' ? value : null;
}

/** The stored session, if any. The token key wins over the copy in the user object (a 401 drops only it). */
export function readStoredState(jar: SessionJar = browserJar()): StoredState {
  const state: StoredState = { user: null, rememberCookie: rememberCookie(jar) };
  try {
    const token = jar.storage?.getItem(AUTH_TOKEN_KEY);
    const raw = jar.storage?.getItem(AUTH_USER_KEY);
    if (!token || !raw) return state;
    const parsed = v.safeParse(storedUserSchema, JSON.parse(raw));
    if (parsed.success) state.user = { ...parsed.output, token };
  } catch {
    // Unreadable storage or a damaged user object: no session.
  }
  return state;
}

export function writeStoredUser(user: StoredUser, jar: SessionJar = browserJar()): void {
  try {
    jar.storage?.setItem(AUTH_TOKEN_KEY, user.token);
    jar.storage?.setItem(AUTH_USER_KEY, JSON.stringify(user));
  } catch {
    // Full or disabled storage: the session lasts as long as the page.
  }
}

/** Sign-out's first step (§4): the token and the user go. Cookies are another decision. */
export function clearStoredUser(jar: SessionJar = browserJar()): void {
  try {
    jar.storage?.removeItem(AUTH_TOKEN_KEY);
    jar.storage?.removeItem(AUTH_USER_KEY);
  } catch {
    // Nothing stored that could be read either.
  }
}

/** "true" for 30 days, or "false" until the browser closes. */
export function writeRememberCookie(rememberMe: boolean, jar: SessionJar = browserJar()): void {
  if (!jar.cookies) return;
  const attributes = ['path=/', 'SameSite=Lax', ...(jar.secure ? ['Secure'] : [])];
  if (rememberMe) attributes.push(`max-age=${REMEMBER_DAYS * 24 * 60 * 60}`);
  jar.cookies.cookie = `${REMEMBER_COOKIE}=${rememberMe}; ${attributes.join('; ')}`;
}

/** The paths and domains a script-set cookie may have been given, so that each one is really removed. */
function cookieScopes(jar: SessionJar): { paths: string[]; domains: Array<string | undefined> } {
  const segments = jar.pathname.split('/').filter(Boolean);
  const paths = ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)];
  const labels = jar.hostname.split('.');
  const domains: Array<string | undefined> = [undefined];
  if (labels.length > 1 && !/^[0-9.]+$/.test(jar.hostname)) {
    for (let i = 0; i < labels.length - 1; i++) domains.push(labels.slice(i).join('.'));
  }
  return { paths, domains };
}

/** Every cookie this page can see, expired under each path and domain it may have been set for (§4). */
export function clearAllCookies(jar: SessionJar = browserJar()): void {
  if (!jar.cookies) return;
  const names = jar.cookies.cookie
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean);
  const { paths, domains } = cookieScopes(jar);
  for (const name of new Set(names)) {
    for (const path of paths) {
      for (const domain of domains) {
        jar.cookies.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=${path}${domain ? `; domain=${domain}` : ''}`;
      }
    }
  }
}

/** Locks shared by every tab of this origin, where the browser has them. */
type LockManagerLike = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

/**
 * Refreshes the session once for every open tab. Refresh tokens rotate and a reused one ends
 * the whole family, so two tabs must never spend the same token: the refresh runs under a
 * cross-tab lock, and a tab that finds a token another tab already rotated adopts it instead.
 */
export async function refreshSharedSession(
  refreshToken: string,
  options: { jar?: SessionJar; locks?: LockManagerLike | undefined; call?: typeof refresh } = {},
): Promise<Session> {
  const jar = options.jar ?? browserJar();
  const locks =
    'locks' in options ? options.locks : (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  const call = options.call ?? refresh;
  const run = async () => {
    const stored = readStoredState(jar).user;
    if (stored && stored.refreshToken !== refreshToken && stored.expiresAt > Date.now() + 5_000) {
      return sessionFromStoredUser(stored);
    }
    const session = await call(refreshToken);
    // Written here, inside the lock, so the next tab in line sees the new token.
    writeStoredUser(storedUserFromSession(session), jar);
    return session;
  };
  return locks ? locks.request('ssp-auth-refresh', run) : run();
}
