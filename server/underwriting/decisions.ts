/**
 * An underwriter's decisions on an order: approve (optionally re-rated with a premium
 * adjustment), request information (mailed to the insured), decline, close as lost. Each is one
 * lifecycle move through moveSubmission, so the shared machine decides what is legal (409
 * naming the status otherwise).
 *
 * Each runs in one transaction that first locks the order row FOR UPDATE: of two decisions at
 * once, the second waits, then reads the order as the first left it and answers from that —
 * the idempotent answer when it was the same decision, else the machine's 409. A retry of
 * exactly the same decision (the order's latest event is it, by the same underwriter, with the
 * same reason and adjustment) answers what the first did and writes nothing; it is recognised
 * before `version` is compared, since a retry carries the version the first call was sent with.
 */
import type { LifecycleEventType } from '@shared/lifecycle/order-lifecycle.machine';
import type { DecisionResult } from '@shared/contract/underwriting';
import { lockOwner } from '@server/account/primary-records';
import { latestEvents } from '@server/lifecycle/order-events';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable, Transaction } from '@server/db/connection';
import { badRequest, forbidden } from '@server/http/http-error';
import { decisionMail, infoRequestMail } from '@server/mail/templates';
import type { MailService } from '@server/plugins/mail';
import { createRatingCatalog } from '@server/rating/rating-catalog';
import { changedMeanwhile, type SubmissionRow } from '@server/submissions/access';
import { canMove, illegalMove, moveSubmission, type LifecycleMove } from '@server/submissions/lifecycle';
import { priceAdjusted } from '@server/submissions/submission-pricing';
import { noSuchSubmission } from '@server/underwriting/review';
import { insuredMailTarget, lockSubmission, submissionOwner } from '@server/underwriting/underwriting-queries';

export type DecisionDeps = {
  db: Database;
  clock: Clock;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  /** Links in mails start here (config.publicUrl). */
  publicUrl: string;
};

type Target = { submissionId: number; version?: number | undefined };

export type Decision =
  | { kind: 'approve'; adjustmentBps: number; reason: string | null }
  | { kind: 'requestInfo'; message: string }
  | { kind: 'decline'; reason: string }
  | { kind: 'closeLost'; reason: string };

const EVENT_OF: Record<Decision['kind'], LifecycleEventType> = {
  approve: 'order.approve',
  requestInfo: 'order.requestInfo',
  decline: 'order.decline',
  closeLost: 'order.sendToCloseLost',
};

const reasonOf = (decision: Decision) => (decision.kind === 'requestInfo' ? decision.message : decision.reason);
const adjustmentOf = (decision: Decision) => (decision.kind === 'approve' ? decision.adjustmentBps : 0);

/** An adjustment must say why (400 naming reason), checked before anything is read. */
export function checkDecision(decision: Decision): void {
  if (decision.kind === 'approve' && decision.adjustmentBps !== 0 && !decision.reason) {
    throw badRequest('A premium adjustment needs a reason: say why the premium changes', {
      reason: 'is required with a premium adjustment',
    });
  }
}

/**
 * The order, locked until the transaction ends; 404 when there is none. The insured's users row
 * is taken first, as every move on an insured's order does (lockOwner), so the desk and the
 * insured never lock in opposite orders.
 */
async function lockedOrder(
  db: Transaction,
  submissionId: number,
): Promise<SubmissionRow & { brokerId: number | null }> {
  const owner = await submissionOwner(db, submissionId);
  if (!owner) throw noSuchSubmission();
  if (owner.userId !== null) await lockOwner(db, owner.userId);
  const row = await lockSubmission(db, submissionId);
  if (!row) throw noSuchSubmission();
  return row;
}

/** Nobody decides on their own order: an underwriter buying cover is an insured like any other. */
const ownOrder = () => forbidden('You may not decide on your own order: another underwriter must');

/**
 * Whether the order's latest event is this very decision by this underwriter and the order still
 * stands where it left it (a status written any other way is not that decision's outcome).
 */
async function isRepeat(
  db: Queryable,
  row: Pick<SubmissionRow, 'id' | 'status'>,
  user: AuthUser,
  decision: Decision,
): Promise<boolean> {
  // Lifecycle moves only (latestEvents): a file added since does not make a retried decision a new one.
  const [latest] = await latestEvents(db, row.id, 1);
  if (!latest) return false;
  const recordedBps = (latest.data as { adjustmentBps?: unknown } | null)?.adjustmentBps;
  return (
    latest.event === EVENT_OF[decision.kind] &&
    latest.toStatus === row.status &&
    latest.actor === 'underwriter' &&
    latest.actorUserId === user.id &&
    latest.reason === reasonOf(decision) &&
    (typeof recordedBps === 'number' ? recordedBps : 0) === adjustmentOf(decision)
  );
}

