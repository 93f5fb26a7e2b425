/**
 * The feedback screen's call (POST insured/feedback, beyond the specification; issue 6):
 * saved as the caller's, with their e-mail address. The rules live in server/account/feedback.ts.
 */
import type { FastifyInstance } from 'fastify';
import { feedbackRequestSchema, feedbackSavedSchema } from '@shared/contract/feedback';
import { saveFeedback } from '@server/account/feedback';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHash, idempotencyKeyHeaderDoc, KEY_REUSED_DOC } from '@server/http/idempotency-key';
import { defineRoute } from '@server/http/route';

export async function feedbackRoutes(app: FastifyInstance) {
  const deps = { db: app.db, clock: app.clock };

  defineRoute(app, {
    method: 'POST',
    url: '/insured/feedback',
    summary: 'Send feedback: a rating from 1 to 5 and a message',
    description:
      'Saved with the caller and their e-mail address (201). With an Idempotency-Key header, repeating the call answers ' +
      'the feedback saved the first time (200) and saves nothing; the same key with a different message is a 422 ' +
      'naming Idempotency-Key.',
    tags: ['account'],
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: feedbackRequestSchema,
    response: feedbackSavedSchema,
    status: 201,
    errors: { 422: KEY_REUSED_DOC },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers({ 'cache-control': 'no-store' });
      const { created, saved } = await saveFeedback(deps, currentUser(request), body, idempotencyKeyHash(request));
      if (!created) setStatus(200);
      return saved;
    },
  });
}
