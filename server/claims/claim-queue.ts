/**
 * The handlers' queue (GET claims/queue): the claims in one status, or every claim not closed,
 * oldest report first, each with its insured, when anything last happened on it, and whether the
 * insured is waiting for the handler (reported and untouched, or they wrote or attached
 * something after the handler's last message or move).
 */
import { claimStatuses } from '@shared/contract/enums';
import type { ClaimQueueItem, ClaimStatus } from '@shared/contract/claims';
import { claimIsOpen } from '@shared/lifecycle/claim-lifecycle.machine';
import { claimToWire } from '@server/claims/claims';
import { claimQueueRows } from '@server/claims/claim-queries';
import type { Queryable } from '@server/db/connection';

const OPEN_STATUSES = claimStatuses.filter(claimIsOpen);

const latest = (...dates: (Date | null)[]) =>
  new Date(Math.max(...dates.flatMap((date) => (date ? [date.getTime()] : []))));

export async function claimQueue(db: Queryable, status: ClaimStatus | undefined): Promise<ClaimQueueItem[]> {
  const rows = await claimQueueRows(db, status ? [status] : OPEN_STATUSES);
  return rows.map((row) => ({
    ...claimToWire(row),
    insuredName: row.insuredName ?? row.email,
    companyName: row.companyName,
    lastActivityAt: latest(row.updatedAt, row.insuredLast, row.handlerLast).toISOString(),
    awaitingHandler: row.handlerLast === null || (row.insuredLast !== null && row.insuredLast > row.handlerLast),
  }));
}
