import * as v from 'valibot';
import { formatUpToTwoDecimals } from '@shared/contract/number-format';
import { MAX_ADJUSTMENT_BPS, MIN_ADJUSTMENT_BPS } from '@shared/contract/underwriting';

/** The limits as the underwriter types them: −50 … +100 (per cent). */
export const MIN_PERCENT = MIN_ADJUSTMENT_BPS / 100;
export const MAX_PERCENT = MAX_ADJUSTMENT_BPS / 100;

/**
 * A typed percentage in basis points: "10" → 1000, "-12.5" → −1250, "+0.25" → 25, "" → 0. A
 * typographic minus is read as a minus. Undefined when it is not a number with at most two
 * decimals (a basis point is the smallest step the server takes). Read from the text, not as a
 * binary float, so "0.29" is 29 exactly.
 */
export function percentToBps(text: string): number | undefined {
  const typed = text.trim().replace(/^−/, '-').replace(/\s*%$/, '');
  if (typed === '') return 0;
  const match = /^([+-]?)(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(typed);
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -bps : bps;
}

/** The premium after an adjustment, to the cent (half a cent rounds up). Integer arithmetic only. */
export function adjustedPremium(premiumCents: number, bps: number): number {
  return Math.round((premiumCents * (10_000 + bps)) / 10_000);
}

/** "+10 %", "−12.5 %", "no change". */
export function adjustmentWords(bps: number): string {
  if (bps === 0) return 'no change';
  const percent = formatUpToTwoDecimals(Math.abs(bps) / 100);
  return `${bps < 0 ? '−' : '+'}${percent} %`;
}

/** The percentage field's rule, for useForm (named "Premium adjustment" in front). */
export const adjustmentSchema = v.pipe(
  v.string(),
  v.check(
    (text) => percentToBps(text) !== undefined,
    'must be a number of per cent with at most two decimals, e.g. 10 or -5.5',
  ),
  v.check(
    (text) => {
      const bps = percentToBps(text) ?? 0;
      return bps >= MIN_ADJUSTMENT_BPS && bps <= MAX_ADJUSTMENT_BPS;
    },
    `must be between −${Math.abs(MIN_PERCENT)} % and +${MAX_PERCENT} %`,
  ),
);

/** The reason's rule: required as soon as the premium changes (the server refuses it otherwise). */
export function adjustmentReasonSchema(values: Readonly<Record<string, string>>): v.GenericSchema {
  const bps = percentToBps(values.adjustmentBps ?? '') ?? 0;
  return bps === 0
    ? v.pipe(v.string(), v.trim(), v.maxLength(1000, 'must be at most 1000 characters'))
    : v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty('is required when the premium is adjusted'),
        v.maxLength(1000, 'must be at most 1000 characters'),
      );
}
