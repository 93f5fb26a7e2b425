import { formatUsd } from '@shared/contract/money-format';
import type { OrderDetails } from '@shared/contract/submissions';
import { formatDay } from '@/components/format/dates';
import { deductibleWords } from '@/components/quote/option-words';

/** Where, what cover, from when and for how much: the order's facts as the insured reads them. */
export function OrderFacts({ order }: { order: OrderDetails }) {
  const plan = order.rating?.paymentPlans.find((candidate) => candidate.code === order.paymentTerm);
  return (
    <dl className="order-facts">
      {order.state && (
        <>
          <dt>Where</dt>
          <dd>
            {order.state.name}, ZIP {order.zipcode}
          </dd>
        </>
      )}
      {order.limit && order.deductible && (
        <>
          <dt>Cover</dt>
          <dd>
            {order.limit.label} limit, {deductibleWords(order.deductible.label)}
          </dd>
        </>
      )}
      {order.effectiveDate && (
        <>
          <dt>Starts</dt>
          <dd>{formatDay(order.effectiveDate)}</dd>
        </>
      )}
      {order.premiumCents !== null && (
        <>
          <dt>Price for the year</dt>
          <dd className="order-facts__total" data-order-total={order.premiumCents}>
            {formatUsd(order.premiumCents)}
          </dd>
        </>
      )}
      {plan && (
        <>
          {/* The plan chosen, not a payment made: nothing is paid until checkout. */}
          <dt>Payment plan</dt>
          <dd>
            {plan.name}
            {plan.installments > 1 &&
              `: ${formatUsd(plan.downPaymentCents)} now, then ${plan.installments - 1} × ${formatUsd(plan.installmentCents)}`}
          </dd>
        </>
      )}
    </dl>
  );
}
