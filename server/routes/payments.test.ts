/**
 * Issue 8 on a real server with the built-in sandbox provider: invoicing an approved order, the
 * hosted checkout page and its test cards, the webhook (through the suite every provider
 * passes), the policy, and the confirmation mail with its PDFs.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { businessToday } from '@shared/calendar';
import { invoiceSchema, policyInfoSchema } from '@shared/contract/billing';
import { sandboxCheckoutSessions, submissionEvents } from '@server/db/schema';
import { newPaymentRef, sandboxWebhookSecret } from '@server/payments/sandbox-provider';
import { newInsured } from '@server/test/account-helpers';
import { mailsTo } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { describePaymentProvider } from '@server/test/payment-provider-suite';
import { approvedOrder, invoicedOrder, openCheckout, paidState } from '@server/test/payment-helpers';
import { quotedOrder } from '@server/test/account-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();

/** An error answer of `status`, naming exactly these fields when given. */
function refused(response: Parameters<typeof expectError>[0], status: number, fields?: Record<string, unknown>) {
  const body = expectError(response, status);
  if (fields) expect(body.fields).toEqual(fields);
  return body;
}
const app = () => t.app;

describePaymentProvider({
  name: 'sandbox',
  app,
  get webhookSecret() {
    return sandboxWebhookSecret(t.app.config.authSecret!);
  },
  async pay(sessionId) {
    const [paid] = await t.app.db
      .update(sandboxCheckoutSessions)
      .set({ status: 'paid', paymentRef: newPaymentRef(), paidAt: new Date() })
      .where(eq(sandboxCheckoutSessions.id, sessionId))
      .returning();
    return t.app.sandbox!.paidEvent(paid!);
  },
  async expire(sessionId) {
    const [expired] = await t.app.db
      .update(sandboxCheckoutSessions)
      .set({ status: 'expired' })
      .where(eq(sandboxCheckoutSessions.id, sessionId))
      .returning();
    return t.app.sandbox!.sign('checkout.session.expired', {
      id: expired!.id,
      object: 'checkout.session',
      amount_total: expired!.amountCents,
      currency: 'usd',
      metadata: expired!.metadata,
      status: 'expired',
      payment_status: 'unpaid',
    });
  },
});

/** The path and query of an absolute address (the sandbox page lives on this server). */
const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const card = (number: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({ name: 'Dana Whitfield', number, expiry: '12/35', cvc: '123', ...extra }).toString();

async function submitCard(url: string, number: string, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: local(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: card(number, extra),
  });
}

describe('POST invoice/generateInvoice', () => {
  it('invoices an approved order once: the first installment due now, the year’s schedule, awaiting_payment; a repeat answers the same', async () => {
    const insured = await newInsured(app);
    const order = await approvedOrder(app, insured, { paymentTerm: 'quarterly' });
    const first = await insured.call(
      'POST',
      'invoice/generateInvoice',
      { submissionid: order.submissionId },
      { form: true },
    );
    expect(first.statusCode, first.body).toBe(200);
    const invoice = v.parse(invoiceSchema, first.json());
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^INV-\d{4}-\d{6,}$/),
      status: 'open',
      orderStatus: 'awaiting_payment',
      paymentTerm: { code: 'quarterly' },
    });
    expect(invoice.schedule).toHaveLength(4);
    expect(invoice.schedule[0]).toMatchObject({
      installmentNo: 1,
      dueDate: businessToday(new Date()),
      amountCents: invoice.amountDueCents,
    });
    expect(invoice.amountDueCents).toBeLessThan(invoice.totalCents);
    // The schedule pays the year's total plus the installment fees, each later date after the one before.
    const paid = invoice.schedule.reduce((sum, item) => sum + item.amountCents, 0);
    expect(paid).toBeGreaterThanOrEqual(invoice.totalCents);
    expect(invoice.schedule.slice(1).every((item, i) => item.dueDate > invoice.schedule[i]!.dueDate)).toBe(true);

    const again = await insured.call('POST', 'invoice/generateInvoice', { submissionid: order.submissionId });
    expect(again.json()).toEqual(first.json());
    const moves = await t.app.db
      .select()
      .from(submissionEvents)
      .where(eq(submissionEvents.submissionId, order.submissionId));
    expect(moves.filter((move) => move.event === 'order.generateInvoice')).toHaveLength(1);
    const details = await insured.call('GET', `invoice/details?submissionid=${order.submissionId}`);
    expect(details.json()).toEqual(first.json());
  });

  it('refuses an order that is not approved (409 naming the status), someone else’s order (404) and a bad id (400)', async () => {
    const insured = await newInsured(app);
    const quoted = await quotedOrder(app, insured);
    refused(await insured.call('POST', 'invoice/generateInvoice', { submissionid: quoted.submissionId }), 409, {
      status: 'is quoted',
    });
    refused(await insured.call('GET', `invoice/details?submissionid=${quoted.submissionId}`), 404);
    const other = await newInsured(app);
    const theirs = await approvedOrder(app, other);
    refused(await insured.call('POST', 'invoice/generateInvoice', { submissionid: theirs.submissionId }), 404);
    expect((await paidState(app(), theirs.submissionId)).status).toBe('approved');
    refused(await insured.call('POST', 'invoice/generateInvoice', { submissionid: 'abc' }), 400, {
      submissionid: expect.any(String),
    });
  });
});