const answer = (row: Pick<SubmissionRow, 'id' | 'number' | 'status' | 'version' | 'premiumCents'>): DecisionResult => ({
  submissionId: row.id,
  number: row.number,
  status: row.status,
  version: row.version,
  premiumCents: row.premiumCents,
});

/** Re-rated with the adjustment, priced through the transaction (a catalog of its own: on PGlite a read outside it would wait for it). */
async function adjustedApproval(
  db: Queryable,
  row: SubmissionRow,
  adjustmentBps: number,
  reason: string,
): Promise<Pick<LifecycleMove, 'changes' | 'data'>> {
  const calculation = await priceAdjusted({ db, catalog: createRatingCatalog(db) }, row, {
    bps: adjustmentBps,
    reason,
  });
  return {
    changes: { worksheet: calculation, premiumCents: calculation.totalCents, rateTableId: calculation.rateTableId },
    data: { adjustmentBps, fromTotalCents: row.premiumCents, totalCents: calculation.totalCents },
  };
}

/**
 * The insured's mail about a decision, queued in the move's transaction: a request for
 * information with the message and a link to the incomplete-missing-info screen; an approval or
 * a decline (with its reason) with a link to the order — branded when the order came through a
 * broker. Closing an order mails nothing. False when there is no account to mail (a visitor's
 * quote).
 */
async function queueDecisionMail(
  db: Queryable,
  deps: DecisionDeps,
  row: SubmissionRow,
  decision: Decision,
): Promise<boolean> {
  if (decision.kind === 'closeLost') return false;
  const insured = await insuredMailTarget(db, row.id);
  if (!insured) return false;
  if (decision.kind === 'requestInfo') {
    const answerUrl = screenUrl(deps, insured.clientUrl, 'incomplete-missing-info', `?submissionid=${row.id}`);
    await deps.mail.enqueue(
      db,
      infoRequestMail({
        to: insured.email,
        firstName: insured.firstName,
        orderNumber: row.number,
        message: decision.message,
        answerUrl,
      }),
    );
    return true;
  }
  const orderUrl = screenUrl(deps, insured.clientUrl, `order/${row.id}`, '');
  await deps.mail.enqueue(
    db,
    decisionMail({
      to: insured.email,
      firstName: insured.firstName,
      orderNumber: row.number,
      decision: decision.kind === 'approve' ? 'approved' : 'declined',
      reason: decision.kind === 'approve' ? null : decision.reason,
      orderUrl,
    }),
  );
  return true;
}

/** A screen's address for the insured: the broker's branded twin when the order came through one. */
function screenUrl(deps: DecisionDeps, clientUrl: string | null, screen: string, search: string): string {
  return clientUrl
    ? `${deps.publicUrl}/client/${screen}/${clientUrl}${search}`
    : `${deps.publicUrl}/${screen}${search}`;
}

export async function decide(
  deps: DecisionDeps,
  user: AuthUser,
  target: Target,
  decision: Decision,
): Promise<DecisionResult> {
  checkDecision(decision);
  const event = { type: EVENT_OF[decision.kind], actor: 'underwriter' as const };
  let mailed = false;
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockedOrder(tx, target.submissionId);
    if (row.userId === user.id) throw ownOrder();
    // Read once the lock is held: a decision that waited behind another move is recorded after it.
    const now = deps.clock.now();
    if (await isRepeat(tx, row, user, decision)) return answer(row);
    if (!canMove(row, event)) throw illegalMove(row, event.type);
    if (target.version !== undefined && target.version !== row.version) throw changedMeanwhile(row.version);

    const adjusted =
      decision.kind === 'approve' && decision.adjustmentBps !== 0
        ? await adjustedApproval(tx, row, decision.adjustmentBps, decision.reason!)
        : { data: decision.kind === 'approve' ? { adjustmentBps: 0 } : {} };
    const moved = await moveSubmission(tx, user, row, now, { event, reason: reasonOf(decision), ...adjusted });
    mailed = await queueDecisionMail(tx, deps, row, decision);
    return answer({ ...moved, premiumCents: adjusted.changes?.premiumCents ?? row.premiumCents });
  });
  // Only once committed: a rolled-back request must not have the sender look for its mail.
  if (mailed) deps.mail.kick();
  return result;
}
