/**
 * Sessions: one refresh-token family per sign-in. Every refresh replaces the token it was given
 * with a new one of the same family; presenting a replaced or revoked token again (a stolen copy,
 * or the legitimate one after the thief used it) ends the whole family. Access tokens carry the
 * family as `sid`, so ending the family also ends them (see authenticate).
 *
 * Every revocation here raises a 'sessions' change notice by itself (a trigger on refresh_tokens,
 * migration 0009): authenticate's cache of live sessions hears it on commit.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Session } from '@shared/contract/auth';
import { placeOrderAtPrimaryLocation } from '@server/account/first-records';
import { addMs, type Clock } from '@server/clock';
import type { Config } from '@server/config';
import type { Database, Queryable } from '@server/db/connection';
import { unauthorized } from '@server/http/http-error';
import { ACCESS_TOKEN_TTL_MS, hashToken, randomToken, refreshLifetime, signAccessToken } from '@server/auth/tokens';
import {
  familyOfToken,
  insertRefreshToken,
  liveSessionRole,
  lockRefreshToken,
  markTokenReplaced,
  revokeFamily,
  revokeUserTokens,
  takeVisitorSubmission,
} from '@server/auth/session-queries';
import { toWireUser, type Role, type UserRow } from '@server/auth/user';
import { sessionUser } from '@server/auth/user-queries';
import { quoteKeyHash } from '@server/submissions/quote-keys';
import { insertSubmissionEvent } from '@server/submissions/submission-queries';

export type SessionDeps = { db: Database; config: Config; clock: Clock; log: FastifyBaseLogger };

type Issued = { family: string; refreshToken: string; remember: boolean };

/** The session answer: a fresh access token for the family, with its refresh token. */
async function answer(
  deps: SessionDeps,
  user: UserRow,
  { family, refreshToken, remember }: Issued,
  now: Date,
): Promise<Session> {
  const token = await signAccessToken(deps.config, { userId: user.id, role: user.role, sessionId: family }, now);
  return {
    token,
    refreshToken,
    expiresIn: ACCESS_TOKEN_TTL_MS / 1000,
    rememberMe: remember,
    user: toWireUser(user),
  };
}

/** A new family for a user who just proved who they are. `db` may be a transaction in progress. */
export async function startSession(
  deps: SessionDeps,
  user: UserRow,
  remember: boolean,
  db: Queryable = deps.db,
): Promise<Session> {
  const now = deps.clock.now();
  const family = randomBytes(16).toString('base64url');
  const refreshToken = randomToken();
  await insertRefreshToken(db, {
    userId: user.id,
    family,
    tokenHash: hashToken(refreshToken),
    remember,
    expiresAt: addMs(now, refreshLifetime(remember)),
    createdAt: now,
  });
  return answer(deps, user, { family, refreshToken, remember }, now);
}

const sessionEnded = () => unauthorized('Your session has ended: sign in again', 'invalid_token');

/** POST refreshtoken: the next token of the family, or 401 (and the family ended on reuse). */
export async function rotateSession(deps: SessionDeps, presented: string): Promise<Session> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    // FOR UPDATE: of two refreshes with the same token, the second waits and then sees it replaced.
    const row = await lockRefreshToken(tx, hashToken(presented));
    if (!row) return { kind: 'unknown' } as const;
    if (row.revokedAt !== null || row.replacedById !== null) {
      await revokeFamily(tx, row.family, now);
      return { kind: 'reused', userId: row.userId, replaced: row.replacedById !== null } as const;
    }
    if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' } as const;
    const user = await sessionUser(tx, row.userId);
    if (!user) return { kind: 'unknown' } as const;
    const refreshToken = randomToken();
    const next = await insertRefreshToken(tx, {
      userId: row.userId,
      family: row.family,
      tokenHash: hashToken(refreshToken),
      remember: row.remember,
      expiresAt: addMs(now, refreshLifetime(row.remember)),
      createdAt: now,
    });
    await markTokenReplaced(tx, row.id, next);
    return { kind: 'rotated', user, family: row.family, refreshToken, remember: row.remember } as const;
  });
  switch (outcome.kind) {
    case 'rotated':
      return answer(deps, outcome.user, outcome, now);
    case 'reused':
      if (outcome.replaced) {
        deps.log.warn({ userId: outcome.userId }, 'A replaced refresh token was presented again: session ended');
      }
      throw sessionEnded();
    default:
      throw sessionEnded();
  }
}

/** Sign-out: ends the family of the token given, whatever state it is in. Unknown tokens: nothing to do. */
export async function endSession(deps: SessionDeps, presented: string): Promise<void> {
  const family = await familyOfToken(deps.db, hashToken(presented));
  if (family === undefined) return;
  await revokeFamily(deps.db, family, deps.clock.now());
}

export type LiveSession = { role: Role };

/**
 * What authenticate asks (through its cache): the user's role while the user exists and the
 * family has a token not revoked; null otherwise. One indexed query.
 */
export async function liveSession(db: Queryable, userId: number, family: string): Promise<LiveSession | null> {
  return (await liveSessionRole(db, userId, family)) ?? null;
}

/** After a password change: every session of the user ends, on every device. */
export async function endAllSessions(db: Queryable, userId: number, now: Date): Promise<void> {
  await revokeUserTokens(db, userId, now);
}

/**
 * A quote a visitor saved before signing in joins the account, but only when nobody owns it yet
 * and the caller holds its quote key. Attaching by id alone would let anyone who guessed or saw
 * an id (ids are sequential) take a stranger's quote, answers included. Once attached the key
 * hash is cleared: from then on the account's bearer token opens it. Anything else is left
 * alone without saying so. The move is recorded in the submission's history.
 */
export async function attachSubmission(
  db: Queryable,
  userId: number,
  request: { submissionId: number; quoteKey?: string | undefined },
  now: Date,
): Promise<boolean> {
  const keyHash = quoteKeyHash(request.quoteKey);
  if (!keyHash) return false;
  const attached = await takeVisitorSubmission(db, request.submissionId, userId, keyHash, now);
  if (!attached) return false;
  await insertSubmissionEvent(db, {
    submissionId: attached.id,
    actorUserId: userId,
    event: 'attach',
    fromStatus: attached.status,
    toStatus: attached.status,
    reason: 'A visitor’s quote joined the account on sign-in or sign-up',
    createdAt: now,
  });
  // Straight on to buying it: the account's primary location covers the order when it is at the quoted ZIP.
  await placeOrderAtPrimaryLocation(db, userId, attached.id, now);
  return true;
}
