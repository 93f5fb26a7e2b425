/**
 * Every change to a submission: written only if nobody changed it since it was read (the version
 * check, bumped on success), with its event appended to the history in the same transaction. A
 * change that lost the race is a 409, never a mixed state. The lifecycle moves of issue 7 go
 * through here too.
 */
import type { Queryable } from '@server/db/connection';
import type { submissions } from '@server/db/schema';
import { changedMeanwhile, type SubmissionCaller, type SubmissionRow } from '@server/submissions/access';
import { insertSubmissionEvent, updateSubmissionAtVersion } from '@server/submissions/submission-queries';

type SubmissionChanges = Omit<Partial<typeof submissions.$inferInsert>, 'id' | 'version' | 'updatedAt'>;

export interface SubmissionEvent {
  event: string;
  toStatus: SubmissionRow['status'];
  data: Record<string, unknown>;
  /** Lifecycle moves: who sent the event (insured, underwriter, system). */
  actor?: 'insured' | 'underwriter' | 'system';
  /** Why (a decline's or close-lost's reason, an underwriter's request). */
  reason?: string | null;
}

/**
 * Applies `changes` to `row` as read, and records `event`; answers the new version. Given a
 * transaction in progress it runs inside it (a savepoint), so a caller's other writes stand or
 * fall with this one.
 */
export async function saveWithHistory(
  db: Queryable,
  caller: SubmissionCaller,
  row: Pick<SubmissionRow, 'id' | 'version' | 'status'>,
  now: Date,
  changes: SubmissionChanges,
  event: SubmissionEvent,
): Promise<number> {
  return db.transaction(async (tx) => {
    const version = await updateSubmissionAtVersion(tx, row.id, row.version, {
      ...changes,
      ...(event.toStatus !== row.status ? { statusChangedAt: now } : {}),
      updatedAt: now,
    });
    if (version === undefined) throw changedMeanwhile();
    await insertSubmissionEvent(tx, {
      submissionId: row.id,
      actorUserId: caller.user?.id ?? null,
      actor: event.actor ?? null,
      event: event.event,
      reason: event.reason ?? null,
      fromStatus: row.status,
      toStatus: event.toStatus,
      data: event.data,
      createdAt: now,
    });
    return version;
  });
}
