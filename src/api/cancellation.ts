import * as v from 'valibot';
import { http } from '@/api/client';
import { attachmentFilename, type DownloadedDocument } from '@/api/documents';
import { checkoutSchema, type Checkout } from '@shared/contract/billing';
import {
  cancellationOptionsSchema,
  cancellationQuoteSchema,
  cancellationSchema,
  tailPurchaseSchema,
  type Cancellation,
  type CancellationOptions,
  type CancellationQuote,
  type CancellationQuoteRequest,
  type CancelPolicyRequest,
  type TailPurchase,
  type TailYears,
} from '@shared/contract/cancellation';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * Cancelling a policy and its tail (shared/contract/cancellation.ts): where the policy stands,
 * what cancelling from a day would return, the cancellation itself, the Extended Reporting
 * Period (tail) bought and paid through the hosted checkout, and the notice of cancellation.
 * Someone else's policy is the server's 404; a move the policy cannot make a 409 naming
 * `fields.status` (or `fields.tail`, a tail bought already).
 */

/** GET insured/cancellationoptions?policyid: its standing, the days it can be cancelled from, its cancellation and tail. */
export async function getCancellationOptions(policyId: number): Promise<CancellationOptions> {
  const response = await http().get('insured/cancellationoptions', { searchParams: { policyid: policyId } });
  return v.parse(cancellationOptionsSchema, await response.json());
}

/**
 * POST insured/cancellationquote: the return premium and the tails on offer for a cancellation
 * date; writes nothing. `signal` drops a preview of a date the insured has already changed.
 */
export async function previewCancellation(
  request: CancellationQuoteRequest,
  signal?: AbortSignal,
): Promise<CancellationQuote> {
  const response = await http().post('insured/cancellationquote', { json: request, ...(signal ? { signal } : {}) });
  return v.parse(cancellationQuoteSchema, await response.json());
}

/**
 * POST insured/cancelpolicy. One Idempotency-Key per confirmation: a retry after a lost answer
 * gets the same cancellation back instead of a 409 for a policy already cancelled.
 */
export async function cancelPolicy(request: CancelPolicyRequest, idempotencyKey: string): Promise<Cancellation> {
  const response = await http().post('insured/cancelpolicy', {
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return v.parse(cancellationSchema, await response.json());
}

/** POST insured/buytail: the tail's endorsement awaiting payment and its invoice; one key per purchase. */
export async function buyTail(policyId: number, years: TailYears, idempotencyKey: string): Promise<TailPurchase> {
  const response = await http().post('insured/buytail', {
    json: { policyid: policyId, years },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return v.parse(tailPurchaseSchema, await response.json());
}

/**
 * POST insured/payendorsement for the tail's endorsement: the hosted checkout of its invoice
 * (`clientId` in a broker's branded site, so the checkout comes back there).
 */
export async function payTail(
  endorsementId: number,
  { clientId, idempotencyKey }: { clientId?: string | undefined; idempotencyKey: string },
): Promise<Checkout> {
  const response = await http().post('insured/payendorsement', {
    json: { endorsementid: endorsementId, ...(clientId ? { clientid: clientId } : {}) },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return v.parse(checkoutSchema, await response.json());
}

/**
 * POST documents/downloadendorsement for the cancellation's endorsement: its PDF is the notice of
 * cancellation, named by the server's Content-Disposition, else cancellation-notice-{policy}.pdf.
 */
export async function downloadCancellationNotice(
  endorsementId: number,
  policyNumber: string,
): Promise<DownloadedDocument> {
  const response = await http().post('documents/downloadendorsement', { json: { endorsementid: endorsementId } });
  const blob = await response.blob();
  const fallback = `cancellation-notice-${policyNumber}.pdf`.toLowerCase();
  return { blob, filename: attachmentFilename(response.headers.get('content-disposition')) ?? fallback };
}
