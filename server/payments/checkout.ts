/**
 * POST payments/checkout and POST payments/confirm: the insured's side of paying. A checkout
 * opens a hosted session for the order's open invoice (one per Idempotency-Key: a retried
 * request answers the same session); confirm is the browser back from the provider, which asks
 * the provider about the session and binds through the same settlement as the webhook.
 */
import { createHash, randomBytes } from 'node:crypto';
import type * as v from 'valibot';
import type {
  Checkout,
  checkoutRequestSchema,
  confirmPaymentRequestSchema,
  PaymentConfirmation,
} from '@shared/contract/billing';
import type { LifecycleEvent } from '@shared/lifecycle/order-lifecycle.machine';
import { callerOf } from '@server/account/plan-locations';
import { requireCurrentSignature } from '@server/application/signatures';
import type { AuthUser } from '@server/auth/user';
import type { Transaction } from '@server/db/connection';
import { endorsementInvoice, invoiceOf, policyOf, type InvoiceRow } from '@server/billing/billing-queries';
import { conflict, notFound, serviceUnavailable } from '@server/http/http-error';
import { lockedOrder } from '@server/lifecycle/locked-order';
import {
  confirmationFacts,
  endPendingPaymentsOfOrder,
  insertPayment,
  paymentOfOrderSession,
  paymentWithKey,
  pendingPaymentOfInvoice,
  updatePayment,
  updatePendingPayment,
  updatePendingPaymentWithoutSession,
  type PaymentRow,
} from '@server/payments/payment-queries';
import type { PaymentProvider } from '@server/payments/provider';
import { settlePaid, type SettleDeps } from '@server/payments/settle';
import { ownedSubmission } from '@server/submissions/access';
import { illegalMove } from '@server/submissions/lifecycle';

export type CheckoutDeps = SettleDeps & { provider: PaymentProvider };

type CheckoutInput = v.InferOutput<typeof checkoutRequestSchema>;
type ConfirmInput = v.InferOutput<typeof confirmPaymentRequestSchema>;

const PAY: LifecycleEvent = { type: 'order.paymentSucceeded', actor: 'system' };

/** A screen's address, plain or under the broker's client prefix (specification §2). */
const screenUrl = (publicUrl: string, screen: string, clientId: string | undefined) =>
  clientId ? `${publicUrl}/client/${screen}/${encodeURIComponent(clientId)}` : `${publicUrl}/${screen}`;

/** The endorsement a checkout bills, as far as where its payer returns unpaid depends on it. */
type UnpaidReturn = { id: number; kind: 'change' | 'cancellation' | 'tail'; policyId: number };

/**
 * Where the payer of an endorsement lands on leaving the hosted checkout unpaid (issue 19): the
 * screen the payment was started from, for its policy — a change's on Change your policy, a
 * tail's on Cancel your policy — which offers Pay again for what still waits for its payment, and
 * `unpaid` says to tell them that nothing was paid. The order's payment screen knows nothing of
 * endorsements.
 */
export function endorsementCancelUrl(appBase: string, endorsement: UnpaidReturn, clientId: string | undefined) {
  const screen = endorsement.kind === 'tail' ? 'policy/cancel' : 'policy/changes';
  return `${screenUrl(appBase, screen, clientId)}?policyid=${endorsement.policyId}&unpaid=${endorsement.id}`;
}

const keyHash = (userId: number, key: string | undefined) =>
  createHash('sha256')
    .update(`${userId}:${key ?? randomBytes(16).toString('hex')}`)
    .digest('hex');

type Prepared = { order: Awaited<ReturnType<typeof lockedOrder>>; payment: PaymentRow; invoice: InvoiceRow };

/**
 * Inside one locked transaction: the payment this request is for. A retry (same key) gets its
 * own again while it can still pay; otherwise the invoice's open checkout is continued (a second
 * tab, a double click, or paying again after a cancel or a declined card), so one invoice never
 * has two payable sessions; only when there is none is a new payment row made. A continued row
 * still waiting for its session gets it from the provider by the row's own idempotency key.
 */
