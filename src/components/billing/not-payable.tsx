import type { Invoice } from '@shared/contract/billing';
import type { OrderSummaryDetails } from '@shared/contract/lifecycle';
import { statusScreenTarget } from '@/components/order/status-target';
import { ScreenLink } from '@/components/screen-link';
import { payableElsewhere } from '@/machines/payment.machine';

/** Why this order cannot be paid here, in the insured's words. */
function reasonWords(details: OrderSummaryDetails, invoice: Invoice | null): { why: string; link: string } {
  const { status } = details.order;
  if (invoice?.status === 'paid' || status === 'bound' || status === 'complete') {
    return { why: 'This order is paid: your cover is in place.', link: 'See your cover' };
  }
  if (status === 'declined')
    return { why: 'This order was declined, so there is nothing to pay.', link: 'See the order' };
  if (status === 'close_lost')
    return { why: 'This order was closed, so there is nothing to pay.', link: 'See the order' };
  return { why: 'This order is not ready to pay yet: it must be approved first.', link: 'See where your order is' };
}

/** An order that cannot be paid here: why, and a link to the screen that looks after it now. */
export function NotPayable({ details, invoice }: { details: OrderSummaryDetails; invoice: Invoice | null }) {
  const { why, link } = reasonWords(details, invoice);
  const target = statusScreenTarget(payableElsewhere(details, invoice), details.order.submissionId);
  return (
    <section className="order-next order-next--declined" aria-labelledby="payment-elsewhere-title">
      <h2 id="payment-elsewhere-title">Nothing to pay here</h2>
      <p>{why}</p>
      <p>
        <ScreenLink {...target} className="button">
          {link}
        </ScreenLink>
      </p>
    </section>
  );
}
