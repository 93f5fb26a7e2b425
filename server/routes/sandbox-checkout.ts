/**
 * The built-in sandbox provider's hosted checkout (PAYMENT_PROVIDER=sandbox): GET shows the
 * card form, POST judges the test card. A success marks the session paid on the "provider's"
 * side, confirms it to this server through the signed webhook (the same route and verification
 * a real provider's event goes through), and sends the browser to the success address; a
 * decline tells the server through the same webhook. Every POST answers 303 See Other (post/
 * redirect/get): to the success address, or back to this page's GET, which says what went wrong
 * (the page stays open for another card). So the browser's Back never offers to send a card form
 * again. Public: the unguessable session id is the only key, as with a real provider.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { brokerBrand } from '@server/auth/brokers';
import { defineRoute } from '@server/http/route';
import { markSessionPaid, recordDeclinedAttempt } from '@server/payments/sandbox-session-queries';
import { judgeCard, problemCodes, problemFields } from '@server/payments/sandbox-cards';
import { sandboxCheckoutPage, sandboxPageCsp, type CheckoutBrand, type PageState } from '@server/payments/sandbox-page';
import {
  newPaymentRef,
  sandboxSession,
  SANDBOX_CHECKOUT_PATH,
  type SandboxProvider,
  type SandboxSessionRow,
  type SignedEvent,
} from '@server/payments/sandbox-provider';

const sessionParamsSchema = v.object({
  sessionId: v.pipe(v.string(), v.regex(/^cs_sandbox_[A-Za-z0-9_]{10,60}$/, 'must be a sandbox checkout session id')),
});

const text = (max: number) => v.optional(v.pipe(v.string('must be text'), v.maxLength(max, 'is too long')), '');
const cardFormSchema = v.object({ name: text(200), number: text(40), expiry: text(10), cvc: text(8) });

/** What the page after a refused POST is to say: problem codes, or that the card was declined. */
const pageQuerySchema = v.object({
  problems: v.optional(v.pipe(v.string(), v.maxLength(200, 'is too long'))),
  declined: v.optional(v.literal('1', 'must be 1')),
});

const htmlSchema = v.pipe(v.string(), v.description('An HTML page'));

export async function sandboxCheckoutRoutes(app: FastifyInstance) {
  const sandbox = app.sandbox;
  if (!sandbox) return;
  // This plugin's prefix: /api/weborder.
  const apiPrefix = app.prefix;
  const tags = ['billing'];
  const pageHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  const action = (id: string) => `${apiPrefix}${SANDBOX_CHECKOUT_PATH}/${id}`;
  /**
   * The storefront the checkout began in (its client id rides on the session), as its branded
   * pages show it; nothing for a plain checkout or a broker since closed.
   */
  async function brandOf(session: SandboxSessionRow): Promise<CheckoutBrand | undefined> {
    const clientId = session.metadata.clientId;
    if (!clientId) return undefined;
    return (await brokerBrand(app.db, clientId)) ?? undefined;
  }

  const page = async (reply: FastifyReply, code: number, session: SandboxSessionRow, state?: PageState) =>
    reply
      .code(code)
      .headers({ ...pageHeaders, 'content-security-policy': sandboxPageCsp([session.successUrl, session.cancelUrl]) })
      .send(sandboxCheckoutPage(session, action(session.id), state ?? {}, await brandOf(session), app.config.trust));

  /** Through the app's own webhook route, as a provider's request would come. */
  async function deliver(event: SignedEvent) {
    const answer = await app.inject({
      method: 'POST',
      url: `${apiPrefix}/payments/webhook/sandbox`,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    // A failed delivery is not the browser's problem: paymentconfirm asks the provider too.
    if (answer.statusCode !== 200)
      app.log.error({ status: answer.statusCode, body: answer.body }, 'Sandbox webhook delivery failed');
  }

  const successUrl = (session: SandboxSessionRow) => session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id);
  const closedWords = 'This checkout expired before it was paid. Return to Practice Shield to start a new payment.';

  defineRoute(app, {
    method: 'GET',
    url: `${SANDBOX_CHECKOUT_PATH}/:sessionId`,
    summary: 'Sandbox provider: the hosted checkout page (HTML)',
    description:
      'Only with PAYMENT_PROVIDER=sandbox. A paid session sends the browser on to its success address. After a refused ' +
      'card form: `problems` (codes, comma-separated) names what was wrong, `declined=1` shows the last decline.',
    tags,
    public: true,
    params: sessionParamsSchema,
    query: pageQuerySchema,
    response: htmlSchema,
    binary: { types: ['text/html'] },
    handler: async ({ params, query, reply }) => {
      const session = await sandboxSession(app.db, params.sessionId);
      if (session.status === 'paid') return reply.redirect(successUrl(session), 303);
      if (session.status === 'expired') return page(reply, 200, session, { closed: closedWords });
      const fields = problemFields(query.problems?.split(',') ?? []);
      const state: PageState = {
        ...(Object.keys(fields).length > 0 ? { fields } : {}),
        // The provider's words, from the session: an address cannot make the page say anything else.
        ...(query.declined && session.lastError ? { declined: session.lastError } : {}),
      };
      return page(reply, 200, session, state);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${SANDBOX_CHECKOUT_PATH}/:sessionId`,
    summary: 'Sandbox provider: pay with a test card (HTML form)',
    description:
      'Form: name, number, expiry (MM/YY, MM / YY or MMYY), cvc. Answers 303 See Other every time. 4242 4242 4242 4242 ' +
      'pays (to the success address, after the signed webhook confirmed it to this server); 4000 0000 0000 0002 is ' +
      'declined, 4000 0000 0000 9995 has insufficient funds (back to the page with declined=1, which shows the reason; ' +
      'the server is told through the webhook); a number failing the Luhn check, a past expiry or a bad security code ' +
      'goes back to the page with problems naming them. An expired session answers its page (410).',
    tags,
    public: true,
    params: sessionParamsSchema,
    body: cardFormSchema,
    response: htmlSchema,
    binary: { types: ['text/html'] },
    status: 303,
    errors: { 410: 'The checkout expired (the page says so)' },
    handler: async ({ params, body, reply }) => {
      const provider: SandboxProvider = sandbox;
      const session = await sandboxSession(app.db, params.sessionId);
      if (session.status === 'paid') return reply.redirect(successUrl(session), 303);
      if (session.status === 'expired') return page(reply, 410, session, { closed: closedWords });
      const outcome = judgeCard(body, app.clock.now());
      // What was typed is not carried back: an address is no place for a cardholder's name.
      if (outcome.kind === 'invalid')
        return reply.redirect(`${action(session.id)}?problems=${problemCodes(outcome.fields).join(',')}`, 303);
      if (outcome.kind === 'declined') {
        const updated = await recordDeclinedAttempt(app.db, session, outcome.message);
        await deliver(provider.declinedEvent(updated, outcome.message, outcome.code));
        return reply.redirect(`${action(session.id)}?declined=1`, 303);
      }
      const paid = await markSessionPaid(app.db, session, newPaymentRef(), app.clock.now());
      // Paid meanwhile by another submit of the form: that one confirmed it.
      if (!paid) return reply.redirect(successUrl(session), 303);
      await deliver(provider.paidEvent(paid));
      return reply.redirect(successUrl(paid), 303);
    },
  });
}
