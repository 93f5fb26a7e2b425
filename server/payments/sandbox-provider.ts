/**
 * The built-in sandbox provider (PAYMENT_PROVIDER=sandbox, the default): a hosted checkout
 * served by this server (server/routes/sandbox-checkout.ts) that takes test card numbers and
 * confirms payments the way Stripe does — a Stripe-shaped event, signed with the Stripe scheme,
 * delivered to our own webhook route, which verifies it like any provider's. Its sessions live
 * in sandbox_checkout_sessions, as a real provider keeps them on its side.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import * as v from 'valibot';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { notFound } from '@server/http/http-error';
import {
  expireOpenSession,
  insertSessionOnce,
  sandboxSessionRow,
  type SandboxSessionRow,
} from '@server/payments/sandbox-session-queries';
import { verifiedStripeEvent } from '@server/payments/stripe-signature';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type SessionState,
  type WebhookEvent,
} from '@server/payments/provider';

const eventShape = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  type: v.pipe(v.string(), v.maxLength(255)),
  data: v.object({ object: v.record(v.string(), v.unknown()) }),
});

export type { SandboxSessionRow };
// The checkout page's writes: its route imports them from here with the rest of the sandbox.

/** Where the sandbox's checkout page is served, under the API prefix. */
export const SANDBOX_CHECKOUT_PATH = '/payments/sandbox/checkout';

/** The sandbox signs its webhooks with a secret derived from AUTH_SECRET: nothing else to configure. */
export const sandboxWebhookSecret = (authSecret: string) =>
  `whsec_${createHmac('sha256', authSecret).update('sandbox-webhook-secret').digest('hex')}`;

const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/-/g, 'x')}`;

export function sessionState(row: SandboxSessionRow): SessionState {
  return {
    sessionId: row.id,
    status: row.status === 'paid' ? 'paid' : row.status === 'expired' ? 'expired' : 'open',
    amountCents: row.amountCents,
    currency: row.currency,
    paymentRef: row.paymentRef,
    metadata: row.metadata,
  };
}

export async function sandboxSession(db: Queryable, sessionId: string): Promise<SandboxSessionRow> {
  const row = await sandboxSessionRow(db, sessionId);
  if (!row) throw notFound('No such checkout session');
  return row;
}

/** A Stripe-shaped checkout session object, as the sandbox's events carry it. */
function sessionObject(row: SandboxSessionRow) {
  return {
    id: row.id,
    object: 'checkout.session',
    amount_total: row.amountCents,
    currency: row.currency.toLowerCase(),
    customer_email: row.customerEmail,
    metadata: row.metadata,
    mode: 'payment',
    payment_intent: row.paymentRef,
    payment_status: row.status === 'paid' ? 'paid' : 'unpaid',
    status: row.status === 'paid' ? 'complete' : row.status,
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
  };
}

export type SignedEvent = { payload: string; signature: string; eventId: string };

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly publicApiUrl: string,
    private readonly webhookSecret: string,
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const row = await insertSessionOnce(this.db, {
      id: token('cs_sandbox'),
      idempotencyKey: request.idempotencyKey,
      amountCents: request.amountCents,
      currency: request.currency,
      description: request.description,
      customerEmail: request.customerEmail,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      metadata: {
        paymentId: String(request.paymentId),
        invoiceId: String(request.invoiceId),
        submissionId: String(request.submissionId),
        orderNumber: request.orderNumber,
        invoiceNumber: request.invoiceNumber,
        // The checkout page shows the storefront's branding.
        ...(request.clientId ? { clientId: request.clientId } : {}),
      },
      createdAt: this.clock.now(),
    });
    return { sessionId: row.id, url: `${this.publicApiUrl}${SANDBOX_CHECKOUT_PATH}/${row.id}` };
  }

  async retrieveSession(sessionId: string): Promise<SessionState> {
    return sessionState(await sandboxSession(this.db, sessionId));
  }

  async expireSession(sessionId: string): Promise<void> {
    await expireOpenSession(this.db, sessionId);
  }

  /** Signs an event as Stripe does (t=…,v1=HMAC-SHA256 of "t.payload"). */
  sign(type: string, object: Record<string, unknown>): SignedEvent {
    const eventId = token('evt_sandbox');
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      created: Math.floor(this.clock.now().getTime() / 1000),
      livemode: false,
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.webhookSecret,
      timestamp: Math.floor(this.clock.now().getTime() / 1000),
    });
    return { payload, signature, eventId };
  }

  paidEvent(row: SandboxSessionRow): SignedEvent {
    return this.sign('checkout.session.completed', sessionObject(row));
  }

  declinedEvent(row: SandboxSessionRow, message: string, code: string): SignedEvent {
    return this.sign('payment_intent.payment_failed', {
      id: token('pi_sandbox'),
      object: 'payment_intent',
      amount: row.amountCents,
      currency: row.currency.toLowerCase(),
      metadata: row.metadata,
      last_payment_error: { code: 'card_declined', decline_code: code, message },
      status: 'requires_payment_method',
    });
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookEvent> {
    if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
    let verified: unknown;
    try {
      // Checked against the server's clock, the one the sandbox signs with.
      verified = await verifiedStripeEvent(rawBody, signature, this.webhookSecret, this.clock.now());
    } catch {
      throw new WebhookSignatureError('The Stripe-Signature header does not verify');
    }
    const parsed = v.safeParse(eventShape, verified);
    if (!parsed.success) {
      // Signed, so ours, but not an event binding understands: acknowledged, nothing done.
      return {
        eventId: `malformed-${createHash('sha256').update(rawBody).digest('hex')}`,
        type: 'malformed',
        kind: 'ignored',
        session: null,
      };
    }
    const event = parsed.output;
    const object = event.data.object;
    const metadata = (object.metadata ?? {}) as Record<string, string>;
    if (event.type === 'payment_intent.payment_failed') {
      const error = object.last_payment_error as { message?: string } | undefined;
      return {
        eventId: event.id,
        type: event.type,
        kind: 'declined',
        session: null,
        failure: { message: error?.message ?? 'The payment failed.', metadata },
      };
    }
    if (!event.type.startsWith('checkout.session.'))
      return { eventId: event.id, type: event.type, kind: 'ignored', session: null };
    const session: SessionState = {
      sessionId: String(object.id),
      status: object.payment_status === 'paid' ? 'paid' : object.status === 'expired' ? 'expired' : 'open',
      amountCents: Number(object.amount_total),
      currency: String(object.currency).toUpperCase(),
      paymentRef: typeof object.payment_intent === 'string' ? object.payment_intent : null,
      metadata,
    };
    const kind =
      event.type === 'checkout.session.completed' && session.status === 'paid'
        ? 'paid'
        : event.type === 'checkout.session.expired'
          ? 'expired'
          : 'ignored';
    return { eventId: event.id, type: event.type, kind, session };
  }
}

export const newPaymentRef = () => token('pi_sandbox');
