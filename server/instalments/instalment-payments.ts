/**
 * Paying one instalment from its mailed link (issue 20), and what the insured and the broker read
 * of the plan. GET insured/instalment answers the instalment the link names (the caller's own:
 * anyone else's is a 404); POST insured/payinstalment opens the hosted checkout for exactly it
 * (one per Idempotency-Key, one payable session per invoice, as for the order's first invoice);
 * POST insured/confirminstalment is the browser back from the provider, settled through the same
 * settlement as the webhook (server/payments/settle.ts, which pays it: instalment-settle.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type * as v from 'valibot';
import { businessToday, daysBetween } from '@shared/calendar';
import type { Checkout } from '@shared/contract/billing';
import type {
  confirmInstalmentRequestSchema,
  InstalmentConfirmation,
  OverdueInstalment,
  PayableInstalment,
  payInstalmentRequestSchema,
  PolicyInstalments,
} from '@shared/contract/instalments';
import { planOf, ratingOf } from '@server/billing/invoices';
import type { AuthUser } from '@server/auth/user';
import { brokerOfUser } from '@server/broker/book-queries';
import type { Clock } from '@server/clock';
import type { Database, Transaction } from '@server/db/connection';
import { conflict, notFound, serviceUnavailable } from '@server/http/http-error';
import {
  instalmentInvoicesOf,
  overdueOfBroker,
  policiesWithPlans,
  usersInstalment,
} from '@server/instalments/instalment-queries';
import { instalmentStatus } from '@server/instalments/instalment-rules';
import { lockedOrder } from '@server/lifecycle/locked-order';
import type { CheckoutDeps } from '@server/payments/checkout';
import {
  confirmationFacts,
  insertPayment,
  paymentOfOrderSession,
  paymentWithKey,
  pendingPaymentOfInvoice,
  updatePayment,
  updatePendingPayment,
  updatePendingPaymentWithoutSession,
} from '@server/payments/payment-queries';
import { settlePaid } from '@server/payments/settle';

type PayInput = v.InferOutput<typeof payInstalmentRequestSchema>;
type ConfirmInput = v.InferOutput<typeof confirmInstalmentRequestSchema>;

const noSuchInstalment = () => notFound('No such instalment (or it is not yours)');

type InstalmentRow = NonNullable<Awaited<ReturnType<typeof usersInstalment>>>;

function payableView(row: InstalmentRow, today: string): PayableInstalment {
  const { invoice } = row;
  const cancelled =
    row.policyStatus === 'cancelled' || row.policyStatus === 'expired' || row.policyStatus === 'renewed';
  const status = instalmentStatus(invoice, invoice.dueDate!, today, cancelled && invoice.status !== 'paid');
  return {
    installmentNo: invoice.installmentNo,
    installments: invoice.schedule.length,
    dueDate: invoice.dueDate!,
    amountCents: invoice.totalCents,
    status,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    policyId: row.policyId,
    policyNumber: row.policyNumber,
    policyStatus: row.policyStatus,
    submissionId: row.submissionId,
    speciality: row.speciality,
    noticeEndDate: row.policyStatus === 'cancellation_notice' ? row.noticeEndDate : null,
    lastPaymentFailure: invoice.status === 'paid' ? null : invoice.lastFailure,
    payable: status === 'open' || status === 'overdue',
  };
}

async function ownInstalment(db: Database | Transaction, user: AuthUser, invoiceId: number) {
  const row = await usersInstalment(db, user.id, invoiceId);
  // The first instalment is paid with the order (payment screen); only later ones come here.
  if (!row || row.invoice.installmentNo < 2) throw noSuchInstalment();
  return row;
}

/** GET insured/instalment. */
export async function instalment(deps: { db: Database; clock: Clock }, user: AuthUser, invoiceId: number) {
  return payableView(await ownInstalment(deps.db, user, invoiceId), businessToday(deps.clock.now()));
}

const keyHash = (userId: number, key: string | undefined) =>
  createHash('sha256')
    .update(`instalment:${userId}:${key ?? randomBytes(16).toString('hex')}`)
    .digest('hex');

/** A screen's address, plain or under the broker's client prefix (specification §2). */
const screenUrl = (base: string, screen: string, clientId: string | undefined) =>
  clientId ? `${base}/client/${screen}/${encodeURIComponent(clientId)}` : `${base}/${screen}`;

