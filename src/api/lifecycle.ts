import * as v from 'valibot';
import { http } from '@/api/client';
import { earlyReadKey, takeEarly } from '@/api/early-reads';
import { earlyRequest } from '@/api/early-requests';
import {
  buyNowResultSchema,
  lifecycleMoveSchema,
  orderSummaryDetailsSchema,
  requiredItemsSchema,
  type BuyNowResult,
  type closeLostReasons,
  type LifecycleMove,
  type OrderSummaryDetails,
  type RequiredItems,
} from '@shared/contract/lifecycle';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * The insured's moves of the order lifecycle (specification §7 insured/buynow,
 * insured/requireditems, insured/sendtocloselost, insured/resubmit,
 * dashboard/ordersummarydetails), each answer parsed with the wire contract
 * (shared/contract/lifecycle.ts). The PUTs are form-encoded, as the specification sends them.
 * A move the order's status does not allow is a 409 whose `fields.status` names the status;
 * someone else's order is a 404.
 */

export type CloseLostReason = (typeof closeLostReasons)[number];

/** The form body; fetch sends URLSearchParams as application/x-www-form-urlencoded. */
function form(values: Record<string, string | number | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== '') body.set(name, String(value));
  return body;
}

const withKey = (idempotencyKey: string | undefined) =>
  idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {};

/**
 * PUT insured/buynow: runs the checks and the rules and moves the order. The server answers a
 * repeat with the same outcome; `idempotencyKey` (one per press of Buy now, kept for its retries)
 * makes that explicit for a retry whose first answer was lost.
 */
export async function buyNow(submissionId: number, idempotencyKey?: string): Promise<BuyNowResult> {
  const response = await http().put('insured/buynow', {
    body: form({ submissionid: submissionId }),
    headers: withKey(idempotencyKey),
  });
  return v.parse(buyNowResultSchema, await response.json());
}

/** GET insured/requireditems?submissionid: what the order still lacks, each with where to supply it. */
export async function requiredItems(submissionId: number): Promise<RequiredItems> {
  const response = await http().get('insured/requireditems', { searchParams: { submissionid: submissionId } });
  return v.parse(requiredItemsSchema, await response.json());
}

/** PUT insured/sendtocloselost: closes an open order as lost, with a reason and optional words. */
export async function sendToCloseLost(
  submissionId: number,
  reason: CloseLostReason,
  comment?: string,
  idempotencyKey?: string,
): Promise<LifecycleMove> {
  const body = form({ submissionid: submissionId, reason, comment: comment?.trim() });
  const response = await http().put('insured/sendtocloselost', { body, headers: withKey(idempotencyKey) });
  return v.parse(lifecycleMoveSchema, await response.json());
}

/** PUT insured/resubmit: sends what the underwriter asked for back (missing_info → application_under_review). */
export async function resubmit(
  submissionId: number,
  message?: string,
  idempotencyKey?: string,
): Promise<LifecycleMove> {
  const body = form({ submissionid: submissionId, message: message?.trim() });
  const response = await http().put('insured/resubmit', { body, headers: withKey(idempotencyKey) });
  return v.parse(lifecycleMoveSchema, await response.json());
}

/** GET dashboard/ordersummarydetails?submissionid: everything the summary and status screens show. */
export async function orderSummaryDetails(submissionId: number): Promise<OrderSummaryDetails> {
  // Perhaps already on its way, started with the page (src/api/early-reads.ts).
  const response = await takeEarly(earlyReadKey.orderDetails(submissionId), () =>
    earlyRequest.orderDetails(submissionId),
  );
  return v.parse(orderSummaryDetailsSchema, await response.json());
}
