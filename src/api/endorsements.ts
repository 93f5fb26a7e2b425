import * as v from 'valibot';
import { checkoutSchema, type Checkout } from '@shared/contract/billing';
import { policyInfo } from '@/api/billing';
import { http } from '@/api/client';
import { attachmentFilename, type DownloadedDocument } from '@/api/documents';
import {
  endorsementOptionsSchema,
  endorsementQuoteSchema,
  endorsementSchema,
  policyHistorySchema,
  type Endorsement,
  type EndorsementOptions,
  type EndorsementQuote,
  type EndorsementRequest,
  type PolicyHistory,
} from '@shared/contract/endorsements';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * Mid-term changes of a policy (shared/contract/endorsements.ts): a preview of what a change
 * costs or returns, the change committed (an endorsement), the hosted checkout for its
 * additional premium, the policy's history and an endorsement's PDF. Someone else's policy or
 * endorsement is the server's 404; a policy not in force a 409 whose `fields.status` names it.
 */

/**
 * GET insured/endorsementoptions?policyid: what a change of the policy may be — its period, the
 * days a change may take effect, the limits and deductibles its rate table offers, the name and
 * address it holds, a change still waiting for its payment. A policy not in force is a 409.
 */
export async function getEndorsementOptions(policyId: number): Promise<EndorsementOptions> {
  const response = await http().get('insured/endorsementoptions', { searchParams: { policyid: policyId } });
  return v.parse(endorsementOptionsSchema, await response.json());
}

/**
 * POST insured/endorsementquote: the prorated premium of a change, with its worksheet; writes
 * nothing. `signal` aborts a preview the insured has already changed their mind about.
 */
export async function previewEndorsement(request: EndorsementRequest, signal?: AbortSignal): Promise<EndorsementQuote> {
  const response = await http().post('insured/endorsementquote', { json: request, ...(signal ? { signal } : {}) });
  return v.parse(endorsementQuoteSchema, await response.json());
}

/**
 * POST insured/endorse. One Idempotency-Key per change the insured confirms: a retry after a
 * lost answer gets the same endorsement back (200) instead of a second one.
 */
export async function endorse(request: EndorsementRequest, idempotencyKey: string): Promise<Endorsement> {
  const response = await http().post('insured/endorse', {
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return v.parse(endorsementSchema, await response.json());
}

/**
 * POST insured/payendorsement: the hosted checkout for an endorsement's additional premium (the
 * order's own checkout, payments/checkout's answer); `clientId` in a broker's branded site, so
 * the checkout returns there. One key per attempt to pay, kept for its retries.
 */
export async function payEndorsement(
  endorsementId: number,
  { clientId, idempotencyKey }: { clientId?: string | undefined; idempotencyKey: string },
): Promise<Checkout> {
  const response = await http().post('insured/payendorsement', {
    json: { endorsementid: endorsementId, ...(clientId ? { clientid: clientId } : {}) },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return v.parse(checkoutSchema, await response.json());
}

/** GET insured/policyhistory?policyid: the policy's issue and every endorsement since, newest first. */
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

/**
 * The endorsement a payment just paid, for the screen the hosted checkout returns to: the order's
 * policy (insured/policyinfo), then the endorsement in its history. Fails when the policy's
 * history does not hold it (it is not this order's).
 */
export async function paidEndorsement(submissionId: number, endorsementId: number): Promise<Endorsement> {
  const { policyId } = await policyInfo(submissionId);
  const history = await getPolicyHistory(policyId);
  const found = history.endorsements.find((endorsement) => endorsement.id === endorsementId);
  if (!found) throw new Error(`Policy ${history.policyNumber} has no such change.`);
  return found;
}
