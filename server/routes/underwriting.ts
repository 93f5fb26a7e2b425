/**
 * The underwriter's desk (role underwriter or admin): the review queue, one submission, and the
 * decisions. Every route needs a bearer token (401), and the role is checked before params,
 * query or body are read (403 `You may not do this` for an insured or a broker). The rules
 * live in server/underwriting/.
 */
import type { FastifyInstance } from 'fastify';
import {
  approveRequestSchema,
  decisionResultSchema,
  declineRequestSchema,
  queueQuerySchema,
  queueSchema,
  requestInfoRequestSchema,
  reviewQuerySchema,
  reviewSchema,
  underwriterCloseLostRequestSchema,
} from '@shared/contract/underwriting';
import { currentUser } from '@server/http/authenticate';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';
import { endOpenCheckouts } from '@server/payments/checkout';
import { decide, type DecisionDeps } from '@server/underwriting/decisions';
import { underwritingQueue } from '@server/underwriting/queue';
import { reviewSubmission } from '@server/underwriting/review';

const decisionErrors = {
  403: FORBIDDEN_DOC,
  409:
    'The lifecycle does not allow this decision from the order’s status (`fields.status`), or `version` is not the ' +
    'order’s version any more (`fields.version`)',
};

const decisionRules =
  'Repeating exactly the same decision (the order’s latest event is it, by the same underwriter, with the same ' +
  'reason) answers the same and writes nothing. `version`, when sent, must be the order’s version (409 naming ' +
  'version otherwise). A submission that does not exist is a 404.';

export async function underwritingRoutes(app: FastifyInstance) {
  guardRoutes(app, 'underwriter', 'admin');
  const reading = { db: app.db, catalog: app.ratingCatalog };
  const deciding: DecisionDeps = { db: app.db, clock: app.clock, mail: app.mail, publicUrl: app.config.publicUrl };
  const tags = ['underwriting'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/underwriting/queue',
    summary: 'The review queue: referred, missing-info and under-review orders, oldest first',
    description:
      'Oldest first by when the order entered its status (ties by id). brokerId, specialityId and status filter it; ' +
      '`brokers` and `specialities` are every broker and speciality with an order in the whole queue. Each item ' +
      'carries the reasons of its latest referral.',
    tags,
    public: false,
    query: queueQuerySchema,
    response: queueSchema,
    errors: { 403: FORBIDDEN_DOC },
    handler: async ({ query, reply }) => {
      reply.headers(noStore);
      return underwritingQueue(app.db, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/underwriting/submission',
    summary: 'One submission as the underwriter reviews it',
    description:
      'Any status, whoever owns it: the order with its worksheet and history, the insured, the broker, every answer ' +
      'in words with its effect, the locations, the referral reasons, the conversation of requests for information, ' +
      'the files, and which decisions the lifecycle allows now. 404 when there is no such submission.',
    tags,
    public: false,
    query: reviewQuerySchema,
    response: reviewSchema,
    errors: { 403: FORBIDDEN_DOC },
    handler: async ({ query, reply }) => {
      reply.headers(noStore);
      return reviewSubmission(reading, query.submissionid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/underwriting/approve',
    summary: 'Approve a referred or reviewed order, optionally adjusting its premium',
    description:
      'adjustmentBps (−5000 … 10000, default 0) other than 0 needs a reason (400 naming reason) and prices the order ' +
      'again as saved with an "Underwriter adjustment" worksheet line before the policy fee, so taxes and payment ' +
      `plans follow; the new premium is stored with the move and the history records it. ${decisionRules}`,
    tags,
    public: false,
    body: approveRequestSchema,
    response: decisionResultSchema,
    errors: { ...decisionErrors, 422: 'The order cannot be priced again as saved (no rate table now)' },
    handler: async ({ body, request }) =>
      decide(
        deciding,
        currentUser(request),
        { submissionId: body.submissionid, version: body.version },
        {
          kind: 'approve',
          adjustmentBps: body.adjustmentBps,
          reason: body.reason,
        },
      ),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/underwriting/requestinfo',
    summary: 'Ask the insured for more information (moves the order to missing info and mails them)',
    description: `The message is the insured’s to read, on the order and in a mail with a link to answer it. ${decisionRules}`,
    tags,
    public: false,
    body: requestInfoRequestSchema,
    response: decisionResultSchema,
    errors: decisionErrors,
    handler: async ({ body, request }) =>
      decide(
        deciding,
        currentUser(request),
        { submissionId: body.submissionid, version: body.version },
        { kind: 'requestInfo', message: body.message },
      ),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/underwriting/decline',
    summary: 'Decline a referred or reviewed order, with a reason',
    description: decisionRules,
    tags,
    public: false,
    body: declineRequestSchema,
    response: decisionResultSchema,
    errors: decisionErrors,
    handler: async ({ body, request }) =>
      decide(
        deciding,
        currentUser(request),
        { submissionId: body.submissionid, version: body.version },
        { kind: 'decline', reason: body.reason },
      ),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/underwriting/closelost',
    summary: 'Close an open order as lost, with a reason',
    description: decisionRules,
    tags,
    public: false,
    body: underwriterCloseLostRequestSchema,
    response: decisionResultSchema,
    errors: decisionErrors,
    handler: async ({ body, request }) => {
      const closed = await decide(
        deciding,
        currentUser(request),
        { submissionId: body.submissionid, version: body.version },
        { kind: 'closeLost', reason: body.reason },
      );
      await endOpenCheckouts({ db: app.db, provider: app.payments, log: request.log }, closed.submissionId);
      return closed;
    },
  });
}