describe('the sandbox checkout', () => {
  it('refuses a checkout before the invoice (409), and opens one on this server after', async () => {
    const insured = await newInsured(app);
    const order = await approvedOrder(app, insured);
    refused(await insured.call('POST', 'payments/checkout', { submissionid: order.submissionId }), 409, {
      status: 'is approved',
    });
    await insured.call('POST', 'invoice/generateInvoice', { submissionid: order.submissionId });
    const checkout = await openCheckout(insured, order.submissionId, undefined, { clientid: 'acme-brokers' });
    expect(checkout.url).toMatch(
      new RegExp(`^${t.app.config.publicUrl}/api/weborder/payments/sandbox/checkout/cs_sandbox_`),
    );
    const [session] = await t.app.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, checkout.sessionId));
    expect(session!.successUrl).toBe(
      `${t.app.config.publicUrl}/client/paymentconfirm/acme-brokers?submissionid=${order.submissionId}&sessionid={CHECKOUT_SESSION_ID}`,
    );
    expect(session!.cancelUrl).toBe(
      `${t.app.config.publicUrl}/client/payment/acme-brokers?submissionid=${order.submissionId}&cancelled=1`,
    );
    const page = await t.app.inject({ method: 'GET', url: local(checkout.url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/form-action 'self'/);
    expect(page.body).toContain(
      `Pay $${(checkout.amountCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(page.body).toContain('<label for="number">Card number</label>');
  });

  it('a number failing Luhn, a past expiry or a short code sends the browser back to the page naming them; nothing is paid', async () => {
    const insured = await newInsured(app);
    const { order } = await invoicedOrder(app, insured);
    const checkout = await openCheckout(insured, order.submissionId);
    const posted = await submitCard(checkout.url, '4242424242424241', { expiry: '01/20', cvc: '1' });
    // Post/redirect/get: the page with the problems is a GET, which Back and reload can repeat.
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).not.toContain('4242424242424241');
    const answer = await t.app.inject({ method: 'GET', url: String(posted.headers.location) });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('role="alert"');
    expect(answer.body).toMatch(/id="number"[^>]*aria-invalid="true"/);
    expect(answer.body).toMatch(/This card number is not valid/);
    expect(answer.body).toMatch(/This card has expired/);
    expect(answer.body).toMatch(/3 or 4 digit/);
    expect(answer.body).not.toContain('4242424242424241');
    expect(await paidState(app(), order.submissionId)).toMatchObject({ status: 'awaiting_payment', succeeded: 0 });
  });

  it('the decline card leaves the order awaiting payment with the reason on the page and the invoice; paying again works', async () => {
    const insured = await newInsured(app);
    const { order } = await invoicedOrder(app, insured);
    const checkout = await openCheckout(insured, order.submissionId);
    const declined = await submitCard(checkout.url, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(303);
    expect((await t.app.inject({ method: 'GET', url: String(declined.headers.location) })).body).toContain(
      'Your card was declined.',
    );
    const invoice = await insured.call('GET', `invoice/details?submissionid=${order.submissionId}`);
    expect(invoice.json()).toMatchObject({
      status: 'open',
      orderStatus: 'awaiting_payment',
      lastPaymentFailure: 'Your card was declined.',
    });
    const poor = await submitCard(checkout.url, '4000000000009995');
    expect(poor.statusCode).toBe(303);
    expect((await t.app.inject({ method: 'GET', url: String(poor.headers.location) })).body).toContain(
      'Your card has insufficient funds.',
    );
    expect(
      (await insured.call('GET', `invoice/details?submissionid=${order.submissionId}`)).json().lastPaymentFailure,
    ).toBe('Your card has insufficient funds.');
    expect(await paidState(app(), order.submissionId)).toMatchObject({ status: 'awaiting_payment', succeeded: 0 });

    const paid = await submitCard(checkout.url, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${t.app.config.publicUrl}/paymentconfirm?submissionid=${order.submissionId}&sessionid=${checkout.sessionId}`,
    );
    const state = await paidState(app(), order.submissionId);
    expect(state).toMatchObject({ status: 'complete', succeeded: 1, documents: 3 });
    expect(state.invoice.lastFailure).toBeNull();
    // The page of a paid session sends the browser on; paying it again changes nothing.
    expect((await t.app.inject({ method: 'GET', url: local(checkout.url) })).statusCode).toBe(303);
    expect((await submitCard(checkout.url, '4242424242424242')).statusCode).toBe(303);
    expect(await paidState(app(), order.submissionId)).toMatchObject({ succeeded: 1, paymentMoves: 1 });
  });

  it('after payment: the policy, and the confirmation mail with the declarations, binder and invoice attached', async () => {
    const insured = await newInsured(app);
    const { order, invoice } = await invoicedOrder(app, insured);
    refused(await insured.call('GET', `insured/policyinfo?submissionid=${order.submissionId}`), 404);
    const checkout = await openCheckout(insured, order.submissionId);
    expect((await submitCard(checkout.url, '4242424242424242')).statusCode).toBe(303);

    const info = v.parse(
      policyInfoSchema,
      (await insured.call('GET', `insured/policyinfo?submissionid=${order.submissionId}`)).json(),
    );
    expect(info).toMatchObject({
      orderNumber: order.number,
      status: 'in_force',
      totalCents: invoice.totalCents,
      payment: { amountCents: invoice.amountDueCents, provider: 'sandbox' },
    });
    expect(info.expirationDate.slice(0, 4)).toBe(String(Number(info.effectiveDate.slice(0, 4)) + 1));
    expect(info.limit.perClaimCents).toBeGreaterThan(0);
    const other = await newInsured(app);
    refused(await other.call('GET', `insured/policyinfo?submissionid=${order.submissionId}`), 404);

    const mail = (await mailsTo(t.app, insured.email)).find(
      (one) => one.subject === `Your policy ${info.policyNumber} is issued`,
    );
    expect(mail, 'the confirmation mail').toBeDefined();
    expect(mail!.text).toContain(order.number);
    expect(mail!.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      [`declarations-${info.policyNumber.toLowerCase()}.pdf`, 'application/pdf'],
      [`binder-${info.policyNumber.toLowerCase()}.pdf`, 'application/pdf'],
      [`invoice-${invoice.number.toLowerCase()}.pdf`, 'application/pdf'],
    ]);
    for (const attachment of mail!.attachments) expect(attachment.content.startsWith('%PDF-')).toBe(true);
  });
});

