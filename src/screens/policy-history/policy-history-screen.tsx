import '@/styles/policy-history.css';
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import * as v from 'valibot';
import { saveBlob } from '@/components/files/save-blob';
import { localToday } from '@/components/format/dates';
import { InstalmentsCard } from '@/components/instalments/instalments-card';
import { PolicyActionLinks } from '@/components/policy-history/policy-actions';
import { PolicyLinks } from '@/components/policy/policy-picker';
import { policyActions, policyStanding, renewalAction } from '@/components/policy-history/policy-standing';
import { PolicySummary } from '@/components/policy-history/policy-summary';
import { PolicyTimeline } from '@/components/policy-history/policy-timeline';
import { ScreenLink } from '@/components/screen-link';
import { policyHistoryMachine } from '@/machines/policy-history.machine';
import { policySearch } from '@/routes/search-params';
import { useScreenNavigate } from '@/routes/screen-navigation';

const TITLE_ID = 'policy-history-title';

/**
 * policy?policyid: "Your policy" — where one of the insured's policies stands today, its cover as
 * it reads now, what they can do with it (a certificate, a change, cancelling, a tail, a claim),
 * and its history since issue, newest first. Without a policy in the address it asks which, or
 * opens the only one.
 */
export default function PolicyHistoryScreen() {
  const parsed = v.safeParse(policySearch, useSearch({ strict: false }));
  const policyId = parsed.success ? parsed.output.policyid : undefined;
  return (
    <section data-screen="policy-history" className="screen policy-history" aria-labelledby={TITLE_ID}>
      <p className="eyebrow">Your account</p>
      <h1 id={TITLE_ID}>Your policy</h1>
      <p className="policy-history__lead">
        Where your cover stands today, what it covers now, and every change since it was issued.
      </p>
      {/* Another policy is another machine: the key starts it afresh. */}
      <PolicyPage key={policyId ?? 'choose'} policyId={policyId} />
    </section>
  );
}

function PolicyPage({ policyId }: { policyId: number | undefined }) {
  const navigate = useScreenNavigate();
  const machine = useMemo(
    () =>
      policyHistoryMachine.provide({
        actions: {
          saveFile: (_, { blob, filename }) => saveBlob(blob, filename),
          // In place of the list, so Back does not return to a list of one.
          openPolicy: (_, { policyId: id }) =>
            void navigate({ screen: 'policy-history', search: { policyid: id }, replace: true }),
        },
      }),
    [navigate],
  );
  const [state, send] = useMachine(machine, { input: { policyId } });
  const { policies, policy, history, renewal, errorMessage, download, downloadFailure, downloaded } = state.context;

  if (state.matches('choosing')) {
    return (
      <section className="policy-history-section" aria-labelledby="policy-picker-title">
        <h2 id="policy-picker-title">Choose a policy</h2>
        {state.matches({ choosing: 'loadingPolicies' }) || state.matches({ choosing: 'openingOnly' }) ? (
          <p role="status">Loading your policies…</p>
        ) : state.matches({ choosing: 'policiesFailed' }) ? (
          <div className="notice notice--error" role="alert">
            <p>We could not load your policies. {errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'policy.retry' })}>
              Try again
            </button>
          </div>
        ) : state.matches({ choosing: 'noPolicies' }) ? (
          <div className="records-empty">
            <p>You have no policy yet. Your policy appears here once an order is paid for.</p>
            <ScreenLink screen="dashboard" className="button">
              Go to your dashboard
            </ScreenLink>
          </div>
        ) : (
          <>
            <p>Which policy would you like to see?</p>
            <PolicyLinks screen="policy-history" policies={policies} />
          </>
        )}
      </section>
    );
  }
  if (state.matches('loading')) return <p role="status">Loading your policy…</p>;
  if (state.matches('loadFailed') || !policy || !history) {
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load this policy. {errorMessage}</p>
        <p className="screen-actions">
          <button type="button" className="button" onClick={() => send({ type: 'policy.retry' })}>
            Try again
          </button>
          <ScreenLink screen="policy-history" className="button button--secondary">
            Choose another policy
          </ScreenLink>
        </p>
      </div>
    );
  }

  // The server's business day, which its rules (certificates, cancellations) go by; the browser's only from an older server.
  const today = history.today ?? localToday();
  const standing = policyStanding(policy, today);
  const declarationsBusy = state.matches({ ready: 'downloadingDeclarations' });
  const endorsementBusy = state.matches({ ready: 'downloadingEndorsement' });
  const fetchingEndorsement = endorsementBusy && download?.kind === 'endorsement' ? download.endorsementId : null;
  // What just happened, for the live region: present from the start, so that what is put in it is announced.
  const saved = downloaded?.download;
  const announcement = !saved
    ? ''
    : saved.kind === 'declarations'
      ? 'The declarations have been downloaded.'
      : `Endorsement ${history.endorsements.find((row) => row.id === saved.endorsementId)?.number ?? ''} has been downloaded.`;

  return (
    <>
      <p role="status" className={announcement ? 'policy-history__announcement' : 'visually-hidden'}>
        {announcement}
      </p>
      <div className="policy-history__layout">
        <PolicySummary
          policy={policy}
          history={history}
          standing={standing}
          busy={declarationsBusy || endorsementBusy}
          failure={downloadFailure?.kind === 'declarations' ? downloadFailure.message : undefined}
          onDownload={() => send({ type: 'declarations.download' })}
        />
        <PolicyActionLinks
          policyId={policy.policyId}
          actions={policyActions(policy, history, today)}
          renewal={renewalAction(renewal)}
        />
      </div>
      {/* Issue 20: the policy's instalments — what is due, Pay now, a notice's end date. */}
      <InstalmentsCard policyId={policy.policyId} />
      <PolicyTimeline
        history={history}
        busy={declarationsBusy || endorsementBusy}
        fetching={fetchingEndorsement}
        failure={
          downloadFailure?.kind === 'endorsement'
            ? { endorsementId: downloadFailure.endorsementId, message: downloadFailure.message }
            : null
        }
        onDownload={(endorsementId) => send({ type: 'endorsement.download', endorsementId })}
      />
      <p className="policy-history__other">
        <ScreenLink screen="policy-history">See your other policies</ScreenLink>
        {' · '}
        <ScreenLink screen="document">All your documents</ScreenLink>
      </p>
    </>
  );
}
