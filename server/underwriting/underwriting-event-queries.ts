/**
 * The underwriting desk's reads of submission_events: the data of referrals and rule outcomes,
 * and the requests and resubmissions of the conversation, as plain rows. What the data says is
 * order-events.ts's concern.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '@server/db/connection';
import { submissionEvents, users } from '@server/db/schema';

/** The data of these orders' referrals, newest first. */
export function referralData(db: Queryable, submissionIds: readonly number[]) {
  return db
    .select({ submissionId: submissionEvents.submissionId, data: submissionEvents.data })
    .from(submissionEvents)
    .where(and(inArray(submissionEvents.submissionId, [...submissionIds]), eq(submissionEvents.event, 'order.refer')))
    .orderBy(desc(submissionEvents.id));
}

/** The data of one order's referrals and declines, newest first. */
export function outcomeData(db: Queryable, submissionId: number) {
  return db
    .select({ data: submissionEvents.data })
    .from(submissionEvents)
    .where(
      and(
        eq(submissionEvents.submissionId, submissionId),
        inArray(submissionEvents.event, ['order.refer', 'order.decline']),
      ),
    )
    .orderBy(desc(submissionEvents.id));
}

/** One order's requests for information and resubmissions, oldest first, with who sent each. */
export function conversationRows(db: Queryable, submissionId: number) {
  return db
    .select({
      event: submissionEvents.event,
      reason: submissionEvents.reason,
      createdAt: submissionEvents.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(submissionEvents)
    .leftJoin(users, eq(users.id, submissionEvents.actorUserId))
    .where(
      and(
        eq(submissionEvents.submissionId, submissionId),
        inArray(submissionEvents.event, ['order.requestInfo', 'order.resubmit']),
      ),
    )
    .orderBy(asc(submissionEvents.id));
}
