/**
 * Who may see and change the files of a record: an order's (submission's) files belong to the
 * order's owner, a claim's to the claim's owner, and underwriters and admins see all of them.
 * Anything else, a record that does not exist included, is the same 404, so ids reveal nothing.
 * Nobody changes a closed claim's files (a handler reopens it first).
 * Insureds change files (upload, rename, delete) only while their order is open, and never a
 * file an underwriter added to it (403: the underwriter's letters and reviews are theirs to
 * change); underwriters change any file any time.
 */
import { fileModules, type FileModule } from '@shared/contract/files';
import type { SubmissionStatus } from '@shared/contract/submissions';
import type { ClaimStatus } from '@shared/contract/claims';
import { claimIsOpen } from '@shared/lifecycle/claim-lifecycle.machine';
import { isOpenStatus } from '@shared/lifecycle/order-lifecycle.machine';
import type { AuthUser } from '@server/auth/user';
import type { Queryable } from '@server/db/connection';
import { claimOwner, liveFile, orderForFiles } from '@server/files/files-queries';
import { conflict, forbidden, HttpError, notFound } from '@server/http/http-error';

/** The record files are attached to, as the caller may reach it. */
export type FileTarget = {
  module: FileModule;
  moduleId: number;
  /** The caller is an underwriter or admin (not acting as the record's owner). */
  staff: boolean;
  /** For orders: what the lifecycle rules look at, and whose account it is (null: a visitor's quote). */
  order: FileOrder | null;
  /** For claims: its number and status (a closed claim takes no more files). */
  claim?: FileClaim | null;
};

export type FileClaim = { id: number; number: string | null; status: ClaimStatus };

export type FileOrder = {
  id: number;
  number: string;
  status: SubmissionStatus;
  version: number;
  userId: number | null;
};

export const isStaff = (user: AuthUser) => user.role === 'underwriter' || user.role === 'admin';

export const noSuchRecord = () => notFound('No such record (or it is not yours)');
export const noSuchFile = () => notFound('No such file (or it is not yours)');

const isFileModule = (module: string): module is FileModule => (fileModules as readonly string[]).includes(module);

/** The record `module`/`moduleId` when `user` may reach it; the 404 otherwise. */
export async function fileTarget(
  db: Queryable,
  user: AuthUser,
  module: FileModule,
  moduleId: number,
): Promise<FileTarget> {
  // On a record of their own an underwriter is its insured, bound by the insured's rules (as the
  // desk refuses them a decision on their own order).
  const staffOn = (ownerId: number | null) => isStaff(user) && ownerId !== user.id;
  if (module === 'submission') {
    const order = await orderForFiles(db, moduleId);
    if (!order || (!isStaff(user) && order.userId !== user.id)) throw noSuchRecord();
    return { module, moduleId, staff: staffOn(order.userId), order };
  }
  const claim = await claimOwner(db, moduleId);
  if (!claim || (!isStaff(user) && claim.userId !== user.id)) throw noSuchRecord();
  return { module, moduleId, staff: staffOn(claim.userId), order: null, claim };
}

/** A live file and its record, when `user` may reach them; the 404 otherwise. */
export async function fileAndTarget(db: Queryable, user: AuthUser, fileId: number) {
  const file = await liveFile(db, fileId);
  if (!file || file.moduleId === null || !isFileModule(file.module)) throw noSuchFile();
  try {
    return { file: { ...file, module: file.module }, target: await fileTarget(db, user, file.module, file.moduleId) };
  } catch (error) {
    // Someone else's record: say no more than about a missing file.
    throw error instanceof HttpError && error.status === 404 ? noSuchFile() : error;
  }
}

/**
 * An insured changes an order's files only while it is open, and nobody a closed claim's (409
 * naming the status).
 */
export function assertMayChangeFiles(target: FileTarget, what: string): void {
  const { order, claim } = target;
  if (claim && !claimIsOpen(claim.status)) {
    throw conflict(`Claim ${claim.number ?? claim.id} is closed: ${what} is not possible now`, {
      status: `is ${claim.status}`,
    });
  }
  if (target.staff || !order || isOpenStatus(order.status)) return;
  throw conflict(`Order ${order.number} is ${order.status.replaceAll('_', ' ')}: ${what} is not possible now`, {
    status: `is ${order.status}`,
  });
}

export const notTheInsuredsFile = () => forbidden('You may not change a file the underwriter added');

/**
 * An insured changes only the files they uploaded: on their record anything else was added by an
 * underwriter (only the owner and underwriters upload there). A 403 that names no file: the
 * list already shows who added each one.
 */
export function assertOwnFiles(
  target: FileTarget,
  user: AuthUser,
  changed: ReadonlyArray<{ ownerUserId: number }>,
): void {
  if (target.staff) return;
  if (changed.some((file) => file.ownerUserId !== user.id)) throw notTheInsuredsFile();
}
