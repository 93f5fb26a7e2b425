import '@/styles/policy-picker.css';
import { useActor } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { errorText } from '@/api/api-error';
import { getClaimablePolicies } from '@/api/claims';
import type { ClaimablePolicy } from '@shared/contract/claims';
import { periodWords } from '@/components/billing/money-words';
import { ScreenLink } from '@/components/screen-link';

/** The screens about one policy, each opened with `policyid` in the address. */
type PolicyScreen = 'policy-history' | 'certificates' | 'endorsements' | 'cancellation' | 'renewal';

/** The insured's policies, each a link to `screen` for that policy. */
export function PolicyLinks({ screen, policies }: { screen: PolicyScreen; policies: ClaimablePolicy[] }) {
  return (
    <ul className="policy-picker">
      {policies.map((policy) => (
        <li key={policy.id}>
          <ScreenLink screen={screen} search={{ policyid: policy.id }} className="policy-picker__link">
            <span className="policy-picker__speciality">{policy.specialityName}</span>{' '}
            <span className="policy-picker__meta">
              Policy {policy.number} · {periodWords(policy.effectiveDate, policy.expirationDate)}
            </span>
          </ScreenLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The insured's policies, asked once per visit (and again on Try again). A failure is an answer
 * too, so the actor always completes and the picker shows why.
 */
const policiesLogic = fromPromise<{ policies: ClaimablePolicy[] } | { failure: string }>(async () => {
  try {
    return { policies: await getClaimablePolicies() };
  } catch (error) {
    return { failure: errorText(error) };
  }
});

interface PolicyPickerProps {
  screen: PolicyScreen;
  /** The section's class, as the screen styles its sections. */
  className: string;
  /** The question above the list: "Which policy would you like to change?" */
  lead: string;
  /** Said when the insured has no policy yet, in the screen's terms. */
  none: string;
}

/** "Choose a policy", for a policy screen whose address names none: each leads back to `screen`. */
export function PolicyPicker(props: PolicyPickerProps) {
  // A new attempt is a new actor: the key remounts the part that asks.
  const [attempt, setAttempt] = useState(0);
  return <PolicyChoices key={attempt} {...props} onRetry={() => setAttempt((count) => count + 1)} />;
}

function PolicyChoices({ screen, className, lead, none, onRetry }: PolicyPickerProps & { onRetry: () => void }) {
  const [state] = useActor(policiesLogic);
  const titleId = `${screen}-picker-title`;
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 id={titleId}>Choose a policy</h2>
      {state.status !== 'done' ? (
        <p role="status">Loading your policies…</p>
      ) : 'failure' in state.output ? (
        <div className="notice notice--error" role="alert">
          <p>We could not load your policies. {state.output.failure}</p>
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : state.output.policies.length === 0 ? (
        <div className="records-empty">
          <p>{none}</p>
          <ScreenLink screen="dashboard" className="button">
            Go to your dashboard
          </ScreenLink>
        </div>
      ) : (
        <>
          <p>{lead}</p>
          <PolicyLinks screen={screen} policies={state.output.policies} />
        </>
      )}
    </section>
  );
}
