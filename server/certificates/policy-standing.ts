/**
 * Where a policy stands on a business day, as a certificate's public page says it: in force,
 * not yet in force, cancelled, or expired. The stored status says what has been decided (a
 * cancellation, an expiry); the dates say from when: a cancellation takes effect on its own date,
 * and a period runs from 12:01 a.m. on the effective date to 12:01 a.m. on the expiration date,
 * so the expiration date itself is no longer covered.
 */
import type { PolicyStanding } from '@shared/contract/certificates';
import type { policyStatuses } from '@shared/contract/enums';
import type { CalendarDay } from '@shared/calendar';

export type PolicyDates = {
  status: (typeof policyStatuses)[number];
  effectiveDate: CalendarDay;
  expirationDate: CalendarDay;
  /** The day a cancellation takes effect; null when the policy is not cancelled. */
  cancellationDate: CalendarDay | null;
};

export type Standing = {
  standing: PolicyStanding;
  /** The cancellation's date when one is on the policy, even one still to come. */
  cancellationDate: CalendarDay | null;
};

export function standingOn(policy: PolicyDates, today: CalendarDay): Standing {
  const cancellationDate = policy.status === 'cancelled' ? policy.cancellationDate : null;
  const standing = (): PolicyStanding => {
    // A cancellation without a date (none are written so) is taken as in effect.
    if (policy.status === 'cancelled' && (cancellationDate === null || cancellationDate <= today)) return 'cancelled';
    if (policy.status === 'expired' || today >= policy.expirationDate) return 'expired';
    if (today < policy.effectiveDate) return 'not_yet_in_force';
    return 'in_force';
  };
  return { standing: standing(), cancellationDate };
}

/** A certificate speaks for cover that is or will be in force: not for one cancelled or expired. */
export const certifiable = (standing: PolicyStanding) => standing === 'in_force' || standing === 'not_yet_in_force';
