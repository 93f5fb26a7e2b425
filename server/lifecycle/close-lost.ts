/**
 * PUT insured/sendtocloselost: the insured closes an open order as lost, with a reason (and
 * words of their own). Repeating it once the order was closed by that same call answers the
 * same and writes nothing.
 */
import type * as v from 'valibot';
import type { LifecycleMove, sendToCloseLostRequestSchema } from '@shared/contract/lifecycle';
import type { LifecycleEvent } from '@shared/lifecycle/order-lifecycle.machine';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/connection';
import { lockedOrder, moveAnswer } from '@server/lifecycle/locked-order';
import { latestEvents } from '@server/lifecycle/order-events';
import { moveSubmission } from '@server/submissions/lifecycle';

export type LifecycleDeps = { db: Database; clock: Clock };

type CloseLostInput = v.InferOutput<typeof sendToCloseLostRequestSchema>;

const CLOSE_LOST: LifecycleEvent = { type: 'order.sendToCloseLost', actor: 'insured' };

export async function sendToCloseLost(
  deps: LifecycleDeps,
  user: AuthUser,
  input: CloseLostInput,
): Promise<LifecycleMove> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedOrder(tx, user, input.submissionid);
    if (row.status === 'close_lost') {
      const [last] = await latestEvents(tx, row.id, 1);
      if (last?.event === CLOSE_LOST.type && last.actorUserId === user.id) return moveAnswer(row);
    }
    const comment = input.comment ?? null;
    const moved = await moveSubmission(tx, user, row, deps.clock.now(), {
      event: CLOSE_LOST,
      reason: comment ? `${input.reason}: ${comment}` : input.reason,
      data: { reason: input.reason, comment },
    });
    return moveAnswer(moved);
  });
}
