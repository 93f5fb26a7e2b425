/**
 * What a provider's word on a checkout does, whichever way it arrives (the signed webhook, or
 * the browser coming back and the server asking the provider): one transaction that locks the
 * insured's row, the order and the payment (the account's one lock order), so the webhook
 * delivered five times and the browser's return arriving together bind one policy and record
 * one payment. The first to get the locks binds; the rest find it bound and change nothing.
 *
 * Paid: the payment succeeds, the invoice is paid, the order moves awaiting_payment → bound
 * (order.paymentSucceeded), the policy and its documents are issued, the order moves bound →
 * complete (order.issueDocuments), and the order-confirmation mail is queued, all or nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LifecycleEvent } from '@shared/lifecycle/order-lifecycle.machine';
import { nextPolicyStatus } from '@shared/lifecycle/policy-lifecycle.machine';
import { formatUsd } from '@shared/contract/money-format';
import type { Trust } from '@shared/contract/runtime-config';
import {
  invoiceById,
  invoiceOf,
  markInvoicePaid,
  noteInvoiceFailure,
  policyOf,
  type InvoiceRow,
} from '@server/billing/billing-queries';
import { ratingOf } from '@server/billing/invoices';
import { issuePolicy, type IssuedDocument } from '@server/billing/issue-policy';
import { lockOwner } from '@server/account/primary-records';
import { issueTail, tailPayable } from '@server/cancellation/cancellation';
import { instalmentPayment } from '@server/instalments/instalment-settle';
import { endorsementRow, policyWithOrder } from '@server/endorsements/endorsement-queries';
import { issueEndorsement } from '@server/endorsements/endorsements';
import type { Clock } from '@server/clock';
import type { Database, Transaction } from '@server/db/connection';
import { invoiceDocumentData } from '@server/documents/document-sources';
import { documentFileName } from '@server/documents/document-file-names';
import { invoicePdf } from '@server/documents/invoice-pdf';
import { orderConfirmationMail } from '@server/mail/templates';
import type { MailService } from '@server/plugins/mail';
import {
  confirmationFacts,
  insertWebhookDelivery,
  lockOrderRow,
  lockPaymentRow,
  orderOwner,
  paymentOfProvider,
  paymentOfSession,
  setWebhookOutcome,
  supersedePendingPayments,
  updatePayment,
  updatePendingPayment,
  type PaymentRow,
} from '@server/payments/payment-queries';
import type { SessionState, WebhookEvent } from '@server/payments/provider';
import { renewalRefusal } from '@server/renewals/renewal-issue';
import { moveSubmission } from '@server/submissions/lifecycle';

export type SettleDeps = {
  db: Database;
  clock: Clock;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  /** PUBLIC_URL: links in the confirmation mail. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The insurer and licences the policy documents and the invoice name (Config.trust). */
  trust: Trust;
  /**
   * Config.instalments.graceDays: an instalment paid under a notice withdraws it unless another is
   * past its grace. Without it, any other instalment past due keeps the notice (the cancel sweep
   * still withdraws it at the notice's end once the noticed instalment is paid).
   */
  instalmentGraceDays?: number;
};

/**
 * bound: this call bound the order; already_bound: an earlier one did (or issued the endorsement);
 * endorsed: this call paid an endorsement's invoice and issued it (issue 19); instalment_paid: a
 * later instalment of a payment plan (issue 20); duplicate: the event
 * was handled before; the rest say why nothing was bound.
 */
export type SettleOutcome =
  | 'bound'
  | 'already_bound'
  | 'endorsed'
  | 'instalment_paid'
  | 'duplicate'
  | 'unknown_session'
  | 'amount_mismatch'
  | 'not_payable'
  | 'declined'
  | 'expired'
  | 'ignored';

export type Settled = { outcome: SettleOutcome; submissionId: number | null; policyNumber: string | null };

const PAID: LifecycleEvent = { type: 'order.paymentSucceeded', actor: 'system' };
const ISSUED: LifecycleEvent = { type: 'order.issueDocuments', actor: 'system' };

/** The order's owner, then the order, then the payment: the lock order of every account change. */
async function lockPayment(tx: Transaction, payment: PaymentRow) {
  const ownerId = await orderOwner(tx, payment.submissionId);
  if (ownerId) await lockOwner(tx, ownerId);
  const order = await lockOrderRow(tx, payment.submissionId);
  const locked = await lockPaymentRow(tx, payment.id);
  return { order: order!, payment: locked! };
}

