/**
 * An order's recorded events as the lifecycle calls read them back: the latest ones (buy now's
 * repeat, close-lost's and resubmit's repeats), the latest of some kinds (the underwriter's
 * request, the decision), with who sent each and their name.
 */
import { and, desc, eq, gt, inArray, like, type SQL } from 'drizzle-orm';
import type { LifecycleEventType } from '@shared/lifecycle/order-lifecycle.machine';
import type { Queryable } from '@server/db/connection';
import { submissionEvents, users } from '@server/db/schema';

export type OrderEvent = {
  id: number;
  event: string;
  /** insured, underwriter or system for lifecycle moves; null for older rows and quote edits. */
  actor: string | null;
  actorUserId: number | null;
  /** First and last name; null when the user gave none (or no user sent it). */
  actorName: string | null;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  data: Record<string, unknown> | null;
  createdAt: Date;
};

async function eventsWhere(db: Queryable, where: SQL | undefined, limit: number): Promise<OrderEvent[]> {
  const rows = await db
    .select({
      id: submissionEvents.id,
      event: submissionEvents.event,
      actor: submissionEvents.actor,
      actorUserId: submissionEvents.actorUserId,
      firstName: users.firstName,
      lastName: users.lastName,
      fromStatus: submissionEvents.fromStatus,
      toStatus: submissionEvents.toStatus,
      reason: submissionEvents.reason,
      data: submissionEvents.data,
      createdAt: submissionEvents.createdAt,
    })
    .from(submissionEvents)
    .leftJoin(users, eq(users.id, submissionEvents.actorUserId))
    .where(where)
    // Ids, not times: several events share one instant (buy now's pair does).
    .orderBy(desc(submissionEvents.id))
    .limit(limit);
  return rows.map(({ firstName, lastName, ...row }) => ({
    ...row,
    actorName: [firstName, lastName].filter(Boolean).join(' ') || null,
  }));
}

/**
 * The order's latest `count` lifecycle moves (`order.*`), newest first. Edits recorded beside
 * them (a file added, a location changed) are not moves: a retried move is still recognised
 * after one.
 */
export function latestEvents(db: Queryable, submissionId: number, count: number): Promise<OrderEvent[]> {
  return eventsWhere(
    db,
    and(eq(submissionEvents.submissionId, submissionId), like(submissionEvents.event, 'order.%')),
    count,
  );
}

/** The order's latest event of one of these kinds, if any. */
export async function latestEventOf(
  db: Queryable,
  submissionId: number,
  types: readonly LifecycleEventType[],
): Promise<OrderEvent | undefined> {
  const [event] = await eventsWhere(
    db,
    and(eq(submissionEvents.submissionId, submissionId), inArray(submissionEvents.event, [...types])),
    1,
  );
  return event;
}

/** Whether the order has an event of this kind recorded after the event `afterId` (any, when undefined). */
export async function hasEventSince(
  db: Queryable,
  submissionId: number,
  type: LifecycleEventType,
  afterId: number | undefined,
): Promise<boolean> {
  const [event] = await eventsWhere(
    db,
    and(
      eq(submissionEvents.submissionId, submissionId),
      eq(submissionEvents.event, type),
      afterId === undefined ? undefined : gt(submissionEvents.id, afterId),
    ),
    1,
  );
  return event !== undefined;
}
