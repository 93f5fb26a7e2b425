/**
 * One claim as it is followed: the insured's view (their own claims only: anyone else's is the
 * same 404 as a missing one) and the handler's (any claim, with the insured and the moves the
 * lifecycle allows now). Both read the same timeline, messages and attachments.
 */
import type {
  ClaimAttachment,
  ClaimDetail,
  ClaimEvent,
  ClaimHandlerDetail,
  ClaimMessage,
  ClaimParty,
} from '@shared/contract/claims';
import { claimIsOpen, claimMovesFrom } from '@shared/lifecycle/claim-lifecycle.machine';
import { claimToWire } from '@server/claims/claims';
import {
  claimById,
  claimEventsOf,
  claimInsured,
  claimMessagesOf,
  type ClaimEventRow,
  type ClaimMessageRow,
  type ClaimRow,
} from '@server/claims/claim-queries';
import type { AuthUser } from '@server/auth/user';
import type { Queryable } from '@server/db/connection';
import { liveFiles } from '@server/files/live-files';
import { notFound } from '@server/http/http-error';

/** Who someone is when they gave no name: the side they write for. */
const UNNAMED: Record<ClaimParty, string> = { insured: 'The insured', handler: 'Claims team' };

const partyOf = (party: string): ClaimParty => (party === 'handler' ? 'handler' : 'insured');

export const eventToWire = (row: ClaimEventRow): ClaimEvent => ({
  id: row.id,
  from: row.from,
  to: row.to,
  by: partyOf(row.party),
  byName: row.actorName ?? UNNAMED[partyOf(row.party)],
  note: row.note,
  at: row.createdAt.toISOString(),
});

export const messageToWire = (row: ClaimMessageRow): ClaimMessage => ({
  id: row.id,
  author: partyOf(row.party),
  authorName: row.authorName ?? UNNAMED[partyOf(row.party)],
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

/** The claim's live files as attachments: uploaded by its insured, or by whoever handles it. */
export async function claimAttachments(db: Queryable, claimId: number): Promise<ClaimAttachment[]> {
  const summaries = await liveFiles(db, 'claim', claimId);
  return summaries.map((file) => ({
    id: file.id,
    filename: file.filename,
    contentType: file.mime,
    size: file.size,
    uploadedAt: file.uploadedAt,
    uploadedBy: file.uploadedBy === 'insured' ? 'insured' : 'handler',
  }));
}

export const noSuchClaim = () => notFound('No such claim (or it is not yours)');

/** The claim when it is `user`'s own; the 404 otherwise (whatever their role: this is the insured's side). */
export async function ownClaim(db: Queryable, user: AuthUser, claimId: number): Promise<ClaimRow> {
  const claim = await claimById(db, claimId);
  if (!claim || claim.userId !== user.id) throw noSuchClaim();
  return claim;
}

async function detailOf(db: Queryable, claim: ClaimRow): Promise<ClaimDetail> {
  const [timeline, messages, attachments] = [
    await claimEventsOf(db, claim.id),
    await claimMessagesOf(db, claim.id),
    await claimAttachments(db, claim.id),
  ];
  return {
    claim: claimToWire(claim),
    timeline: timeline.map(eventToWire),
    messages: messages.map(messageToWire),
    attachments,
    open: claimIsOpen(claim.status),
  };
}

/** GET insured/claim: one of the insured's own claims. */
export async function insuredClaimDetail(db: Queryable, user: AuthUser, claimId: number): Promise<ClaimDetail> {
  return detailOf(db, await ownClaim(db, user, claimId));
}

/**
 * GET claims/claim: any claim, as its handler reads it. On a claim of their own a handler is its
 * insured: they read it, but no move is offered (claims/move refuses them).
 */
export async function handlerClaimDetail(db: Queryable, user: AuthUser, claimId: number): Promise<ClaimHandlerDetail> {
  const claim = await claimById(db, claimId);
  if (!claim) throw notFound('No such claim');
  const insured = (await claimInsured(db, claimId))!;
  return {
    ...(await detailOf(db, claim)),
    insured: {
      id: insured.id,
      name: insured.name ?? insured.email,
      email: insured.email,
      companyName: insured.companyName,
      phone: insured.phone,
    },
    moves: claim.userId === user.id ? [] : claimMovesFrom(claim.status, 'handler'),
  };
}