/** Records a webhook delivery by event id; false when it was recorded before (a redelivery). */
async function firstDelivery(
  tx: Transaction,
  provider: string,
  event: Pick<WebhookEvent, 'eventId' | 'type'>,
  now: Date,
): Promise<boolean> {
  return insertWebhookDelivery(tx, {
    provider,
    eventId: event.eventId,
    type: event.type,
    outcome: 'received',
    receivedAt: now,
  });
}

async function recordOutcome(tx: Transaction, provider: string, eventId: string, outcome: SettleOutcome) {
  await setWebhookOutcome(tx, provider, eventId, outcome);
}

async function confirmationMail(
  tx: Transaction,
  deps: SettleDeps,
  orderId: number,
  issued: IssuedDocument[],
  invoicePdfBytes: Uint8Array,
  invoiceNumber: string,
) {
  const row = await confirmationFacts(tx, orderId);
  const policy = await policyOf(tx, orderId);
  if (!row || !policy) return;
  const attach = (filename: string, content: Uint8Array) => ({
    filename,
    contentType: 'application/pdf',
    contentBase64: Buffer.from(content).toString('base64'),
  });
  await deps.mail.enqueue(tx, {
    ...orderConfirmationMail({
      to: row.email,
      firstName: row.firstName,
      orderNumber: row.number,
      policyNumber: policy.number,
      speciality: row.speciality,
      effectiveDate: policy.effectiveDate,
      expirationDate: policy.expirationDate,
      paid: formatUsd(policy.premiumCents),
      documentsUrl: `${deps.publicUrl}/document`,
    }),
    attachments: [
      ...issued
        .filter((document) => document.kind !== 'policy')
        .map((document) => attach(document.filename, document.content)),
      attach(documentFileName('invoice', invoiceNumber), invoicePdfBytes),
    ],
  });
}

/** Why money taken pays nothing: the words the payment keeps, and what the log says. */
export type Refusal = {
  message: string;
  /** Kept in the payment's record beside the session, when the words alone do not say it. */
  reason?: string;
  log: string;
  facts: Record<string, unknown>;
};

/**
 * What paying one invoice comes to, found under the settlement's locks by what the invoice is
 * for: refused (the money is kept for a refund), or the invoice it pays and what follows once the
 * payment and the invoice are recorded paid (the policy bound, an endorsement issued, a notice
 * withdrawn).
 */
export type InvoicePayment =
  { refused: Refusal; policyNumber: string | null } | { invoiceId: number; paid: () => Promise<Settled> };

/** Money taken that binds nothing: the payment is marked for a refund by hand, with why in words. */
async function keepForRefund(
  tx: Transaction,
  paymentId: number,
  session: SessionState,
  now: Date,
  why: Pick<Refusal, 'message' | 'reason'>,
) {
  await updatePayment(tx, paymentId, {
    status: 'needs_refund',
    providerPaymentRef: session.paymentRef,
    completedAt: now,
    raw: why.reason ? { session, reason: why.reason } : { session },
    failureMessage: why.message,
  });
}

/** The one place a payment counts, or is kept for a refund, whatever its invoice is for. */
async function settleInvoice(
  tx: Transaction,
  deps: SettleDeps,
  payment: PaymentRow,
  session: SessionState,
  now: Date,
  payable: InvoicePayment,
): Promise<Settled> {
  if ('refused' in payable) {
    await keepForRefund(tx, payment.id, session, now, payable.refused);
    deps.log.warn({ paymentId: payment.id, ...payable.refused.facts }, payable.refused.log);
    return { outcome: 'not_payable', submissionId: payment.submissionId, policyNumber: payable.policyNumber };
  }
  await updatePayment(tx, payment.id, {
    status: 'succeeded',
    providerPaymentRef: session.paymentRef,
    failureMessage: null,
    completedAt: now,
    raw: { session },
  });
  await markInvoicePaid(tx, payable.invoiceId, now);
  // Other checkouts of this invoice left open can no longer pay it.
  await supersedePendingPayments(tx, payable.invoiceId);
  return payable.paid();
}

