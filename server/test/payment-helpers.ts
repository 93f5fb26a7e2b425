/**
 * Orders on their way to a policy, for the billing tests: approved by buy now, invoiced, with a
 * checkout open; and what the database says about an order's payments and policy afterwards.
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { expect } from 'vitest';
import { checkoutSchema, invoiceSchema, type Checkout, type Invoice } from '@shared/contract/billing';
import type { SubmissionQuote } from '@shared/contract/submissions';
import {
  documents,
  invoices,
  payments,
  paymentWebhookEvents,
  policies,
  submissionEvents,
  submissions,
} from '@server/db/schema';
import type { Insured } from '@server/test/account-helpers';
import { signApplicationFor } from '@server/test/application-helpers';
import { readyToBuy } from '@server/test/lifecycle-helpers';

export async function approvedOrder(
  app: () => FastifyInstance,
  insured: Insured,
  overrides: Record<string, unknown> = {},
): Promise<SubmissionQuote> {
  const order = await readyToBuy(app, insured, overrides);
  const bought = await insured.call('PUT', 'insured/buynow', { submissionid: order.submissionId }, { form: true });
  expect(bought.statusCode, bought.body).toBe(200);
  expect(bought.json().status, bought.body).toBe('approved');
  return order;
}

export async function invoicedOrder(
  app: () => FastifyInstance,
  insured: Insured,
  overrides: Record<string, unknown> = {},
): Promise<{ order: SubmissionQuote; invoice: Invoice }> {
  const order = await approvedOrder(app, insured, overrides);
  const response = await insured.call('POST', 'invoice/generateInvoice', { submissionid: order.submissionId });
  expect(response.statusCode, response.body).toBe(200);
  return { order, invoice: v.parse(invoiceSchema, response.json()) };
}

let keySerial = 0;
export const newKey = () => `checkout-key-${process.pid}-${Date.now()}-${(keySerial += 1)}`;

/** Signs the application as it stands (a checkout needs it), then opens the checkout. */
export async function openCheckout(
  insured: Insured,
  submissionId: number,
  key = newKey(),
  extra: Record<string, unknown> = {},
): Promise<Checkout> {
  await signApplicationFor(insured, submissionId);
  const response = await insured.call(
    'POST',
    'payments/checkout',
    { submissionid: submissionId, ...extra },
    { headers: { 'idempotency-key': key } },
  );
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(checkoutSchema, response.json());
}

/** Everything paying may have written for one order. */
export async function paidState(app: FastifyInstance, submissionId: number) {
  const [order] = await app.db
    .select({ status: submissions.status, version: submissions.version })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  const paymentRows = await app.db.select().from(payments).where(eq(payments.submissionId, submissionId));
  const [invoice] = await app.db.select().from(invoices).where(eq(invoices.submissionId, submissionId));
  const policyRows = await app.db.select().from(policies).where(eq(policies.submissionId, submissionId));
  const [documentCount] = await app.db
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.submissionId, submissionId));
  const moves = (
    await app.db
      .select({ event: submissionEvents.event })
      .from(submissionEvents)
      .where(eq(submissionEvents.submissionId, submissionId))
  ).map((row) => row.event);
  return {
    status: order!.status,
    version: order!.version,
    succeeded: paymentRows.filter((row) => row.status === 'succeeded').length,
    payments: paymentRows,
    invoice: invoice!,
    policies: policyRows,
    documents: documentCount!.n,
    paymentMoves: moves.filter((event) => event === 'order.paymentSucceeded').length,
    issueMoves: moves.filter((event) => event === 'order.issueDocuments').length,
  };
}

export async function webhookEventCount(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(paymentWebhookEvents);
  return row!.n;
}

/**
 * An order paid with the sandbox's success card through its checkout page: complete, its policy
 * issued. `overrides`: what the quote is created with (createsubmission's body), as quotedOrder.
 */
export async function paidOrder(app: () => FastifyInstance, insured: Insured, overrides: Record<string, unknown> = {}) {
  const { order, invoice } = await invoicedOrder(app, insured, overrides);
  const checkout = await openCheckout(insured, order.submissionId);
  const page = new URL(checkout.url);
  const paid = await app().inject({
    method: 'POST',
    url: page.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      name: 'Dana Whitfield',
      number: '4242424242424242',
      expiry: '12/35',
      cvc: '123',
    }).toString(),
  });
  expect(paid.statusCode, paid.body).toBe(303);
  const [policy] = await app().db.select().from(policies).where(eq(policies.submissionId, order.submissionId));
  return { order, invoice, policy: policy! };
}
