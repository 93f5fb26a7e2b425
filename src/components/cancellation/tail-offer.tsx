import type { TailOption, TailYears } from '@shared/contract/cancellation';
import { formatUsd } from '@shared/contract/money-format';
import { formatDay } from '@/components/format/dates';
import { failureWords } from '@/components/format/failure-words';
import type { BoughtTail, CancellationFailure } from '@/machines/cancellation.machine';

const yearsWords = (years: number) => `${years} year${years === 1 ? '' : 's'}`;
/** "160%": a share of the annual premium, from basis points. */
const percentWords = (bps: number) => `${bps / 100}%`;

interface TailOfferProps {
  /** The first day the tail would cover (the cancellation date, or the expiration date). */
  startsOn: string;
  retroactiveDate: string;
  offer: TailOption[];
  tail: BoughtTail | null;
  /** The length being bought, or the checkout being opened: the buttons say so and ignore clicks. */
  buying: TailYears | null;
  paying: boolean;
  failure: CancellationFailure | null;
  onBuy: (years: TailYears) => void;
  onPay: () => void;
  /** The endorsement whose hosted checkout was just left unpaid (the checkout's way back), if any. */
  unpaid?: number | undefined;
}

/**
 * The Extended Reporting Period (tail): what it is for, then either the tail bought (paid, or
 * waiting for its payment with Pay) or the three lengths on offer, each with its price and the
 * day claims can be reported until. Nothing is chosen for the insured.
 */
export function TailOffer({
  startsOn,
  retroactiveDate,
  offer,
  tail,
  buying,
  paying,
  failure,
  onBuy,
  onPay,
  unpaid,
}: TailOfferProps) {
  const busy = buying !== null || paying;
  return (
    <section className="cancellation-section" aria-labelledby="cancellation-tail-title">
      <h2 id="cancellation-tail-title">Report claims after your cover ends: the tail</h2>
      <p className="cancellation-section__lead">
        Your policy is claims-made: it answers claims made against you while it is in force. An extended reporting
        period (a “tail”) lets you still report claims made after {formatDay(startsOn)}, for work you did from{' '}
        {formatDay(retroactiveDate)} until then. It is optional, bought once, and paid at once.
      </p>
      {failure && (
        <div className="notice notice--error" role="alert">
          <p>{failureWords(failure.message)}</p>
        </div>
      )}
      {tail ? (
        <div className="cancellation-tail-bought">
          <p>
            You have a <strong>{tail.years}-year</strong> tail ({tail.number}): claims made against you can be reported
            until <strong>{formatDay(tail.reportingUntil)}</strong>.
          </p>
          {tail.status === 'awaiting_payment' ? (
            <>
              {unpaid === tail.endorsementId && (
                <p className="notice">
                  <strong>Not paid.</strong> You left the payment page before paying, so nothing was charged and the
                  tail is not in place yet. Pay now to put it in place.
                </p>
              )}
              <p>It is waiting for its payment of {formatUsd(tail.totalCents)}, and takes effect once paid.</p>
              <button
                type="button"
                className="button"
                onClick={() => !busy && onPay()}
                aria-disabled={busy || undefined}
              >
                {paying ? 'Opening the secure checkout…' : `Pay ${formatUsd(tail.totalCents)} for your tail`}
              </button>
            </>
          ) : tail.status === 'issued' ? (
            <p>It is paid and in place; its endorsement is with your policy’s documents.</p>
          ) : null}
        </div>
      ) : offer.length === 0 ? (
        <p>No tail is on offer for this policy.</p>
      ) : (
        <ul className="cancellation-tails">
          {offer.map((option) => (
            <li key={option.years} className="cancellation-tail">
              <h3 className="cancellation-tail__title">{yearsWords(option.years)}</h3>
              <p className="cancellation-tail__price">{formatUsd(option.totalCents)}</p>
              <p className="cancellation-tail__facts">
                Claims reported until {formatDay(option.reportingUntil)}
                <span className="cancellation-tail__detail">
                  {percentWords(option.percentBps)} of your annual premium ({formatUsd(option.premiumCents)}), plus{' '}
                  {formatUsd(option.taxCents + option.stateFeeCents)} taxes and state fees
                </span>
              </p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => !busy && onBuy(option.years)}
                aria-disabled={busy || undefined}
              >
                {buying === option.years ? 'Buying…' : `Buy the ${option.years}-year tail`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
