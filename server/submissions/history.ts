/**
 * An order's history as people read it (DESIGN.md §4): every recorded move and edit, oldest
 * first, with who made it. Rows written before lifecycle moves named their actor say who by the
 * user's role: a person's edit is the insured's (or the underwriter's), no person is the system.
 */
import type { HistoryEntry } from '@shared/contract/submissions';
import type { Queryable } from '@server/db/connection';
import { submissionEventRows } from '@server/submissions/submission-queries';

type Actor = HistoryEntry['actor'];

function actorOf(recorded: string | null, role: string | null, hasUser: boolean): Actor {
  if (recorded === 'insured' || recorded === 'underwriter' || recorded === 'system') return recorded;
  if (role === 'underwriter' || role === 'admin') return 'underwriter';
  // A visitor's quote edits have no user but were the insured's own.
  return hasUser || recorded === null ? 'insured' : 'system';
}

export async function orderHistory(db: Queryable, submissionId: number): Promise<HistoryEntry[]> {
  const rows = await submissionEventRows(db, submissionId);
  return rows.map((row) => {
    const actor = actorOf(row.actor, row.role, row.actorUserId !== null);
    const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
    return {
      id: row.id,
      event: row.event,
      actor,
      actorName: actor === 'system' || !name ? null : name,
      fromStatus: row.fromStatus,
      toStatus: row.toStatus,
      reason: row.reason,
      at: row.createdAt.toISOString(),
    };
  });
}
