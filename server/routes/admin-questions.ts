/**
 * A speciality's question set for administrators (issue 9): role admin only (403 for anyone else
 * signed in, 401 signed out). The rules live in server/admin/question-sets.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  adminQuestionSchema,
  adminQuestionSetSchema,
  editQuestionRequestSchema,
  newQuestionRequestSchema,
  questionActiveRequestSchema,
  questionIdParamsSchema,
  questionOrderRequestSchema,
} from '@shared/contract/admin-questions';
import { catalogIdParamsSchema } from '@shared/contract/admin-catalog';
import {
  addQuestion,
  editQuestion,
  orderQuestions,
  questionSet,
  setQuestionActive,
  type QuestionAdminDeps,
} from '@server/admin/question-sets';
import { currentUser } from '@server/http/authenticate';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';

export async function adminQuestionRoutes(app: FastifyInstance) {
  guardRoutes(app, 'admin');
  const deps: QuestionAdminDeps = { db: app.db, clock: app.clock };
  const tags = ['admin'];
  const RULES =
    'Choice questions (yesno, select, multiselect) have options with distinct values — yes/no exactly yes and no — and other ' +
    'types none; an option may carry modifierBps (credit below 0, debit above), referral and knockout. A condition names an ' +
    'earlier, active choice question of the set and some of its answers. A rule broken is a 400 naming options or condition.';

  defineRoute(app, {
    method: 'GET',
    url: '/admin/specialities/:id/questions',
    summary: 'A speciality’s questions in the order asked, retired ones included, with what each option does',
    tags,
    public: false,
    params: catalogIdParamsSchema,
    response: adminQuestionSetSchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such speciality' },
    handler: async ({ params, reply }) => {
      reply.headers({ 'cache-control': 'no-store' });
      return questionSet(app.db, params.id);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/specialities/:id/questions',
    summary: 'Add a question to a speciality’s set (asked last)',
    description: `${RULES} Its code and type never change. The same question sent again answers 200 and adds nothing; another with that code is a 409 naming code. Audited.`,
    tags,
    public: false,
    params: catalogIdParamsSchema,
    body: newQuestionRequestSchema,
    response: adminQuestionSchema,
    status: 201,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such speciality', 409: 'The code is used in this set (`fields.code`)' },
    handler: async ({ params, body, request, setStatus }) => {
      const { created, question } = await addQuestion(deps, currentUser(request), request.ip, params.id, body);
      if (!created) setStatus(200);
      return question;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/questions/:id',
    summary: 'Edit a question: its wording, help, whether it is required, its options and condition',
    description: `${RULES} An answer another question's condition rests on cannot be removed (400 naming options). Audited.`,
    tags,
    public: false,
    params: questionIdParamsSchema,
    body: editQuestionRequestSchema,
    response: adminQuestionSchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such question (general application questions are not edited here)' },
    handler: async ({ params, body, request }) => editQuestion(deps, currentUser(request), request.ip, params.id, body),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/questions/:id/active',
    summary: 'Retire a question (no longer asked; answers already given keep their meaning) or ask it again',
    tags,
    public: false,
    params: questionIdParamsSchema,
    body: questionActiveRequestSchema,
    response: adminQuestionSchema,
    errors: {
      403: FORBIDDEN_DOC,
      404: 'No such question',
      409: 'Other questions’ conditions rest on it (`fields.active` names them)',
    },
    handler: async ({ params, body, request }) =>
      setQuestionActive(deps, currentUser(request), request.ip, params.id, body.active),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/specialities/:id/questions/order',
    summary: 'Put a speciality’s questions in the order to ask them',
    description:
      'ids: every question of the set (retired ones too), once each (400 naming ids otherwise); every condition must still name an earlier question (400 naming condition). Audited.',
    tags,
    public: false,
    params: catalogIdParamsSchema,
    body: questionOrderRequestSchema,
    response: adminQuestionSetSchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such speciality' },
    handler: async ({ params, body, request }) =>
      orderQuestions(deps, currentUser(request), request.ip, params.id, body.ids),
  });
}
