import { useId } from 'react';
import type { PolicyInfo } from '@shared/contract/billing';
import type { PolicyHistory } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import { periodWords, wholeUsd } from '@/components/billing/money-words';
import { formatDay } from '@/components/format/dates';
import { failureWords } from '@/components/format/failure-words';
import { policyNow, type PolicyStanding } from '@/components/policy-history/policy-standing';

/**
 * The policy at a glance: its number and where it stands today, then its cover as it reads now —
 * the limit, deductible, named insured and premium after every issued change — and its
 * declarations (reissued with each change) to download.
 */
export function PolicySummary({
  policy,
  history,
  standing,
  busy,
  failure,
  onDownload,
}: {
  policy: PolicyInfo;
  history: PolicyHistory;
  standing: PolicyStanding;
  /** The declarations are being fetched: a click meanwhile is ignored. */
  busy: boolean;
  failure: string | undefined;
  onDownload: () => void;
}) {
  const now = policyNow(policy, history);
  const errorId = useId();
  return (
    <section className="policy-summary" aria-labelledby="policy-summary-title">
      <div className="policy-summary__head">
        <h2 id="policy-summary-title" className="policy-summary__number">
          Policy {policy.policyNumber}
        </h2>
        <p className={`policy-standing policy-standing--${standing.tone}`} data-policy-standing={standing.tone}>
          <span className="visually-hidden">Standing: </span>
          {standing.words}
        </p>
      </div>
      {standing.detail && <p className="policy-summary__detail">{standing.detail}</p>}
      {policy.cancellationReason && <p className="policy-summary__detail">Your reason: {policy.cancellationReason}</p>}
      <dl className="order-facts policy-facts">
        <dt>Cover</dt>
        <dd>Professional liability, {policy.speciality.name}</dd>
        <dt>Named insured</dt>
        <dd>{now.namedInsured}</dd>
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
        <dd>{policy.deductible.amountCents === 0 ? 'None' : `${wholeUsd(policy.deductible.amountCents)} per claim`}</dd>
        <dt>Annual premium</dt>
        <dd>
          {formatUsd(now.annualPremiumCents)}
          <span className="policy-facts__note">
            {now.premiumChanged
              ? ` before fees and taxes; ${formatUsd(policy.premiumCents)} when issued`
              : ' before fees and taxes'}
          </span>
        </dd>
        <dt>Payment plan</dt>
        <dd>{policy.paymentTerm.name}</dd>
        {policy.broker && (
          <>
            <dt>Broker</dt>
            <dd>{policy.broker}</dd>
          </>
        )}
      </dl>
      <div className="policy-summary__declarations">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => !busy && onDownload()}
          aria-disabled={busy || undefined}
          aria-describedby={failure ? errorId : undefined}
        >
          {busy ? 'Downloading…' : 'Download the declarations'}
        </button>
        <p className="policy-summary__hint">Reissued with every change, so they always show your cover as it is now.</p>
        {failure && (
          <p id={errorId} className="field__error" role="alert">
            The declarations could not be downloaded: {failureWords(failure)}
          </p>
        )}
      </div>
    </section>
  );
}
