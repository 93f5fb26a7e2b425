import '@/styles/renewal.css';
import { useMachine } from '@xstate/react';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import type { RenewalSummary } from '@shared/contract/renewal';
import { ScreenLink } from '@/components/screen-link';
import { renewalOffersMachine } from '@/machines/renewal-offers.machine';

/** What the card says of one renewal, and what its button does. */
function words(renewal: RenewalSummary): { text: string; action: string | null } {
  const ends = formatCalendarDay(renewal.effectiveDate);
  const price = renewal.totalCents === null ? '' : ` for ${formatUsd(renewal.totalCents)} a year`;
  switch (renewal.status) {
    case 'with_underwriter':
      return { text: `Your renewal is with an underwriter. Your policy stays in force until ${ends}.`, action: null };
    case 'awaiting_payment':
      return {
        text: `You accepted your renewal${price}: pay it before ${ends} to keep your cover.`,
        action: 'Pay your renewal',
      };
    case 'needs_answers':
      return {
        text: `Your policy ends on ${ends}. Answer a new question and we price your renewal at once.`,
        action: 'See your renewal',
      };
    default:
      return {
        text: `Your policy ends on ${ends}. Renew it${price}, with no gap in cover.`,
        action: 'See your renewal',
      };
  }
}

/**
 * The dashboard's renewal card (issue 20): each policy whose renewal is offered, needs answers,
 * waits for payment or is with an underwriter, with a link to its renewal screen. Nothing at all
 * when there is none.
 */
export function RenewalCard() {
  const [state, send] = useMachine(renewalOffersMachine);
  if (state.matches('loading') || state.matches('none')) return null;
  if (state.matches('failed'))
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load your renewals. {state.context.errorMessage}</p>
        <button type="button" className="button" onClick={() => send({ type: 'renewals.retry' })}>
          Try again
        </button>
      </div>
    );
  return (
    <section className="renewal-card" aria-labelledby="renewal-card-title">
      <h2 id="renewal-card-title">Your renewals</h2>
      <ul className="renewal-card__list">
        {state.context.renewals.map((renewal) => {
          const said = words(renewal);
          return (
            <li key={renewal.policyId} className="renewal-card__item" data-policy-id={renewal.policyId}>
              <p className="renewal-card__what">
                <strong>Policy {renewal.policyNumber}</strong> → {renewal.renewalNumber},{' '}
                {formatCalendarDay(renewal.effectiveDate)} to {formatCalendarDay(renewal.expirationDate)}
              </p>
              <p>{said.text}</p>
              {said.action && (
                <ScreenLink screen="renewal" search={{ policyid: renewal.policyId }} className="button">
                  {said.action}
                </ScreenLink>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
