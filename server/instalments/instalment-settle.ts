/**
 * A later instalment paid (issue 20), inside the settlement's transaction (server/payments/settle.ts,
 * which holds the owner's, the order's and the payment's locks): the policy's row is locked next
 * (before the invoice is written — the sweeps lock the policy before its invoices too, so the two
 * never wait on each other crosswise), the payment succeeds and the invoice is paid. Under a notice
 * of cancellation with nothing else past due, the notice is withdrawn (policy.settleArrears): back
 * in force, and the mail says so. (Past its grace: due before today less the grace days, as the
 * notice sweep counts it.) A payment that can no longer count (the invoice paid or voided,
 * the policy cancelled) is kept for a refund, as every payment that binds nothing.
 */
import { addDays, businessToday } from '@shared/calendar';
import { formatUsd } from '@shared/contract/money-format';
import { nextPolicyStatus, type PolicyEvent } from '@shared/lifecycle/policy-lifecycle.machine';
import { insertAuditEntry } from '@server/admin/audit-queries';
import { markInvoicePaid, policyOf, type InvoiceRow } from '@server/billing/billing-queries';
import type { Transaction } from '@server/db/connection';
import { arrearsOf, lockPolicy, withdrawNotice } from '@server/instalments/instalment-queries';
import { instalmentOf } from '@server/instalments/instalment-sweeps';
import { instalmentPaidMail } from '@server/mail/templates';
import {
  confirmationFacts,
  supersedePendingPayments,
  updatePayment,
  type PaymentRow,
} from '@server/payments/payment-queries';
import type { SessionState } from '@server/payments/provider';
import type { SettleDeps, Settled } from '@server/payments/settle';

const SETTLE: PolicyEvent = { type: 'policy.settleArrears', actor: 'system' };

export async function payInstalment(
  tx: Transaction,
  deps: SettleDeps,
  payment: PaymentRow,
  session: SessionState,
  invoice: InvoiceRow,
): Promise<Settled> {
  const now = deps.clock.now();
  const issued = await policyOf(tx, invoice.submissionId);
  const policy = issued && (await lockPolicy(tx, issued.id));
  const answer = (outcome: Settled['outcome']): Settled => ({
    outcome,
    submissionId: invoice.submissionId,
    policyNumber: policy?.number ?? null,
  });
  const collecting = policy && (policy.status === 'in_force' || policy.status === 'cancellation_notice');
  if (invoice.status !== 'open' || !collecting) {
    await updatePayment(tx, payment.id, {
      status: 'needs_refund',
      providerPaymentRef: session.paymentRef,
      completedAt: now,
      raw: { session },
      failureMessage: 'This payment arrived after the instalment was paid or the policy ended: we will refund it.',
    });
    deps.log.warn(
      { paymentId: payment.id, invoice: invoice.number, policyStatus: policy?.status },
      'A payment arrived for an instalment that cannot be paid: refund it',
    );
    return answer('not_payable');
  }
  await updatePayment(tx, payment.id, {
    status: 'succeeded',
    providerPaymentRef: session.paymentRef,
    failureMessage: null,
    completedAt: now,
    raw: { session },
  });
  await markInvoicePaid(tx, invoice.id, now);
  await supersedePendingPayments(tx, invoice.id);
  // Back in force only when nothing else is past its grace (what the notice sweep would notice): an
  // instalment a day late, still in its grace and never noticed, is not a reason to keep the notice.
  const pastGrace = addDays(businessToday(now), -(deps.instalmentGraceDays ?? 0));
  const stillOwed = (await arrearsOf(tx, invoice.submissionId, pastGrace)).filter((row) => row.id !== invoice.id);
  const reinstated =
    policy.status === 'cancellation_notice' &&
    stillOwed.length === 0 &&
    nextPolicyStatus(policy.status, SETTLE) === 'in_force' &&
    (await withdrawNotice(tx, policy.id));
  if (reinstated) {
    await insertAuditEntry(tx, {
      actorUserId: null,
      action: 'policy.settleArrears',
      entity: 'policy',
      entityId: String(policy.id),
      data: { invoiceNumber: invoice.number, paymentId: payment.id },
      createdAt: now,
    });
  }
  const facts = (await confirmationFacts(tx, invoice.submissionId))!;
  await deps.mail.enqueue(
    tx,
    instalmentPaidMail({
      to: facts.email,
      firstName: facts.firstName,
      policyNumber: policy.number,
      which: instalmentOf(invoice.installmentNo, invoice.schedule),
      amount: formatUsd(invoice.totalCents),
      invoiceNumber: invoice.number,
      reinstated,
      policyUrl: `${deps.publicUrl}/policy?policyid=${policy.id}`,
    }),
  );
  return answer('instalment_paid');
}
