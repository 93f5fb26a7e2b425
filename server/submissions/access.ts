/**
 * Who may touch a submission: the signed-in insured it belongs to, or, while nobody's account
 * holds it, the visitor presenting its quote key in `x-quote-key`. Everything else, a
 * submission that does not exist included, is the same 404 (DESIGN.md §5: someone else's record
 * is a 404), so ids reveal nothing.
 */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { QUOTE_KEY_HEADER } from '@/api/contract/submissions';
import type { AuthUser } from '@server/auth/user';
import type { Queryable } from '@server/db/connection';
import { submissions } from '@server/db/schema';
import { authenticateIfPresent } from '@server/http/authenticate';
import { conflict, notFound } from '@server/http/http-error';
import { quoteKeyHash } from '@server/submissions/quote-keys';

export type SubmissionCaller = {
  /** The bearer token's user; null for a visitor. */
  user: AuthUser | null;
  /** The hash of the x-quote-key header, when it holds something shaped like a key. */
  quoteKeyHash: string | undefined;
};

export const quoteKeyHeaderDoc = {
  [QUOTE_KEY_HEADER]: 'A visitor’s quote key (given once by insured/createsubmission); not needed with a bearer token',
};

/** The caller of a public submission route: a bearer token is checked when sent (401 if bad). */
export async function submissionCaller(request: FastifyRequest): Promise<SubmissionCaller> {
  const user = await authenticateIfPresent(request);
  return { user, quoteKeyHash: quoteKeyHash(request.headers[QUOTE_KEY_HEADER]) };
}

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
  status: submissions.status,
  version: submissions.version,
  createdAt: submissions.createdAt,
  updatedAt: submissions.updatedAt,
};

export type SubmissionRow = Pick<typeof submissions.$inferSelect, keyof typeof submissionColumns>;

export const notYours = () => notFound('No such submission (or it is not yours)');

/** The submission, when this caller may see it; otherwise the 404 that says nothing more. */
export async function ownedSubmission(db: Queryable, caller: SubmissionCaller, submissionId: number): Promise<SubmissionRow> {
  const [row] = await db
    .select(submissionColumns)
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), ownedBy(caller)));
  if (!row) throw notYours();
  return row;
}

/** The statuses in which a quote's inputs may still change. */
export const EDITABLE_STATUSES = ['draft', 'quoted'] as const;

/** An illegal lifecycle move is a 409 that names the status the submission is in (DESIGN.md §5). */
export function assertEditable(row: Pick<SubmissionRow, 'status' | 'number'>, what: string): void {
  if ((EDITABLE_STATUSES as readonly string[]).includes(row.status)) return;
  throw conflict(`Submission ${row.number} is ${row.status}: ${what} only while it is draft or quoted`, {
    status: `is ${row.status}`,
  });
}

/** Someone else changed the submission between our read and our write (or since the client read it). */
export const changedMeanwhile = (current?: number) =>
  conflict('The submission was changed meanwhile: reload it and try again', {
    version: current === undefined ? 'is no longer current' : `is ${current} now`,
  });
