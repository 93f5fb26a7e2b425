/**
 * Guards every route not declared public: a valid access token (signature, issuer, audience,
 * expiry) whose user still exists and whose session (the refresh-token family it names) has
 * not been ended by sign-out, reuse detection or a password change. One indexed query per
 * request buys that: a signed-out or reset session stops working at once, not 15 minutes later,
 * and the role comes from the database, not from a token minted before a role change.
 * A locked account keeps its sessions: the lock stops password guessing, not its owner.
 */
import { and, eq, exists, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { verifyAccessToken } from '@server/auth/tokens';
import type { AuthUser } from '@server/auth/user';
import { refreshTokens, users } from '@server/db/schema';
import { unauthorized } from '@server/http/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: set for every non-public route (null on public ones). */
    user: AuthUser | null;
  }
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)[ ]*$/i;

export async function authenticate(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Sign in to continue');
  const token = BEARER.exec(header)?.[1];
  if (!token) throw unauthorized('Sign in to continue: the authorization header is not a bearer token', 'invalid_token');
  const app = request.server;
  const claims = await verifyAccessToken(app.config, token, app.clock.now());
  if (!claims) throw unauthorized('Your session has expired: sign in again', 'invalid_token');
  const [user] = await app.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.id, claims.userId),
        exists(
          app.db
            .select({ id: refreshTokens.id })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.family, claims.sessionId),
                eq(refreshTokens.userId, users.id),
                isNull(refreshTokens.revokedAt),
              ),
            ),
        ),
      ),
    );
  if (!user) throw unauthorized('Your session has ended: sign in again', 'invalid_token');
  request.user = { id: user.id, role: user.role, sessionId: claims.sessionId };
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
