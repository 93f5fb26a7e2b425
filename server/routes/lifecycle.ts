/**
 * The insured's lifecycle calls (specification §7 insured/buynow, insured/requireditems,
 * insured/sendtocloselost, dashboard/ordersummarydetails; insured/resubmit beyond it). Every move
 * goes through server/submissions/lifecycle.ts. Signed-in insureds, on their own orders only:
 * anyone else's order is the same 404 as a missing one. The rules live in server/lifecycle/.
 */
import type { FastifyInstance } from 'fastify';
import {
  buyNowResultSchema,
  lifecycleMoveSchema,
  orderSummaryDetailsSchema,
  requiredItemsSchema,
  resubmitRequestSchema,
  sendToCloseLostRequestSchema,
  submissionIdFormSchema,
} from '@shared/contract/lifecycle';
import { orderDetailsQuerySchema } from '@shared/contract/submissions';
import { callerOf } from '@server/account/plan-locations';
import { currentUser } from '@server/http/authenticate';
import { defineRoute } from '@server/http/route';
import { buyNow, type BuyNowDeps } from '@server/lifecycle/buy-now';
import { sendToCloseLost, type LifecycleDeps } from '@server/lifecycle/close-lost';
import { endOpenCheckouts } from '@server/payments/checkout';
import { orderSummaryDetails } from '@server/lifecycle/order-summary';
import { orderQuestions, requiredItemsOf } from '@server/lifecycle/required-items';
import { resubmit } from '@server/lifecycle/resubmit';
import { ownedSubmission } from '@server/submissions/access';
import { quoteKeySecret } from '@server/submissions/quote-keys';
import type { SubmissionDeps } from '@server/submissions/submission-deps';

const illegal = 'The order’s status does not allow this move: `fields.status` names it ("is declined")';

export async function lifecycleRoutes(app: FastifyInstance) {
  const deps: LifecycleDeps = { db: app.db, clock: app.clock };
  const buyNowDeps: BuyNowDeps = { ...deps, authorityCents: app.config.underwritingAuthorityCents };
  const readDeps: SubmissionDeps = {
    db: app.db,
    catalog: app.ratingCatalog,
    clock: app.clock,
    secret: quoteKeySecret(app.config),
  };
  const tags = ['lifecycle'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'PUT',
    url: '/insured/buynow',
    summary: 'Buy now: check the order and move it on (incomplete, to an underwriter, declined or approved)',
    description:
      'HTML form or JSON: submissionid. From quoted or incomplete, in one transaction: order.buyNow (the insured) moves ' +
      'it to checks, then the rules move it on (the system): a knock-out answer declines it; else anything still ' +
      'missing (required answers, a location on the order, a primary contact, loss runs when prior claims are ' +
      'reported) makes it incomplete; else a premium above the automatic authority (UNDERWRITING_AUTHORITY_CENTS), ' +
      'prior claims or an answer that refers sends it to an underwriter (underwriter_review); else it is approved. ' +
      'Idempotent: while the order stands where a buy now left it, a repeat answers the same and writes nothing, as ' +
      'does a repeat on an incomplete order still missing exactly the same items.',
    tags,
    public: false,
    body: submissionIdFormSchema,
    response: buyNowResultSchema,
    errors: { 409: `${illegal}; or it changed meanwhile (\`fields.version\`)` },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return buyNow(buyNowDeps, currentUser(request), body.submissionid);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/requireditems',
    summary: 'What the order still lacks before buy now can go ahead, each with the screen to supply it on',
    description:
      'Required answers (both question sets), at least one location on the order, a primary contact on the account, ' +
      'and loss runs (a file on the order) when prior claims are reported. Reads only; empty when nothing is missing.',
    tags,
    public: false,
    query: orderDetailsQuerySchema,
    response: requiredItemsSchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      const row = await ownedSubmission(app.db, callerOf(currentUser(request)), query.submissionid);
      return {
        submissionId: row.id,
        status: row.status,
        items: await requiredItemsOf(app.db, row, await orderQuestions(app.db, row)),
      };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/insured/sendtocloselost',
    summary: 'Close an open order as lost, with a reason',
    description:
      'HTML form or JSON: submissionid, reason (price, coverage, bought_elsewhere, no_longer_needed, other; default ' +
      'other), comment. Any open status (not checks, bound, complete, declined or close_lost). The reason and comment ' +
      'are kept in the order’s history. Repeating it once the order was closed by this insured answers the same.',
    tags,
    public: false,
    body: sendToCloseLostRequestSchema,
    response: lifecycleMoveSchema,
    errors: { 409: `${illegal}; or it changed meanwhile (\`fields.version\`)` },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      const closed = await sendToCloseLost(deps, currentUser(request), body);
      await endOpenCheckouts({ db: app.db, provider: app.payments, log: request.log }, closed.submissionId);
      return closed;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/insured/resubmit',
    summary: 'Send the order back to the underwriter after their request for information',
    description:
      'HTML form or JSON: submissionid, message. missing_info → application_under_review, the message kept in the ' +
      'history. Something must come back: files or changed answers since the request, or a message (422 naming ' +
      'message otherwise). Repeating it answers the same.',
    tags,
    public: false,
    body: resubmitRequestSchema,
    response: lifecycleMoveSchema,
    errors: {
      409: `${illegal}; or it changed meanwhile (\`fields.version\`)`,
      422: 'Nothing was supplied since the underwriter asked and no message was written (`fields.message`)',
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return resubmit(deps, currentUser(request), body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/dashboard/ordersummarydetails',
    summary: 'Everything the order summary and status screens show of one order',
    description:
      'The order as insured/orderdetails answers it (history included), its locations, its contact (the order’s, else ' +
      'the primary), what is still missing (while quoted or incomplete), why it was referred or declined, the ' +
      'underwriter’s latest request, the latest decision, the files on it, and whether it can still be closed as lost.',
    tags,
    public: false,
    query: orderDetailsQuerySchema,
    response: orderSummaryDetailsSchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return orderSummaryDetails(readDeps, currentUser(request), query.submissionid);
    },
  });
}
