/**
 * PUT insured/resubmit: the insured answers an underwriter's request for information and sends
 * the order back (missing_info → application_under_review), with a message. Something must come
 * back: files or changed answers since the request (an `order.supplyItems` event), or the
 * message itself; otherwise a 422 naming `message`. Repeating it answers the same.
 */
import type * as v from 'valibot';
import type { LifecycleMove, resubmitRequestSchema } from '@shared/contract/lifecycle';
import type { LifecycleEvent } from '@shared/lifecycle/order-lifecycle.machine';
import type { AuthUser } from '@server/auth/user';
import { HttpError } from '@server/http/http-error';
import type { LifecycleDeps } from '@server/lifecycle/close-lost';
import { lockedOrder, moveAnswer } from '@server/lifecycle/locked-order';
import { hasEventSince, latestEventOf, latestEvents } from '@server/lifecycle/order-events';
import { canMove, illegalMove, moveSubmission } from '@server/submissions/lifecycle';

type ResubmitInput = v.InferOutput<typeof resubmitRequestSchema>;

const RESUBMIT: LifecycleEvent = { type: 'order.resubmit', actor: 'insured' };

const nothingSupplied = () =>
  new HttpError(
    422,
    'Nothing was sent since the underwriter asked: upload files, change your answers, or write a message',
    {
      message: 'is required when no files or answers were sent since the underwriter asked',
    },
  );

export async function resubmit(deps: LifecycleDeps, user: AuthUser, input: ResubmitInput): Promise<LifecycleMove> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedOrder(tx, user, input.submissionid);
    if (row.status === 'application_under_review') {
      const [last] = await latestEvents(tx, row.id, 1);
      if (last?.event === RESUBMIT.type && last.actorUserId === user.id) return moveAnswer(row);
    }
    if (!canMove(row, RESUBMIT)) throw illegalMove(row, RESUBMIT.type);
    const message = input.message ?? null;
    const request = await latestEventOf(tx, row.id, ['order.requestInfo']);
    const supplied = await hasEventSince(tx, row.id, 'order.supplyItems', request?.id);
    if (!message && !supplied) throw nothingSupplied();
    const moved = await moveSubmission(tx, user, row, deps.clock.now(), {
      event: RESUBMIT,
      reason: message,
      data: { message, supplied },
    });
    return moveAnswer(moved);
  });
}
