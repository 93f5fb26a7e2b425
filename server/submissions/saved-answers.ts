/**
 * questions/save and the dataacquisition answer calls (specification §7 Questions): saving one
 * set of a submission's answers and pricing it again.
 */
import type { Calculation } from '@shared/contract/rating';
import type { SavedAnswers } from '@shared/contract/questions';
import { badRequest, HttpError } from '@server/http/http-error';
import { answerProblems } from '@server/rating/answers';
import { loadQuestionSet } from '@server/rating/question-sets';
import type { Answers } from '@shared/rating/answers';
import { editMove, ownedSubmission, type SubmissionCaller } from '@server/submissions/access';
import { saveEdit } from '@server/submissions/save-edit';
import type { SubmissionDeps } from '@server/submissions/submission-deps';
import { priceQuote, rowInputs } from '@server/submissions/submission-pricing';

export type AnswerSet = 'answers' | 'applicationAnswers';

const withoutNulls = (answers: Answers): Answers =>
  Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== null && value !== undefined));

/**
 * Saves one set of answers (merge: the codes given replace theirs, null removes one; replace:
 * the set becomes what is given), each answer given checked against its question's type, then
 * prices the submission again: quoted with the new rating when it prices, draft with the
 * premium cleared and `needs` saying why when it does not.
 */
export async function saveAnswers(
  deps: SubmissionDeps,
  caller: SubmissionCaller,
  submissionId: number,
  set: AnswerSet,
  given: Answers,
  mode: 'merge' | 'replace',
): Promise<SavedAnswers> {
  const { db, clock } = deps;
  const row = await ownedSubmission(db, caller, submissionId);
  const move = editMove(row, 'answers can be saved');
  const answers = withoutNulls(mode === 'merge' ? { ...row[set], ...given } : given);

  // Only the answers given are judged, and only for their type: completeness is for pricing.
  const questions = await loadQuestionSet(db, set === 'answers' ? row.specialityId : null);
  // Named as pricing names them: answers.x for the speciality's, applicationAnswers.x for the general ones.
  const problems = Object.fromEntries(
    Object.entries(answerProblems(questions, answers, set)).filter(
      ([key, problem]) => problem !== 'is required' && Object.hasOwn(given, key.slice(set.length + 1)),
    ),
  );
  if (Object.keys(problems).length) {
    const [first] = Object.entries(problems);
    throw badRequest(`Check the answers: ${first![0]} ${first![1]}`, problems);
  }

  const inputs = { ...rowInputs(row), [set]: answers };
  let calculation: Calculation | null = null;
  let needs: Record<string, string> = {};
  try {
    calculation = await priceQuote(deps, inputs);
  } catch (error) {
    if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 422)) throw error;
    // An order past buy now keeps a price its answers give: answers that no longer price it
    // (a required one still missing, say) are refused whole rather than saved half-way.
    if (move === 'order.supplyItems') throw error;
    needs = error.fields ?? { quote: error.message };
  }
  const now = clock.now();

  const saved = await saveEdit(
    db,
    caller,
    row,
    now,
    move,
    {
      ...(set === 'answers' ? { answers } : { applicationAnswers: answers }),
      worksheet: calculation,
      premiumCents: calculation?.totalCents ?? null,
      rateTableId: calculation?.rateTableId ?? null,
    },
    {
      event: 'answers',
      status: calculation ? 'quoted' : 'draft',
      data: {
        set,
        codes: Object.keys(given),
        fromTotalCents: row.premiumCents,
        totalCents: calculation?.totalCents ?? null,
        needs,
      },
    },
  );
  return {
    submissionId: row.id,
    number: row.number,
    status: saved.status,
    version: saved.version,
    answers,
    rating: calculation,
    needs,
  };
}
