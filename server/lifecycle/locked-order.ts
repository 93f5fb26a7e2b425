/**
 * The insured's order, locked for a lifecycle move: the owner's users row first, then the
 * order's row FOR UPDATE — the account's one lock order (lockOwner in
 * server/account/primary-records.ts), so a move never deadlocks with a contact, location or
 * plan change. Two moves on one order run one after the other: the second reads what the first
 * left and answers a repeat or the machine's 409, never a mixed state.
 */
import { lockOwner } from '@server/account/primary-records';
import type { AuthUser } from '@server/auth/user';
import type { Transaction } from '@server/db/connection';
import { lockUsersSubmission } from '@server/lifecycle/lifecycle-queries';
import { notYours, type SubmissionRow } from '@server/submissions/access';

/** Inside `tx`: the caller's order, locked; someone else's or a missing one is the same 404. */
export async function lockedOrder(tx: Transaction, user: AuthUser, submissionId: number): Promise<SubmissionRow> {
  await lockOwner(tx, user.id);
  const row = await lockUsersSubmission(tx, user.id, submissionId);
  if (!row) throw notYours();
  return row;
}

/** The order after a move, as LifecycleMove answers it. */
export const moveAnswer = (row: Pick<SubmissionRow, 'id' | 'number' | 'status' | 'version'>) => ({
  submissionId: row.id,
  number: row.number,
  status: row.status,
  version: row.version,
});
