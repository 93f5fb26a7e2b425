/**
 * Paying for an order (specification §7 invoice/generateInvoice, insured/policyinfo; the
 * checkout and its confirmation beyond it). Signed-in insureds, on their own orders only.
 */
import type { FastifyInstance } from 'fastify';
import {
  checkoutRequestSchema,
  checkoutSchema,
  confirmPaymentRequestSchema,
  generateInvoiceRequestSchema,
  invoiceQuerySchema,
  invoiceSchema,
  paymentConfirmationSchema,
  policyInfoSchema,
} from '@shared/contract/billing';
import { orderDetailsQuerySchema } from '@shared/contract/submissions';
import { generateInvoice, invoiceDetails, type BillingDeps } from '@server/billing/invoices';
import { policyInfo } from '@server/billing/policy-info';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHeaderDoc, idempotencyKeyOf } from '@server/http/idempotency-key';
import { appBaseFor } from '@server/http/request-origin';
import { defineRoute } from '@server/http/route';
import { confirmPayment, startCheckout, type CheckoutDeps } from '@server/payments/checkout';

const illegal = 'The order’s status does not allow it: `fields.status` names it ("is quoted")';

export async function billingRoutes(app: FastifyInstance) {
  const deps: BillingDeps = { db: app.db, clock: app.clock };
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
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'POST',
    url: '/invoice/generateInvoice',
    summary: 'Invoice an approved order: the first installment of its payment plan, due now',
    description:
      'JSON or form: submissionid. From approved, in one transaction: the order’s one invoice (INV-YYYY-NNNNNN) for the ' +
      'first installment of the plan it was quoted with, with the year’s schedule, and order.generateInvoice moves the ' +
      'order to awaiting_payment. Idempotent: once invoiced, a repeat answers the same invoice and writes nothing.',
    tags,
    public: false,
    body: generateInvoiceRequestSchema,
    response: invoiceSchema,
    errors: { 409: illegal },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return generateInvoice(deps, currentUser(request), body.submissionid);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/invoice/details',
    summary: 'The order’s invoice, with its schedule and the last failed payment attempt',
    description: 'A 404 until the order is invoiced (and for anyone else’s order).',
    tags,
    public: false,
    query: invoiceQuerySchema,
    response: invoiceSchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return invoiceDetails(deps, currentUser(request), query.submissionid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/payments/checkout',
    summary: 'Open a hosted checkout for the order’s invoice and answer where to send the browser',
    description:
      'JSON: submissionid, and clientid when the insured is in a broker’s branded site (the checkout then returns to ' +
      'its branded screens). The order must be awaiting_payment with an open invoice, and its application signed as it ' +
      'now stands (GET insured/application, signature.current). Card details are entered on the ' +
      'provider’s page only (the built-in sandbox, or Stripe Checkout). Idempotent per Idempotency-Key: a retry answers ' +
      'the same checkout. The provider returns the browser to paymentconfirm?submissionid&sessionid, or on cancel to ' +
      'payment?submissionid&cancelled=1, at the origin the request came from (its Origin, else its Host) when that is ' +
      'PUBLIC_URL’s or an address this server listens on, and at PUBLIC_URL otherwise.',
    tags,
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: checkoutRequestSchema,
    response: checkoutSchema,
    errors: {
      409:
        `${illegal}; or the application is not signed as it now stands (\`fields.signature\`: "must sign the application", ` +
        'or "must sign the application again: it changed since you signed"; see POST insured/signapplication)',
      503: 'The payment provider did not answer: nothing was charged, try again',
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      // Back to the address this browser used, when the server is known by it; else PUBLIC_URL.
      return startCheckout(
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
    url: '/payments/confirm',
    summary: 'The browser is back from the checkout: bind the order if the provider says it is paid',
    description:
      'JSON: submissionid, sessionid (the checkout session the provider returned with). Asks the provider about the ' +
      'session; when it is paid, binds exactly as the webhook does (whichever comes first binds, the other finds it ' +
      'bound): the payment is recorded, the policy and its documents are issued, the order becomes complete and the ' +
      'confirmation mail goes out. Answers paid (with the policy number), pending (not confirmed yet: ask again) or ' +
      'failed (with the reason). Idempotent.',
    tags,
    public: false,
    body: confirmPaymentRequestSchema,
    response: paymentConfirmationSchema,
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return confirmPayment(checkoutDeps(), currentUser(request), body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/policyinfo',
    summary: 'The order’s policy as issued: number, period, limits, deductible, premium, and the payment',
    description: 'A 404 until the policy is issued (and for anyone else’s order).',
    tags,
    public: false,
    query: orderDetailsQuerySchema,
    response: policyInfoSchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return policyInfo(app.db, currentUser(request), query.submissionid);
    },
  });
}
