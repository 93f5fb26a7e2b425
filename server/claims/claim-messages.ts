/**
 * Messages on a claim between its insured and whoever handles it. The insured writes on their
 * own claims (anyone else's is a 404); a handler on any claim but one of their own (403). A
 * closed claim takes no more (409 naming status), checked under the claim's row lock held FOR
 * SHARE: a move (FOR UPDATE) waits for the message or the message finds the claim closed, while
 * messages do not wait for each other. A handler's message is mailed to the insured; an
 * insured's shows in the handler's queue as waiting for them and is mailed to whoever handles
 * the claim (claim-handler-notice.ts). Each mail is queued in the message's transaction: a
 * message recorded is mailed, a retry answered from its key is not mailed again.
 */
import type * as v from 'valibot';
import type { ClaimMessage, claimMessageRequestSchema, ClaimParty } from '@shared/contract/claims';
import { claimIsOpen } from '@shared/lifecycle/claim-lifecycle.machine';
import { messageToWire, noSuchClaim } from '@server/claims/claim-detail';
import { queueHandlerNotice } from '@server/claims/claim-handler-notice';
import { claimMessageMail, claimUrl } from '@server/claims/claim-mails';
import { ownClaimRefused } from '@server/claims/claim-moves';
import {
  claimInsured,
  claimMessageById,
  claimMessageWithKey,
  insertClaimMessage,
  lockClaim,
  userName,
} from '@server/claims/claim-queries';
import type { ClaimDeps } from '@server/claims/claims';
import type { AuthUser } from '@server/auth/user';
import type { Queryable, Transaction } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { conflict, notFound } from '@server/http/http-error';
import { keyUsedForAnotherRequest, requestHash, sameRequest } from '@server/http/idempotency-key';

type MessageInput = v.InferOutput<typeof claimMessageRequestSchema>;

const IDEMPOTENCY_INDEX = 'claim_messages_idempotency_key';

async function earlierMessage(db: Queryable, user: AuthUser, keyHash: string, bodyHash: string) {
  const row = await claimMessageWithKey(db, user.id, keyHash);
  if (!row) return undefined;
  if (!sameRequest(row.requestHash, bodyHash)) throw keyUsedForAnotherRequest('message');
  return messageToWire(row);
}

type Claim = NonNullable<Awaited<ReturnType<typeof lockClaim>>>;

/** The claim, locked, when `user` may write on it as `party`; the 404 or 403 otherwise. */
async function writableClaim(tx: Transaction, user: AuthUser, party: ClaimParty, claimId: number): Promise<Claim> {
  const claim = await lockClaim(tx, claimId, 'share');
  if (party === 'insured') {
    if (!claim || claim.userId !== user.id) throw noSuchClaim();
  } else {
    if (!claim) throw notFound('No such claim');
    if (claim.userId === user.id) throw ownClaimRefused();
  }
  return claim;
}

async function queueMessageMail(tx: Transaction, deps: ClaimDeps, user: AuthUser, claim: Claim, body: string) {
  const insured = await claimInsured(tx, claim.id);
  if (!insured) return;
  await deps.mail.enqueue(
    tx,
    claimMessageMail({
      to: insured.email,
      firstName: insured.firstName,
      claimNumber: claim.number ?? `C-${claim.id}`,
      claimUrl: claimUrl(deps.publicUrl, insured.clientUrl, claim.id),
      handlerName: (await userName(tx, user.id)) ?? 'Your claims handler',
      body,
    }),
  );
}

/** POST insured/claimmessage (party insured) and POST claims/message (party handler). */
export async function writeClaimMessage(
  deps: ClaimDeps,
  user: AuthUser,
  party: ClaimParty,
  input: MessageInput,
  keyHash: string | null,
): Promise<{ created: boolean; message: ClaimMessage }> {
  const { db, clock } = deps;
  const bodyHash = requestHash({ ...input, party });
  try {
    const answer = await db.transaction(async (tx) => {
      const claim = await writableClaim(tx, user, party, input.claimid);
      // A retry answers the first message even once the claim is closed.
      if (keyHash) {
        const earlier = await earlierMessage(tx, user, keyHash, bodyHash);
        if (earlier) return { created: false, message: earlier };
      }
      if (!claimIsOpen(claim.status)) {
        throw conflict(`Claim ${claim.number ?? claim.id} is closed: no more messages can be written on it`, {
          status: `is ${claim.status}`,
        });
      }
      const id = await insertClaimMessage(tx, {
        claimId: claim.id,
        authorUserId: user.id,
        party,
        body: input.body,
        idempotencyKeyHash: keyHash,
        idempotencyRequestHash: keyHash ? bodyHash : null,
        createdAt: clock.now(),
      });
      if (party === 'handler') await queueMessageMail(tx, deps, user, claim, input.body);
      else await queueHandlerNotice(tx, deps, claim.id, { kind: 'message', body: input.body });
      return { created: true, message: messageToWire((await claimMessageById(tx, id))!) };
    });
    // Only once committed: a rolled-back message must not have the sender look for its mail.
    if (answer.created) deps.mail.kick();
    return answer;
  } catch (error) {
    if (keyHash && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
      const earlier = await earlierMessage(db, user, keyHash, bodyHash);
      if (earlier) return { created: false, message: earlier };
    }
    throw error;
  }
}