/** Inside the order's locks: this request's payment row (a retry's own, the invoice's open one, or a new one). */
async function preparePayment(deps: CheckoutDeps, user: AuthUser, invoiceId: number, idempotency: string) {
  return deps.db.transaction(async (tx) => {
    const found = await ownInstalment(tx, user, invoiceId);
    const order = await lockedOrder(tx, user, found.submissionId);
    const row = await ownInstalment(tx, user, invoiceId);
    const view = payableView(row, businessToday(deps.clock.now()));
    if (!view.payable) {
      const words =
        view.status === 'paid' ? 'is paid' : view.status === 'void' ? 'is void: the policy is cancelled' : 'is not due';
      throw conflict(`Instalment ${view.installmentNo} (invoice ${view.invoiceNumber}) ${words}`, { status: words });
    }
    const earlier = await paymentWithKey(tx, idempotency);
    if (earlier && earlier.invoiceId !== invoiceId) {
      throw conflict('This Idempotency-Key was used for another payment: send a new key', {
        'Idempotency-Key': 'was used for another payment',
      });
    }
    if (earlier?.status === 'pending') return { order, invoice: row.invoice, payment: earlier };
    const open = await pendingPaymentOfInvoice(tx, invoiceId, deps.provider.name);
    if (open) return { order, invoice: row.invoice, payment: open };
    const payment = await insertPayment(tx, {
      invoiceId,
      submissionId: order.id,
      provider: deps.provider.name,
      idempotencyKey: earlier ? keyHash(user.id, undefined) : idempotency,
      amountCents: row.invoice.totalCents,
      currency: row.invoice.currency,
      status: 'pending',
      createdAt: deps.clock.now(),
    });
    return { order, invoice: row.invoice, payment };
  });
}

/** POST insured/payinstalment. */
export async function payInstalment(
  deps: CheckoutDeps,
  user: AuthUser,
  input: PayInput,
  idempotencyKey: string | undefined,
  appBase: string,
): Promise<Checkout> {
  const idempotency = keyHash(user.id, idempotencyKey);
  let prepared = await preparePayment(deps, user, input.invoiceid, idempotency);
  if (prepared.payment.providerRef) {
    let expired = false;
    try {
      expired = (await deps.provider.retrieveSession(prepared.payment.providerRef)).status === 'expired';
    } catch {
      // An unreachable provider counts as still payable: the page it sent us to will say.
    }
    if (expired) {
      await updatePendingPayment(deps.db, prepared.payment.id, {
        status: 'expired',
        failureMessage: 'The checkout expired before it was paid.',
      });
      prepared = await preparePayment(deps, user, input.invoiceid, idempotency);
    }
  }
  const { order, invoice, payment } = prepared;
  const answer = (sessionId: string, url: string): Checkout => ({
    submissionId: order.id,
    invoiceId: invoice.id,
    provider: deps.provider.name,
    sessionId,
    url,
    amountCents: payment.amountCents,
  });
  if (payment.providerRef && payment.checkoutUrl) return answer(payment.providerRef, payment.checkoutUrl);
  const facts = (await confirmationFacts(deps.db, order.id))!;
  const page = `${screenUrl(appBase, 'policy/instalment', input.clientid)}?invoiceid=${invoice.id}`;
  let session;
  try {
    session = await deps.provider.createCheckout({
      paymentId: payment.id,
      invoiceId: invoice.id,
      submissionId: order.id,
      orderNumber: order.number,
      invoiceNumber: invoice.number,
      description: `Professional liability, ${facts.speciality}: instalment ${invoice.installmentNo} of ${invoice.schedule.length}, invoice ${invoice.number}`,
      amountCents: payment.amountCents,
      currency: 'USD',
      customerEmail: facts.email,
      successUrl: `${page}&sessionid={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${page}&cancelled=1`,
      clientId: input.clientid,
      idempotencyKey: `payment-${payment.id}-${payment.idempotencyKey.slice(0, 16)}`,
    });
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'The payment provider refused or did not answer a checkout');
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
  return answer(session.sessionId, session.url);
}

