import type { ReferralReason } from '@shared/contract/lifecycle';

/** Why the rules referred or declined an order, in the insured's words (the labels, never the detail). */
export function ReasonList({ reasons }: { reasons: ReferralReason[] }) {
  return (
    <ul className="reason-list">
      {reasons.map((reason) => (
        <li key={reason.code} data-reason={reason.code}>
          {reason.label}
        </li>
      ))}
    </ul>
  );
}
