/**
 * The underwriting domain's SQL on submissions: the order locked for a decision, the people on
 * it (insured, broker), and the queue with its filter choices. Each function is one statement
 * answering plain rows; what the desk makes of them is the rules' concern (decisions.ts,
 * queue.ts, review.ts). The history's reads are in underwriting-event-queries.ts.
 */
import { queueStatuses } from '@shared/contract/enums';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';

import type { Queryable, Transaction } from '@server/db/connection';
import { brokers, specialities, submissions, users } from '@server/db/schema';
import { submissionColumns, type SubmissionRow } from '@server/submissions/access';

/** The submission's owner (null for a visitor's quote); undefined when there is no such submission. */
export async function submissionOwner(
  db: Queryable,
  submissionId: number,
): Promise<{ userId: number | null } | undefined> {
  const [owner] = await db
    .select({ userId: submissions.userId })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  return owner;
}

/** Inside `tx`: the submission with its broker, FOR UPDATE; undefined when there is none. */
export async function lockSubmission(
  tx: Transaction,
  submissionId: number,
): Promise<(SubmissionRow & { brokerId: number | null }) | undefined> {
  const [row] = await tx
    .select({ ...submissionColumns, brokerId: submissions.brokerId })
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .for('update');
  return row;
}

/** Where the insured's mail goes: their address and name, and their broker's branded path if any. */
export async function insuredMailTarget(db: Queryable, submissionId: number) {
  const [insured] = await db
    .select({ email: users.email, firstName: users.firstName, clientUrl: brokers.clientUrl })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .leftJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(eq(submissions.id, submissionId));
  return insured;
}

/** The insured (none for a visitor's quote) and broker of a submission, as the review shows them. */
export async function submissionPeople(db: Queryable, submissionId: number) {
  const [people] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyName: users.companyName,
      phone: users.phone,
      brokerId: brokers.id,
      brokerName: brokers.name,
    })
    .from(submissions)
    .leftJoin(users, eq(users.id, submissions.userId))
    .leftJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(eq(submissions.id, submissionId));
  return people;
}

export type QueueFilter = {
  brokerId?: number | undefined;
  specialityId?: number | undefined;
  status?: SubmissionRow['status'] | undefined;
};

const inQueue = inArray(submissions.status, [...queueStatuses]);

/** The queue's orders matching `filter`, longest waiting first, with their insured, broker and speciality. */
export function queueRows(db: Queryable, filter: QueueFilter) {
  const filters: SQL[] = [inQueue];
  if (filter.brokerId !== undefined) filters.push(eq(submissions.brokerId, filter.brokerId));
  if (filter.specialityId !== undefined) filters.push(eq(submissions.specialityId, filter.specialityId));
  if (filter.status !== undefined) filters.push(eq(submissions.status, filter.status));
  return db
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
}

/** Every broker with an order anywhere in the queue, by name. */
export function queueBrokers(db: Queryable) {
  return db
    .selectDistinct({ id: brokers.id, name: brokers.name })
    .from(submissions)
    .innerJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(inQueue)
    .orderBy(asc(brokers.name), asc(brokers.id));
}

/** Every speciality with an order anywhere in the queue, by name. */
export function queueSpecialities(db: Queryable) {
  return db
    .selectDistinct({ id: specialities.id, name: specialities.name })
    .from(submissions)
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .where(inQueue)
    .orderBy(asc(specialities.name), asc(specialities.id));
}
