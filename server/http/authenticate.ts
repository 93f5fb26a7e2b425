/**
 * Guards every route not declared public: a valid access token (signature, issuer, audience,
 * expiry) whose user still exists and whose session (the refresh-token family it names) has
 * not been ended by sign-out, reuse detection or a password change; the role comes from the
 * database, not from a token minted before a role change. A signed-out or reset session stops
 * working at once, not 15 minutes later. A locked account keeps its sessions: the lock stops
 * password guessing, not its owner.
 *
 * Without a query per request: the answer of that check (live, and with which role) is kept
 * per app in a bounded LRU cache of sessions, filled on first use and evicted by the database's
 * 'sessions:<user>' change notice (server/db/change-notices.ts), which a trigger raises on every
 * revocation, role change or deletion, whatever code makes it. The writing process hears its own
 * notice before its commit returns, so there the very next request is refused; other processes
 * within NOTIFY delivery latency. While notices cannot be heard, every request asks the database,
 * as before. Chosen over shorter-lived tokens or a revocation list polled on a timer: those leave
 * a window open in every process, this one only between processes, for milliseconds.
 */
import type { FastifyRequest } from 'fastify';
import { liveSession, type LiveSession } from '@server/auth/sessions';
import { verifyAccessToken } from '@server/auth/tokens';
import type { AuthUser } from '@server/auth/user';
import { NoticedCache, type ChangeNotices } from '@server/db/change-notices';
import { unauthorized } from '@server/http/http-error';

export type { LiveSession };

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: set for every non-public route (null on public ones). */
    user: AuthUser | null;
  }
}

/** Sessions in use within an access token's quarter of an hour: a bound, not a working set. */
export const SESSION_CACHE_MAX_ENTRIES = 20_000;

export const createSessionCache = (bus: ChangeNotices) =>
  new NoticedCache<LiveSession | null>({ bus, kind: 'sessions', maxEntries: SESSION_CACHE_MAX_ENTRIES });

const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)[ ]*$/i;

export async function authenticate(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Sign in to continue');
  const token = BEARER.exec(header)?.[1];
  if (!token)
    throw unauthorized('Sign in to continue: the authorization header is not a bearer token', 'invalid_token');
  const app = request.server;
  const claims = await verifyAccessToken(app.config, token, app.clock.now());
  if (!claims) throw unauthorized('Your session has expired: sign in again', 'invalid_token');
  // Only live sessions are kept: an ended one is asked again (it never comes back to life, but
  // validly signed tokens of ended sessions are rare, and keeping them would only crowd the cache).
  const session = await app.sessionCache.get(
    `${claims.userId}:${claims.sessionId}`,
    () => liveSession(app.db, claims.userId, claims.sessionId),
    { group: claims.userId, keep: (found) => found !== null },
  );
  if (!session) throw unauthorized('Your session has ended: sign in again', 'invalid_token');
  request.user = { id: claims.userId, role: session.role, sessionId: claims.sessionId };
}

/** For handlers of non-public routes: the caller, whom authenticate has already checked. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * For public routes that also serve signed-in users (a visitor may save a quote; with a bearer
 * token it is the user's): no authorization header, a visitor (null); a header, checked exactly
 * as on a guarded route, so a bad or ended token is a 401 rather than a silent visitor.
 */
export async function authenticateIfPresent(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.headers.authorization === undefined) return null;
  if (!request.user) await authenticate(request);
  return request.user;
}