describe('the sandbox webhook', () => {
  const deliver = (event: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/weborder/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });

  it('a decline and the payment arriving together: both answered, the order bound once (no deadlock on PostgreSQL)', async () => {
    const insured = await newInsured(app);
    const { order } = await invoicedOrder(app, insured);
    const checkout = await openCheckout(insured, order.submissionId);
    const [session] = await t.app.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, checkout.sessionId));
    const declined = t.app.sandbox!.declinedEvent(session!, 'Your card was declined.', 'generic_decline');
    const [paid] = await t.app.db
      .update(sandboxCheckoutSessions)
      .set({ status: 'paid', paymentRef: newPaymentRef(), paidAt: new Date() })
      .where(eq(sandboxCheckoutSessions.id, checkout.sessionId))
      .returning();
    const answers = await Promise.all([deliver(declined), deliver(t.app.sandbox!.paidEvent(paid!)), deliver(declined)]);
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((answer) => answer.body).join('\n'),
    ).toEqual([200, 200, 200]);
    expect(await paidState(app(), order.submissionId)).toMatchObject({ status: 'complete', succeeded: 1 });
  });

  it('a signed event of a shape binding does not know is acknowledged and changes nothing', async () => {
    const insured = await newInsured(app);
    const { order } = await invoicedOrder(app, insured);
    const before = await paidState(app(), order.submissionId);
    const odd = t.app.sandbox!.sign('checkout.session.completed', null as never);
    const answer = await deliver(odd);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await paidState(app(), order.submissionId)).toEqual(before);
  });
});
