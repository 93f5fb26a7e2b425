import '@/styles/order-status.css';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { orderStatusTone, orderStatusWords } from '@/components/dashboard/order-status';

/** The desk's own words for the statuses it works on: whose move it is, seen from the desk. */
const DESK_WORDS: Partial<Record<SubmissionStatus, string>> = {
  underwriter_review: 'Referred: awaiting review',
  missing_info: 'Waiting on the insured',
  application_under_review: 'Resubmitted: awaiting review',
};

/** A status as the underwriter reads it; any other status in the insured's words ("Approved"). */
export function deskStatusWords(status: SubmissionStatus): string {
  return DESK_WORDS[status] ?? orderStatusWords(status);
}

/** The status as a badge; colour is never the only signal, the words say it. */
export function DeskStatus({ status }: { status: SubmissionStatus }) {
  return (
    <span className={`order-status-badge order-status-badge--${orderStatusTone(status)}`} data-order-status={status}>
      {deskStatusWords(status)}
    </span>
  );
}
