/**
 * The insured's dashboard (specification §7 dashboard/submissiondetails,
 * insured/existingopenorder; issue 6): the caller's own orders only. The rules live in
 * server/account/dashboard.ts.
 */
import type { FastifyInstance } from 'fastify';
import { existingOpenOrderSchema, submissionSummaryListSchema } from '@shared/contract/dashboard';
import { existingOpenOrder, submissionSummaries } from '@server/account/dashboard';
import { currentUser } from '@server/http/authenticate';
import { defineRoute } from '@server/http/route';

export async function dashboardRoutes(app: FastifyInstance) {
  const tags = ['account'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/dashboard/submissiondetails',
    summary: 'The insured’s orders, most recently changed first, each with its price and next step',
    description:
      'nextStep says what the insured can do next (answer, buy, supply, wait, pay, documents, none), in words for the ' +
      'insured, and on which screen; totalCents is null while a draft. Once issued, policy names the policy: its id ' +
      '(what its page, policy?policyid=, takes), number, status and, once cancelled, the first day without cover; ' +
      'its period, the price for the year after its issued changes (premiumCents), how many changes were issued, ' +
      'once cancelled what the cancellation returned or left owing (cancellationNet), and the server’s day (today).',
    tags,
    public: false,
    response: submissionSummaryListSchema,
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      return submissionSummaries(app, currentUser(request));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/existingopenorder',
    summary: 'The insured’s open order changed most recently, to resume (null when none is open)',
    description:
      'Open: a status the insured or an underwriter can still move on (not bound, complete, declined or closed as lost).',
    tags,
    public: false,
    response: existingOpenOrderSchema,
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      return { order: await existingOpenOrder(app, currentUser(request)) };
    },
  });
}
