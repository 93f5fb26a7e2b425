/**
 * What a cancellation returns and what a tail costs (issue 19, DESIGN.md "The policy after the
 * sale"), pure: the policy's period, its annual premium and the rate table it was priced with in,
 * cents out. The days are the business calendar's (shared/rating/proration.ts).
 *
 * The return: the premium for the days from the cancellation date to the expiration date, pro
 * rata, or short rate (90% of that) where the state's option says so; cancelled from its first
 * day, a policy is cancelled flat and everything comes back. The policy fee, the taxes and the
 * state fees were charged on the year's premium, so they come back in the proportion the premium
 * does (all of them, flat).
 *
 * The tail: the table's percentage of the annual premium for 1, 2 or 3 years, with the state's
 * premium tax and state fees on it (no second policy fee: it buys no new policy).
 */
import { addMonths, type CalendarDay } from '@shared/calendar';
import type { ReturnMethod, ReturnPremium, TailOption, TailYears } from '@shared/contract/cancellation';
import { tailYears } from '@shared/contract/cancellation';
import { applyBps } from '@shared/rating/money';
import { daysInPeriod, daysRemaining, returnPremium, shareOf, type PolicyPeriod } from '@shared/rating/proration';

/** The Extended Reporting Period's price by length, in basis points of the annual premium. */
export type ErpPercentBps = Record<`${TailYears}`, number>;

/** What the rate table the policy was priced with says about fees and taxes, and the state's option. */
export type CancellationTable = {
  policyFeeCents: number;
  taxRateBps: number;
  feeRateBps: number;
  erpPercentBps: ErpPercentBps;
  /** The state's option: an insured's own cancellation returns short rate. */
  shortRate: boolean;
};

/** The policy fee, tax and state fees the table charges on a year's premium (as the rating engine does). */
export function annualCharges(
  table: Pick<CancellationTable, 'policyFeeCents' | 'taxRateBps' | 'feeRateBps'>,
  annualPremiumCents: number,
) {
  const taxable = annualPremiumCents + table.policyFeeCents;
  return {
    policyFeeCents: table.policyFeeCents,
    taxCents: applyBps(taxable, table.taxRateBps),
    stateFeeCents: applyBps(taxable, table.feeRateBps),
  };
}

/** The earliest cancellation date allowed today: today, or the first day of a policy not yet in force. */
export const earliestCancellation = (period: PolicyPeriod, today: CalendarDay): CalendarDay =>
  today > period.effectiveDate ? today : period.effectiveDate;

/** Why a date cannot be the cancellation date, or null when it can. */
export function cancellationDateProblem(period: PolicyPeriod, today: CalendarDay, date: CalendarDay): string | null {
  const earliest = earliestCancellation(period, today);
  if (date < earliest) {
    return earliest === today
      ? `must be today (${today}) or later`
      : `must be on or after the effective date (${earliest})`;
  }
  if (date >= period.expirationDate) return `must be before the expiration date (${period.expirationDate})`;
  return null;
}

/** The return premium for cancelling from `date` (a day of the period, checked with cancellationDateProblem). */
export function cancellationReturn(
  period: PolicyPeriod,
  date: CalendarDay,
  annualPremiumCents: number,
  table: CancellationTable,
): ReturnPremium {
  const method: ReturnMethod = date === period.effectiveDate ? 'flat' : table.shortRate ? 'short_rate' : 'pro_rata';
  const premiumCents =
    method === 'flat'
      ? annualPremiumCents
      : returnPremium(period, date, annualPremiumCents, method === 'short_rate' ? 'short_rate' : 'pro_rata');
  const annual = annualCharges(table, annualPremiumCents);
  // In the premium's proportion; a premium of nothing returns nothing else either.
  const inProportion = (cents: number) =>
    annualPremiumCents === 0 ? 0 : shareOf(cents, premiumCents, annualPremiumCents);
  const policyFeeCents = method === 'flat' ? annual.policyFeeCents : inProportion(annual.policyFeeCents);
  const taxCents = method === 'flat' ? annual.taxCents : inProportion(annual.taxCents);
  const stateFeeCents = method === 'flat' ? annual.stateFeeCents : inProportion(annual.stateFeeCents);
  return {
    method,
    daysRemaining: daysRemaining(period, date),
    daysInPeriod: daysInPeriod(period),
    annualPremiumCents,
    premiumCents,
    policyFeeCents,
    taxCents,
    stateFeeCents,
    totalCents: premiumCents + policyFeeCents + taxCents + stateFeeCents,
  };
}

/** One tail's price, starting on `startsOn`. */
export function tailOption(
  years: TailYears,
  annualPremiumCents: number,
  table: Pick<CancellationTable, 'taxRateBps' | 'feeRateBps' | 'erpPercentBps'>,
  startsOn: CalendarDay,
): TailOption {
  const percentBps = table.erpPercentBps[`${years}`];
  const premiumCents = applyBps(annualPremiumCents, percentBps);
  const taxCents = applyBps(premiumCents, table.taxRateBps);
  const stateFeeCents = applyBps(premiumCents, table.feeRateBps);
  return {
    years,
    percentBps,
    premiumCents,
    taxCents,
    stateFeeCents,
    totalCents: premiumCents + taxCents + stateFeeCents,
    reportingUntil: addMonths(startsOn, 12 * years),
  };
}

/** The three tails on offer. */
export const tailOffer = (
  annualPremiumCents: number,
  table: Pick<CancellationTable, 'taxRateBps' | 'feeRateBps' | 'erpPercentBps'>,
  startsOn: CalendarDay,
): TailOption[] => tailYears.map((years) => tailOption(years, annualPremiumCents, table, startsOn));
