import { formatUsd } from '@shared/contract/money-format';
import type { ReturnPremium } from '@shared/contract/cancellation';
import { SHORT_RATE_RETURN_BPS } from '@shared/rating/proration';

/** The method's name and what it means, in one sentence an insured understands. */
export function methodWords(method: ReturnPremium['method']): { name: string; meaning: string } {
  switch (method) {
    case 'flat':
      return {
        name: 'Flat cancellation',
        meaning: 'The policy is cancelled from its first day, before any cover was used, so everything comes back.',
      };
    case 'pro_rata':
      return {
        name: 'Pro rata',
        meaning: 'You get back the premium for exactly the days of cover you give up.',
      };
    case 'short_rate':
      return {
        name: 'Short rate',
        meaning: `Your state lets the insurer keep part of the unused premium when you cancel yourself: you get back ${SHORT_RATE_RETURN_BPS / 100}% of the premium for the days you give up.`,
      };
  }
}

/**
 * The return premium with its working: the days given up of the days in the period, the method
 * and what it means, then each part that comes back and the total owed to the insured.
 */
export function ReturnPremiumWorking({ returned, headingId }: { returned: ReturnPremium; headingId: string }) {
  const method = methodWords(returned.method);
  const lines: Array<[string, number]> = [
    [`Premium returned (${method.name.toLowerCase()})`, returned.premiumCents],
    ['Policy fee returned', returned.policyFeeCents],
    ['Taxes returned', returned.taxCents],
    ['State fees returned', returned.stateFeeCents],
  ];
  return (
    <div className="cancellation-working">
      <p className="cancellation-working__method">
        <strong>{method.name}.</strong> {method.meaning}
      </p>
      <table className="cancellation-working__table" aria-labelledby={headingId}>
        <tbody>
          <tr>
            <th scope="row">Days of cover given up</th>
            <td>
              {returned.daysRemaining} of {returned.daysInPeriod} days
            </td>
          </tr>
          <tr>
            <th scope="row">Your annual premium</th>
            <td>{formatUsd(returned.annualPremiumCents)}</td>
          </tr>
          {lines.map(([label, cents]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatUsd(cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total owed back to you</th>
            <td>{formatUsd(returned.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
