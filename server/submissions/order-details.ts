/**
 * insured/orderdetails (specification §7), and the same details for the underwriter's desk: a
 * submission as saved, its options labelled, with its history.
 */
import type { OrderDetails } from '@shared/contract/submissions';
import { notYours, type SubmissionCaller } from '@server/submissions/access';
import { orderHistory } from '@server/submissions/history';
import { storedRating } from '@server/submissions/stored-rating';
import type { SubmissionDeps } from '@server/submissions/submission-deps';
import { submissionWithNames } from '@server/submissions/submission-queries';

type DetailsDeps = Pick<SubmissionDeps, 'db' | 'catalog'>;

export async function orderDetails(
  deps: SubmissionDeps,
  caller: SubmissionCaller,
  submissionId: number,
): Promise<OrderDetails> {
  const details = await detailsOf(deps, submissionId, caller);
  if (!details) throw notYours();
  return details;
}

/**
 * Any submission's details, whoever owns it: for the underwriter's desk only, whose routes
 * check the role first. Null when there is no such submission.
 */
export function anyOrderDetails(deps: DetailsDeps, submissionId: number): Promise<OrderDetails | null> {
  return detailsOf(deps, submissionId);
}

/** The details of the submission, when there is one and `caller` (if given) may see it. */
async function detailsOf(
  deps: DetailsDeps,
  submissionId: number,
  caller?: SubmissionCaller,
): Promise<OrderDetails | null> {
  const row = await submissionWithNames(deps.db, submissionId, caller);
  if (!row) return null;
  const rating = storedRating(row.worksheet);
  // A draft has no rating to take the labels from: the rate table that would price it has them.
  const table = !rating && row.stateCode ? (await deps.catalog.get(row.specialityId, row.stateCode))?.table : undefined;
  const labelled = (
    code: string | null,
    fromRating: { code: string; label: string } | undefined,
    rows: { code: string; label: string }[] | undefined,
  ) =>
    code === null
      ? null
      : fromRating?.code === code
        ? fromRating
        : { code, label: rows?.find((option) => option.code === code)?.label ?? code };
  return {
    submissionId: row.id,
    number: row.number,
    status: row.status,
    version: row.version,
    speciality: { id: row.specialityId, name: row.specialityName },
    state: row.stateCode ? { code: row.stateCode, name: row.stateName ?? row.stateCode } : null,
    zipcode: row.zipcode,
    limit: labelled(row.limitCode, rating?.limit, table?.factors.ilf),
    deductible: labelled(row.deductibleCode, rating?.deductible, table?.factors.dlf),
    paymentTerm: row.paymentTerm,
    effectiveDate: row.effectiveDate,
    answers: row.answers,
    applicationAnswers: row.applicationAnswers,
    rating,
    premiumCents: rating ? row.premiumCents : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: await orderHistory(deps.db, row.id),
  };
}
