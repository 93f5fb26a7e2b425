import * as v from 'valibot';
import { http } from '@/api/client';
import { attachmentFilename, type DownloadedDocument } from '@/api/documents';
import { policyHistorySchema, type Endorsement, type PolicyHistory } from '@shared/contract/endorsements';

/**
 * A policy's history after issue (shared/contract/endorsements.ts): its issue and every
 * endorsement since — a change, a cancellation, a tail — newest first, and each issued
 * endorsement's PDF, downloaded with the bearer token.
 */

/** GET insured/policyhistory?policyid: someone else's or a missing policy is the server's 404. */
export async function getPolicyHistory(policyId: number): Promise<PolicyHistory> {
  const response = await http().get('insured/policyhistory', { searchParams: { policyid: policyId } });
  return v.parse(policyHistorySchema, await response.json());
}

/**
 * POST documents/downloadendorsement: the endorsement's PDF as issued, named by the server's
 * Content-Disposition, else endorsement-{number}.pdf.
 */
export async function downloadEndorsementPdf(
  endorsement: Pick<Endorsement, 'id' | 'number'>,
): Promise<DownloadedDocument> {
  const response = await http().post('documents/downloadendorsement', { json: { endorsementid: endorsement.id } });
  const blob = await response.blob();
  const fallback = `endorsement-${endorsement.number}.pdf`.toLowerCase();
  return { blob, filename: attachmentFilename(response.headers.get('content-disposition')) ?? fallback };
}
