/**
 * Saved quotes (specification §7 Insured: createsubmission, updaterating, orderdetails). Public
 * in the OpenAPI sense (no bearer token required): a visitor may save a quote and use it with
 * the quote key it was given; with a bearer token the quote is the user's. The rules live in
 * server/submissions/.
 */
import type { FastifyInstance } from 'fastify';
import {
  createSubmissionRequestSchema,
  orderDetailsQuerySchema,
  orderDetailsSchema,
  submissionQuoteSchema,
  updateRatingRequestSchema,
} from '@shared/contract/submissions';
import { idempotencyKeyHeaderDoc, idempotencyKeyOf } from '@server/http/idempotency-key';
import { defineRoute } from '@server/http/route';
import { submissionCaller } from '@server/http/submission-caller';
import { quoteKeyHeaderDoc } from '@server/submissions/access';
import { createSubmission } from '@server/submissions/create-submission';
import { orderDetails } from '@server/submissions/order-details';
import type { SubmissionDeps } from '@server/submissions/submission-deps';
import { updateRating } from '@server/submissions/update-rating';
import { quoteKeySecret } from '@server/submissions/quote-keys';

const pricingRefusals = {
  401: 'A bearer token was sent and is not valid (a visitor sends none)',
  422: 'Not priceable: no rate table for the speciality in the state, or an option the table does not offer',
};

export async function submissionRoutes(app: FastifyInstance) {
  const deps: SubmissionDeps = {
    db: app.db,
    catalog: app.ratingCatalog,
    clock: app.clock,
    secret: quoteKeySecret(app.config),
  };
  const tags = ['submissions'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'POST',
    url: '/insured/createsubmission',
    summary: 'Save a quote as a submission, priced exactly as auth/calculate prices it',
    description:
      'Public: a visitor may save a quote; with a bearer token it is the user’s. Refuses what auth/calculate refuses ' +
      '(400/422 naming the field), a payment term not on offer (400 naming paymentTerm) and an effective date outside ' +
      'today..+90 days (400 naming effectiveDate). Stores status quoted, the rating (worksheet and payment plans) and its ' +
      'totalCents as the premium, and answers 201 with the order number. A visitor’s answer carries quoteKey: ' +
      'send it as x-quote-key on later calls and in submissionRequest on sign-in/sign-up. With an Idempotency-Key ' +
      'header, repeating the call (same caller, same body) creates nothing and answers 200 with the first answer ' +
      '(a visitor’s with the same quoteKey, derived again from the Idempotency-Key, until the quote joins an account); ' +
      'the same key with another body is a 422.',
    tags,
    public: true,
    headers: idempotencyKeyHeaderDoc,
    body: createSubmissionRequestSchema,
    response: submissionQuoteSchema,
    status: 201,
    errors: {
      ...pricingRefusals,
      422: 'Not priceable (no rate table, an option the table does not offer), or an Idempotency-Key reused for another request',
    },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const idempotencyKey = idempotencyKeyOf(request);
      const caller = await submissionCaller(request);
      const { created, answer } = await createSubmission(deps, caller, body, idempotencyKey);
      if (!created) setStatus(200);
      return answer;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/updaterating',
    summary: 'Change a saved quote’s inputs and price it again',
    description:
      'Fields given replace the saved ones (answers and applicationAnswers as whole sets); the rest stay. Owner only: ' +
      'the bearer user’s submission, or a visitor’s with its x-quote-key (404 otherwise). While draft or quoted it ' +
      'prices the quote (a rerate event; status quoted); while incomplete or missing_info it supplies what the order ' +
      'lacks (an order.supplyItems event by the insured; the status stays). Any other status is a 409 naming it. Saved ' +
      'with an optimistic version check: 409 naming version when it changed meanwhile (or differs from the version sent).',
    tags,
    public: true,
    headers: quoteKeyHeaderDoc,
    body: updateRatingRequestSchema,
    response: submissionQuoteSchema,
    errors: {
      ...pricingRefusals,
      409: 'Not draft, quoted, incomplete or missing_info (`fields.status`), or changed meanwhile (`fields.version`)',
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return updateRating(deps, await submissionCaller(request), body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/orderdetails',
    summary: 'One submission as the order screen shows it: inputs, answers and the saved rating',
    description: 'Owner only: the bearer user’s submission, or a visitor’s with its x-quote-key (404 otherwise).',
    tags,
    public: true,
    headers: quoteKeyHeaderDoc,
    query: orderDetailsQuerySchema,
    response: orderDetailsSchema,
    errors: { 401: pricingRefusals[401] },
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return orderDetails(deps, await submissionCaller(request), query.submissionid);
    },
  });
}
