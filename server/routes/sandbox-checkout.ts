/**
 * The built-in sandbox provider's hosted checkout (PAYMENT_PROVIDER=sandbox): GET shows the
 * card form, POST judges the test card. A success marks the session paid on the "provider's"
 * side, confirms it to this server through the signed webhook (the same route and verification
 * a real provider's event goes through), and sends the browser to the success address; a
 * decline says why on the page (which stays open for another card) and tells the server through
 * the same webhook. Public: the unguessable session id is the only key, as with a real provider.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { sandboxCheckoutSessions } from '@server/db/schema';
import { defineRoute } from '@server/http/route';
import { judgeCard } from '@server/payments/sandbox-cards';
import { sandboxCheckoutPage, type PageState } from '@server/payments/sandbox-page';
import { newPaymentRef, sandboxSession, SANDBOX_CHECKOUT_PATH, type SandboxProvider, type SandboxSessionRow, type SignedEvent } from '@server/payments/sandbox-provider';

const sessionParamsSchema = v.object({ sessionId: v.pipe(v.string(), v.regex(/^cs_sandbox_[A-Za-z0-9_]{10,60}$/, 'must be a sandbox checkout session id')) });

const text = (max: number) => v.optional(v.pipe(v.string('must be text'), v.maxLength(max, 'is too long')), '');
const cardFormSchema = v.object({ name: text(200), number: text(40), expiry: text(10), cvc: text(8) });

const htmlSchema = v.pipe(v.string(), v.description('An HTML page'));

export async function sandboxCheckoutRoutes(app: FastifyInstance) {
  const sandbox = app.sandbox;
  if (!sandbox) return;
  // This plugin's prefix: /api/weborder.
  const apiPrefix = app.prefix;
  const tags = ['billing'];
  const pageHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  const action = (id: string) => `${apiPrefix}${SANDBOX_CHECKOUT_PATH}/${id}`;
  const page = (reply: FastifyReply, code: number, session: SandboxSessionRow, state?: PageState) =>
    reply.code(code).headers(pageHeaders).send(sandboxCheckoutPage(session, action(session.id), state));

  /** Through the app's own webhook route, as a provider's request would come. */
  async function deliver(event: SignedEvent) {
    const answer = await app.inject({
      method: 'POST',
      url: `${apiPrefix}/payments/webhook/sandbox`,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    // A failed delivery is not the browser's problem: paymentconfirm asks the provider too.
    if (answer.statusCode !== 200) app.log.error({ status: answer.statusCode, body: answer.body }, 'Sandbox webhook delivery failed');
  }

  const successUrl = (session: SandboxSessionRow) => session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id);
  const closedWords = 'This checkout expired before it was paid. Return to Practice Shield to start a new payment.';

  defineRoute(app, {
    method: 'GET',
    url: `${SANDBOX_CHECKOUT_PATH}/:sessionId`,
    summary: 'Sandbox provider: the hosted checkout page (HTML)',
    description: 'Only with PAYMENT_PROVIDER=sandbox. A paid session sends the browser on to its success address.',
    tags,
    public: true,
    params: sessionParamsSchema,
    response: htmlSchema,
    binary: { types: ['text/html'] },
    handler: async ({ params, reply }) => {
      const session = await sandboxSession(app.db, params.sessionId);
      if (session.status === 'paid') return reply.redirect(successUrl(session), 303);
      return page(reply, 200, session, session.status === 'expired' ? { closed: closedWords } : {});
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${SANDBOX_CHECKOUT_PATH}/:sessionId`,
    summary: 'Sandbox provider: pay with a test card (HTML form)',
    description:
      'Form: name, number, expiry (MM/YY), cvc. 4242 4242 4242 4242 pays (303 to the success address, after the signed ' +
      'webhook confirmed it to this server); 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient ' +
      'funds (402, the page again with the reason; the server is told through the webhook); a number failing the Luhn ' +
      'check, a past expiry or a bad security code is a 400 page naming the fields.',
    tags,
    public: true,
    params: sessionParamsSchema,
    body: cardFormSchema,
    response: htmlSchema,
    binary: { types: ['text/html'] },
    errors: { 402: 'The card was declined (the page says why)' },
    handler: async ({ params, body, reply }) => {
      const provider: SandboxProvider = sandbox;
      const session = await sandboxSession(app.db, params.sessionId);
      if (session.status === 'paid') return reply.redirect(successUrl(session), 303);
      if (session.status === 'expired') return page(reply, 410, session, { closed: closedWords });
      const outcome = judgeCard(body, app.clock.now());
      const typed = { name: body.name, expiry: body.expiry };
      if (outcome.kind === 'invalid') return page(reply, 400, session, { ...typed, fields: outcome.fields });
      if (outcome.kind === 'declined') {
        const [updated] = await app.db
          .update(sandboxCheckoutSessions)
          .set({ lastError: outcome.message, attempts: session.attempts + 1 })
          .where(eq(sandboxCheckoutSessions.id, session.id))
          .returning();
        await deliver(provider.declinedEvent(updated!, outcome.message, outcome.code));
        return page(reply, 402, updated!, { ...typed, declined: outcome.message });
      }
      const [paid] = await app.db
        .update(sandboxCheckoutSessions)
        .set({ status: 'paid', paymentRef: newPaymentRef(), paidAt: app.clock.now(), lastError: null, attempts: session.attempts + 1 })
        .where(and(eq(sandboxCheckoutSessions.id, session.id), eq(sandboxCheckoutSessions.status, 'open')))
        .returning();
      // Paid meanwhile by another submit of the form: that one confirmed it.
      if (!paid) return reply.redirect(successUrl(session), 303);
      await deliver(provider.paidEvent(paid));
      return reply.redirect(successUrl(paid), 303);
    },
  });
}
