/**
 * Signing an order's application (GET insured/application, POST insured/signapplication) and the
 * rule a checkout keeps: the newest signature must be of the record as it is now. Signatures are
 * never changed or removed; the newest one is the order's.
 */
import type * as v from 'valibot';
import type {
  Application,
  ApplicationRecord,
  ApplicationSignature,
  signApplicationRequestSchema,
} from '@shared/contract/application-signature';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { callerOf } from '@server/account/plan-locations';
import {
  insertSignature,
  newestSignature,
  ordersWithSignature,
  type SignatureRow,
} from '@server/application/application-queries';
import { applicationRecord } from '@server/application/application-record';
import { recordHash } from '@server/application/canonical-json';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { conflict } from '@server/http/http-error';
import { lockedOrder } from '@server/lifecycle/locked-order';
import { ownedSubmission, type SubmissionRow } from '@server/submissions/access';

export type SignatureDeps = { db: Database; clock: Clock };
export type { SignatureRow };
type SignInput = v.InferOutput<typeof signApplicationRequestSchema>;

/** Where the request came from, kept with the signature as evidence. */
export type SigningContext = { ip: string; userAgent: string | undefined };

/**
 * Where the insured may sign: the order is priced and still open to them. Not draft (nothing
 * priced to sign) nor checks (only ever inside buy now's transaction); once bound, complete,
 * declined or closed the application is what it was.
 */
export const SIGNABLE_STATUSES: readonly SubmissionStatus[] = [
  'quoted',
  'incomplete',
  'underwriter_review',
  'missing_info',
  'application_under_review',
  'approved',
  'awaiting_payment',
];

export const CHANGED_MESSAGE = 'your application changed; review it again';

/** The order's signature: the newest made. */
export async function latestSignature(db: Queryable, submissionId: number): Promise<SignatureRow | undefined> {
  return newestSignature(db, submissionId);
}

/** Of these orders, those with a signature. */
export async function signedOrderIds(db: Queryable, submissionIds: number[]): Promise<Set<number>> {
  if (submissionIds.length === 0) return new Set();
  return new Set(await ordersWithSignature(db, submissionIds));
}

export const signatureView = (row: SignatureRow, currentHash: string): ApplicationSignature => ({
  signerName: row.signerName,
  signedAt: row.signedAt.toISOString(),
  ip: row.ip,
  recordHash: row.recordHash,
  current: row.recordHash === currentHash,
});

/** The record now, its hash, and the order's signature. */
async function recordAndSignature(db: Queryable, order: SubmissionRow) {
  const record = await applicationRecord(db, order);
  const hash = recordHash(record);
  return { record, hash, latest: await latestSignature(db, order.id) };
}

/** GET insured/application: the owner's order only (404 otherwise); a draft is a 409 naming it. */
export async function applicationOf(deps: SignatureDeps, user: AuthUser, submissionId: number): Promise<Application> {
  const order = await ownedSubmission(deps.db, callerOf(user), submissionId);
  const { record, hash, latest } = await recordAndSignature(deps.db, order);
  return { record, recordHash: hash, signature: latest ? signatureView(latest, hash) : null };
}

/**
 * POST insured/signapplication. With the order locked (so two signings never interleave): the
 * order must be the caller's (404) and open for signing (409 naming its status), and the record
 * the insured reviewed must be the record now (409 naming recordHash). Signing the record the
 * newest signature already signed answers that signature (`created` false); otherwise a new
 * signature is added.
 */
export async function signApplication(
  deps: SignatureDeps,
  user: AuthUser,
  input: SignInput,
  context: SigningContext,
): Promise<{ signature: ApplicationSignature; created: boolean }> {
  return deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, user, input.submissionid);
    if (!SIGNABLE_STATUSES.includes(order.status)) {
      throw conflict(
        `Order ${order.number} is ${order.status.replaceAll('_', ' ')}: its application can no longer be signed`,
        {
          status: `is ${order.status}`,
        },
      );
    }
    const { record, hash, latest } = await recordAndSignature(tx, order);
    if (input.recordHash !== hash) {
      throw conflict('Your application changed since you reviewed it: review it again before signing', {
        recordHash: CHANGED_MESSAGE,
      });
    }
    if (latest?.recordHash === hash) return { signature: signatureView(latest, hash), created: false };
    const row = await insertSignature(tx, {
      submissionId: order.id,
      userId: user.id,
      signerName: input.signerName,
      recordHash: hash,
      record: record as unknown as Record<string, unknown>,
      consentToElectronicRecords: input.consentToElectronicRecords,
      agreeToDeclarations: input.agreeToDeclarations,
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, 512) ?? null,
      signedAt: deps.clock.now(),
    });
    return { signature: signatureView(row, hash), created: true };
  });
}

/**
 * What a checkout requires (inside its transaction): the newest signature is of the record as it
 * is now. Otherwise a 409 naming `signature`.
 */
export async function requireCurrentSignature(db: Queryable, order: SubmissionRow): Promise<void> {
  const { hash, latest } = await recordAndSignature(db, order);
  if (!latest) {
    throw conflict(`Sign the application of order ${order.number} before paying`, {
      signature: 'must sign the application',
    });
  }
  if (latest.recordHash !== hash) {
    throw conflict(
      `The application of order ${order.number} changed since it was signed: review it and sign again before paying`,
      {
        signature: 'must sign the application again: it changed since you signed',
      },
    );
  }
}

/** The record a signature signed, as it was kept. */
export const signedRecord = (row: SignatureRow): ApplicationRecord => row.record as unknown as ApplicationRecord;
