/**
 * What an order still lacks before buy now can decide it (DESIGN.md §4 checks): the required
 * answers of both question sets, at least one location on the order, a primary contact on the
 * insured's account, and the documents the answers call for (loss runs when prior claims are
 * reported). Each item says on which screen the insured supplies it (shared/screens.ts).
 */
import type { RequiredItem } from '@shared/contract/lifecycle';
import type { ScreenName } from '@shared/screens';
import type { Queryable } from '@server/db/connection';
import { liveFiles } from '@server/files/live-files';
import { answerProblems } from '@server/rating/answers';
import { loadQuestionSet, type StoredQuestion } from '@server/rating/question-sets';
import { orderLocationCount, primaryContactCount } from '@server/lifecycle/lifecycle-queries';
import { priorClaimsReported, type AnsweredSets } from '@server/lifecycle/referral-rules';
import type { SubmissionRow } from '@server/submissions/access';

/**
 * Where each kind of item is supplied. No screen edits a saved order's answers yet; the
 * incomplete-order screen lists what is missing and is where the insured answers them (and
 * uploads documents). Locations are the order's own (editorder); the primary contact is the
 * account's (contacts).
 */
export const FIX_SCREENS = {
  answer: 'incomplete-order',
  location: 'editorder',
  primaryContact: 'contacts',
  document: 'incomplete-order',
} as const satisfies Record<RequiredItem['kind'], ScreenName>;

export type OrderQuestions = { speciality: StoredQuestion[]; application: StoredQuestion[] };

export type CheckedOrder = Pick<SubmissionRow, 'id' | 'userId' | 'specialityId' | 'answers' | 'applicationAnswers'>;

/** The order's two question sets, as stored now (active ones, in display order). */
export async function orderQuestions(db: Queryable, row: Pick<SubmissionRow, 'specialityId'>): Promise<OrderQuestions> {
  return { speciality: await loadQuestionSet(db, row.specialityId), application: await loadQuestionSet(db, null) };
}

export const answeredSets = (questions: OrderQuestions, row: CheckedOrder): AnsweredSets => ({
  speciality: { questions: questions.speciality, answers: row.answers },
  application: { questions: questions.application, answers: row.applicationAnswers },
});

/** The required questions that show and have no answer, speciality's first. */
function missingAnswers(questions: OrderQuestions, row: CheckedOrder): RequiredItem[] {
  const sets = [
    [questions.speciality, row.answers],
    [questions.application, row.applicationAnswers],
  ] as const;
  return sets.flatMap(([set, answers]) => {
    const problems = answerProblems(set, answers, 'set');
    return set
      .filter((question) => problems[`set.${question.code}`] === 'is required')
      .map((question) => ({
        kind: 'answer' as const,
        code: `answer:${question.code}`,
        label: `Answer “${question.text}”`,
        screen: FIX_SCREENS.answer,
        field: question.code,
      }));
  });
}

const hasLocation = async (db: Queryable, submissionId: number): Promise<boolean> =>
  (await orderLocationCount(db, submissionId)) > 0;

async function hasPrimaryContact(db: Queryable, userId: number | null): Promise<boolean> {
  return userId !== null && (await primaryContactCount(db, userId)) > 0;
}

/** Everything still missing, in the order the insured would supply it; empty when nothing is. */
export async function requiredItemsOf(
  db: Queryable,
  row: CheckedOrder,
  questions: OrderQuestions,
): Promise<RequiredItem[]> {
  const items = missingAnswers(questions, row);
  if (!(await hasLocation(db, row.id))) {
    items.push({
      kind: 'location',
      code: 'location',
      label: 'Add at least one location to your order',
      screen: FIX_SCREENS.location,
      field: null,
    });
  }
  if (!(await hasPrimaryContact(db, row.userId))) {
    items.push({
      kind: 'primaryContact',
      code: 'primaryContact',
      label: 'Add a primary contact to your account',
      screen: FIX_SCREENS.primaryContact,
      field: null,
    });
  }
  // Loss runs: the previous insurers' record of the claims reported. Any file the insured put on
  // the order counts (one an underwriter added is not the insured's answer).
  const insuredFiles = async () =>
    (await liveFiles(db, 'submission', row.id)).filter((file) => file.uploadedBy === 'insured');
  if (priorClaimsReported(row.applicationAnswers) && (await insuredFiles()).length === 0) {
    items.push({
      kind: 'document',
      code: 'document:loss_runs',
      label: 'Upload loss runs (your previous insurer’s record of the claims you reported)',
      screen: FIX_SCREENS.document,
      field: 'files',
    });
  }
  return items;
}

/** Whether two lists name the same items (whatever their order or words). */
export function sameItems(a: readonly RequiredItem[], b: readonly RequiredItem[]): boolean {
  const codes = (items: readonly RequiredItem[]) =>
    items
      .map((item) => item.code)
      .sort()
      .join('\n');
  return codes(a) === codes(b);
}