async function preparePayment(
  deps: CheckoutDeps,
  user: AuthUser,
  submissionId: number,
  idempotency: string,
  endorsementId?: number,
): Promise<Prepared> {
  return deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, user, submissionId);
    const earlier = await paymentWithKey(tx, idempotency);
    if (earlier && earlier.submissionId !== order.id) {
      throw conflict('This Idempotency-Key was used for another order: send a new key', {
        'Idempotency-Key': 'was used for another order',
      });
    }
    const invoice =
      endorsementId === undefined ? await orderInvoice(tx, order) : await endorsementBill(tx, order.id, endorsementId);
    if (earlier?.status === 'pending' && earlier.invoiceId === invoice.id) return { order, payment: earlier, invoice };
    const open = await pendingPaymentOfInvoice(tx, invoice.id, deps.provider.name);
    if (open) return { order, payment: open, invoice };
    const payment = await insertPayment(tx, {
      invoiceId: invoice.id,
      submissionId: order.id,
      provider: deps.provider.name,
      // A retry after an earlier payment with this key ended (expired) makes a fresh one.
      idempotencyKey: earlier ? keyHash(user.id, undefined) : idempotency,
      amountCents: invoice.totalCents,
      currency: invoice.currency,
      status: 'pending',
      createdAt: deps.clock.now(),
    });
    return { order, payment, invoice };
  });
}

/** The order's own invoice, when the order can be paid now (409 naming its status otherwise). */
async function orderInvoice(tx: Transaction, order: Prepared['order']): Promise<InvoiceRow> {
  if (order.status !== 'awaiting_payment') throw illegalMove(order, PAY.type);
  const invoice = await invoiceOf(tx, order.id);
  if (!invoice || invoice.status === 'paid') throw illegalMove(order, PAY.type);
  // No money is taken for an application the insured has not signed as it now stands.
  await requireCurrentSignature(tx, order);
  return invoice;
}

/** An endorsement's additional-premium invoice (issue 19), while it is unpaid (409 once paid). */
async function endorsementBill(tx: Transaction, submissionId: number, endorsementId: number): Promise<InvoiceRow> {
  const invoice = await endorsementInvoice(tx, submissionId, endorsementId);
  if (!invoice) throw notFound('No such endorsement awaiting payment (or it is not yours)');
  if (invoice.status === 'paid') {
    throw conflict(`Invoice ${invoice.number} is paid: the endorsement is issued`, { status: 'is paid' });
  }
  return invoice;
}

/** Whether the provider can still take money on this session; an unreachable provider counts as yes. */
async function stillPayable(deps: CheckoutDeps, sessionId: string): Promise<boolean> {
  try {
    return (await deps.provider.retrieveSession(sessionId)).status !== 'expired';
  } catch {
    return true;
  }
}

/**
 * `appBase`: where the app's screens are for this insured's browser (server/http/request-origin.ts):
 * the checkout returns there, so the payer comes back to the origin whose storage holds the sign-in.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  user: AuthUser,
  input: CheckoutInput,
  idempotencyKey: string | undefined,
  appBase: string = deps.publicUrl,
  /** Paying an endorsement's additional premium (issue 19) instead of the order's invoice. */
  endorsement?: UnpaidReturn & { number: string },
): Promise<Checkout> {
  const idempotency = keyHash(user.id, idempotencyKey);
  let prepared = await preparePayment(deps, user, input.submissionid, idempotency, endorsement?.id);
  // A continued checkout, or this request's own from an earlier try: either may have expired since.
  if (prepared.payment.providerRef && !(await stillPayable(deps, prepared.payment.providerRef))) {
    await updatePendingPayment(deps.db, prepared.payment.id, {
      status: 'expired',
      failureMessage: 'The checkout expired before it was paid.',
    });
    prepared = await preparePayment(deps, user, input.submissionid, idempotency, endorsement?.id);
  }
  const { order, payment, invoice } = prepared;
  if (payment.providerRef && payment.checkoutUrl) {
    return {
      submissionId: order.id,
      invoiceId: payment.invoiceId,
      provider: deps.provider.name,
      sessionId: payment.providerRef,
      url: payment.checkoutUrl,
      amountCents: payment.amountCents,
    };
  }
  const facts = await confirmationFacts(deps.db, order.id);
  const back = `submissionid=${order.id}${endorsement ? `&endorsementid=${endorsement.id}` : ''}`;
  const what = endorsement ? `endorsement ${endorsement.number}` : `order ${order.number}`;
  let session;
  try {
    session = await deps.provider.createCheckout({
      paymentId: payment.id,
      invoiceId: invoice.id,
      submissionId: order.id,
      orderNumber: order.number,
      invoiceNumber: invoice.number,
      description: `Professional liability, ${facts!.speciality}: ${what}, invoice ${invoice.number}`,
      amountCents: payment.amountCents,
      currency: 'USD',
      customerEmail: facts!.email,
      successUrl: `${screenUrl(appBase, 'paymentconfirm', input.clientid)}?${back}&sessionid={CHECKOUT_SESSION_ID}`,
      cancelUrl: endorsement
        ? endorsementCancelUrl(appBase, endorsement, input.clientid)
        : `${screenUrl(appBase, 'payment', input.clientid)}?${back}&cancelled=1`,
      clientId: input.clientid,
      // Ours per payment row: a retry of this request never opens a second session.
      idempotencyKey: `payment-${payment.id}-${payment.idempotencyKey.slice(0, 16)}`,
    });
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'The payment provider refused or did not answer a checkout');
    // The provider may keep this failure under the row's idempotency key and answer it to every
    // retry: the row is done with, and the next attempt makes a new one with a new key.
    await updatePendingPaymentWithoutSession(deps.db, payment.id, {
      status: 'failed',
      failureMessage: 'The payment service did not answer: no checkout was opened.',
    });
    throw serviceUnavailable(
      'The payment service is not answering just now. Nothing was charged: try again in a minute.',
      error,
    );
  }
  await updatePayment(deps.db, payment.id, { providerRef: session.sessionId, checkoutUrl: session.url });
  return {
    submissionId: order.id,
    invoiceId: invoice.id,
    provider: deps.provider.name,
    sessionId: session.sessionId,
    url: session.url,
    amountCents: payment.amountCents,
  };
}

