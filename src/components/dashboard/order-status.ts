import type { SubmissionStatus } from '@shared/contract/submissions';

/** How each status reads to the insured (DESIGN.md §4's lifecycle), rather than its code. */
const STATUS_WORDS: Record<SubmissionStatus, string> = {
  draft: 'Draft: questions still to answer',
  quoted: 'Quoted: ready to buy',
  checks: 'Being checked',
  incomplete: 'Incomplete: a few details needed',
  underwriter_review: 'With an underwriter',
  missing_info: 'More information needed',
  application_under_review: 'Application under review',
  approved: 'Approved',
  declined: 'Declined',
  awaiting_payment: 'Awaiting payment',
  bound: 'Bound: cover is in place',
  complete: 'Complete: documents issued',
  close_lost: 'Closed',
};

/** The words for a status; one this build does not know yet reads as its code, spaced. */
export function orderStatusWords(status: SubmissionStatus | string): string {
  return STATUS_WORDS[status as SubmissionStatus] ?? status.replaceAll('_', ' ');
}

/**
 * Which way a status leans, for its colour: the insured has something to do, someone else has,
 * the cover is in place, or the order is over. Colour is never the only signal: the words say it.
 */
export type StatusTone = 'action' | 'waiting' | 'covered' | 'closed';

const TONES: Record<SubmissionStatus, StatusTone> = {
  draft: 'action',
  quoted: 'action',
  checks: 'waiting',
  incomplete: 'action',
  underwriter_review: 'waiting',
  missing_info: 'action',
  application_under_review: 'waiting',
  approved: 'action',
  declined: 'closed',
  awaiting_payment: 'action',
  bound: 'covered',
  complete: 'covered',
  close_lost: 'closed',
};

export function orderStatusTone(status: SubmissionStatus | string): StatusTone {
  return TONES[status as SubmissionStatus] ?? 'waiting';
}
