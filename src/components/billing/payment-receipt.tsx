import type { Invoice } from '@shared/contract/billing';
import { formatUsd } from '@shared/contract/money-format';
import { InstallmentTable } from '@/components/billing/installment-table';
import { formatDay } from '@/components/format/dates';

/**
 * The receipt (issue 16): what was paid, when, on which invoice and order, and the payments the
 * plan still has to come. The policy itself (number, period) and its documents follow it on the
 * confirmation screen.
 */
export function PaymentReceipt({ invoice, policyNumber }: { invoice: Invoice; policyNumber: string | null }) {
  const paid = invoice.schedule[0]?.amountCents ?? invoice.amountDueCents;
  const later = invoice.schedule.filter((installment) => installment.installmentNo > 1);
  return (
    <section className="order-section payment-receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">Your receipt</h2>
      <dl className="order-facts billing-facts">
        <dt>Amount paid</dt>
        <dd data-receipt-paid={paid}>{formatUsd(paid)}</dd>
        {invoice.paidAt && (
          <>
            <dt>Paid on</dt>
            <dd>
              <time dateTime={invoice.paidAt}>{formatDay(invoice.paidAt)}</time>
            </dd>
          </>
        )}
        <dt>Invoice</dt>
        <dd data-receipt-invoice>{invoice.number}</dd>
        {policyNumber && (
          <>
            <dt>Policy</dt>
            <dd data-receipt-policy>{policyNumber}</dd>
          </>
        )}
        <dt>Order</dt>
        <dd>{invoice.orderNumber}</dd>
        <dt>Payment plan</dt>
        <dd>{invoice.paymentTerm.name}</dd>
        <dt>Total for the year</dt>
        <dd>{formatUsd(invoice.totalCents)}</dd>
      </dl>
      {later.length > 0 ? (
        <InstallmentTable schedule={later} caption="Your next payments: we e-mail a reminder before each is due" />
      ) : (
        <p>Nothing more to pay this policy year.</p>
      )}
    </section>
  );
}
