/**
 * Saving an insured's change to a quote's inputs (a re-rate, saved answers). Statuses: a quote
 * that prices is `quoted` (its rating, total and rate table stored); one that no longer prices
 * after an answer save (a required answer missing, say) drops to `draft` with its premium
 * cleared until it prices again. Once bought, while the order waits for missing items or answers
 * an underwriter's questions (incomplete, missing_info), the same saves are the lifecycle
 * machine's `order.supplyItems`: the status stays, and a save that no longer prices is refused
 * (400/422) with nothing changed. Every change checks and bumps `version` (versioned-save.ts)
 * and appends a submission_events row in the same transaction.
 */
import type { SubmissionStatus } from '@shared/contract/submissions';
import { nextStatus } from '@shared/lifecycle/order-lifecycle.machine';
import type { Queryable } from '@server/db/connection';
import type { EditMove, SubmissionCaller, SubmissionRow } from '@server/submissions/access';
import { illegalMove, moveSubmission } from '@server/submissions/lifecycle';
import { saveWithHistory } from '@server/submissions/versioned-save';

export type SubmissionChanges = Omit<Parameters<typeof saveWithHistory>[4], 'status'>;

/**
 * Writes a change to the quote's inputs as the lifecycle machine allows it now (editMove):
 * before buy now a versioned save under `edit.event`, leaving the quote `edit.status` (quoted,
 * or draft when it no longer prices); once bought and waiting for missing items or an
 * underwriter's questions, the machine's `order.supplyItems` by the insured, the status kept
 * and the edit named in the event's data. Answers the status and version now.
 */
export async function saveEdit(
  db: Queryable,
  caller: SubmissionCaller,
  row: SubmissionRow,
  now: Date,
  move: EditMove,
  changes: SubmissionChanges,
  edit: { event: 'rerate' | 'answers'; status: 'quoted' | 'draft'; data: Record<string, unknown> },
): Promise<{ status: SubmissionStatus; version: number }> {
  if (move === 'order.rate') {
    // Still the machine's move (order.rate, or order.draft when it no longer prices), recorded
    // under the edit's own name as quote edits always were.
    const type = edit.status === 'quoted' ? 'order.rate' : 'order.draft';
    const to = nextStatus(row.status, { type, actor: 'insured' });
    if (!to) throw illegalMove(row, type);
    const version = await saveWithHistory(
      db,
      caller,
      row,
      now,
      { ...changes, status: to },
      { event: edit.event, toStatus: to, data: edit.data, actor: 'insured' },
    );
    return { status: to, version };
  }
  const moved = await moveSubmission(db, caller.user, row, now, {
    event: { type: 'order.supplyItems', actor: 'insured' },
    data: { edit: edit.event, ...edit.data },
    changes,
  });
  return { status: moved.status, version: moved.version };
}
