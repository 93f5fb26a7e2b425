/**
 * POST payments/webhook/{provider}: the payment provider's signed notifications (Stripe's, or
 * the built-in sandbox's, which signs the same way). The signature is checked over the exact
 * bytes received, so this plugin reads JSON bodies raw. A bad or missing signature is a 400 and
 * changes nothing; a verified event is handled once however often it is delivered.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { badRequest, notFound } from '@server/http/http-error';
import { defineRoute } from '@server/http/route';
import { WebhookSignatureError } from '@server/payments/provider';
import { settleDeclined, settleOther, settlePaid, type SettleDeps } from '@server/payments/settle';

/** Stripe's own limit for an event body is far below this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const webhookParamsSchema = v.object({ provider: v.picklist(['sandbox', 'stripe'], 'must be sandbox or stripe') });

const webhookAnswerSchema = v.object({
  received: v.literal(true),
  /** What handling it did: bound, already_bound, duplicate (delivered before), declined, expired, ignored… */
  outcome: v.string(),
});

export async function paymentWebhookRoutes(app: FastifyInstance) {
  // Raw bytes for the signature, in this plugin only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const deps = (): SettleDeps => ({
    db: app.db,
    clock: app.clock,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    log: app.log,
    trust: app.config.trust,
    instalmentGraceDays: app.config.instalments.graceDays,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/payments/webhook/:provider',
    summary: 'The payment provider’s signed event: a checkout paid, a card declined, a checkout expired',
    description:
      'Public, and trusted only through its Stripe-Signature header (HMAC-SHA256 over the raw JSON body with the ' +
      'webhook secret, timestamp within 5 minutes). checkout.session.completed (paid) binds the order in one ' +
      'transaction: payment, invoice, policy, documents, complete, confirmation mail. payment_intent.payment_failed ' +
      'records the decline on the invoice. Each event id is handled once: a redelivery answers outcome "duplicate". ' +
      'A 400 for a missing or bad signature changes nothing; only the configured provider’s path exists.',
    tags: ['billing'],
    public: true,
    params: webhookParamsSchema,
    headers: { 'Stripe-Signature': 't=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">' },
    response: webhookAnswerSchema,
    errors: { 400: 'The signature is missing or does not verify (`fields.Stripe-Signature`): nothing changed' },
    handler: async ({ params, request }) => {
      const provider = app.payments;
      if (params.provider !== provider.name)
        throw notFound(`This server takes ${provider.name} payments, not ${params.provider}`);
      const raw = Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(typeof request.body === 'string' ? request.body : '');
      const header = request.headers['stripe-signature'];
      let event;
      try {
        event = await provider.parseWebhook(raw, typeof header === 'string' ? header : undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw badRequest(error.message, { 'Stripe-Signature': 'does not verify' });
        throw error;
      }
      const settled =
        event.kind === 'paid' && event.session
          ? await settlePaid(deps(), provider.name, event.session, event)
          : event.kind === 'declined'
            ? await settleDeclined(deps(), provider.name, event)
            : await settleOther(deps(), provider.name, event);
      request.log.info(
        { eventId: event.eventId, type: event.type, outcome: settled.outcome },
        'Payment webhook handled',
      );
      return { received: true as const, outcome: settled.outcome };
    },
  });
}
