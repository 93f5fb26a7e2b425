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

/** endorsements without a policy in the address: which policy is to change. */
export function EndorsementPolicyPicker() {
  // A new attempt is a new actor: the key remounts the part that asks.
  const [attempt, setAttempt] = useState(0);
  return <PolicyChoices key={attempt} onRetry={() => setAttempt((count) => count + 1)} />;
}

function PolicyChoices({ onRetry }: { onRetry: () => void }) {
  const [state] = useActor(policiesLogic);
  return (
    <section className="endorsements-section" aria-labelledby="endorsements-picker-title">
      <h2 id="endorsements-picker-title">Choose a policy</h2>
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
        <div className="endorsements-empty">
          <p>A policy can be changed once it is issued, and you have none yet.</p>
          <ScreenLink screen="dashboard" className="button">
            Go to your dashboard
          </ScreenLink>
        </div>
      ) : (
        <>
          <p>Which policy would you like to change?</p>
          <ul className="endorsements-picker">
            {state.output.policies.map((policy) => (
              <li key={policy.id}>
                <ScreenLink
                  screen="endorsements"
                  search={{ policyid: policy.id }}
                  className="endorsements-picker__link"
                >
                  <span className="endorsements-picker__speciality">{policy.specialityName}</span>{' '}
                  <span className="endorsements-picker__meta">
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
