import type { ClaimablePolicy } from '@shared/contract/claims';
import { periodWords } from '@/components/billing/money-words';
import { ScreenLink } from '@/components/screen-link';

/** The insured's policies, each a link to its own page: when the address names none. */
export function PolicyPicker({ policies }: { policies: ClaimablePolicy[] }) {
  return (
    <>
      <p>Which policy would you like to see?</p>
      <ul className="policy-picker">
        {policies.map((policy) => (
          <li key={policy.id}>
            <ScreenLink screen="policy-history" search={{ policyid: policy.id }} className="policy-picker__link">
              <span className="policy-picker__speciality">{policy.specialityName}</span>{' '}
              <span className="policy-picker__meta">
                Policy {policy.number} · {periodWords(policy.effectiveDate, policy.expirationDate)}
              </span>
            </ScreenLink>
          </li>
        ))}
      </ul>
    </>
  );
}
