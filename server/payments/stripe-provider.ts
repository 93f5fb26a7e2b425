/**
 * Stripe Checkout behind the PaymentProvider contract (PAYMENT_PROVIDER=stripe), through the
 * official SDK. STRIPE_API_BASE points the SDK at another origin (the tests' fake of Stripe,
 * server/test/fake-stripe.ts); unset, it talks to api.stripe.com. Webhooks are verified by the
 * SDK over the exact raw body; nothing from an unverified body is ever returned.
 */
import Stripe from 'stripe';
import { systemClock, type Clock } from '@server/clock';
import { verifiedStripeEvent } from '@server/payments/stripe-signature';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type SessionState,
  type WebhookEvent,
} from '@server/payments/provider';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** An absolute http(s) URL; only its origin is used (the SDK always adds /v1/…). */
  apiBase?: string;
  /** What a signature's age is measured against. */
  clock?: Clock;
};

/**
 * The API version stripe 23.1.0 is typed for. Pinned, so a change of the account's default
 * version in the Stripe dashboard cannot change the shapes this adapter reads; the type makes
 * an SDK upgrade that moves the version fail to compile until this is reviewed.
 */
const API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';

/** host/port/protocol for the SDK from STRIPE_API_BASE (none: Stripe's own API). */
function endpoint(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  // URL keeps an IPv6 host in brackets; node:http wants it bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { host, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function sessionState(session: Stripe.Checkout.Session): SessionState {
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const intent = session.payment_intent;
  return {
    sessionId: session.id,
    status: paid ? 'paid' : session.status === 'expired' ? 'expired' : 'open',
    // A session without a total never matches a payment's amount, so it cannot bind.
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    paymentRef: typeof intent === 'string' ? intent : (intent?.id ?? null),
    metadata: session.metadata ?? {},
  };
}

function webhookEvent(event: Stripe.Event): WebhookEvent {
  const base = { eventId: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = sessionState(event.data.object);
      // Completed but unpaid: an asynchronous method (a bank debit) is still processing; its
      // outcome comes as async_payment_succeeded or async_payment_failed.
      return { ...base, kind: session.status === 'paid' ? 'paid' : 'ignored', session };
    }
    case 'checkout.session.async_payment_succeeded':
      return { ...base, kind: 'paid', session: sessionState(event.data.object) };
    case 'checkout.session.async_payment_failed':
      return { ...base, kind: 'failed', session: sessionState(event.data.object) };
    case 'checkout.session.expired':
      return { ...base, kind: 'expired', session: sessionState(event.data.object) };
    case 'payment_intent.payment_failed': {
      // A card refused on the hosted page, which stays open for another try. The intent carries
      // our metadata because createCheckout copies it into payment_intent_data.
      const intent = event.data.object;
      const message = intent.last_payment_error?.message ?? 'The payment failed.';
      return { ...base, kind: 'declined', session: null, failure: { message, metadata: intent.metadata ?? {} } };
    }
    default:
      return { ...base, kind: 'ignored', session: null };
  }
}

export function stripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...endpoint(options.apiBase),
  });

  return {
    name: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const metadata = {
        paymentId: String(request.paymentId),
        invoiceId: String(request.invoiceId),
        submissionId: String(request.submissionId),
        orderNumber: request.orderNumber,
        invoiceNumber: request.invoiceNumber,
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          customer_email: request.customerEmail,
          client_reference_id: String(request.invoiceId),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata,
          payment_intent_data: { metadata },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      // Hosted (not embedded) sessions always carry a url; without one the browser has nowhere to go.
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },

    async retrieveSession(sessionId: string): Promise<SessionState> {
      return sessionState(await stripe.checkout.sessions.retrieve(sessionId));
    },

    async expireSession(sessionId: string): Promise<void> {
      // Stripe refuses to expire a session that is no longer open: that one needs nothing.
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'open') await stripe.checkout.sessions.expire(sessionId);
    },

    async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookEvent> {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      if (!options.webhookSecret)
        throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set: no webhook can be verified');
      let event: Stripe.Event;
      try {
        event = await verifiedStripeEvent(
          rawBody,
          signature,
          options.webhookSecret,
          (options.clock ?? systemClock).now(),
        );
      } catch {
        // The SDK's error names what failed (timestamp, signature, body); the caller only needs "refused".
        throw new WebhookSignatureError('The Stripe-Signature header does not verify');
      }
      return webhookEvent(event);
    },
  };
}
