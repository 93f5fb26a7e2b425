import { formatUsd } from '@shared/contract/money-format';
import { formatDay } from '@/components/format/dates';

/** "$1,000,000" for limits and deductibles, which are whole dollars; cents stay when there are any. */
export function wholeUsd(cents: number): string {
  return formatUsd(cents).replace(/\.00$/, '');
}

/** "Jul 1, 2026 to Jul 1, 2027": a policy period from two calendar dates. */
export function periodWords(from: string, to: string): string {
  return `${formatDay(from)} to ${formatDay(to)}`;
}
