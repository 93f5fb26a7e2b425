import { useActor } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { errorText } from '@/api/api-error';
import { getClaimablePolicies } from '@/api/claims';
import type { ClaimablePolicy } from '@shared/contract/claims';
import { periodWords } from '@/components/billing/money-words';
import { ScreenLink } from '@/components/screen-link';

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

/** Which policy to cancel, when the address names none. */
export function PolicyPicker() {
  // A new attempt is a new actor: the key remounts the part that asks.
  const [attempt, setAttempt] = useState(0);
  return <PolicyChoices key={attempt} onRetry={() => setAttempt((count) => count + 1)} />;
}

function PolicyChoices({ onRetry }: { onRetry: () => void }) {
  const [state] = useActor(policiesLogic);
  return (
    <section className="cancellation-section" aria-labelledby="cancellation-picker-title">
      <h2 id="cancellation-picker-title">Choose a policy</h2>
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
          <p>You have no policy to cancel: a policy is issued once an order is bound and paid.</p>
          <ScreenLink screen="dashboard" className="button">
            Go to your dashboard
          </ScreenLink>
        </div>
      ) : (
        <>
          <p>Which policy is it about? You will see what cancelling returns before anything is done.</p>
          <ul className="cancellation-picker">
            {state.output.policies.map((policy) => (
              <li key={policy.id}>
                <ScreenLink
                  screen="cancellation"
                  search={{ policyid: policy.id }}
                  className="cancellation-picker__link"
                >
                  <span className="cancellation-picker__speciality">{policy.specialityName}</span>{' '}
                  <span className="cancellation-picker__meta">
                    Policy {policy.number} · {periodWords(policy.effectiveDate, policy.expirationDate)}
                  </span>
                </ScreenLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
