import { formatCalendarDay } from '@shared/contract/date-format';
import type { InstalmentStatus } from '@shared/contract/instalments';

/** An instalment's status in the insured's words, with its due date. */
export function instalmentStatusWords(status: InstalmentStatus, dueDate: string): string {
  const due = formatCalendarDay(dueDate);
  switch (status) {
    case 'paid':
      return 'Paid';
    case 'open':
      return `Due ${due}`;
    case 'overdue':
      return `Overdue since ${due}`;
    case 'scheduled':
      return `Due ${due} (invoiced 2 weeks before)`;
    case 'void':
      return 'Not due: the policy ended';
  }
}

/** The notice of cancellation for non-payment, in plain words. */
export const noticeWords = (policyNumber: string, noticeEndDate: string) =>
  `Policy ${policyNumber} will be cancelled for non-payment from ${formatCalendarDay(noticeEndDate)} unless the overdue instalment is paid before then.`;
