import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError, type CheckoutRequest, type PaymentProvider } from '@server/payments/provider';
import { stripeProvider } from '@server/payments/stripe-provider';
import { signStripePayload } from '@server/payments/stripe-signature';
import { startFakeStripe, type FakeStripe } from '@server/test/fake-stripe';

const secretKey = 'sk_test_adapter';
const webhookSecret = 'whsec_adapter_test';

let fake: FakeStripe;
let provider: PaymentProvider;
let keys = 0;

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  paymentId: 41,
  invoiceId: 7,
  submissionId: 12,
  orderNumber: 'PS-2026-000012',
  invoiceNumber: 'INV-2026-000007',
  description: 'Professional liability, Dentists: first installment',
  amountCents: 123_456,
  currency: 'USD',
  customerEmail: 'dana@example.com',
  successUrl: 'https://app.example/paymentconfirm?submissionid=12&sessionid={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://app.example/payment?submissionid=12&cancelled=1',
  idempotencyKey: `payment-41-${(keys += 1)}`,
  ...overrides,
});

const body = (payload: string) => Buffer.from(payload, 'utf8');
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A Stripe event around `object`, signed with `secret` at `timestamp`. */
const signed = (type: string, object: unknown, secret = webhookSecret, timestamp = nowSeconds()) => {
  const payload = JSON.stringify({
    id: `evt_test_${type}`,
    object: 'event',
    type,
    created: timestamp,
    livemode: false,
    data: { object },
  });
  return { payload, signature: signStripePayload(payload, secret, timestamp) };
};

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret, secretKey });
  provider = stripeProvider({ secretKey, webhookSecret, apiBase: fake.url });
});
afterAll(() => fake.close());

