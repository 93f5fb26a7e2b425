/**
 * The hosted checkout behind one interface (DESIGN.md §2 adapters): the built-in sandbox or
 * Stripe Checkout. Card data never touches this server: it creates a checkout session, sends
 * the browser there, and learns the outcome from the provider's signed webhook (or, when the
 * browser comes back first, by asking the provider about the session).
 */

export type CheckoutRequest = {
  /** Ours: the payments row this checkout pays, the invoice, the order. */
  paymentId: number;
  invoiceId: number;
  submissionId: number;
  orderNumber: string;
  invoiceNumber: string;
  /** What the insured sees on the checkout: "Professional liability, Dentists: first installment". */
  description: string;
  amountCents: number;
  currency: 'USD';
  customerEmail: string;
  /** Absolute; holds the literal {CHECKOUT_SESSION_ID}, which the provider fills in. */
  successUrl: string;
  /** Absolute: back to the payment screen without paying. */
  cancelUrl: string;
  /** The broker storefront the checkout began in (its client URL), for a checkout page that can carry its branding. */
  clientId?: string | undefined;
  /** The provider's own idempotency: the same key never creates a second session. */
  idempotencyKey: string;
};

export type CheckoutSession = {
  /** cs_… */
  sessionId: string;
  /** Absolute: where the browser goes to pay. */
  url: string;
};

/** The provider's word on one session. */
export type SessionState = {
  sessionId: string;
  /** paid: the money is taken; open: not (yet) paid; expired: can no longer be paid. */
  status: 'paid' | 'open' | 'expired';
  amountCents: number;
  currency: string;
  /** The provider's payment reference (a payment intent id), once paid. */
  paymentRef: string | null;
  /** What we put on the session: paymentId, invoiceId, submissionId (as strings). */
  metadata: Record<string, string>;
};

/**
 * A verified webhook, reduced to what binding needs. `kind`:
 * - paid: checkout.session.completed with payment_status "paid", or async_payment_succeeded;
 * - failed: checkout.session.async_payment_failed;
 * - expired: checkout.session.expired;
 * - ignored: any other event type (acknowledged, nothing done).
 */
export type WebhookEvent = {
  /** evt_… : deliveries of one event share it. */
  eventId: string;
  type: string;
  kind: 'paid' | 'failed' | 'expired' | 'declined' | 'ignored';
  session: SessionState | null;
  /**
   * kind 'declined' (payment_intent.payment_failed: a card refused on the checkout page, which
   * stays open for another try): the provider's words and the metadata we put on the payment.
   */
  failure?: { message: string; metadata: Record<string, string> };
};

/** The webhook's signature did not verify (or was missing): 400, and nothing changes. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<SessionState>;
  /** Ends an open session so it can no longer take money (the order was closed); a paid or expired one is left as it is. */
  expireSession(sessionId: string): Promise<void>;
  /**
   * Verifies `signature` (the Stripe-Signature header) over the exact raw body and parses it.
   * Throws WebhookSignatureError when it does not verify; never trusts an unverified body.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookEvent>;
}
