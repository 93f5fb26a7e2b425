/**
 * The Stripe adapter on a real server (PAYMENT_PROVIDER=stripe), pointed with STRIPE_API_BASE
 * at the tests' local fake of Stripe's HTTP API: the same provider suite as the sandbox — one
 * webhook binds, five deliveries bind once, the webhook racing the browser's return binds once,
 * bad signatures change nothing — plus what only Stripe's side shows.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { newInsured } from '@server/test/account-helpers';
import { signApplicationFor } from '@server/test/application-helpers';
import { startFakeStripe } from '@server/test/fake-stripe';
import { describePaymentProvider } from '@server/test/payment-provider-suite';
import { invoicedOrder, openCheckout } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

const WEBHOOK_SECRET = 'whsec_fake_stripe_for_tests_only';
const fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
afterAll(() => fake.close());

const t = setupTestApp({
  env: {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  },
});
const app = () => t.app;

describePaymentProvider({
  name: 'stripe',
  app,
  webhookSecret: WEBHOOK_SECRET,
  pay: async (sessionId) => fake.pay(sessionId),
  expire: async (sessionId) => fake.expire(sessionId),
});

describe('stripe provider: what Stripe receives', () => {
  it('a Checkout Session for the invoice’s first installment, with our ids as metadata and the return addresses', async () => {
    const insured = await newInsured(app);
    const { order, invoice } = await invoicedOrder(app, insured);
    const checkout = await openCheckout(insured, order.submissionId);
    expect(checkout.url.startsWith(fake.url)).toBe(true);
    const session = fake.sessions.get(checkout.sessionId)!;
    expect(session.object).toMatchObject({
      amount_total: invoice.amountDueCents,
      currency: 'usd',
      customer_email: insured.email,
      success_url: `${t.app.config.publicUrl}/paymentconfirm?submissionid=${order.submissionId}&sessionid={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.app.config.publicUrl}/payment?submissionid=${order.submissionId}&cancelled=1`,
      metadata: {
        submissionId: String(order.submissionId),
        invoiceId: String(invoice.invoiceId),
        invoiceNumber: invoice.number,
        orderNumber: order.number,
      },
    });
    expect(fake.requests.filter((request) => request.method === 'POST').at(-1)?.idempotencyKey).toMatch(
      /^payment-\d+-/,
    );
  });

  it('a checkout Stripe failed to create (a 500 it replays for that key) does not stick: the next try opens a new one', async () => {
    const insured = await newInsured(app);
    const { order } = await invoicedOrder(app, insured);
    await signApplicationFor(insured, order.submissionId);
    fake.failNextCreates(1);
    const key = 'stripe-failed-create-0001';
    const failed = await insured.call(
      'POST',
      'payments/checkout',
      { submissionid: order.submissionId },
      { headers: { 'idempotency-key': key } },
    );
    expect(failed.statusCode, failed.body).toBe(503);
    const retried = await openCheckout(insured, order.submissionId, key);
    expect(fake.sessions.get(retried.sessionId)?.object.status).toBe('open');
    const again = await openCheckout(insured, order.submissionId);
    expect(again.sessionId).toBe(retried.sessionId);
  });

  it('the sandbox’s own routes do not exist with Stripe, nor the sandbox’s webhook', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/weborder/payments/sandbox/checkout/cs_sandbox_abcdefghijkl' }))
        .statusCode,
    ).toBe(404);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/weborder/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
  });
});
