/**
 * Cancellation with tail cover (issue 19): the insured previews and makes a cancellation of their
 * own policy, and buys an Extended Reporting Period (tail) on a cancelled or expired one. Someone
 * else's policy is the same 404 as a missing one. The rules live in server/cancellation/.
 */
import type { FastifyInstance } from 'fastify';
import {
  buyTailRequestSchema,
  cancellationOptionsQuerySchema,
  cancellationOptionsSchema,
  cancellationQuoteRequestSchema,
  cancellationQuoteSchema,
  cancellationSchema,
  cancelPolicyRequestSchema,
  tailPurchaseSchema,
} from '@shared/contract/cancellation';
import {
  buyTail,
  cancellationOptions,
  cancellationQuote,
  cancelPolicy,
  type CancellationDeps,
} from '@server/cancellation/cancellation';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHash, idempotencyKeyHeaderDoc, KEY_REUSED_DOC } from '@server/http/idempotency-key';
import { defineRoute } from '@server/http/route';

const STATUS_DOC = 'The policy cannot make this move in its status (`fields.status` says which it is in)';

export async function cancellationRoutes(app: FastifyInstance) {
  const deps: CancellationDeps = {
    db: app.db,
    clock: app.clock,
    mail: app.mail,
    trust: app.config.trust,
    publicUrl: app.config.publicUrl,
  };
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/insured/cancellationoptions',
    summary:
      'A policy’s standing for the cancel screen: the days it can be cancelled from, its cancellation and its tail',
    description:
      'Any status. Answers the policy (number, period, retroactive date, status), the first and last day a ' +
      'cancellation can take effect from today (both null when it cannot be cancelled: cancelled, expired, or no day ' +
      'of the period left), the cancellation (date, reason, its endorsement, whose PDF is the notice) when cancelled, ' +
      'and the tail: the one bought (awaiting payment or issued), or, on a cancelled or expired policy without one, ' +
      'the 1, 2 and 3 years on offer from the cancellation (or expiration) date. Writes nothing. Someone else’s or a ' +
      'missing policy is a 404.',
    tags: ['account'],
    public: false,
    query: cancellationOptionsQuerySchema,
    response: cancellationOptionsSchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return cancellationOptions(deps, currentUser(request), query.policyid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/cancellationquote',
    summary: 'What cancelling one of the insured’s policies from a day would return, and the tail it offers',
    description:
      'JSON or form: policyid, cancellationDate (YYYY-MM-DD, from today — or the effective date of a policy not yet in ' +
      'force, a flat cancellation that returns everything — to the day before the expiration date; 400 naming it ' +
      'otherwise). Answers the return premium (pro rata by the days left, or short rate where the policy’s state uses ' +
      'it), the policy fee, taxes and state fees returned in the same proportion, their total, and the Extended ' +
      'Reporting Periods on offer (1, 2 and 3 years at the rate table’s percentages of the annual premium, with the ' +
      'state’s taxes and fees). Writes nothing. Someone else’s or a missing policy is a 404; a policy that cannot be ' +
      'cancelled (cancelled, expired) is a 409 naming `fields.status`.',
    tags: ['account'],
    public: false,
    body: cancellationQuoteRequestSchema,
    response: cancellationQuoteSchema,
    errors: { 409: STATUS_DOC },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return cancellationQuote(deps, currentUser(request), body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/cancelpolicy',
    summary: 'Cancel one of the insured’s policies from a day: the return premium is recorded as owed',
    description:
      'JSON or form: the quote’s policyid and cancellationDate, and optionally a reason (up to 500 characters). The ' +
      'policy becomes cancelled from that day (its certificates’ public check says so from then on); the return ' +
      'premium is recorded as owed on an endorsement of kind cancellation (the policy’s number + -E + two digits, its ' +
      'total negative); a notice of cancellation (PDF) is kept with the policy’s documents and mailed to the insured. ' +
      'Answers the quote’s figures with the endorsement and the notice. A policy that cannot be cancelled (already ' +
      'cancelled, expired) is a 409 naming `fields.status`. With an Idempotency-Key header, repeating the call answers ' +
      'the first cancellation and does nothing again; the same key with a different request is a 422.',
    tags: ['account'],
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: cancelPolicyRequestSchema,
    response: cancellationSchema,
    errors: { 409: STATUS_DOC, 422: KEY_REUSED_DOC },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return cancelPolicy(deps, currentUser(request), body, idempotencyKeyHash(request));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/buytail',
    summary: 'Buy an Extended Reporting Period (tail) on a cancelled or expired policy: an endorsement and its invoice',
    description:
      'JSON or form: policyid, years (1, 2 or 3; 400 naming it otherwise). Only on a cancelled or expired policy (409 ' +
      'naming `fields.status` otherwise), and once (409 naming `fields.tail`). Makes an endorsement of kind tail ' +
      'awaiting payment, from the cancellation date (or the expiration date), priced at the rate table’s percentage ' +
      'of the annual premium with the state’s taxes and fees, and its invoice (201), paid through the hosted checkout ' +
      'like any endorsement’s (insured/payendorsement with the endorsement’s id): once paid the tail is issued with ' +
      'its endorsement PDF (documents/downloadendorsement); the policy stays cancelled or expired. With an Idempotency-Key header, ' +
      'repeating the call answers the same tail (200) and makes nothing; the same key with a different request is a 422.',
    tags: ['account'],
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: buyTailRequestSchema,
    response: tailPurchaseSchema,
    status: 201,
    errors: { 409: `${STATUS_DOC}, or the policy has its tail already (\`fields.tail\`)`, 422: KEY_REUSED_DOC },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const { created, purchase } = await buyTail(deps, currentUser(request), body, idempotencyKeyHash(request));
      if (!created) setStatus(200);
      return purchase;
    },
  });
}
