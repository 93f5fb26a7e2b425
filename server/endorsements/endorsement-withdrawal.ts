/**
 * A pending mid-term change when its policy is cancelled (issue 19). A change with the underwriter
 * (referred) or waiting for its additional premium (awaiting payment) can no longer be made: the
 * cancellation withdraws it, in its own transaction, as declined with the reason "the policy was
 * cancelled" — what the insured reads on the policy's history — and a mark that it was withdrawn
 * rather than decided, so the underwriter's decision on it afterwards is a 409 saying why (not a
 * repeated decline answered 200). The cancellation notice already tells the insured; nothing more
 * is mailed. Its open invoice is voided: it can no longer be paid (a payment arriving anyway is
 * kept for a refund by server/payments/settle.ts, as for any change not awaiting payment).
 */
import type { EndorsementChange } from '@shared/contract/endorsements';
import { formatCalendarDay } from '@shared/contract/date-format';
import type { CalendarDay } from '@shared/calendar';

/** The statuses a cancellation withdraws. */
export const PENDING_CHANGE_STATUSES = ['referred', 'awaiting_payment'] as const;

/** The change's field that marks a change withdrawn by a cancellation; after: the day cover ends. */
export const WITHDRAWN_FIELD = 'withdrawnByCancellation';

/** What a withdrawn change's history gains: the mark, and the reason the insured reads. */
export function withdrawalChanges(cancellationDate: CalendarDay): EndorsementChange[] {
  return [
    { field: WITHDRAWN_FIELD, before: null, after: cancellationDate },
    {
      field: 'declineReason',
      before: null,
      after: `The policy was cancelled from ${formatCalendarDay(cancellationDate)}, so this change was not made.`,
    },
  ];
}

/** The day the cancellation that withdrew the change took effect; undefined when it was not withdrawn. */
export function withdrawnOn(changes: readonly EndorsementChange[]): string | undefined {
  const mark = changes.find((change) => change.field === WITHDRAWN_FIELD);
  return typeof mark?.after === 'string' ? mark.after : undefined;
}