describe('the Stripe Checkout adapter', () => {
  it('creates a hosted session for the amount, with our metadata and return URLs', async () => {
    const request = checkout();
    const session = await provider.createCheckout(request);

    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/pay/${session.sessionId}`);
    const metadata = {
      paymentId: '41',
      invoiceId: '7',
      submissionId: '12',
      orderNumber: 'PS-2026-000012',
      invoiceNumber: 'INV-2026-000007',
    };
    expect(fake.sessions.get(session.sessionId)?.params).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'usd', unit_amount: '123456', product_data: { name: request.description } },
        },
      ],
      customer_email: 'dana@example.com',
      client_reference_id: '7',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata,
      payment_intent_data: { metadata },
    });
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: request.idempotencyKey,
    });
  });

  it('answers the same session for the same idempotency key, and a new one for another key', async () => {
    const request = checkout();
    const first = await provider.createCheckout(request);
    const again = await provider.createCheckout(request);
    const other = await provider.createCheckout(checkout());

    expect(again).toEqual(first);
    expect(other.sessionId).not.toBe(first.sessionId);
  });

  it('reads a session as open, then paid with the payment intent once paid', async () => {
    const { sessionId } = await provider.createCheckout(checkout({ amountCents: 50_000 }));
    expect(await provider.retrieveSession(sessionId)).toEqual({
      sessionId,
      status: 'open',
      amountCents: 50_000,
      currency: 'USD',
      paymentRef: null,
      metadata: expect.objectContaining({ paymentId: '41', invoiceId: '7', submissionId: '12' }),
    });

    fake.pay(sessionId);
    const paid = await provider.retrieveSession(sessionId);
    expect(paid).toMatchObject({ sessionId, status: 'paid', amountCents: 50_000 });
    expect(paid.paymentRef).toBe(fake.sessions.get(sessionId)?.object.payment_intent);
    expect(paid.paymentRef).toMatch(/^pi_test_/);
    expect(fake.requests.at(-1)).toEqual({
      method: 'GET',
      path: `/v1/checkout/sessions/${sessionId}`,
      idempotencyKey: undefined,
    });
  });

  it('reads an expired session as expired, and refuses an unknown one', async () => {
    const { sessionId } = await provider.createCheckout(checkout());
    fake.expire(sessionId);
    expect(await provider.retrieveSession(sessionId)).toMatchObject({ status: 'expired', paymentRef: null });
    await expect(provider.retrieveSession('cs_test_unknown')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('rejects (does not hang) when the secret key is refused', async () => {
    const wrongKey = stripeProvider({ secretKey: 'sk_test_wrong', webhookSecret, apiBase: fake.url });
    await expect(wrongKey.createCheckout(checkout())).rejects.toMatchObject({
      statusCode: 401,
      type: 'StripeAuthenticationError',
    });
  });
});

describe('Stripe webhooks', () => {
  it('accepts the signed completed event of a paid session as paid, with the session and our metadata', async () => {
    const { sessionId } = await provider.createCheckout(checkout({ amountCents: 9_900 }));
    const delivery = fake.pay(sessionId);

    const event = await provider.parseWebhook(body(delivery.payload), delivery.signature);
    expect(event).toEqual({
      eventId: delivery.eventId,
      type: 'checkout.session.completed',
      kind: 'paid',
      session: {
        sessionId,
        status: 'paid',
        amountCents: 9_900,
        currency: 'USD',
        paymentRef: fake.sessions.get(sessionId)?.object.payment_intent,
        metadata: {
          paymentId: '41',
          invoiceId: '7',
          submissionId: '12',
          orderNumber: 'PS-2026-000012',
          invoiceNumber: 'INV-2026-000007',
        },
      },
    });
  });

  it('maps an expired checkout to expired', async () => {
    const { sessionId } = await provider.createCheckout(checkout());
    const delivery = fake.expire(sessionId);
    const event = await provider.parseWebhook(body(delivery.payload), delivery.signature);
    expect(event).toMatchObject({
      eventId: delivery.eventId,
      kind: 'expired',
      session: { sessionId, status: 'expired' },
    });
  });

  it('maps the asynchronous outcomes, and ignores a completed checkout still waiting for its money', async () => {
    const { sessionId } = await provider.createCheckout(checkout());
    const open = fake.sessions.get(sessionId)!.object;
    const kindOf = async (type: string, object: unknown) => {
      const { payload, signature } = signed(type, object);
      return (await provider.parseWebhook(body(payload), signature)).kind;
    };
    expect(await kindOf('checkout.session.completed', { ...open, status: 'complete', payment_status: 'unpaid' })).toBe(
      'ignored',
    );
    expect(
      await kindOf('checkout.session.async_payment_succeeded', { ...open, status: 'complete', payment_status: 'paid' }),
    ).toBe('paid');
    expect(
      await kindOf('checkout.session.async_payment_failed', { ...open, status: 'complete', payment_status: 'unpaid' }),
    ).toBe('failed');
  });

  it('reports a declined card with the message and the metadata on the payment intent', async () => {
    const intent = {
      id: 'pi_test_declined',
      object: 'payment_intent',
      metadata: { paymentId: '41' },
      last_payment_error: { message: 'Your card was declined.' },
    };
    const { payload, signature } = signed('payment_intent.payment_failed', intent);
    expect(await provider.parseWebhook(body(payload), signature)).toEqual({
      eventId: 'evt_test_payment_intent.payment_failed',
      type: 'payment_intent.payment_failed',
      kind: 'declined',
      session: null,
      failure: { message: 'Your card was declined.', metadata: { paymentId: '41' } },
    });
  });

  it('acknowledges an event type it does not need as ignored', async () => {
    const { payload, signature } = signed('customer.created', { id: 'cus_test_1', object: 'customer' });
    expect(await provider.parseWebhook(body(payload), signature)).toEqual({
      eventId: 'evt_test_customer.created',
      type: 'customer.created',
      kind: 'ignored',
      session: null,
    });
  });

  it('refuses a tampered body, a wrong secret, a missing header and an old timestamp', async () => {
    const { sessionId } = await provider.createCheckout(checkout());
    const delivery = fake.pay(sessionId);
    const tampered = delivery.payload.replace('"amount_total": 123456', '"amount_total": 1');
    expect(tampered).not.toBe(delivery.payload);
    const foreign = signed('checkout.session.completed', fake.sessions.get(sessionId)!.object, 'whsec_someone_else');
    const stale = signed(
      'checkout.session.completed',
      fake.sessions.get(sessionId)!.object,
      webhookSecret,
      nowSeconds() - 301,
    );

    await expect(provider.parseWebhook(body(tampered), delivery.signature)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(provider.parseWebhook(body(foreign.payload), foreign.signature)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(provider.parseWebhook(body(delivery.payload), undefined)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(provider.parseWebhook(body(delivery.payload), '')).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.parseWebhook(body(stale.payload), stale.signature)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    // The same event, fresh and with the right secret, does verify: the refusals above are about the signature.
    await expect(provider.parseWebhook(body(delivery.payload), delivery.signature)).resolves.toMatchObject({
      kind: 'paid',
    });
  });
});