async function bind(
  tx: Transaction,
  deps: SettleDeps,
  locked: Awaited<ReturnType<typeof lockPayment>>,
  session: SessionState,
): Promise<Settled> {
  const { order, payment } = locked;
  const now = deps.clock.now();
  if (payment.status === 'succeeded') {
    return {
      outcome: 'already_bound',
      submissionId: order.id,
      policyNumber: (await policyOf(tx, order.id))?.number ?? null,
    };
  }
  if (session.amountCents !== payment.amountCents || session.currency.toUpperCase() !== payment.currency) {
    // Money was taken that does not pay this invoice: recorded for a refund, nothing bound.
    await keepForRefund(tx, payment.id, session, now, {
      reason: 'amount_mismatch',
      message: 'The amount paid did not match the invoice, so it was not applied: we will refund it.',
    });
    deps.log.error(
      { paymentId: payment.id, session },
      'Payment amount does not match the checkout: not bound, refund it',
    );
    return { outcome: 'amount_mismatch', submissionId: order.id, policyNumber: null };
  }
  const billed = await invoiceById(tx, payment.invoiceId);
  const payable = billed?.endorsementId
    ? await endorsementPayment(tx, deps, billed, now)
    : // A payment plan's later instalment (issue 20): paid, and a notice of non-payment withdrawn.
      billed && billed.installmentNo > 1
      ? await instalmentPayment(tx, deps, payment, billed, now)
      : await orderPayment(tx, deps, locked, now);
  return settleInvoice(tx, deps, payment, session, now, payable);
}

/** The order's own invoice: paid, it binds the order and issues the policy (or the money is refunded). */
async function orderPayment(
  tx: Transaction,
  deps: SettleDeps,
  { order, payment }: Awaited<ReturnType<typeof lockPayment>>,
  now: Date,
): Promise<InvoicePayment> {
  const invoice = await invoiceOf(tx, order.id);
  if (order.status !== 'awaiting_payment' || !invoice || invoice.status === 'paid') {
    // Paid twice (two checkouts of one invoice) or after the order was closed: the money must be
    // refunded by hand; the record says so and nothing else changes.
    return {
      refused: {
        message: 'This payment arrived after the order was paid or closed: we will refund it.',
        log: 'A payment arrived for an order that cannot be bound: refund it',
        facts: { orderStatus: order.status },
      },
      policyNumber: null,
    };
  }
  // A renewal's order whose policy was cancelled (or is under a notice) meanwhile renews nothing.
  const refused = await renewalRefusal(tx, order.id);
  if (refused) {
    return {
      refused: {
        message: refused,
        reason: 'renewal_refused',
        log: 'A renewal was paid for a policy it cannot renew: refund it',
        facts: { orderId: order.id },
      },
      policyNumber: null,
    };
  }
  const paid = async (): Promise<Settled> => {
    const bound = await moveSubmission(tx, null, order, now, {
      event: PAID,
      data: {
        paymentId: payment.id,
        provider: payment.provider,
        amountCents: payment.amountCents,
        invoiceNumber: invoice.number,
      },
    });
    const { policy, issued } = await issuePolicy(tx, order, ratingOf(order), now, deps.trust);
    await moveSubmission(tx, null, bound, now, {
      event: ISSUED,
      data: { policyId: policy.id, policyNumber: policy.number, documents: issued.map((document) => document.kind) },
    });
    const paidInvoice = { ...invoice, status: 'paid', paidAt: now, lastFailure: null };
    await confirmationMail(
      tx,
      deps,
      order.id,
      issued,
      await invoicePdf(await invoiceDocumentData(tx, paidInvoice, deps.trust)),
      invoice.number,
    );
    return { outcome: 'bound', submissionId: order.id, policyNumber: policy.number };
  };
  return { invoiceId: invoice.id, paid };
}

/**
 * An endorsement's additional premium (issue 19): paid, the endorsement is issued (the policy
 * changed, its declarations reissued) — unless it can no longer be (paid already, or the policy is
 * no longer in force): then the money is kept for a refund as any payment that binds nothing. The
 * policy's row is locked after the payment's, the one order every endorsement takes it in.
 */
