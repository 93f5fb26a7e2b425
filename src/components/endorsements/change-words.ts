import type { EndorsementChange, EndorsementOptions } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import { deductibleWords, limitWords } from '@/components/policy-history/endorsement-words';

/** What each changed field is called on the screen. */
const FIELD_NAMES: Record<string, string> = {
  limitCode: 'Limit of liability',
  deductibleCode: 'Deductible',
  insuredName: 'Named insured',
  address: 'Practice address',
};

/**
 * A code as the insured reads it: the option's label when the policy offers it ("$2,000,000 /
 * $4,000,000"), else in full as the policy page writes it ("$2,000,000/$4,000,000", never "2M/4M").
 */
function valueWords(
  field: string,
  value: EndorsementChange['before'],
  options: Pick<EndorsementOptions, 'limits' | 'deductibles'> | null,
): string {
  if (value === null) return 'none';
  const text = String(value);
  if (field === 'limitCode') return options?.limits.find((limit) => limit.code === text)?.label ?? limitWords(text);
  if (field === 'deductibleCode') {
    return options?.deductibles.find((one) => one.code === text)?.label ?? deductibleWords(text);
  }
  // An address is kept as its printed lines: one line on the screen.
  return text.split('\n').join(', ');
}

/** One change as "Limit of liability: $1M / $1M → $2M / $2M" parts. */
export function changeWords(
  change: EndorsementChange,
  options: Pick<EndorsementOptions, 'limits' | 'deductibles'> | null,
): { name: string; before: string; after: string } {
  return {
    name: FIELD_NAMES[change.field] ?? change.field,
    before: valueWords(change.field, change.before, options),
    after: valueWords(change.field, change.after, options),
  };
}

/**
 * What a change's total means to the insured: an additional premium due now, a return premium
 * owed to them, or nothing to pay.
 */
export function totalWords(totalCents: number): string {
  if (totalCents > 0) return `Additional premium ${formatUsd(totalCents)} due now`;
  if (totalCents < 0) return `Return premium ${formatUsd(-totalCents)} owed to you`;
  return 'No change to your premium';
}

/** A signed amount of the worksheet: "+$123.45", "−$67.89", "$0.00". */
export function signedUsd(cents: number): string {
  if (cents > 0) return `+${formatUsd(cents)}`;
  if (cents < 0) return `−${formatUsd(-cents)}`;
  return formatUsd(0);
}
