/**
 * A handler (an underwriter or an administrator) moves a claim: only the lifecycle's legal moves
 * (shared/lifecycle/claim-lifecycle.machine.ts), anything else a 409 naming the status it is in.
 * The move is made under the claim's row lock, so of two moves at once the second sees the
 * first's status (and is refused when its move no longer applies); messages and attachments
 * wait for it, so none lands on a claim after it was closed. Each move is recorded in the
 * timeline with the handler's note and mailed to the insured.
 */
import type * as v from 'valibot';
import type { ClaimEvent, claimMoveRequestSchema, ClaimStatus } from '@shared/contract/claims';
import { claimMovesFrom, claimMoveTo } from '@shared/lifecycle/claim-lifecycle.machine';
import { eventToWire } from '@server/claims/claim-detail';
import { claimMovedMail, claimUrl } from '@server/claims/claim-mails';
import {
  claimEventById,
  claimEventWithKey,
  claimInsured,
  insertClaimEvent,
  lockClaim,
  setClaimStatus,
  userName,
} from '@server/claims/claim-queries';
import type { ClaimDeps } from '@server/claims/claims';
import type { AuthUser } from '@server/auth/user';
import type { Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { conflict, forbidden, notFound } from '@server/http/http-error';
import { keyUsedForAnotherRequest, requestHash, sameRequest } from '@server/http/idempotency-key';

type MoveInput = v.InferOutput<typeof claimMoveRequestSchema>;

const IDEMPOTENCY_INDEX = 'claim_events_idempotency_key';

const words = (status: ClaimStatus) => status.replaceAll('_', ' ');

/** A handler never handles a claim of their own (as the desk refuses them a decision on their own order). */
export const ownClaimRefused = () => forbidden('You may not handle a claim of your own');

/** The move this user made with this key, when it was this same move (422 otherwise). */
async function earlierMove(db: Queryable, user: AuthUser, keyHash: string, bodyHash: string) {
  const row = await claimEventWithKey(db, user.id, keyHash);
  if (!row) return undefined;
  if (!sameRequest(row.requestHash, bodyHash)) throw keyUsedForAnotherRequest('move');
  return eventToWire(row);
}

function illegalMove(claim: { number: string | null; id: number; status: ClaimStatus }, to: ClaimStatus) {
  const allowed = claimMovesFrom(claim.status, 'handler').map(words);
  const then = allowed.length > 0 ? `it can move to ${allowed.join(' or ')}` : 'it cannot move';
  return conflict(`Claim ${claim.number ?? claim.id} is ${words(claim.status)}: not to ${words(to)}; ${then}`, {
    status: `is ${claim.status}`,
  });
}

export async function moveClaim(
  deps: ClaimDeps,
  user: AuthUser,
  input: MoveInput,
  keyHash: string | null,
): Promise<{ created: boolean; event: ClaimEvent }> {
  const { db, clock } = deps;
  const bodyHash = requestHash(input);
  try {
    const answer = await db.transaction(async (tx) => {
      const claim = await lockClaim(tx, input.claimid, 'update');
      if (!claim) throw notFound('No such claim');
      if (claim.userId === user.id) throw ownClaimRefused();
      // Under the lock: a retry that waited behind its first attempt finds what it did.
      if (keyHash) {
        const earlier = await earlierMove(tx, user, keyHash, bodyHash);
        if (earlier) return { created: false, event: earlier };
      }
      const event = claimMoveTo(claim.status, input.to, 'handler');
      if (!event) throw illegalMove(claim, input.to);

      // After the lock: a move that waited for another is recorded after it.
      const now = clock.now();
      const id = await insertClaimEvent(tx, {
        claimId: claim.id,
        fromStatus: claim.status,
        toStatus: input.to,
        party: 'handler',
        actorUserId: user.id,
        note: input.note,
        idempotencyKeyHash: keyHash,
        idempotencyRequestHash: keyHash ? bodyHash : null,
        createdAt: now,
      });
      await setClaimStatus(tx, claim.id, input.to, now);
      const recorded = eventToWire((await claimEventById(tx, id))!);

      const insured = await claimInsured(tx, claim.id);
      if (insured) {
        await deps.mail.enqueue(
          tx,
          claimMovedMail({
            to: insured.email,
            firstName: insured.firstName,
            claimNumber: claim.number ?? `C-${claim.id}`,
            claimUrl: claimUrl(deps.publicUrl, insured.clientUrl, claim.id),
            from: claim.status,
            status: input.to,
            handlerName: (await userName(tx, user.id)) ?? 'Your claims handler',
            note: input.note,
          }),
        );
      }
      return { created: true, event: recorded };
    });
    // Only once committed: a rolled-back move must not have the sender look for its mail.
    if (answer.created) deps.mail.kick();
    return answer;
  } catch (error) {
    // The same key at the same moment on another connection: that one recorded it; answer it.
    if (keyHash && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
      const earlier = await earlierMove(db, user, keyHash, bodyHash);
      if (earlier) return { created: false, event: earlier };
    }
    throw error;
  }
}
