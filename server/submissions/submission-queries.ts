/**
 * The submissions domain's SQL: reading and writing submissions and their submission_events
 * rows for saved quotes, versioned saves, order details and history. Each function is one
 * statement answering plain rows; what to write and what an answer says are the rules' concern
 * (create-submission.ts, versioned-save.ts, order-details.ts, history.ts…).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { dayOf, yearOf } from '@shared/calendar';
import type { Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { specialities, submissionEvents, submissions, users, usStates } from '@server/db/schema';
import { ownedBy, submissionColumns, type SubmissionCaller } from '@server/submissions/access';
import { nextOrderNumber } from '@server/submissions/order-numbers';

/**
 * The submission an Idempotency-Key (hashed with its caller's scope) created, with the data of
 * its first `quote` event: what that createsubmission was asked and answered.
 */
export async function quoteMadeWithKey(
  db: Queryable,
  keyHash: string,
): Promise<{ userId: number | null; data: unknown } | undefined> {
  const [first] = await db
    .select({ userId: submissions.userId, data: submissionEvents.data })
    .from(submissions)
    .innerJoin(
      submissionEvents,
      and(eq(submissionEvents.submissionId, submissions.id), eq(submissionEvents.event, 'quote')),
    )
    .where(eq(submissions.idempotencyKeyHash, keyHash))
    .orderBy(asc(submissionEvents.id))
    .limit(1);
  return first;
}

/** Whether an insert failed because another submission already holds its Idempotency-Key. */
export const idempotencyKeyTaken = (error: unknown): boolean =>
  isUniqueViolation(error, 'submissions_idempotency_key_hash_key');

export type NewSubmission = Omit<typeof submissions.$inferInsert, 'id' | 'number' | 'version' | 'createdAt'> & {
  createdAt: Date;
};

/** Inserts a submission, numbered in the year it is created (order-numbers.ts). */
export async function insertSubmission(db: Queryable, values: NewSubmission) {
  const [row] = await db
    .insert(submissions)
    .values({ ...values, number: nextOrderNumber(yearOf(dayOf(values.createdAt))) })
    .returning({
      id: submissions.id,
      number: submissions.number,
      status: submissions.status,
      version: submissions.version,
    });
  return row!;
}

type SubmissionChanges = Omit<Partial<typeof submissions.$inferInsert>, 'id' | 'version'>;

/**
 * Writes `changes` and bumps the version, only while the submission is still at `version`.
 * Answers the new version, or undefined when someone else changed it first (nothing written).
 */
export async function updateSubmissionAtVersion(
  db: Queryable,
  id: number,
  version: number,
  changes: SubmissionChanges,
): Promise<number | undefined> {
  const [saved] = await db
    .update(submissions)
    .set({ ...changes, version: sql`${submissions.version} + 1` })
    .where(and(eq(submissions.id, id), eq(submissions.version, version)))
    .returning({ version: submissions.version });
  return saved?.version;
}

/** Appends one entry to a submission's history. */
export async function insertSubmissionEvent(
  db: Queryable,
  values: typeof submissionEvents.$inferInsert,
): Promise<void> {
  await db.insert(submissionEvents).values(values);
}

/** A signed-in user's broker, if any. */
export async function brokerIdOfUser(db: Queryable, userId: number): Promise<number | null> {
  const [user] = await db.select({ brokerId: users.brokerId }).from(users).where(eq(users.id, userId));
  return user?.brokerId ?? null;
}

/**
 * The submission with its speciality's and state's names: what order details read. Given a
 * caller, only when that caller may see it (access.ts); without one, whoever owns it.
 */
export async function submissionWithNames(db: Queryable, submissionId: number, caller?: SubmissionCaller) {
  const [row] = await db
    .select({ ...submissionColumns, specialityName: specialities.name, stateName: usStates.name })
    .from(submissions)
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .leftJoin(usStates, eq(usStates.code, submissions.stateCode))
    .where(caller ? and(eq(submissions.id, submissionId), ownedBy(caller)) : eq(submissions.id, submissionId));
  return row;
}

/** A submission's history rows, oldest first, with the acting user's role and name. */
export function submissionEventRows(db: Queryable, submissionId: number) {
  return db
    .select({
      id: submissionEvents.id,
      event: submissionEvents.event,
      actor: submissionEvents.actor,
      actorUserId: submissionEvents.actorUserId,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      fromStatus: submissionEvents.fromStatus,
      toStatus: submissionEvents.toStatus,
      reason: submissionEvents.reason,
      createdAt: submissionEvents.createdAt,
    })
    .from(submissionEvents)
    .leftJoin(users, eq(users.id, submissionEvents.actorUserId))
    .where(eq(submissionEvents.submissionId, submissionId))
    .orderBy(asc(submissionEvents.id));
}