async function endorsementPayment(
  tx: Transaction,
  deps: SettleDeps,
  invoice: InvoiceRow,
  now: Date,
): Promise<InvoicePayment> {
  const endorsement = (await endorsementRow(tx, invoice.endorsementId!))!;
  const { policy } = (await policyWithOrder(tx, endorsement.policyId))!;
  // A tail is bought on a cancelled or expired policy (policy.buyTail); any other change needs it in force.
  const tail = endorsement.kind === 'tail';
  const endorsable = tail
    ? tailPayable(policy.status)
    : nextPolicyStatus(policy.status, { type: 'policy.endorse', actor: 'insured' }) !== null;
  if (invoice.status === 'paid' || endorsement.status !== 'awaiting_payment' || !endorsable) {
    return {
      refused: {
        message: 'This payment arrived after the endorsement was paid or the policy ended: we will refund it.',
        log: 'A payment arrived for an endorsement that cannot be issued: refund it',
        facts: { endorsement: endorsement.number, policyStatus: policy.status },
      },
      policyNumber: policy.number,
    };
  }
  const paid = async (): Promise<Settled> => {
    if (tail) await issueTail(tx, deps, endorsement.id, now);
    else await issueEndorsement(deps, tx, endorsement.id, now);
    return { outcome: 'endorsed', submissionId: invoice.submissionId, policyNumber: policy.number };
  };
  return { invoiceId: invoice.id, paid };
}

/** The provider says `session` is paid. `event`: the webhook delivery it came in, if any. */
export async function settlePaid(
  deps: SettleDeps,
  provider: string,
  session: SessionState,
  event?: WebhookEvent,
): Promise<Settled> {
  const settled = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    if (event && !(await firstDelivery(tx, provider, event, now)))
      return { outcome: 'duplicate' as const, submissionId: null, policyNumber: null };
    const found = await paymentOfSession(tx, provider, session.sessionId);
    const result = found
      ? await bind(tx, deps, await lockPayment(tx, found), session)
      : { outcome: 'unknown_session' as const, submissionId: null, policyNumber: null };
    if (event) await recordOutcome(tx, provider, event.eventId, result.outcome);
    return result;
  });
  // A bound policy's confirmation and an issued endorsement's mail go out now, not at the next poll.
  if (settled.outcome === 'bound' || settled.outcome === 'endorsed' || settled.outcome === 'instalment_paid')
    deps.mail.kick();
  return settled;
}

/**
 * A card refused on the checkout page (which stays open for another try): the payment and the
 * invoice keep the reason, so the payment screen can say it. Nothing moves.
 */
export async function settleDeclined(deps: SettleDeps, provider: string, event: WebhookEvent): Promise<Settled> {
  return deps.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, provider, event, deps.clock.now())))
      return { outcome: 'duplicate' as const, submissionId: null, policyNumber: null };
    const paymentId = Number(event.failure?.metadata.paymentId);
    const found = Number.isSafeInteger(paymentId) ? await paymentOfProvider(tx, paymentId, provider) : undefined;
    // The same lock order as binding (owner, order, payment), so a decline never deadlocks with it.
    const payment = found && (await lockPayment(tx, found)).payment;
    let outcome: SettleOutcome = 'unknown_session';
    if (payment) {
      outcome = 'declined';
      const message = event.failure?.message ?? 'The payment failed.';
      await updatePendingPayment(tx, payment.id, { failureMessage: message });
      await noteInvoiceFailure(tx, payment.invoiceId, message);
    }
    await recordOutcome(tx, provider, event.eventId, outcome);
    return { outcome, submissionId: payment?.submissionId ?? null, policyNumber: null };
  });
}

/** The checkout can no longer be paid (expired), or the event is not one binding needs. */
export async function settleOther(deps: SettleDeps, provider: string, event: WebhookEvent): Promise<Settled> {
  return deps.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, provider, event, deps.clock.now())))
      return { outcome: 'duplicate' as const, submissionId: null, policyNumber: null };
    let outcome: SettleOutcome = 'ignored';
    let submissionId: number | null = null;
    if ((event.kind === 'expired' || event.kind === 'failed') && event.session) {
      const found = await paymentOfSession(tx, provider, event.session.sessionId);
      const payment = found && (await lockPayment(tx, found)).payment;
      outcome = payment ? 'expired' : 'unknown_session';
      submissionId = payment?.submissionId ?? null;
      if (payment) {
        const message =
          event.kind === 'failed' ? 'The payment did not go through.' : 'The checkout expired before it was paid.';
        await updatePendingPayment(tx, payment.id, {
          status: event.kind === 'failed' ? 'failed' : 'expired',
          failureMessage: message,
        });
        await noteInvoiceFailure(tx, payment.invoiceId, message);
      }
    }
    await recordOutcome(tx, provider, event.eventId, outcome);
    return { outcome, submissionId, policyNumber: null };
  });
}
