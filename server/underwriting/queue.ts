/**
 * GET underwriting/queue: the orders waiting on an underwriter (referred, under review) or on
 * the insured's answer to a request (missing info), oldest first by when they entered their
 * status, so nothing waits longest unseen. Filterable by broker, speciality and status; the
 * filter choices are every broker and speciality with an order in the whole queue.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { queueStatuses, type Queue, type queueQuerySchema } from '@/api/contract/underwriting';
import type { Queryable } from '@server/db/connection';
import { brokers, specialities, submissions, users } from '@server/db/schema';
import { referralReasons } from '@server/underwriting/order-events';

type QueueQuery = v.InferOutput<typeof queueQuerySchema>;

const inQueue = inArray(submissions.status, [...queueStatuses]);

/** First and last name, else the e-mail address; an order with no account yet has neither. */
export const insuredName = (user: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Visitor (no account)';

export async function underwritingQueue(db: Queryable, query: QueueQuery): Promise<Queue> {
  const filters: SQL[] = [inQueue];
  if (query.brokerId !== undefined) filters.push(eq(submissions.brokerId, query.brokerId));
  if (query.specialityId !== undefined) filters.push(eq(submissions.specialityId, query.specialityId));
  if (query.status !== undefined) filters.push(eq(submissions.status, query.status));

  const rows = await db
    .select({
      id: submissions.id,
      number: submissions.number,
      status: submissions.status,
      statusChangedAt: submissions.statusChangedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyName: users.companyName,
      brokerId: brokers.id,
      brokerName: brokers.name,
      specialityId: specialities.id,
      specialityName: specialities.name,
      stateCode: submissions.stateCode,
      premiumCents: submissions.premiumCents,
    })
    .from(submissions)
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .leftJoin(users, eq(users.id, submissions.userId))
    .leftJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(and(...filters))
    .orderBy(asc(submissions.statusChangedAt), asc(submissions.id));

  const reasons = await referralReasons(
    db,
    rows.map((row) => row.id),
  );

  const brokerChoices = await db
    .selectDistinct({ id: brokers.id, name: brokers.name })
    .from(submissions)
    .innerJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(inQueue)
    .orderBy(asc(brokers.name), asc(brokers.id));
  const specialityChoices = await db
    .selectDistinct({ id: specialities.id, name: specialities.name })
    .from(submissions)
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .where(inQueue)
    .orderBy(asc(specialities.name), asc(specialities.id));

  return {
    items: rows.map((row) => ({
      submissionId: row.id,
      number: row.number,
      status: row.status,
      waitingSince: row.statusChangedAt.toISOString(),
      insuredName: insuredName(row),
      companyName: row.companyName,
      broker: row.brokerId !== null && row.brokerName !== null ? { id: row.brokerId, name: row.brokerName } : null,
      speciality: { id: row.specialityId, name: row.specialityName },
      stateCode: row.stateCode,
      premiumCents: row.premiumCents,
      reasons: reasons.get(row.id) ?? [],
    })),
    brokers: brokerChoices,
    specialities: specialityChoices,
  };
}
