/**
 * A change to an order's files as the order sees it. Every upload, rename and delete on an order
 * runs in one transaction that first locks the order the project's one way (lockOwner: the
 * insured's users row, then the order's row FOR UPDATE), checks the status as it is then, and,
 * once the order is past buy now, records the change in its history as a `files` event (status
 * unchanged, version bumped). An underwriter's decision sent with the version they reviewed is
 * then a 409 when files changed meanwhile, and two changes at once run one after the other.
 *
 * Before buy now the quote's version guards the insured's own edits of it (answers saved with
 * the version they read): files are not part of the quote, so they leave it alone there.
 */
import type { SubmissionStatus } from '@shared/contract/submissions';
import { lockOwner } from '@server/account/primary-records';
import type { AuthUser } from '@server/auth/user';
import type { Transaction } from '@server/db/connection';
import { assertMayChangeFiles, noSuchRecord, type FileOrder, type FileTarget } from '@server/files/file-access';
import { lockClaimForFiles, lockOrderForFiles } from '@server/files/files-queries';
import { changedMeanwhile } from '@server/submissions/access';
import { saveWithHistory } from '@server/submissions/versioned-save';

/** The history event of a file change that is not a lifecycle move. */
export const FILES_EVENT = 'files';

/** While the quote is still being priced (before buy now). */
const BEFORE_BUY_NOW: ReadonlySet<SubmissionStatus> = new Set(['draft', 'quoted']);

/**
 * Inside `tx`: the target's order as it is now, locked (the owner's users row first, then the
 * order), and the insured's open-order rule checked against it; null for a claim's files, whose
 * claim is locked FOR SHARE and must not be closed.
 */
export async function lockFileOrder(tx: Transaction, target: FileTarget, what: string): Promise<FileOrder | null> {
  if (target.claim) {
    // A claim's files: closing it waits for this change, or this change finds it closed.
    const claim = await lockClaimForFiles(tx, target.claim.id);
    if (!claim) throw noSuchRecord();
    assertMayChangeFiles({ ...target, claim }, what);
    return null;
  }
  if (!target.order) return null;
  const ownerId = target.order.userId;
  if (ownerId !== null) await lockOwner(tx, ownerId);
  const order = await lockOrderForFiles(tx, target.order.id);
  // Submissions are never deleted; should one be, it is as gone as someone else's.
  if (!order) throw noSuchRecord();
  // A visitor's quote taken into an account since it was read: its owner is not the one locked.
  if (order.userId !== ownerId) throw changedMeanwhile(order.version);
  assertMayChangeFiles({ ...target, order }, what);
  return order;
}

/**
 * Records a change of `order`'s files (locked by lockFileOrder) once the order is past buy
 * now; answers the order as it then is.
 */
export async function recordFileChange(
  tx: Transaction,
  user: AuthUser,
  target: Pick<FileTarget, 'staff'>,
  order: FileOrder,
  now: Date,
  data: { fileIds: number[] } | { renamed: number[] } | { deleted: number[] },
): Promise<FileOrder> {
  if (BEFORE_BUY_NOW.has(order.status)) return order;
  const version = await saveWithHistory(
    tx,
    { user, quoteKeyHash: undefined },
    order,
    now,
    {},
    { event: FILES_EVENT, toStatus: order.status, data, actor: target.staff ? 'underwriter' : 'insured' },
  );
  return { ...order, version };
}
