import type { useMachine } from '@xstate/react';
import type { Endorsement } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import { changeWords } from '@/components/endorsements/change-words';
import { formatDay } from '@/components/format/dates';
import { failureWords } from '@/components/format/failure-words';
import { ScreenLink } from '@/components/screen-link';
import type { paymentConfirmMachine } from '@/machines/payment-confirm.machine';

type Handle = ReturnType<typeof useMachine<typeof paymentConfirmMachine>>;

/** The heading once an endorsement's payment is through, worded by what was bought. */
export function paidEndorsementTitle(endorsement: Endorsement): string {
  return endorsement.kind === 'tail'
    ? `Your extended reporting period ${endorsement.number} is paid and issued`
    : `Your change ${endorsement.number} is paid and issued`;
}

/** A tail's length and last day to report, from what its endorsement records. */
function tailWords(endorsement: Endorsement): string {
  const after = (field: string) => endorsement.changes.find((change) => change.field === field)?.after;
  const years = after('tailYears');
  const until = after('reportingUntil');
  const length = typeof years === 'number' ? `${years} year${years === 1 ? '' : 's'}` : 'The extended reporting period';
  return typeof until === 'string'
    ? `${length}: claims for work done while your policy was in force can be reported until ${formatDay(until)}.`
    : `${length}: claims for work done while your policy was in force can still be reported.`;
}

/**
 * paymentconfirm, back from paying an endorsement: what it is (a change of the policy, or the tail
 * bought after cancelling), what was paid, its PDF and the way to the policy.
 */
export function PaidEndorsement({ state, send }: { state: Handle[0]; send: Handle[1] }) {
  const { endorsement, errorMessage, downloaded, downloadFailure } = state.context;
  if (state.matches({ confirmed: 'endorsementFailed' })) {
    return (
      <div className="notice notice--error" role="alert">
        <p>Your payment is received, but we could not load your change. {failureWords(errorMessage)}</p>
        <button type="button" className="button" onClick={() => send({ type: 'receipt.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  if (!endorsement) return <p role="status">Loading your change…</p>;
  const downloading = state.matches({ confirmed: { endorsement: 'downloading' } });
  return (
    <section className="order-section payment-receipt" aria-labelledby="paid-endorsement-title">
      <h2 id="paid-endorsement-title">{endorsement.kind === 'tail' ? 'Your tail cover' : 'Your change'}</h2>
      <dl className="order-facts billing-facts">
        <dt>Endorsement</dt>
        <dd>{endorsement.number}</dd>
        <dt>Amount paid</dt>
        <dd>{formatUsd(endorsement.totalChangeCents)}</dd>
        {endorsement.invoiceNumber && (
          <>
            <dt>Invoice</dt>
            <dd>{endorsement.invoiceNumber}</dd>
          </>
        )}
        <dt>Effective</dt>
        <dd>{formatDay(endorsement.effectiveDate)}</dd>
      </dl>
      {endorsement.kind === 'tail' ? (
        <p>{tailWords(endorsement)}</p>
      ) : (
        <ul>
          {endorsement.changes.map((change) => {
            const words = changeWords(change, null);
            return (
              <li key={change.field}>
                {words.name}: {words.before} <span aria-hidden="true">→</span>
                <span className="visually-hidden"> becomes </span> <strong>{words.after}</strong>
              </li>
            );
          })}
        </ul>
      )}
      <p className="screen-actions billing-actions">
        <button
          type="button"
          className="button"
          aria-disabled={downloading || undefined}
          onClick={() => !downloading && send({ type: 'endorsement.download' })}
        >
          {downloading ? 'Downloading…' : 'Download the endorsement (PDF)'}
        </button>
        <ScreenLink
          screen="policy-history"
          search={{ policyid: endorsement.policyId }}
          className="button button--secondary"
        >
          See your policy
        </ScreenLink>
      </p>
      <p role="status">
        {downloaded && !downloadFailure ? `The endorsement ${endorsement.number} has been downloaded.` : ''}
      </p>
      {downloadFailure && (
        <p className="field__error" role="alert">
          The endorsement could not be downloaded: {failureWords(downloadFailure)}
        </p>
      )}
    </section>
  );
}
