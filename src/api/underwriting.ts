import * as v from 'valibot';
import { http } from '@/api/client';
import type { queueStatuses } from '@shared/contract/enums';
import {
  decisionResultSchema,
  queueSchema,
  reviewSchema,
  type DecisionResult,
  type Queue,
  type Review,
} from '@shared/contract/underwriting';

/**
 * The underwriter's desk (shared/contract/underwriting.ts): the queue, one submission as the
 * underwriter reviews it, and the decisions. Role underwriter or admin only (403 otherwise). A
 * decision goes through the lifecycle machine on the server: a 409 names the status the order is
 * in, or `version` when someone else moved it since it was loaded; a 400 names the field.
 */

/** What the queue can be narrowed to; each left out means "any". */
export interface QueueFilters {
  brokerId?: number | undefined;
  specialityId?: number | undefined;
  status?: (typeof queueStatuses)[number] | undefined;
}

/** GET underwriting/queue?brokerId&specialityId&status: oldest first, with what it can be filtered by. */
export async function queue(filters: QueueFilters = {}): Promise<Queue> {
  // Only the filters set: an empty brokerId would be a 400.
  const searchParams = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Record<
    string,
    string | number
  >;
  return v.parse(queueSchema, await http().get('underwriting/queue', { searchParams }).json());
}

/** GET underwriting/submission?submissionid: answers, worksheet, files, conversation, history and what may be decided. */
export async function review(submissionId: number): Promise<Review> {
  return v.parse(
    reviewSchema,
    await http()
      .get('underwriting/submission', { searchParams: { submissionid: submissionId } })
      .json(),
  );
}

/** Every decision names the order and the version the underwriter reviewed (409 naming `version` when it moved since). */
interface DecisionBase {
  submissionid: number;
  version: number;
}

export interface ApproveInput extends DecisionBase {
  /** −5000…10000 (−50 % … +100 %); 0 for none. */
  adjustmentBps: number;
  /** Required by the server when adjustmentBps is not 0. */
  reason?: string | null | undefined;
}

export interface RequestInfoInput extends DecisionBase {
  /** What the insured must supply: they see it and receive it by mail. */
  message: string;
}

export interface DeclineInput extends DecisionBase {
  reason: string;
}

async function decide(path: string, json: object): Promise<DecisionResult> {
  return v.parse(decisionResultSchema, await http().post(`underwriting/${path}`, { json }).json());
}

/** POST underwriting/approve: approved, re-rated when adjusted. */
export function approve(input: ApproveInput): Promise<DecisionResult> {
  const { reason, ...rest } = input;
  return decide('approve', reason ? { ...rest, reason } : rest);
}

/** POST underwriting/requestinfo: to missing_info, the message mailed to the insured. */
export function requestInfo(input: RequestInfoInput): Promise<DecisionResult> {
  return decide('requestinfo', input);
}

/** POST underwriting/decline. */
export function decline(input: DeclineInput): Promise<DecisionResult> {
  return decide('decline', input);
}

/** POST underwriting/closelost: the underwriter closes an open order as lost, with a reason. */
export function closeLost(input: DeclineInput): Promise<DecisionResult> {
  return decide('closelost', input);
}
