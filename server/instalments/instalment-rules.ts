/**
 * When a payment plan's later instalments are acted on, and what a cancellation for non-payment
 * returns (issue 20), pure: days in, days and cents out. The sweeps (instalment-sweeps.ts) ask
 * these with the business day of ctx.clock.
 *
 * An instalment due on D is invoiced (and mailed) on D − invoiceDaysBefore, reminded on
 * D − reminderDaysBefore and D + reminderDaysAfter, each once; unpaid after D + graceDays (from
 * the day after the grace's last day), the policy gets a notice of cancellation ending noticeDays
 * later: cover ends at 12:01 a.m. on that day unless the instalment is paid before it.
 */
import { addDays, type CalendarDay } from '@shared/calendar';
import type { ReturnPremium } from '@shared/contract/cancellation';
import type { InstalmentStatus } from '@shared/contract/instalments';
import type { ScheduledInstallment } from '@server/db/schema';

export type InstalmentSettings = {
  invoiceDaysBefore: number;
  reminderDaysBefore: number;
  reminderDaysAfter: number;
  graceDays: number;
  noticeDays: number;
};

/** The first day an instalment due on `dueDate` is invoiced. */
export const invoiceDay = (dueDate: CalendarDay, settings: InstalmentSettings) =>
  addDays(dueDate, -settings.invoiceDaysBefore);

/** The day of the reminder before the due date. */
export const reminderBeforeDay = (dueDate: CalendarDay, settings: InstalmentSettings) =>
  addDays(dueDate, -settings.reminderDaysBefore);

/** The day of the reminder after the due date. */
export const reminderAfterDay = (dueDate: CalendarDay, settings: InstalmentSettings) =>
  addDays(dueDate, settings.reminderDaysAfter);

/** The day a notice sent on `sentOn` ends: the state's days, else the configured default. */
export const noticeEndDay = (sentOn: CalendarDay, stateNoticeDays: number | null, settings: InstalmentSettings) =>
  addDays(sentOn, stateNoticeDays ?? settings.noticeDays);

/** The later instalments still to invoice on `today`: due within the period and their invoice day come. */
export function instalmentsToInvoice(
  schedule: readonly ScheduledInstallment[],
  invoiced: ReadonlySet<number>,
  today: CalendarDay,
  expirationDate: CalendarDay,
  settings: InstalmentSettings,
): ScheduledInstallment[] {
  return schedule.filter(
    (item) =>
      item.installmentNo > 1 &&
      !invoiced.has(item.installmentNo) &&
      item.dueDate < expirationDate &&
      invoiceDay(item.dueDate, settings) <= today,
  );
}

/** How an instalment stands on `today` for the insured: from its invoice (if any) and the policy. */
export function instalmentStatus(
  invoice: { status: string } | undefined,
  dueDate: CalendarDay,
  today: CalendarDay,
  policyCancelled: boolean,
): InstalmentStatus {
  if (invoice?.status === 'paid') return 'paid';
  if (policyCancelled || invoice?.status === 'void') return 'void';
  if (!invoice) return 'scheduled';
  return dueDate < today ? 'overdue' : 'open';
}

/**
 * A cancellation for non-payment: the return premium exactly as an insured's own cancellation from
 * the same day would be (pro rata — a non-payment cancellation is never short rate), less the
 * premium still unpaid: every later instalment not paid, without its instalment fee (the fee buys
 * the spreading of a payment that will now never be made). Positive: owed to the insured;
 * negative: earned premium the insured still owes for the days covered.
 */
export function nonPaymentReturn(
  returned: ReturnPremium,
  schedule: readonly ScheduledInstallment[],
  paidInstalments: ReadonlySet<number>,
  installmentFeeCents: number,
) {
  const unpaidCents = schedule
    .filter((item) => item.installmentNo > 1 && !paidInstalments.has(item.installmentNo))
    .reduce((sum, item) => sum + item.amountCents - installmentFeeCents, 0);
  return { returned, unpaidCents, netCents: returned.totalCents - unpaidCents };
}
