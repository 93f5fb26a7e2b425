/**
 * A payment plan's later instalments (issue 20): the one a mailed link pays, its checkout and the
 * browser's return, and the insured's plans with their schedule as they stand (signed-in insureds,
 * their own only: anyone else's is a 404); the broker's policies with an instalment past due
 * (role broker). The rules live in server/instalments/.
 */
import type { FastifyInstance } from 'fastify';
import { checkoutSchema } from '@shared/contract/billing';
import {
  confirmInstalmentRequestSchema,
  instalmentConfirmationSchema,
  instalmentQuerySchema,
  overdueInstalmentListSchema,
  payableInstalmentSchema,
  payInstalmentRequestSchema,
  policyInstalmentsListSchema,
} from '@shared/contract/instalments';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHeaderDoc, idempotencyKeyOf } from '@server/http/idempotency-key';
import { appBaseFor } from '@server/http/request-origin';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';
import {
  confirmInstalment,
  instalment,
  overdueInstalments,
  payInstalment,
  policyInstalments,
} from '@server/instalments/instalment-payments';
import type { CheckoutDeps } from '@server/payments/checkout';

const noStore = { 'cache-control': 'no-store' };

export async function instalmentRoutes(app: FastifyInstance) {
  const deps = { db: app.db, clock: app.clock };
  const checkoutDeps = (): CheckoutDeps => ({
    db: app.db,
    clock: app.clock,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    log: app.log,
    provider: app.payments,
    trust: app.config.trust,
    instalmentGraceDays: app.config.instalments.graceDays,
  });
  const tags = ['billing'];

  defineRoute(app, {
    method: 'GET',
    url: '/insured/instalments',
    summary: 'The insured’s policies paid by instalments, each with its schedule as it stands today',
    description:
      'Newest policy first; only plans of more than one payment. Each instalment: due date, amount, status (paid, ' +
      'open: invoiced and not yet due, overdue, scheduled: not invoiced yet, void: the policy ended first) and its ' +
      'invoice once invoiced. A policy under a notice of cancellation for non-payment says the day cover ends.',
    tags,
    public: false,
    response: policyInstalmentsListSchema,
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      return policyInstalments(deps, currentUser(request));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/instalment',
    summary: 'One later instalment, as its mailed link names it (invoiceid): what it is, and whether it can be paid',
    description:
      'The caller’s own later instalments only: the first (paid with the order) and anyone else’s are a 404.',
    tags,
    public: false,
    query: instalmentQuerySchema,
    response: payableInstalmentSchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return instalment(deps, currentUser(request), query.invoiceid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/payinstalment',
    summary: 'Open the hosted checkout for exactly one later instalment',
    description:
      'JSON: invoiceid, and clientid in a broker’s branded site. The instalment must be open or overdue (409 naming ' +
      '`fields.status` when paid, or void because the policy is cancelled). Idempotent per Idempotency-Key; one ' +
      'payable session per invoice. The provider returns the browser to policy/instalment?invoiceid&sessionid (or ' +
      '&cancelled=1). Once paid (the webhook, or insured/confirminstalment), the invoice is paid, and a notice of ' +
      'cancellation for non-payment is withdrawn when nothing else is past due.',
    tags,
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: payInstalmentRequestSchema,
    response: checkoutSchema,
    errors: {
      409: 'The instalment cannot be paid (`fields.status`: "is paid", "is void: the policy is cancelled")',
      503: 'The payment provider did not answer: nothing was charged, try again',
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return payInstalment(
        checkoutDeps(),
        currentUser(request),
        body,
        idempotencyKeyOf(request),
        appBaseFor(app, request),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/confirminstalment',
    summary: 'The browser is back from an instalment’s checkout: settle it if the provider says it is paid',
    description:
      'JSON: invoiceid, sessionid. Asks the provider about the session and, when paid, settles exactly as the webhook ' +
      'does (whichever comes first pays it). Answers paid, pending (ask again) or failed (with why), and the ' +
      'instalment as it now stands. Idempotent.',
    tags,
    public: false,
    body: confirmInstalmentRequestSchema,
    response: instalmentConfirmationSchema,
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return confirmInstalment(checkoutDeps(), currentUser(request), body);
    },
  });
}

/** The broker's side: its own plugin, so the role guard covers only it. */
export async function brokerInstalmentRoutes(app: FastifyInstance) {
  guardRoutes(app, 'broker');

  defineRoute(app, {
    method: 'GET',
    url: '/broker/overdueinstalments',
    summary: 'The broker’s policies with an instalment unpaid past its due date, most overdue first',
    description:
      'Policies still in force or under a notice of cancellation for non-payment (with the day cover ends), each ' +
      'overdue instalment with its invoice, amount, due date and days overdue.',
    tags: ['broker'],
    public: false,
    response: overdueInstalmentListSchema,
    errors: { 403: FORBIDDEN_DOC, 409: 'The account is not tied to a broker (`fields.brokerId`)' },
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      return overdueInstalments({ db: app.db, clock: app.clock }, currentUser(request));
    },
  });
}
