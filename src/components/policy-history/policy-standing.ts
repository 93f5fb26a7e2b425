import type { PolicyInfo } from '@shared/contract/billing';
import type { PolicyHistory } from '@shared/contract/endorsements';
import { formatDay } from '@/components/format/dates';

/**
 * Where a policy stands today and what the insured may do with it, from its status (what has been
 * decided: a cancellation, a notice) and its dates (from when): a cancellation takes effect on its
 * own date, and the period covers up to, not including, the expiration date — as the certificates'
 * public check reads it (server/certificates/policy-standing.ts). Nothing moves a policy to
 * `expired` on its last day yet, so a period that has ended reads as expired whatever the status.
 */

export type StandingTone = 'covered' | 'waiting' | 'notice' | 'ended';

export interface PolicyStanding {
  /** "In force", "Cancelled from Mar 1, 2027"… */
  words: string;
  /** A sentence more when the words alone would leave a question ("Covered until then."). */
  detail: string | null;
  tone: StandingTone;
  /** The policy covers today, or will (not cancelled from a past day, not ended). */
  covering: boolean;
}

type Dates = Pick<PolicyInfo, 'status' | 'effectiveDate' | 'expirationDate' | 'cancellationDate'>;

export function policyStanding(policy: Dates, today: string): PolicyStanding {
  const { status, effectiveDate, expirationDate } = policy;
  const cancellationDate = policy.cancellationDate ?? null;
  if (status === 'cancelled') {
    const ahead = cancellationDate !== null && cancellationDate > today;
    return {
      words: cancellationDate ? `Cancelled from ${formatDay(cancellationDate)}` : 'Cancelled',
      detail: ahead ? 'Your cover continues until then.' : null,
      tone: ahead ? 'notice' : 'ended',
      covering: ahead,
    };
  }
  if (status === 'expired' || today >= expirationDate) {
    return {
      words: 'Expired',
      detail: `The period ended on ${formatDay(expirationDate)}.`,
      tone: 'ended',
      covering: false,
    };
  }
  if (status === 'renewed') {
    return { words: 'Renewed', detail: 'The next period is a new policy term.', tone: 'covered', covering: true };
  }
  if (status === 'cancellation_notice') {
    return {
      words: 'Cancellation notice',
      detail: 'A payment is past due. Pay it to keep your cover, or the policy will be cancelled.',
      tone: 'notice',
      covering: true,
    };
  }
  if (today < effectiveDate) {
    return {
      words: 'Not yet in force',
      detail: `Your cover starts on ${formatDay(effectiveDate)}.`,
      tone: 'waiting',
      covering: true,
    };
  }
  return { words: 'In force', detail: null, tone: 'covered', covering: true };
}

/** A tail (Extended Reporting Period) bought or being paid for: another cannot be bought. */
export function hasTail(history: PolicyHistory): boolean {
  return history.endorsements.some((endorsement) => endorsement.kind === 'tail' && endorsement.status !== 'declined');
}

export interface PolicyActions {
  /** A new certificate can be issued (covering today or later); otherwise the old ones only. */
  certificate: boolean;
  /** "Change your policy": only in force. */
  change: boolean;
  /** "Cancel your policy": in force or under a notice. */
  cancel: boolean;
  /** "Buy tail cover": cancelled or expired, without a tail. */
  tail: boolean;
}

export function policyActions(policy: Dates, history: PolicyHistory, today: string): PolicyActions {
  const expired = policy.status === 'expired' || today >= policy.expirationDate;
  const current = !expired && policy.status !== 'cancelled';
  return {
    // A cancellation still ahead leaves the cover in force until then, and certificates say so.
    certificate: policyStanding(policy, today).covering,
    change: current && policy.status === 'in_force',
    cancel: current && (policy.status === 'in_force' || policy.status === 'cancellation_notice'),
    // The server sells a tail on a cancelled policy (even one whose date is still ahead) or one it has
    // marked expired, once: the lifecycle's policy.buyTail from the stored status.
    tail: (policy.status === 'cancelled' || policy.status === 'expired') && !hasTail(history),
  };
}

/**
 * What the policy reads now, after its changes: the named insured as issued, then each issued
 * correction in the order they were made (the history is newest first), and the annual premium of
 * the latest issued change of limit or deductible (the premium as issued before any).
 */
export function policyNow(policy: PolicyInfo, history: PolicyHistory) {
  let namedInsured = policy.namedInsured;
  let annualPremiumCents = policy.premiumCents;
  for (const endorsement of [...history.endorsements].reverse()) {
    if (endorsement.status !== 'issued' || endorsement.kind !== 'change') continue;
    annualPremiumCents = endorsement.annualPremiumAfterCents;
    for (const change of endorsement.changes) {
      if (change.field === 'insuredName' && typeof change.after === 'string') namedInsured = change.after;
    }
  }
  return { namedInsured, annualPremiumCents, premiumChanged: annualPremiumCents !== policy.premiumCents };
}
