import { claimStatuses } from '@shared/contract/enums';
import type { ClaimEvent, ClaimStatus } from '@shared/contract/claims';

/** A claim's status as the insured and the handler read it. */
export const CLAIM_STATUS_WORDS: Record<ClaimStatus, string> = {
  reported: 'Reported',
  acknowledged: 'Acknowledged',
  under_review: 'Under review',
  closed: 'Closed',
};

/** The status in words; one this build does not know reads as its code in words. */
export function claimStatusWords(status: string): string {
  return CLAIM_STATUS_WORDS[status as ClaimStatus] ?? status.replaceAll('_', ' ');
}

/** What happens next, for the insured, by status: what they wait for or can do. */
const NEXT_STEP: Record<ClaimStatus, string> = {
  reported:
    'We have your report. A claims handler will take it up and write to you. Meanwhile you can add letters, photos and invoices.',
  acknowledged:
    'A claims handler has your claim. Send them any documents you have and answer their questions on the claim’s page.',
  under_review:
    'Your handler is reviewing the claim. Answer their messages and add the documents they ask for on the claim’s page.',
  closed: 'This claim is closed: nothing more is needed from you. Its messages and files stay on the claim’s page.',
};

export function claimNextStep(status: string): string {
  return NEXT_STEP[status as ClaimStatus] ?? 'Open the claim to see where it stands.';
}

/** The button that moves a claim from `from` to `to`, as the handler reads it. */
export function moveButtonWords(from: ClaimStatus, to: ClaimStatus): string {
  if (from === 'closed') return 'Reopen for review';
  const words: Record<ClaimStatus, string> = {
    reported: 'Back to reported',
    acknowledged: 'Acknowledge',
    under_review: 'Start the review',
    closed: 'Close the claim',
  };
  return words[to];
}

/** What the handler's move did, for the status message: "Claim C-… acknowledged." */
export function movedWords(number: string, from: ClaimStatus | null, to: ClaimStatus): string {
  if (from === 'closed' && to !== 'closed') return `Claim ${number} reopened: it is under review again.`;
  const done: Record<ClaimStatus, string> = {
    reported: 'is reported again',
    acknowledged: 'acknowledged',
    under_review: 'is under review',
    closed: 'closed',
  };
  return `Claim ${number} ${done[to]}. The insured has been mailed.`;
}

/** One step of the progress line: reached (with the date it was last reached), current, skipped or to come. */
export interface ProgressStep {
  status: ClaimStatus;
  label: string;
  state: 'done' | 'current' | 'skipped' | 'upcoming';
  /** When the claim last entered this status, in the current run through the steps. */
  at: string | null;
}

/**
 * Reported → Acknowledged → Under review → Closed, from the claim's status and its timeline. A
 * step before the current one that the claim never entered (closed straight from reported) is
 * skipped; a reopened claim shows its steps up to under review again, and closed to come.
 */
export function claimProgress(status: ClaimStatus, timeline: readonly ClaimEvent[]): ProgressStep[] {
  const current = claimStatuses.indexOf(status);
  return claimStatuses.map((step, index) => {
    const entered = timeline.findLast((event) => event.to === step)?.at ?? null;
    const state = index === current ? 'current' : index > current ? 'upcoming' : entered === null ? 'skipped' : 'done';
    return { status: step, label: CLAIM_STATUS_WORDS[step], state, at: state === 'upcoming' ? null : entered };
  });
}
