/**
 * The year's payments under a payment plan: the first (the down payment) due when invoiced,
 * the rest spread evenly over the policy year from the effective date (quarterly for four,
 * monthly for twelve). Amounts come from the rated plan as it was quoted, never re-derived.
 */
import type { PaymentPlan } from '@shared/contract/rating';
import type { ScheduledInstallment } from '@server/db/schema';

/** YYYY-MM-DD plus whole months, clamped to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(isoDay: string, months: number): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Cover never starts in the past: an order paid after its chosen date starts the day it is paid. */
export const coverStart = (effectiveDate: string | null, today: string) =>
  effectiveDate && effectiveDate > today ? effectiveDate : today;

export function installmentSchedule(plan: PaymentPlan, dueNow: string, effectiveDate: string): ScheduledInstallment[] {
  const count = Math.max(1, plan.installments);
  const spacing = Math.max(1, Math.floor(12 / count));
  return Array.from({ length: count }, (_, index) => ({
    installmentNo: index + 1,
    dueDate: index === 0 ? dueNow : addMonths(effectiveDate, spacing * index),
    amountCents:
      index === 0 ? plan.downPaymentCents : index === count - 1 ? plan.lastInstallmentCents : plan.installmentCents,
  }));
}