export async function confirmPayment(
  deps: CheckoutDeps,
  user: AuthUser,
  input: ConfirmInput,
): Promise<PaymentConfirmation> {
  const order = await ownedSubmission(deps.db, callerOf(user), input.submissionid);
  const payment = await paymentOfOrderSession(deps.db, order.id, input.sessionid, deps.provider.name);
  if (!payment) throw notFound(`Order ${order.number} has no such checkout`);
  const answer = async (
    outcome: PaymentConfirmation['outcome'],
    message: string | null,
  ): Promise<PaymentConfirmation> => {
    const now = await ownedSubmission(deps.db, callerOf(user), order.id);
    return {
      submissionId: order.id,
      outcome,
      orderStatus: now.status,
      message,
      policyNumber: (await policyOf(deps.db, order.id))?.number ?? null,
    };
  };
  if (payment.status === 'succeeded') return answer('paid', null);
  if (payment.status === 'needs_refund') {
    return answer(
      'failed',
      payment.failureMessage ?? 'This payment could not be applied to the order: we will refund it.',
    );
  }
  let session;
  try {
    session = await deps.provider.retrieveSession(input.sessionid);
  } catch (error) {
    deps.log.warn({ err: error, paymentId: payment.id }, 'Could not ask the payment provider about a checkout');
    return answer('pending', 'We are waiting for the payment service to confirm your payment.');
  }
  if (session.status === 'paid') {
    const settled = await settlePaid(deps, deps.provider.name, session);
    if (settled.outcome === 'bound' || settled.outcome === 'already_bound' || settled.outcome === 'endorsed') {
      return answer('paid', null);
    }
    return answer(
      'failed',
      'Your payment could not be applied to this order. Nothing more will be charged; we will be in touch.',
    );
  }
  if (session.status === 'expired')
    return answer('failed', 'This checkout expired before it was paid. Start a new payment from the payment page.');
  return answer('pending', payment.failureMessage ?? 'We have not received your payment yet.');
}

/**
 * After an order is closed: its checkouts still waiting for money are ended on our side and at
 * the provider, so a tab left open cannot take a payment for cover that will not be bound. Best
 * effort at the provider: should it not answer, a payment that still arrives is kept for a
 * refund (settle.ts), as before.
 */
export async function endOpenCheckouts(
  deps: Pick<CheckoutDeps, 'db' | 'provider' | 'log'>,
  submissionId: number,
): Promise<void> {
  const ended = await endPendingPaymentsOfOrder(deps.db, submissionId, deps.provider.name, {
    status: 'expired',
    failureMessage: 'The order was closed before it was paid.',
  });
  for (const payment of ended) {
    if (!payment.providerRef) continue;
    try {
      await deps.provider.expireSession(payment.providerRef);
    } catch (error) {
      deps.log.warn(
        { err: error, paymentId: payment.id },
        'Could not end a checkout of a closed order at the payment provider',
      );
    }
  }
}
