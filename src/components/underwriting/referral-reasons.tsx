import type { ReferralReason } from '@shared/contract/lifecycle';

/**
 * Why the rules sent an order to the desk. The queue shows the labels; the review adds each
 * reason's detail (the question and answer, the premium against the authority), which only the
 * underwriter sees. Two reasons may share a code (two referral answers), so they are keyed by place.
 */
export function ReferralReasons({ reasons, withDetail = false }: { reasons: ReferralReason[]; withDetail?: boolean }) {
  return (
    <ul className={withDetail ? 'review-list' : 'reason-list'}>
      {reasons.map((reason, index) => (
        <li key={`${reason.code}-${index}`} data-reason={reason.code}>
          {withDetail ? <strong>{reason.label}</strong> : reason.label}
          {withDetail && reason.detail && <span className="review-list__detail">{reason.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
