/**
 * A later instalment paid (issue 20), inside the settlement's transaction (server/payments/settle.ts,
 * which holds the owner's, the order's and the payment's locks): the policy's row is locked next
 * (before the invoice is written — the sweeps lock the policy before its invoices too, so the two
 * never wait on each other crosswise); settle.ts then records the payment and the invoice paid, as
 * for every invoice. Under a notice of cancellation with nothing else past due, the notice is
 * withdrawn (policy.settleArrears): back in force, and the mail says so. (Past its grace: due
 * before today less the grace days, as the notice sweep counts it.) A payment that can no longer
 * count (the invoice paid or voided, the policy cancelled) is refused: settle.ts keeps it for a
 * refund, as every payment that binds nothing.
 */
import { addDays, businessToday } from '@shared/calendar';
import { formatUsd } from '@shared/contract/money-format';
import { nextPolicyStatus, type PolicyEvent } from '@shared/lifecycle/policy-lifecycle.machine';
import { insertAuditEntry } from '@server/admin/audit-queries';
import { policyOf, type InvoiceRow } from '@server/billing/billing-queries';
import type { Transaction } from '@server/db/connection';
import { arrearsOf, lockPolicy, withdrawNotice } from '@server/instalments/instalment-queries';
import { instalmentOf } from '@server/instalments/instalment-sweeps';
import { instalmentPaidMail } from '@server/mail/templates';
import { confirmationFacts, type PaymentRow } from '@server/payments/payment-queries';
import type { InvoicePayment, SettleDeps, Settled } from '@server/payments/settle';

const SETTLE: PolicyEvent = { type: 'policy.settleArrears', actor: 'system' };

/** A later instalment's invoice, as the settlement pays it (or refuses it: the money is then refunded). */
export async function instalmentPayment(
  tx: Transaction,
  deps: SettleDeps,
  payment: PaymentRow,
  invoice: InvoiceRow,
  now: Date,
): Promise<InvoicePayment> {
  const issued = await policyOf(tx, invoice.submissionId);
  const policy = issued && (await lockPolicy(tx, issued.id));
  const collecting = policy && (policy.status === 'in_force' || policy.status === 'cancellation_notice');
  if (invoice.status !== 'open' || !collecting) {
    return {
      refused: {
        message: 'This payment arrived after the instalment was paid or the policy ended: we will refund it.',
        log: 'A payment arrived for an instalment that cannot be paid: refund it',
        facts: { invoice: invoice.number, policyStatus: policy?.status },
      },
      policyNumber: policy?.number ?? null,
    };
  }
  const paid = async (): Promise<Settled> => {
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
    return { outcome: 'instalment_paid', submissionId: invoice.submissionId, policyNumber: policy.number };
  };
  return { invoiceId: invoice.id, paid };
}
