/**
 * POST payments/checkout and POST payments/confirm: the insured's side of paying. A checkout
 * opens a hosted session for an invoice — the order's open one, an endorsement's, a later
 * instalment's (startCheckout, which every checkout goes through: one per Idempotency-Key, a
 * retried request answering the same session); confirm is the browser back from the provider,
 * which asks the provider about the session and binds through the same settlement as the webhook.
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
import { settlePaid, type SettleDeps, type SettleOutcome } from '@server/payments/settle';
import { ownedSubmission } from '@server/submissions/access';
import { illegalMove } from '@server/submissions/lifecycle';

export type CheckoutDeps = SettleDeps & { provider: PaymentProvider };

type CheckoutInput = v.InferOutput<typeof checkoutRequestSchema>;
type ConfirmInput = v.InferOutput<typeof confirmPaymentRequestSchema>;

const PAY: LifecycleEvent = { type: 'order.paymentSucceeded', actor: 'system' };

/** A screen's address, plain or under the broker's client prefix (specification §2). */
export const screenUrl = (publicUrl: string, screen: string, clientId: string | undefined) =>
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

type Order = Awaited<ReturnType<typeof lockedOrder>>;

/**
 * The invoice one checkout pays, whatever it is for: the order's own (first payment, or a
 * renewal's), an endorsement's or tail's additional premium (issue 19), a later instalment
 * (issue 20). Everything else — the Idempotency-Key, the one payable session per invoice, the
 * provider's call and its failure — is startCheckout's, the same for all of them.
 */
export type Bill = {
  /** Inside the order's lock: the invoice, while it can be paid (a 404 or a 409 saying why not otherwise). */
  invoice: (tx: Transaction, order: Order) => Promise<InvoiceRow>;
  /** How the checkout page names what is paid: `order Q-…`, `a change to your policy (endorsement P-…-E01)`, `instalment 2 of 4`. */
  what: (order: Order, invoice: InvoiceRow) => string;
  /** The app's address the payer comes back to: paid (the session's id is added to it), or not. */
  back: (appBase: string, clientId: string | undefined, order: Order) => { paid: string; unpaid: string };
  /**
   * A checkout that names its invoice (an instalment's) keys its Idempotency-Key in a space of its
   * own, each key naming that one invoice; otherwise a key names one order.
   */
  key?: { space: string; invoiceId: number };
};

/** The order's own invoice, when the order can be paid now (409 naming its status otherwise). */
async function orderInvoice(tx: Transaction, order: Order): Promise<InvoiceRow> {
  if (order.status !== 'awaiting_payment') throw illegalMove(order, PAY.type);
  const invoice = await invoiceOf(tx, order.id);
  if (!invoice || invoice.status === 'paid') throw illegalMove(order, PAY.type);
  // No money is taken for an application the insured has not signed as it now stands.
  await requireCurrentSignature(tx, order);
  return invoice;
}

const orderBill: Bill = {
  invoice: orderInvoice,
  what: (order) => `order ${order.number}`,
  back: (appBase, clientId, order) => ({
    paid: `${screenUrl(appBase, 'paymentconfirm', clientId)}?submissionid=${order.id}`,
    unpaid: `${screenUrl(appBase, 'payment', clientId)}?submissionid=${order.id}&cancelled=1`,
  }),
};

/** An endorsement's additional-premium invoice (issue 19), while it is unpaid (409 once paid). */
export const endorsementBill = (endorsement: UnpaidReturn & { number: string }): Bill => ({
  invoice: async (tx, order) => {
    const invoice = await endorsementInvoice(tx, order.id, endorsement.id);
    if (!invoice) throw notFound('No such endorsement awaiting payment (or it is not yours)');
    if (invoice.status === 'paid') {
      throw conflict(`Invoice ${invoice.number} is paid: the endorsement is issued`, { status: 'is paid' });
    }
    return invoice;
  },
  // In the payer's words first: the bare number (P-…-E03) read as an internal code on the hosted page.
  what: () =>
    endorsement.kind === 'tail'
      ? `an extended reporting period (tail), endorsement ${endorsement.number}`
      : `a change to your policy (endorsement ${endorsement.number})`,
  back: (appBase, clientId, order) => ({
    paid: `${screenUrl(appBase, 'paymentconfirm', clientId)}?submissionid=${order.id}&endorsementid=${endorsement.id}`,
    unpaid: endorsementCancelUrl(appBase, endorsement, clientId),
  }),
});

const keyHash = (space: string, userId: number, key: string | undefined) =>
  createHash('sha256')
    .update(`${space}${userId}:${key ?? randomBytes(16).toString('hex')}`)
    .digest('hex');

