import type { PolicyInfo } from '@shared/contract/billing';
import type { PolicyHistory } from '@shared/contract/endorsements';
import type { Renewal } from '@shared/contract/renewal';
import { formatDay } from '@/components/format/dates';
import { coverStopsSentence } from '@shared/contract/cover-stops';
import { nextPolicyStatus, type PolicyEvent } from '@shared/lifecycle/policy-lifecycle.machine';

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
  /** A sentence more when the words alone would leave a question (when a cancellation stops the cover). */
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
      // 12:01 a.m. on the date, its first day without cover: on the day itself, already past.
      detail: cancellationDate ? coverStopsSentence(cancellationDate, today) : null,
      tone: ahead ? 'notice' : 'ended',
      covering: ahead,
    };
  }
  // Renewed before the end test: a term is marked renewed on its end date, so its period has always
  // ended by then — read as expired first, a renewed term never said so. Its own cover has ended
  // (certificates and changes belong to the new term); the renewal carries the insured on.
  if (status === 'renewed') {
    return {
      words: 'Renewed',
      detail: `This period ended on ${formatDay(expirationDate)}; the renewal continues your cover as a new policy term.`,
      tone: 'covered',
      covering: false,
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

/** Whether the shared policy lifecycle lets the insured make this move from the policy's status (as the server asks it). */
const insuredMay = (status: Dates['status'], type: PolicyEvent['type']) =>
  nextPolicyStatus(status, { type, actor: 'insured' }) !== null;

export function policyActions(policy: Dates, history: PolicyHistory, today: string): PolicyActions {
  // The lifecycle reads the stored status; a period that has ended is over whatever it says yet.
  const ended = today >= policy.expirationDate;
  return {
    // A cancellation still ahead leaves the cover in force until then, and certificates say so.
    certificate: policyStanding(policy, today).covering,
    change: !ended && insuredMay(policy.status, 'policy.endorse'),
    cancel: !ended && insuredMay(policy.status, 'policy.cancel'),
    // The server sells a tail on a cancelled policy (even one whose date is still ahead) or one it has
    // marked expired, once: the lifecycle's policy.buyTail from the stored status.
    tail: insuredMay(policy.status, 'policy.buyTail') && !hasTail(history),
  };
}

/**
 * The renewal as the policy page offers it: a link once there is an offer to act on (or one to
 * follow: with an underwriter, awaiting payment, decided), the day it will be offered before then
 * (words, not a link to a screen that would only say "not yet"), and nothing when none will be
 * (not sold any more, the policy cancelled or ended unrenewed, or the renewal could not be read).
 */
export type RenewalAction = { kind: 'link'; words: string } | { kind: 'later'; words: string } | null;

export function renewalAction(renewal: Renewal | null): RenewalAction {
  switch (renewal?.status) {
    case 'offered':
    case 'needs_answers':
      return { kind: 'link', words: 'Renew your policy' };
    case 'with_underwriter':
    case 'awaiting_payment':
    case 'renewed':
    case 'declined':
      return { kind: 'link', words: 'Your renewal' };
    case 'not_yet':
      return { kind: 'later', words: `Renewal offered from ${formatDay(renewal.offerDate)}` };
    default:
      return null;
  }
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