/** POST insured/confirminstalment. */
export async function confirmInstalment(
  deps: CheckoutDeps,
  user: AuthUser,
  input: ConfirmInput,
): Promise<InstalmentConfirmation> {
  const row = await ownInstalment(deps.db, user, input.invoiceid);
  const payment = await paymentOfOrderSession(deps.db, row.submissionId, input.sessionid, deps.provider.name);
  if (!payment || payment.invoiceId !== row.invoice.id) throw notFound('This instalment has no such checkout');
  const answer = async (outcome: InstalmentConfirmation['outcome'], message: string | null) => ({
    outcome,
    message,
    instalment: payableView(await ownInstalment(deps.db, user, input.invoiceid), businessToday(deps.clock.now())),
  });
  if (payment.status === 'succeeded') return answer('paid', null);
  if (payment.status === 'needs_refund')
    return answer('failed', payment.failureMessage ?? 'This payment could not be applied: we will refund it.');
  let session;
  try {
    session = await deps.provider.retrieveSession(input.sessionid);
  } catch (error) {
    deps.log.warn({ err: error, paymentId: payment.id }, 'Could not ask the payment provider about a checkout');
    return answer('pending', 'We are waiting for the payment service to confirm your payment.');
  }
  if (session.status === 'paid') {
    const settled = await settlePaid(deps, deps.provider.name, session);
    if (settled.outcome === 'instalment_paid' || settled.outcome === 'already_bound') return answer('paid', null);
    return answer('failed', 'Your payment could not be applied to this instalment. We will refund it.');
  }
  if (session.status === 'expired') return answer('failed', 'This checkout expired before it was paid. Pay again.');
  return answer('pending', payment.failureMessage ?? 'We have not received your payment yet.');
}

/** GET insured/instalments: each of the insured's policies paid by instalments, with its schedule as it stands. */
export async function policyInstalments(
  deps: { db: Database; clock: Clock },
  user: AuthUser,
): Promise<PolicyInstalments[]> {
  const today = businessToday(deps.clock.now());
  const plans = await policiesWithPlans(deps.db, user.id);
  return Promise.all(
    plans.map(async (plan) => {
      const invoices = new Map(
        (await instalmentInvoicesOf(deps.db, plan.submissionId)).map((invoice) => [invoice.installmentNo, invoice]),
      );
      // A renewed term ended on its end date as an expired one did: what it left unpaid is void alike.
      const ended =
        plan.policyStatus === 'cancelled' || plan.policyStatus === 'expired' || plan.policyStatus === 'renewed';
      const term = planOf(ratingOf({ worksheet: plan.worksheet, number: plan.orderNumber }), plan.paymentTerm);
      return {
        policyId: plan.policyId,
        policyNumber: plan.policyNumber,
        submissionId: plan.submissionId,
        speciality: plan.speciality,
        policyStatus: plan.policyStatus,
        paymentTerm: { code: term.code, name: term.name },
        noticeEndDate: plan.policyStatus === 'cancellation_notice' ? plan.noticeEndDate : null,
        cancellationDate: plan.policyStatus === 'cancelled' ? plan.cancellationDate : null,
        schedule: plan.schedule.map((item) => {
          const invoice = invoices.get(item.installmentNo);
          return {
            installmentNo: item.installmentNo,
            dueDate: invoice?.dueDate ?? item.dueDate,
            amountCents: item.amountCents,
            status: instalmentStatus(invoice, item.dueDate, today, ended && invoice?.status !== 'paid'),
            invoiceId: invoice?.id ?? null,
            invoiceNumber: invoice?.number ?? null,
            paidAt: invoice?.paidAt?.toISOString() ?? null,
          };
        }),
      };
    }),
  );
}

/** GET broker/overdueinstalments: the broker's policies with an instalment past due. */
export async function overdueInstalments(
  deps: { db: Database; clock: Clock },
  user: AuthUser,
): Promise<OverdueInstalment[]> {
  const broker = await brokerOfUser(deps.db, user.id);
  if (!broker)
    throw conflict('Your account is not tied to a broker: ask an administrator to name yours', {
      brokerId: 'is not set for your account',
    });
  const today = businessToday(deps.clock.now());
  const rows = await overdueOfBroker(deps.db, broker.id, today);
  return rows.map((row) => ({
    policyId: row.policyId,
    policyNumber: row.policyNumber,
    submissionId: row.submissionId,
    insuredName: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.companyName || row.email,
    email: row.email,
    installmentNo: row.installmentNo,
    invoiceNumber: row.invoiceNumber,
    amountCents: row.amountCents,
    dueDate: row.dueDate!,
    daysOverdue: daysBetween(row.dueDate!, today),
    policyStatus: row.policyStatus,
    noticeEndDate: row.policyStatus === 'cancellation_notice' ? row.noticeEndDate : null,
  }));
}
