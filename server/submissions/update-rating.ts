/**
 * insured/updaterating (specification §7): changes a saved quote's inputs and prices it again.
 * A change that no longer prices is refused (400/422) with nothing changed.
 */
import type * as v from 'valibot';
import { businessToday } from '@shared/calendar';
import type { SubmissionQuote, updateRatingRequestSchema } from '@shared/contract/submissions';
import { changedMeanwhile, editMove, ownedSubmission, type SubmissionCaller } from '@server/submissions/access';
import { checkEffectiveDate } from '@server/submissions/effective-date';
import { saveEdit } from '@server/submissions/save-edit';
import type { SubmissionDeps } from '@server/submissions/submission-deps';
import { priceQuote, type QuoteInputs } from '@server/submissions/submission-pricing';

type UpdateInput = v.InferOutput<typeof updateRatingRequestSchema>;

const updatableFields = [
  'state',
  'zipcode',
  'answers',
  'applicationAnswers',
  'limitCode',
  'deductibleCode',
  'paymentTerm',
  'effectiveDate',
] as const;

export async function updateRating(
  deps: SubmissionDeps,
  caller: SubmissionCaller,
  input: UpdateInput,
): Promise<SubmissionQuote> {
  const { db, clock } = deps;
  const row = await ownedSubmission(db, caller, input.submissionId);
  const move = editMove(row, 'a quote can be re-rated');
  if (input.version !== undefined && input.version !== row.version) throw changedMeanwhile(row.version);

  const now = clock.now();
  if (input.effectiveDate !== undefined) checkEffectiveDate(input.effectiveDate, now);
  const inputs: QuoteInputs = {
    specialityId: row.specialityId,
    state: input.state ?? row.stateCode,
    zipcode: input.zipcode ?? row.zipcode,
    answers: input.answers ?? row.answers,
    applicationAnswers: input.applicationAnswers ?? row.applicationAnswers,
    limitCode: input.limitCode ?? row.limitCode,
    deductibleCode: input.deductibleCode ?? row.deductibleCode,
    paymentTerm: input.paymentTerm ?? row.paymentTerm,
    existing: true,
  };
  const effectiveDate = input.effectiveDate ?? row.effectiveDate ?? businessToday(now);
  const calculation = await priceQuote(deps, inputs);
  const changed = updatableFields.filter((field) => input[field] !== undefined);

  const saved = await saveEdit(
    db,
    caller,
    row,
    now,
    move,
    {
      stateCode: inputs.state,
      zipcode: inputs.zipcode,
      answers: inputs.answers,
      applicationAnswers: inputs.applicationAnswers,
      limitCode: inputs.limitCode,
      deductibleCode: inputs.deductibleCode,
      paymentTerm: inputs.paymentTerm,
      effectiveDate,
      worksheet: calculation,
      premiumCents: calculation.totalCents,
      rateTableId: calculation.rateTableId,
    },
    {
      event: 'rerate',
      status: 'quoted',
      data: { changed, fromTotalCents: row.premiumCents, totalCents: calculation.totalCents },
    },
  );
  return {
    submissionId: row.id,
    number: row.number,
    status: saved.status,
    version: saved.version,
    effectiveDate,
    rating: calculation,
  };
}