type Prepared = { order: Order; payment: PaymentRow; invoice: InvoiceRow };

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
  bill: Bill,
): Promise<Prepared> {
  return deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, user, submissionId);
    const earlier = await paymentWithKey(tx, idempotency);
    const other = !earlier
      ? null
      : bill.key
        ? earlier.invoiceId !== bill.key.invoiceId && 'payment'
        : earlier.submissionId !== order.id && 'order';
    if (other) {
      throw conflict(`This Idempotency-Key was used for another ${other}: send a new key`, {
        'Idempotency-Key': `was used for another ${other}`,
      });
    }
    const invoice = await bill.invoice(tx, order);
    if (earlier?.status === 'pending' && earlier.invoiceId === invoice.id) return { order, payment: earlier, invoice };
    const open = await pendingPaymentOfInvoice(tx, invoice.id, deps.provider.name);
    if (open) return { order, payment: open, invoice };
    const payment = await insertPayment(tx, {
      invoiceId: invoice.id,
      submissionId: order.id,
      provider: deps.provider.name,
      // A retry after an earlier payment with this key ended (expired) makes a fresh one.
      idempotencyKey: earlier ? keyHash(bill.key?.space ?? '', user.id, undefined) : idempotency,
      amountCents: invoice.totalCents,
      currency: invoice.currency,
      status: 'pending',
      createdAt: deps.clock.now(),
    });
    return { order, payment, invoice };
  });
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
 * Opens (or continues) the hosted checkout for an invoice of `input.submissionid`: the order's
 * own unless `bill` names another (an endorsement's, an instalment's).
 * `appBase`: where the app's screens are for this insured's browser (server/http/request-origin.ts):
 * the checkout returns there, so the payer comes back to the origin whose storage holds the sign-in.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  user: AuthUser,
  input: CheckoutInput,
  idempotencyKey: string | undefined,
  appBase: string = deps.publicUrl,
  bill: Bill = orderBill,
): Promise<Checkout> {
  const idempotency = keyHash(bill.key?.space ?? '', user.id, idempotencyKey);
  let prepared = await preparePayment(deps, user, input.submissionid, idempotency, bill);
  // A continued checkout, or this request's own from an earlier try: either may have expired since.
  if (prepared.payment.providerRef && !(await stillPayable(deps, prepared.payment.providerRef))) {
    await updatePendingPayment(deps.db, prepared.payment.id, {
      status: 'expired',
      failureMessage: 'The checkout expired before it was paid.',
    });
    prepared = await preparePayment(deps, user, input.submissionid, idempotency, bill);
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
  const back = bill.back(appBase, input.clientid, order);
  let session;
  try {
    session = await deps.provider.createCheckout({
      paymentId: payment.id,
      invoiceId: invoice.id,
      submissionId: order.id,
      orderNumber: order.number,
      invoiceNumber: invoice.number,
      description: `Professional liability, ${facts!.speciality}: ${bill.what(order, invoice)}, invoice ${invoice.number}`,
      amountCents: payment.amountCents,
      currency: 'USD',
      customerEmail: facts!.email,
      successUrl: `${back.paid}&sessionid={CHECKOUT_SESSION_ID}`,
      cancelUrl: back.unpaid,
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

/** What the payer is told when the money cannot count, or the checkout expired: each screen's own words. */
type ConfirmWords = { notApplied: string; refused: string; expired: string };

/** The settlements after which the invoice is paid, by this confirmation or an earlier word. */
const PAID_OUTCOMES = new Set<SettleOutcome>(['bound', 'already_bound', 'endorsed', 'instalment_paid']);

/**
 * The browser is back from the provider with `payment`'s session (payments/confirm, insured/
 * confirminstalment): the provider is asked, and a paid session is settled exactly as the webhook
 * settles it (whichever comes first pays). Paid, pending (ask again) or failed, with why.
 */
export async function confirmCheckout(
  deps: CheckoutDeps,
  payment: PaymentRow,
  sessionId: string,
  words: ConfirmWords,
): Promise<{ outcome: PaymentConfirmation['outcome']; message: string | null }> {
  if (payment.status === 'succeeded') return { outcome: 'paid', message: null };
  if (payment.status === 'needs_refund')
    return { outcome: 'failed', message: payment.failureMessage ?? words.notApplied };
  let session;
  try {
    session = await deps.provider.retrieveSession(sessionId);
  } catch (error) {
    deps.log.warn({ err: error, paymentId: payment.id }, 'Could not ask the payment provider about a checkout');
    return { outcome: 'pending', message: 'We are waiting for the payment service to confirm your payment.' };
  }
  if (session.status === 'paid') {
    const settled = await settlePaid(deps, deps.provider.name, session);
    return PAID_OUTCOMES.has(settled.outcome)
      ? { outcome: 'paid', message: null }
      : { outcome: 'failed', message: words.refused };
  }
  if (session.status === 'expired') return { outcome: 'failed', message: words.expired };
  return { outcome: 'pending', message: payment.failureMessage ?? 'We have not received your payment yet.' };
}

export async function confirmPayment(
  deps: CheckoutDeps,
  user: AuthUser,
  input: ConfirmInput,
): Promise<PaymentConfirmation> {
  const order = await ownedSubmission(deps.db, callerOf(user), input.submissionid);
  const payment = await paymentOfOrderSession(deps.db, order.id, input.sessionid, deps.provider.name);
  if (!payment) throw notFound(`Order ${order.number} has no such checkout`);
  const { outcome, message } = await confirmCheckout(deps, payment, input.sessionid, {
    notApplied: 'This payment could not be applied to the order: we will refund it.',
    refused: 'Your payment could not be applied to this order. Nothing more will be charged; we will be in touch.',
    expired: 'This checkout expired before it was paid. Start a new payment from the payment page.',
  });
  // As the order stands after the settlement this confirmation may have run.
  const current = await ownedSubmission(deps.db, callerOf(user), order.id);
  return {
    submissionId: order.id,
    outcome,
    orderStatus: current.status,
    message,
    policyNumber: (await policyOf(deps.db, order.id))?.number ?? null,
  };
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
