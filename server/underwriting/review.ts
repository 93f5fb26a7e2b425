/**
 * GET underwriting/submission: one order as the underwriter reviews it, whoever owns it and
 * whatever its status (a decided order too): the order with its worksheet and history, the
 * insured and broker, every answer in words with its effect, the locations, why it was
 * referred, the conversation, its files, and what the lifecycle machine lets an underwriter do
 * from here. The role is checked by the route before this runs.
 */
import type { Review } from '@shared/contract/underwriting';
import { planOf } from '@server/account/plan-locations';
import { liveFiles } from '@server/files/live-files';
import { notFound } from '@server/http/http-error';
import { loadQuestionSet } from '@server/rating/question-sets';
import { canMove } from '@server/submissions/lifecycle';
import { anyOrderDetails } from '@server/submissions/order-details';
import type { SubmissionDeps } from '@server/submissions/submission-deps';
import { conversation, latestOutcome } from '@server/underwriting/order-events';
import { insuredName } from '@server/underwriting/queue';
import { reviewQuestions } from '@server/underwriting/question-words';
import { submissionPeople } from '@server/underwriting/underwriting-queries';

export type ReviewDeps = Pick<SubmissionDeps, 'db' | 'catalog'>;

export const noSuchSubmission = () => notFound('No such submission');

export async function reviewSubmission(deps: ReviewDeps, submissionId: number): Promise<Review> {
  const { db } = deps;
  const order = await anyOrderDetails(deps, submissionId);
  if (!order) throw noSuchSubmission();

  const people = await submissionPeople(db, submissionId);

  const [specialityQuestions, applicationQuestions] = await Promise.all([
    loadQuestionSet(db, order.speciality.id),
    loadQuestionSet(db, null),
  ]);
  const { reasons, requiredItems } = await latestOutcome(db, submissionId);
  const talk = await conversation(db, submissionId);
  const asUnderwriter = (type: 'order.approve' | 'order.requestInfo' | 'order.decline') =>
    canMove(order, { type, actor: 'underwriter' });

  return {
    order,
    insured: {
      // A visitor's quote (no account yet) has nobody to name; id 0 says so.
      id: people?.userId ?? 0,
      name: insuredName({
        firstName: people?.firstName ?? null,
        lastName: people?.lastName ?? null,
        email: people?.email ?? null,
      }),
      email: people?.email ?? '',
      companyName: people?.companyName ?? null,
      phone: people?.phone ?? null,
    },
    broker:
      people?.brokerId != null && people.brokerName != null ? { id: people.brokerId, name: people.brokerName } : null,
    questions: [
      ...reviewQuestions(specialityQuestions, order.answers),
      ...reviewQuestions(applicationQuestions, order.applicationAnswers),
    ],
    locations: await planOf(db, submissionId),
    reasons,
    requiredItems,
    conversation: talk.conversation,
    latestRequest: talk.latestRequest,
    files: await liveFiles(db, 'submission', submissionId),
    allowed: {
      approve: asUnderwriter('order.approve'),
      requestInfo: asUnderwriter('order.requestInfo'),
      decline: asUnderwriter('order.decline'),
    },
  };
}
