import type { Calculation } from '@shared/contract/rating';
import { formatUsd } from '@shared/contract/money-format';

/**
 * A renewal's price as the server worked it out: the premium, then the policy fee, taxes and
 * state fees on top, and the year's total (the figures of the rating, none added up here).
 */
export function RenewalPrice({ rating }: { rating: Calculation }) {
  const rows: Array<[string, number]> = [
    ['Premium', rating.premiumCents],
    ['Policy fee', rating.policyFeeCents],
    ['Premium tax', rating.taxCents],
    ['State fees', rating.stateFeeCents],
  ];
  return (
    <dl className="renewal-price">
      {rows.map(([term, cents]) => (
        <div key={term} className="renewal-price__line">
          <dt>{term}</dt>
          <dd>{formatUsd(cents)}</dd>
        </div>
      ))}
      <div className="renewal-price__line renewal-price__total">
        <dt>Total for the year</dt>
        <dd>{formatUsd(rating.totalCents)}</dd>
      </div>
    </dl>
  );
}
