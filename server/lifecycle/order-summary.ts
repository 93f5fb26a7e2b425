/**
 * GET dashboard/ordersummarydetails: everything the summary and status screens show of one of
 * the insured's orders — the order as insured/orderdetails answers it (history included), its
 * locations and contact, what is still missing, why it was referred or declined, the
 * underwriter's latest request, the decision, the files, and whether it can still be closed.
 */
import type { Decision, InfoRequest, OrderSummaryDetails } from '@shared/contract/lifecycle';
import { isOpenStatus } from '@shared/lifecycle/order-lifecycle.machine';
import { callerOf, orderLocations, type PlanLocationDeps } from '@server/account/plan-locations';
import type { AuthUser } from '@server/auth/user';
import type { Queryable } from '@server/db/connection';
import { liveFiles } from '@server/files/live-files';
import { forInsured, outcomeData } from '@server/lifecycle/buy-now';
import { orderContactId, primaryContactOf, usersContact } from '@server/lifecycle/lifecycle-queries';
import { latestEventOf } from '@server/lifecycle/order-events';
import { orderQuestions, requiredItemsOf } from '@server/lifecycle/required-items';
import { ownedSubmission } from '@server/submissions/access';
import { canMove } from '@server/submissions/lifecycle';
import { orderDetails } from '@server/submissions/order-details';
import type { SubmissionDeps } from '@server/submissions/submission-deps';

/** Only before a decision is there anything to supply for buy now. */
const CHECKED_STATUSES = new Set(['quoted', 'incomplete']);

/** The order's own contact when it names one, else the insured's primary contact. */
async function orderContact(
  db: Queryable,
  userId: number,
  submissionId: number,
): Promise<OrderSummaryDetails['contact']> {
  const contactId = await orderContactId(db, submissionId);
  if (contactId) {
    const named = await usersContact(db, userId, contactId);
    if (named) return named;
  }
  return (await primaryContactOf(db, userId)) ?? null;
}

async function infoRequest(db: Queryable, submissionId: number): Promise<InfoRequest | null> {
  const event = await latestEventOf(db, submissionId, ['order.requestInfo']);
  if (!event) return null;
  return { message: event.reason ?? '', requestedAt: event.createdAt.toISOString(), requestedBy: event.actorName };
}

async function decision(db: Queryable, submissionId: number): Promise<Decision | null> {
  const event = await latestEventOf(db, submissionId, ['order.approve', 'order.decline']);
  if (!event) return null;
  const adjustment = event.data?.adjustmentBps;
  const bySystem = event.actor === 'system' || event.actorUserId === null;
  return {
    kind: event.event === 'order.approve' ? 'approved' : 'declined',
    reason: event.reason,
    adjustmentBps: typeof adjustment === 'number' && Number.isInteger(adjustment) ? adjustment : 0,
    at: event.createdAt.toISOString(),
    by: bySystem ? null : (event.actorName ?? 'An underwriter'),
  };
}

export async function orderSummaryDetails(
  deps: SubmissionDeps & PlanLocationDeps,
  user: AuthUser,
  submissionId: number,
): Promise<OrderSummaryDetails> {
  const { db } = deps;
  const row = await ownedSubmission(db, callerOf(user), submissionId);
  const order = await orderDetails(deps, callerOf(user), row.id);
  const requiredItems = CHECKED_STATUSES.has(row.status)
    ? await requiredItemsOf(db, row, await orderQuestions(db, row))
    : [];
  return {
    order,
    locations: (await orderLocations(deps, user, row.id)).locations,
    contact: await orderContact(db, user.id, row.id),
    requiredItems,
    reasons: forInsured(outcomeData(await latestEventOf(db, row.id, ['order.refer', 'order.decline'])).reasons),
    infoRequest: await infoRequest(db, row.id),
    decision: await decision(db, row.id),
    files: await liveFiles(db, 'submission', row.id),
    canCloseLost: isOpenStatus(row.status) && canMove(row, { type: 'order.sendToCloseLost', actor: 'insured' }),
  };
}
