import * as v from 'valibot';
import { http } from '@/api/client';
import { attachmentFilename, type DownloadedDocument } from '@/api/documents';
import {
  claimablePolicyListSchema,
  claimAttachmentListSchema,
  claimDetailSchema,
  claimEventSchema,
  claimHandlerDetailSchema,
  claimListSchema,
  claimMessageSchema,
  claimQueueSchema,
  claimSchema,
  type Claim,
  type ClaimablePolicy,
  type ClaimAttachment,
  type ClaimDetail,
  type ClaimEvent,
  type ClaimHandlerDetail,
  type ClaimMessage,
  type ClaimQueueItem,
  type ClaimStatus,
  type ReportClaimRequest,
} from '@shared/contract/claims';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * Claims (shared/contract/claims.ts): the insured's (insured/…) and the handler's (claims/…,
 * underwriters and administrators). Every POST carries the Idempotency-Key its caller made
 * once for the one thing it means to do, so a retry after a lost answer does it once.
 */

const keyed = (idempotencyKey: string) => ({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });

/** GET insured/claims: the claims the insured has reported. */
export async function getClaims(): Promise<Claim[]> {
  return v.parse(claimListSchema, await http().get('insured/claims').json());
}

/** GET insured/policies: the bound policies a claim can be reported against (empty when none). */
export async function getClaimablePolicies(): Promise<ClaimablePolicy[]> {
  return v.parse(claimablePolicyListSchema, await http().get('insured/policies').json());
}

/**
 * POST insured/reportclaim. One Idempotency-Key per report the insured means to make: a retry
 * after a lost answer gets the same claim back (200) instead of a second claim.
 */
export async function reportClaim(request: ReportClaimRequest, idempotencyKey: string): Promise<Claim> {
  const response = await http().post('insured/reportclaim', { json: request, headers: keyed(idempotencyKey) });
  return v.parse(claimSchema, await response.json());
}

/** GET insured/claim?claimid: one of the insured's claims with its timeline, messages and attachments. */
export async function getClaim(claimId: number): Promise<ClaimDetail> {
  return v.parse(
    claimDetailSchema,
    await http()
      .get('insured/claim', { searchParams: { claimid: claimId } })
      .json(),
  );
}

/** Who asks: the insured (insured/…) or whoever handles the claim (claims/…). */
export type ClaimSide = 'insured' | 'handler';

const MESSAGE_PATHS = { insured: 'insured/claimmessage', handler: 'claims/message' } as const;
const ATTACHMENT_PATHS = { insured: 'insured/claimattachment', handler: 'claims/attachment' } as const;

/** POST insured/claimmessage or claims/message: one message, with the key made once for it. */
export async function sendClaimMessage(
  side: ClaimSide,
  claimId: number,
  body: string,
  idempotencyKey: string,
): Promise<ClaimMessage> {
  const response = await http().post(MESSAGE_PATHS[side], {
    json: { claimid: claimId, body },
    headers: keyed(idempotencyKey),
  });
  return v.parse(claimMessageSchema, await response.json());
}

/**
 * POST insured/claimattachments (multipart): `claimid` first, then each file as `files`. The
 * server types each file by its content and refuses the whole upload (415 a type, 413 a size,
 * 400 an empty file, each naming the file) with nothing stored.
 */
export async function uploadClaimAttachments(
  claimId: number,
  files: File[],
  idempotencyKey: string,
): Promise<ClaimAttachment[]> {
  const body = new FormData();
  // The server reads the fields before the files, so the claim goes first.
  body.append('claimid', String(claimId));
  for (const file of files) body.append('files', file, file.name);
  // Up to 10 files of 10 MB on a slow line take longer than the usual 30 seconds.
  const response = await http().post('insured/claimattachments', {
    body,
    headers: keyed(idempotencyKey),
    timeout: 5 * 60_000,
  });
  return v.parse(claimAttachmentListSchema, await response.json());
}

/** GET insured/claimattachment or claims/attachment ?claimid&fileid: the file, under the server's name. */
export async function downloadClaimAttachment(
  side: ClaimSide,
  claimId: number,
  attachment: Pick<ClaimAttachment, 'id' | 'filename'>,
): Promise<DownloadedDocument> {
  const response = await http().get(ATTACHMENT_PATHS[side], {
    searchParams: { claimid: claimId, fileid: attachment.id },
  });
  const blob = await response.blob();
  return {
    blob,
    filename: attachmentFilename(response.headers.get('content-disposition')) ?? attachment.filename,
  };
}

/** GET claims/queue?status: the handler's queue, every claim not closed when no status is asked. */
export async function getClaimQueue(status?: ClaimStatus): Promise<ClaimQueueItem[]> {
  const searchParams = status ? { status } : undefined;
  return v.parse(claimQueueSchema, await http().get('claims/queue', { searchParams }).json());
}

/** GET claims/claim?claimid: the claim as the handler sees it, with the insured and the moves allowed now. */
export async function getHandledClaim(claimId: number): Promise<ClaimHandlerDetail> {
  const response = await http().get('claims/claim', { searchParams: { claimid: claimId } });
  return v.parse(claimHandlerDetailSchema, await response.json());
}

/** POST claims/move: moves the claim to `to` with an optional note; answers the timeline entry. */
export async function moveClaim(
  request: { claimid: number; to: ClaimStatus; note?: string },
  idempotencyKey: string,
): Promise<ClaimEvent> {
  const response = await http().post('claims/move', { json: request, headers: keyed(idempotencyKey) });
  return v.parse(claimEventSchema, await response.json());
}
