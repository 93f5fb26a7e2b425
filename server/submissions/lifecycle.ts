/**
 * The one way a submission changes status (DESIGN.md §4): the shared lifecycle machine
 * (shared/lifecycle/order-lifecycle.machine.ts) decides whether the event is allowed from the status
 * as read and by whom; the move is written with the optimistic version check and its history
 * event (actor, from, to, reason, time) in the same transaction. An illegal move is a 409 naming
 * the status; a move that lost a race to another is a 409 naming the version.
 */
import { nextStatus, type LifecycleEvent, type LifecycleEventType } from '@shared/lifecycle/order-lifecycle.machine';
import type { AuthUser } from '@server/auth/user';
import type { Queryable } from '@server/db/connection';
import type { submissions } from '@server/db/schema';
import { conflict, type HttpError } from '@server/http/http-error';
import type { SubmissionRow } from '@server/submissions/access';
import { saveWithHistory } from '@server/submissions/versioned-save';

type SubmissionChanges = Omit<Partial<typeof submissions.$inferInsert>, 'id' | 'version' | 'updatedAt' | 'status'>;

/** What each event is called in a refusal: "Order Q-2026-000001 is declined: buy now is not possible". */
export const EVENT_WORDS: Record<LifecycleEventType, string> = {
  'order.rate': 'changing the quote',
  'order.draft': 'changing the quote',
  'order.buyNow': 'buy now',
  'order.requireItems': 'asking for missing items',
  'order.supplyItems': 'supplying items',
  'order.refer': 'referring to an underwriter',
  'order.approve': 'approval',
  'order.requestInfo': 'a request for information',
  'order.resubmit': 'resubmitting',
  'order.decline': 'declining',
  'order.generateInvoice': 'invoicing',
  'order.paymentSucceeded': 'payment',
  'order.issueDocuments': 'issuing documents',
  'order.sendToCloseLost': 'closing the order',
};

type MovableRow = Pick<SubmissionRow, 'id' | 'number' | 'version' | 'status'>;

/** The 409 of DESIGN.md §5: names the status the submission is in. */
export function illegalMove(row: Pick<SubmissionRow, 'number' | 'status'>, type: LifecycleEventType): HttpError {
  const status = row.status.replaceAll('_', ' ');
  return conflict(`Order ${row.number} is ${status}: ${EVENT_WORDS[type]} is not possible now`, {
    status: `is ${row.status}`,
  });
}

/** Whether the machine allows `event` from the row's status (no write). */
export function canMove(row: Pick<SubmissionRow, 'status'>, event: LifecycleEvent): boolean {
  return nextStatus(row.status, event) !== null;
}

export interface LifecycleMove {
  event: LifecycleEvent;
  /** Why: a decline's or close-lost's reason, an underwriter's request for information. */
  reason?: string | null;
  /** What the history keeps beside the move (referral reasons, a premium adjustment…). */
  data?: Record<string, unknown>;
  /** Column changes written with the move (a re-rated premium, say). */
  changes?: SubmissionChanges;
}

/**
 * Moves `row` (as read) by `move.event`, sent by `actor` (null for the system). Given a
 * transaction in progress it runs inside it. Answers the new status and version; the caller's
 * next move in the same transaction starts from these.
 */
export async function moveSubmission(
  db: Queryable,
  actor: AuthUser | null,
  row: MovableRow,
  now: Date,
  move: LifecycleMove,
): Promise<MovableRow> {
  const to = nextStatus(row.status, move.event);
  if (!to) throw illegalMove(row, move.event.type);
  const version = await saveWithHistory(
    db,
    { user: actor, quoteKeyHash: undefined },
    row,
    now,
    { ...move.changes, status: to },
    {
      event: move.event.type,
      toStatus: to,
      data: move.data ?? {},
      actor: move.event.actor,
      reason: move.reason ?? null,
    },
  );
  return { id: row.id, number: row.number, version, status: to };
}
