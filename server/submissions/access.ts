/**
 * Who may touch a submission: the signed-in insured it belongs to, or, while nobody's account
 * holds it, the visitor presenting its quote key in `x-quote-key`. Everything else, a
 * submission that does not exist included, is the same 404 (DESIGN.md §5: someone else's record
 * is a 404), so ids reveal nothing.
 */
import { submissionStatuses } from '@shared/contract/enums';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { QUOTE_KEY_HEADER } from '@shared/contract/submissions';
import { nextStatus, type LifecycleEventType } from '@shared/lifecycle/order-lifecycle.machine';
import type { AuthUser } from '@server/auth/user';
import type { Queryable } from '@server/db/connection';
import { submissions } from '@server/db/schema';
import { conflict, notFound } from '@server/http/http-error';

export type SubmissionCaller = {
  /** The bearer token's user; null for a visitor. */
  user: AuthUser | null;
  /** The hash of the x-quote-key header, when it holds something shaped like a key. */
  quoteKeyHash: string | undefined;
};

export const quoteKeyHeaderDoc = {
  [QUOTE_KEY_HEADER]: 'A visitor’s quote key (given once by insured/createsubmission); not needed with a bearer token',
};

/** The rows this caller may see: the user's own, and the one visitor quote its key opens. */
export function ownedBy(caller: SubmissionCaller): SQL {
  const mine = caller.user ? eq(submissions.userId, caller.user.id) : undefined;
  const held = caller.quoteKeyHash
    ? and(isNull(submissions.userId), eq(submissions.visitorKeyHash, caller.quoteKeyHash))
    : undefined;
  return or(mine, held) ?? sql`false`;
}

export const submissionColumns = {
  id: submissions.id,
  number: submissions.number,
  userId: submissions.userId,
  specialityId: submissions.specialityId,
  stateCode: submissions.stateCode,
  zipcode: submissions.zipcode,
  answers: submissions.answers,
  applicationAnswers: submissions.applicationAnswers,
  limitCode: submissions.limitCode,
  deductibleCode: submissions.deductibleCode,
  paymentTerm: submissions.paymentTerm,
  effectiveDate: submissions.effectiveDate,
  worksheet: submissions.worksheet,
  premiumCents: submissions.premiumCents,
  rateTableId: submissions.rateTableId,
  status: submissions.status,
  version: submissions.version,
  createdAt: submissions.createdAt,
  updatedAt: submissions.updatedAt,
};

export type SubmissionRow = Pick<typeof submissions.$inferSelect, keyof typeof submissionColumns>;

export const notYours = () => notFound('No such submission (or it is not yours)');

/** The submission, when this caller may see it; otherwise the 404 that says nothing more. */
export async function ownedSubmission(
  db: Queryable,
  caller: SubmissionCaller,
  submissionId: number,
): Promise<SubmissionRow> {
  const [row] = await db
    .select(submissionColumns)
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), ownedBy(caller)));
  if (!row) throw notYours();
  return row;
}

/**
 * How an insured's change to a quote's inputs (a re-rate, saved answers) is recorded, as the
 * lifecycle machine says: before buy now it prices the quote (`order.rate`); while the order
 * waits for missing items or for an underwriter's questions it supplies them
 * (`order.supplyItems`, the status staying where it is).
 */
export type EditMove = Extract<LifecycleEventType, 'order.rate' | 'order.supplyItems'>;

const EDIT_MOVES: readonly EditMove[] = ['order.rate', 'order.supplyItems'];

/** Where the insured may change a quote's inputs: every status the machine allows an EditMove in. */
const EDITABLE_STATUSES = submissionStatuses.filter((status) =>
  EDIT_MOVES.some((type) => nextStatus(status, { type, actor: 'insured' })),
);

/**
 * The move an insured's change to the quote's inputs makes now; anything else is the 409 that
 * names the status the submission is in (DESIGN.md §5).
 */
export function editMove(row: Pick<SubmissionRow, 'status' | 'number'>, what: string): EditMove {
  const move = EDIT_MOVES.find((type) => nextStatus(row.status, { type, actor: 'insured' }) !== null);
  if (move) return move;
  // Worded as every lifecycle 409 is (illegalMove): the status in words, `fields.status` exact.
  const words = (status: string) => status.replaceAll('_', ' ');
  throw conflict(
    `Order ${row.number} is ${words(row.status)}: ${what} only while it is ${EDITABLE_STATUSES.map(words).join(', ')}`,
    {
      status: `is ${row.status}`,
    },
  );
}

/** Someone else changed the submission between our read and our write (or since the client read it). */
export const changedMeanwhile = (current?: number) =>
  conflict('The submission was changed meanwhile: reload it and try again', {
    version: current === undefined ? 'is no longer current' : `is ${current} now`,
  });
