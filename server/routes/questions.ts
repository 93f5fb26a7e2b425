/**
 * Questions (specification §7): the speciality's underwriting questions and the general
 * application questions, and saving a submission's answers to either. Public in the OpenAPI
 * sense: the lists are for anyone; the calls naming a submission are for its owner (bearer, or
 * a visitor's x-quote-key), a 404 for anyone else.
 */
import type { FastifyInstance } from 'fastify';
import {
  questionListQuerySchema,
  questionListSchema,
  saveAnswersRequestSchema,
  saveQuestionsParamsSchema,
  savedAnswersSchema,
  submissionAnswersParamsSchema,
  submissionAnswersSchema,
} from '@shared/contract/questions';
import { badRequest } from '@server/http/http-error';
import { defineRoute } from '@server/http/route';
import { submissionCaller } from '@server/http/submission-caller';
import { loadQuestionSet, toWireQuestion } from '@server/rating/question-sets';
import { ownedSubmission, quoteKeyHeaderDoc } from '@server/submissions/access';
import { specialityActive } from '@server/specialities/speciality-queries';
import { saveAnswers } from '@server/submissions/saved-answers';
import type { SubmissionDeps } from '@server/submissions/submission-deps';
import { quoteKeySecret } from '@server/submissions/quote-keys';

const saveDescription =
  'Each answer given must fit its question’s type (400 naming answers.<code>); completeness is not required. The ' +
  'submission is then priced again: quoted with the new rating when it prices, else draft with the premium cleared ' +
  'and `needs` saying what is missing. Owner only (404 otherwise). While incomplete or missing_info the save supplies ' +
  'what the order lacks (an order.supplyItems event; the status stays) and must still price (400/422 otherwise, ' +
  'nothing saved). Any other status than draft, quoted, incomplete or missing_info is a 409 naming it.';

const saveErrors = {
  401: 'A bearer token was sent and is not valid (a visitor sends none)',
  409: 'Not draft, quoted, incomplete or missing_info (`fields.status`), or changed meanwhile (`fields.version`)',
};

export async function questionRoutes(app: FastifyInstance) {
  const deps: SubmissionDeps = {
    db: app.db,
    catalog: app.ratingCatalog,
    clock: app.clock,
    secret: quoteKeySecret(app.config),
  };
  const tags = ['questions'];

  defineRoute(app, {
    method: 'GET',
    url: '/questions/list',
    summary: 'A speciality’s underwriting questions in order, with a submission’s saved answers',
    description:
      'Options carry value and label only. With submissionId the caller must own the submission (bearer, or a ' +
      'visitor’s x-quote-key; 404 otherwise) and it must be a quote for that speciality (400 naming submissionId). ' +
      'An unknown speciality, or one not on sale, is a 400 naming specialityId.',
    tags,
    public: true,
    headers: quoteKeyHeaderDoc,
    query: questionListQuerySchema,
    response: questionListSchema,
    errors: { 401: saveErrors[401] },
    handler: async ({ query, request }) => {
      const speciality = await specialityActive(app.db, query.specialityId);
      // A retired speciality's questions are still asked of the orders it already has.
      if (!speciality || (!speciality.active && query.submissionId === undefined))
        throw badRequest(`Speciality ${query.specialityId} is not on sale`, {
          specialityId: 'is not a speciality on sale',
        });
      let answers: Record<string, unknown> | undefined;
      if (query.submissionId !== undefined) {
        const submission = await ownedSubmission(app.db, await submissionCaller(request), query.submissionId);
        if (submission.specialityId !== speciality.id) {
          throw badRequest(`Submission ${submission.number} is a quote for another speciality`, {
            submissionId: 'is a quote for another speciality',
          });
        }
        answers = submission.answers;
      }
      const questions = await loadQuestionSet(app.db, speciality.id);
      return questions.map((question) => toWireQuestion(question, answers));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/questions/save/:submissionId',
    summary: 'Save a submission’s answers to its speciality’s questions (merged), and price it again',
    description: `The codes given replace their saved answers; a null removes one; the others stay. ${saveDescription}`,
    tags,
    public: true,
    headers: quoteKeyHeaderDoc,
    params: saveQuestionsParamsSchema,
    body: saveAnswersRequestSchema,
    response: savedAnswersSchema,
    errors: saveErrors,
    handler: async ({ params, body, request }) =>
      saveAnswers(deps, await submissionCaller(request), params.submissionId, 'answers', body.answers, 'merge'),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/dataacquisition/questions',
    summary: 'The general application questions (years in practice, revenue, staff, prior claims), in order',
    description: 'Options carry value and label only. Their answers are a submission’s applicationAnswers.',
    tags,
    public: true,
    response: questionListSchema,
    handler: async () => (await loadQuestionSet(app.db, null)).map((question) => toWireQuestion(question)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/dataacquisition/savesubmissionanswers/:id',
    summary: 'Save a submission’s application answers (merged), and price it again',
    description: `The codes given replace their saved answers; a null removes one; the others stay. ${saveDescription}`,
    tags,
    public: true,
    headers: quoteKeyHeaderDoc,
    params: submissionAnswersParamsSchema,
    body: saveAnswersRequestSchema,
    response: savedAnswersSchema,
    errors: saveErrors,
    handler: async ({ params, body, request }) =>
      saveAnswers(deps, await submissionCaller(request), params.id, 'applicationAnswers', body.answers, 'merge'),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/dataacquisition/getsubmissionanswers/:id',
    summary: 'A submission’s application answers',
    description: 'Owner only: the bearer user’s submission, or a visitor’s with its x-quote-key (404 otherwise).',
    tags,
    public: true,
    headers: quoteKeyHeaderDoc,
    params: submissionAnswersParamsSchema,
    response: submissionAnswersSchema,
    errors: { 401: saveErrors[401] },
    handler: async ({ params, request }) => {
      const submission = await ownedSubmission(app.db, await submissionCaller(request), params.id);
      return { submissionId: submission.id, answers: submission.applicationAnswers };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/dataacquisition/updatesubmissionanswers/:id',
    summary: 'Replace a submission’s application answers, and price it again',
    description: `The answers given become the whole set. ${saveDescription}`,
    tags,
    public: true,
    headers: quoteKeyHeaderDoc,
    params: submissionAnswersParamsSchema,
    body: saveAnswersRequestSchema,
    response: savedAnswersSchema,
    errors: saveErrors,
    handler: async ({ params, body, request }) =>
      saveAnswers(deps, await submissionCaller(request), params.id, 'applicationAnswers', body.answers, 'replace'),
  });
}
