/**
 * The year's payments under a payment plan: the first (the down payment) due when invoiced,
 * the rest spread evenly over the policy year from the effective date (quarterly for four,
 * monthly for twelve). Amounts come from the rated plan as it was quoted, never re-derived.
 */
import { addMonths, type CalendarDay } from '@shared/calendar';
import type { PaymentPlan } from '@shared/contract/rating';
import type { ScheduledInstallment } from '@server/db/schema';

/** Cover never starts in the past: an order paid after its chosen date starts the day it is paid. */
export const coverStart = (effectiveDate: CalendarDay | null, today: CalendarDay) =>
  effectiveDate && effectiveDate > today ? effectiveDate : today;

export function installmentSchedule(
  plan: PaymentPlan,
  dueNow: CalendarDay,
  effectiveDate: CalendarDay,
): ScheduledInstallment[] {
  const count = Math.max(1, plan.installments);
  const spacing = Math.max(1, Math.floor(12 / count));
  return Array.from({ length: count }, (_, index) => ({
    installmentNo: index + 1,
    dueDate: index === 0 ? dueNow : addMonths(effectiveDate, spacing * index),
    amountCents:
      index === 0 ? plan.downPaymentCents : index === count - 1 ? plan.lastInstallmentCents : plan.installmentCents,
  }));
}
