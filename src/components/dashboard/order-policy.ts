import type { SubmissionSummary } from '@shared/contract/dashboard';
import { formatUsd } from '@shared/contract/money-format';
import { localToday } from '@/components/format/dates';
import { policyStanding } from '@/components/policy-history/policy-standing';
import type { StatusTone } from '@/components/dashboard/order-status';

type OrderPolicy = NonNullable<SubmissionSummary['policy']>;

/** The policy page's standing tones in the order badge's colours (the words say it; colour only echoes them). */
const BADGE_TONES = { covered: 'covered', waiting: 'waiting', notice: 'action', ended: 'closed' } as const;

/**
 * Where an order's policy stands today, in the policy page's words (policyStanding, from the
 * shared lifecycle's status and the policy's dates, on the server's day): "In force", "Cancelled
 * from Sep 28, 2027", "Expired", "Renewed"… A policy in force after an issued change says so
 * ("In force, changed"). An older server's policy (no period) reads from its status alone.
 */
export function orderPolicyStanding(policy: OrderPolicy): { words: string; tone: StatusTone } {
  const standing = policyStanding(
    {
      status: policy.status,
      cancellationDate: policy.cancellationDate,
      // Without its period the policy is read as in its period: its status alone decides.
      effectiveDate: policy.effectiveDate ?? '0000-01-01',
      expirationDate: policy.expirationDate ?? '9999-12-31',
    },
    policy.today ?? localToday(),
  );
  const changed = (policy.issuedChanges ?? 0) > 0 && policy.status === 'in_force' && standing.tone === 'covered';
  return { words: changed ? `${standing.words}, changed` : standing.words, tone: BADGE_TONES[standing.tone] };
}

/** A fact of the order's card: its term, its value and, when the value needs it, a note. */
export interface CardFact {
  term: string;
  value: string;
  note?: string;
}

/**
 * What the year costs, as the card says it: the order's price until a policy is issued; then the
 * policy's price for the year after its issued changes; once cancelled, what the cancellation
 * returned or left owing instead (the year's price no longer says what the insured pays).
 */
export function priceFact(order: SubmissionSummary): CardFact {
  const policy = order.policy;
  const net = policy?.status === 'cancelled' ? policy.cancellationNet : null;
  if (net) {
    if (net.netCents > 0) {
      return net.refundPending
        ? { term: 'Owed back to you', value: formatUsd(net.netCents), note: 'we credit or refund it' }
        : { term: 'Returned to you', value: formatUsd(net.netCents) };
    }
    if (net.netCents < 0) {
      return { term: 'You still owe', value: formatUsd(-net.netCents), note: 'premium earned for the days covered' };
    }
    return { term: 'On cancelling', value: 'Nothing returned or owed' };
  }
  if (order.totalCents === null) return { term: 'Price for the year', value: 'Not priced yet' };
  const now = policy?.premiumCents;
  if (now === undefined || now === order.totalCents) {
    return { term: 'Price for the year', value: formatUsd(now ?? order.totalCents) };
  }
  return {
    term: 'Price for the year',
    value: formatUsd(now),
    note: `after your changes; ${formatUsd(order.totalCents)} when bought`,
  };
}
