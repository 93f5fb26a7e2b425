import type { EndorsementOptions, EndorsementQuote } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import { formatDay } from '@/components/format/dates';
import { changeWords, signedUsd, totalWords } from '@/components/endorsements/change-words';

/**
 * The price of a change as the server worked it out: what changes, the annual premium before and
 * after, the days left of the period, the prorated premium with its tax and fees, and the total
 * in words (an additional premium due now, or a return premium owed).
 */
export function PriceWorksheet({
  quote,
  options,
}: {
  quote: EndorsementQuote;
  options: Pick<EndorsementOptions, 'limits' | 'deductibles'> | null;
}) {
  const rows: Array<[string, string]> = [
    ['Annual premium now', formatUsd(quote.annualPremiumBeforeCents)],
    ['Annual premium with the change', formatUsd(quote.annualPremiumAfterCents)],
    ['Days of cover left', `${quote.daysRemaining} of ${quote.daysInPeriod} days`],
    ['Prorated premium', signedUsd(quote.proratedPremiumCents)],
    ['Premium tax', signedUsd(quote.taxCents)],
    ['State fees', signedUsd(quote.feeCents)],
  ];
  return (
    <div className="endorsement-price">
      <ul className="endorsement-price__changes">
        {quote.changes.map((change) => {
          const words = changeWords(change, options);
          return (
            <li key={change.field}>
              <span className="endorsement-price__field">{words.name}:</span>{' '}
              <span className="endorsement-price__before">{words.before}</span>
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden"> becomes </span>
              <strong>{words.after}</strong>
            </li>
          );
        })}
      </ul>
      <p className="endorsement-price__from">
        From <strong>{formatDay(quote.effectiveDate)}</strong>, to the end of your policy period.
      </p>
      <dl className="endorsement-price__lines">
        {rows.map(([term, value]) => (
          <div key={term} className="endorsement-price__line">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="endorsement-price__line endorsement-price__total">
          <dt>Total</dt>
          <dd>{totalWords(quote.totalCents)}</dd>
        </div>
      </dl>
      <p className="endorsement-price__why">
        (Annual premium with the change − annual premium now) × {quote.daysRemaining} ÷ {quote.daysInPeriod} days,
        priced on the rates your policy was written with.
      </p>
    </div>
  );
}
