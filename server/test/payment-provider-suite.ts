/**
 * The same tests for every payment provider (issue 8): the sandbox, and Stripe against the
 * local fake of its HTTP API. Each provider supplies `pay`: the provider marks the checkout paid
 * on its side and answers the signed event it would deliver, which the test delivers itself —
 * once, five times, at once, beside the browser's return, or tampered with.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signStripePayload } from '@server/payments/stripe-signature';
import { newInsured } from '@server/test/account-helpers';
import { invoicedOrder, openCheckout, paidState, webhookEventCount } from '@server/test/payment-helpers';

export type SignedDelivery = { payload: string; signature: string };

export type ProviderUnderTest = {
  name: 'sandbox' | 'stripe';
  app: () => FastifyInstance;
  pay(sessionId: string): Promise<SignedDelivery>;
  /** The provider lets the session expire on its side (and answers the event it would deliver). */
  expire(sessionId: string): Promise<SignedDelivery>;
  /** The secret the provider's webhooks are signed with: to sign the same event at another time. */
  webhookSecret: string;
};

export function describePaymentProvider(provider: ProviderUnderTest) {
  const { app } = provider;
  const deliver = (event: SignedDelivery, signature = event.signature) =>
    app().inject({
      method: 'POST',
      url: `/api/weborder/payments/webhook/${provider.name}`,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: event.payload,
    });

  async function checkoutReady() {
    const insured = await newInsured(app);
    const { order, invoice } = await invoicedOrder(app, insured);
    const checkout = await openCheckout(insured, order.submissionId);
    expect(checkout).toMatchObject({
      provider: provider.name,
      submissionId: order.submissionId,
      invoiceId: invoice.invoiceId,
      amountCents: invoice.amountDueCents,
    });
    return { insured, order, invoice, checkout };
  }

  describe(`${provider.name} provider: payment confirmation`, () => {
    it('one webhook binds: payment, paid invoice, policy, three documents, complete, and the confirmation', async () => {
      const { insured, order, checkout } = await checkoutReady();
      const answer = await deliver(await provider.pay(checkout.sessionId));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ received: true, outcome: 'bound' });
      const state = await paidState(app(), order.submissionId);
      expect(state).toMatchObject({ status: 'complete', succeeded: 1, documents: 3, paymentMoves: 1, issueMoves: 1 });
      expect(state.invoice).toMatchObject({ status: 'paid', lastFailure: null });
      expect(state.policies).toHaveLength(1);
      expect(state.policies[0]!.number).toMatch(/^P-\d{4}-\d{6,}$/);
      const confirmed = await insured.call('POST', 'payments/confirm', {
        submissionid: order.submissionId,
        sessionid: checkout.sessionId,
      });
      expect(confirmed.json()).toEqual({
        submissionId: order.submissionId,
        outcome: 'paid',
        orderStatus: 'complete',
        message: null,
        policyNumber: state.policies[0]!.number,
      });
    });

    it('the same event delivered five times at once binds one policy and records one payment', async () => {
      const { order, checkout } = await checkoutReady();
      const event = await provider.pay(checkout.sessionId);
      const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((a) => a.json().outcome).sort()).toEqual([
        'bound',
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
      ]);
      expect(await paidState(app(), order.submissionId)).toMatchObject({
        status: 'complete',
        succeeded: 1,
        paymentMoves: 1,
        issueMoves: 1,
        documents: 3,
      });
      expect((await paidState(app(), order.submissionId)).policies).toHaveLength(1);
    });

    it('the webhook and the browser’s return arriving together bind once; every return answers paid', async () => {
      const { insured, order, checkout } = await checkoutReady();
      const event = await provider.pay(checkout.sessionId);
      const confirm = () =>
        insured.call('POST', 'payments/confirm', { submissionid: order.submissionId, sessionid: checkout.sessionId });
      const [hook, ...returns] = await Promise.all([deliver(event), confirm(), confirm(), confirm(), confirm()]);
      expect(hook!.statusCode, hook!.body).toBe(200);
      expect(['bound', 'already_bound']).toContain(hook!.json().outcome);
      for (const back of returns)
        expect(back.json(), back.body).toMatchObject({ outcome: 'paid', orderStatus: 'complete' });
      const state = await paidState(app(), order.submissionId);
      expect(state).toMatchObject({ status: 'complete', succeeded: 1, paymentMoves: 1, issueMoves: 1 });
      expect(state.policies).toHaveLength(1);
      expect(new Set(returns.map((back) => back.json().policyNumber))).toEqual(new Set([state.policies[0]!.number]));
    });

    it('a bad, missing or tampered signature is a 400 naming the header and changes nothing', async () => {
      const { order, checkout } = await checkoutReady();
      const event = await provider.pay(checkout.sessionId);
      const before = await paidState(app(), order.submissionId);
      const events = await webhookEventCount(app());
      const forged = event.signature.replace(/v1=([0-9a-f])/, (_, c: string) => `v1=${c === '0' ? '1' : '0'}`);
      for (const answer of [
        await deliver(event, forged),
        await deliver(event, ''),
        await deliver({ ...event, payload: event.payload.replace(/"amount_total":\s*\d+/, '"amount_total":1') }),
        await app().inject({
          method: 'POST',
          url: `/api/weborder/payments/webhook/${provider.name}`,
          headers: { 'content-type': 'application/json' },
          payload: event.payload,
        }),
      ]) {
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json().fields).toEqual({ 'Stripe-Signature': 'does not verify' });
      }
      expect(await paidState(app(), order.submissionId)).toEqual(before);
      expect(await webhookEventCount(app())).toBe(events);
      expect(before.status).toBe('awaiting_payment');
    });

    it('a signature more than five minutes old, or dated in the future, is refused and changes nothing; the same event signed now binds', async () => {
      const { order, checkout } = await checkoutReady();
      const event = await provider.pay(checkout.sessionId);
      const before = await paidState(app(), order.submissionId);
      const events = await webhookEventCount(app());
      // Each signature is dated from the clock read just before it is sent, and 30 s past the
      // 300 s tolerance: a loaded machine takes a second or more per delivery, which at exactly
      // 301 s let a "future" signature fall back inside the window (a CI run saw it bind).
      const nowSeconds = () => Math.floor(app().clock.now().getTime() / 1000);
      for (const offset of [-24 * 3600, -330, 330, 365 * 24 * 3600]) {
        const timestamp = nowSeconds() + offset;
        const answer = await deliver(event, signStripePayload(event.payload, provider.webhookSecret, timestamp));
        expect(answer.statusCode, `signed at ${offset} s: ${answer.body}`).toBe(400);
        expect(answer.json().fields).toEqual({ 'Stripe-Signature': 'does not verify' });
      }
      expect(await paidState(app(), order.submissionId)).toEqual(before);
      expect(await webhookEventCount(app())).toBe(events);
      const fresh = await deliver(event, signStripePayload(event.payload, provider.webhookSecret, nowSeconds() - 60));
      expect(fresh.json()).toEqual({ received: true, outcome: 'bound' });
    });

    it('a genuinely signed payment of the wrong amount binds nothing, is kept for a refund, and the return says why', async () => {
      const { insured, order, checkout } = await checkoutReady();
      const event = await provider.pay(checkout.sessionId);
      const short = event.payload.replace(/"amount_total":\s*\d+/, '"amount_total": 100');
      expect(short).not.toBe(event.payload);
      const now = Math.floor(app().clock.now().getTime() / 1000);
      const answer = await deliver({
        payload: short,
        signature: signStripePayload(short, provider.webhookSecret, now),
      });
      expect(answer.json()).toEqual({ received: true, outcome: 'amount_mismatch' });
      expect(await paidState(app(), order.submissionId)).toMatchObject({
        status: 'awaiting_payment',
        succeeded: 0,
        policies: [],
      });
      const back = await insured.call('POST', 'payments/confirm', {
        submissionid: order.submissionId,
        sessionid: checkout.sessionId,
      });
      expect(back.json()).toMatchObject({
        outcome: 'failed',
        orderStatus: 'awaiting_payment',
        message: 'The amount paid did not match the invoice, so it was not applied: we will refund it.',
      });
    });

    it('closing the order ends its open checkout, at the provider too, so a tab left open cannot take money', async () => {
      const { insured, order, checkout } = await checkoutReady();
      expect((await app().payments.retrieveSession(checkout.sessionId)).status).toBe('open');
      const closed = await insured.call(
        'PUT',
        'insured/sendtocloselost',
        { submissionid: order.submissionId, reason: 'price' },
        { form: true },
      );
      expect(closed.statusCode, closed.body).toBe(200);
      expect((await app().payments.retrieveSession(checkout.sessionId)).status).toBe('expired');
      const state = await paidState(app(), order.submissionId);
      expect(state).toMatchObject({ status: 'close_lost', succeeded: 0, policies: [] });
      expect(state.payments.map((payment) => payment.status)).toEqual(['expired']);
    });

    it('before the provider has the money, the browser’s return answers pending and binds nothing', async () => {
      const { insured, order, checkout } = await checkoutReady();
      const back = await insured.call('POST', 'payments/confirm', {
        submissionid: order.submissionId,
        sessionid: checkout.sessionId,
      });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ outcome: 'pending', orderStatus: 'awaiting_payment', policyNumber: null });
      expect(await paidState(app(), order.submissionId)).toMatchObject({ status: 'awaiting_payment', succeeded: 0 });
    });

    it('one invoice has one payable checkout: a retry, a second tab or paying again continues it; once it expires, a new one opens', async () => {
      const { insured, order, checkout } = await checkoutReady();
      const key = 'same-key-for-a-retry-0001';
      const retried = await openCheckout(insured, order.submissionId, key);
      expect(retried).toEqual(checkout);
      expect(await openCheckout(insured, order.submissionId, key)).toEqual(checkout);
      expect(await openCheckout(insured, order.submissionId)).toEqual(checkout);
      expect(checkout.url).toMatch(/^https?:\/\//);

      const expired = await deliver(await provider.expire(checkout.sessionId));
      expect(expired.json()).toEqual({ received: true, outcome: 'expired' });
      const fresh = await openCheckout(insured, order.submissionId, key);
      expect(fresh.sessionId).not.toBe(checkout.sessionId);
      expect(fresh.amountCents).toBe(checkout.amountCents);
      const invoice = await insured.call('GET', `invoice/details?submissionid=${order.submissionId}`);
      expect(invoice.json().lastPaymentFailure).toBe('The checkout expired before it was paid.');

      // Expired on the provider's side without a word to us: found when the next checkout asks.
      await provider.expire(fresh.sessionId);
      const third = await openCheckout(insured, order.submissionId);
      expect([checkout.sessionId, fresh.sessionId]).not.toContain(third.sessionId);
      const paid = await deliver(await provider.pay(third.sessionId));
      expect(paid.json().outcome).toBe('bound');
      expect(await paidState(app(), order.submissionId)).toMatchObject({ status: 'complete', succeeded: 1 });
    });

    it('a retry with the same Idempotency-Key never hands back a checkout that expired meanwhile', async () => {
      const insured = await newInsured(app);
      const { order } = await invoicedOrder(app, insured);
      // The key opens the invoice's first checkout, so the retry finds the row by its key.
      const key = 'same-key-after-expiry-0001';
      const first = await openCheckout(insured, order.submissionId, key);
      await provider.expire(first.sessionId);
      const again = await openCheckout(insured, order.submissionId, key);
      expect(again.sessionId).not.toBe(first.sessionId);
      expect((await deliver(await provider.pay(again.sessionId))).json().outcome).toBe('bound');
    });
  });
}
