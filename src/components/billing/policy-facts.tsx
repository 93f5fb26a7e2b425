import type { PolicyInfo } from '@shared/contract/billing';
import { formatUsd } from '@shared/contract/money-format';
import { periodWords, wholeUsd } from '@/components/billing/money-words';
import { formatDay } from '@/components/format/dates';

/** The policy as issued: its number, who and when it covers, its limits, and what was paid for it. */
export function PolicyFacts({ policy }: { policy: PolicyInfo }) {
  const feesCents = policy.policyFeeCents + policy.taxCents + policy.stateFeeCents;
  return (
    <dl className="order-facts billing-facts">
      <dt>Policy number</dt>
      <dd data-policy-number>{policy.policyNumber}</dd>
      <dt>Named insured</dt>
      <dd>{policy.namedInsured}</dd>
      <dt>Cover</dt>
      <dd>Professional liability, {policy.speciality.name}</dd>
      <dt>Policy period</dt>
      <dd>{periodWords(policy.effectiveDate, policy.expirationDate)}</dd>
      {policy.retroactiveDate && (
        <>
          {/* Claims-made: work done before this day is not covered. */}
          <dt>Retroactive date</dt>
          <dd>{formatDay(policy.retroactiveDate)}</dd>
        </>
      )}
      <dt>Limits</dt>
      <dd>
        {wholeUsd(policy.limit.perClaimCents)} per claim, {wholeUsd(policy.limit.aggregateCents)} aggregate
      </dd>
      <dt>Deductible</dt>
      <dd>{wholeUsd(policy.deductible.amountCents)} per claim</dd>
      <dt>Premium</dt>
      <dd>{formatUsd(policy.premiumCents)}</dd>
      <dt>Fees and taxes</dt>
      <dd>{formatUsd(feesCents)}</dd>
      <dt>Total for the year</dt>
      <dd className="order-facts__total">{formatUsd(policy.totalCents)}</dd>
      <dt>Payment plan</dt>
      <dd>{policy.paymentTerm.name}</dd>
      <dt>Paid</dt>
      <dd>
        {formatUsd(policy.payment.amountCents)} on{' '}
        <time dateTime={policy.payment.paidAt}>{formatDay(policy.payment.paidAt)}</time>
      </dd>
    </dl>
  );
}
