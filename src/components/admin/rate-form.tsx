import * as v from 'valibot';
import type { RateTableVersion } from '@shared/contract/admin-rate-tables';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import type { RateChange } from '@/machines/admin-rate-tables.machine';

const dollars = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('is required'),
  v.regex(/^\d{1,8}(\.\d{1,2})?$/, 'must be an amount in dollars, e.g. 1250 or 1250.50'),
);
const positiveDollars = v.pipe(
  dollars,
  v.check((value) => Number(value) > 0, 'must be more than $0'),
);
const percent = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('is required'),
  v.regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage, e.g. 3 or 8.25'),
  v.check((value) => Number(value) <= 100, 'must be at most 100 %'),
);

const toCents = (value: string) => Math.round(Number(value) * 100);
const toBps = (value: string) => Math.round(Number(value) * 100);
const fromCents = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));
const fromBps = (bps: number) => String(bps / 100);

/** The wire names the server's messages use, by the form's field. */
const WIRE = {
  base: 'basePremiumCents',
  min: 'minPremiumCents',
  fee: 'policyFeeCents',
  tax: 'taxRateBps',
  rate: 'feeRateBps',
} as const;

/**
 * The prices of the version in force, to change as the next version: base and minimum premium,
 * policy fee (dollars), tax and fee rates (percent). Keyed on the version by its screen, so a new
 * version starts a fresh form.
 */
export function RateForm({
  version,
  busy,
  fieldErrors,
  onSave,
}: {
  version: RateTableVersion;
  busy: boolean;
  fieldErrors: Record<string, string>;
  onSave: (change: RateChange) => void;
}) {
  const form = useForm(
    {
      base: { schema: positiveDollars, name: 'Base premium', initial: fromCents(version.basePremiumCents) },
      min: { schema: positiveDollars, name: 'Minimum premium', initial: fromCents(version.minPremiumCents) },
      fee: { schema: dollars, name: 'Policy fee', initial: fromCents(version.policyFeeCents) },
      tax: { schema: percent, name: 'Tax rate', initial: fromBps(version.taxRateBps) },
      rate: { schema: percent, name: 'Fee rate', initial: fromBps(version.feeRateBps) },
    },
    Object.fromEntries(
      Object.entries(WIRE).flatMap(([field, wire]) => (fieldErrors[wire] ? [[field, fieldErrors[wire]]] : [])),
    ),
  );
  const field = (name: keyof typeof WIRE) => ({ ...form.field(name), readOnly: busy, inputMode: 'decimal' as const });
  return (
    <form
      className="form admin__panel"
      aria-labelledby="rates-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const values = form.submit();
        if (!values) return;
        onSave({
          basePremiumCents: toCents(values.base),
          minPremiumCents: toCents(values.min),
          policyFeeCents: toCents(values.fee),
          taxRateBps: toBps(values.tax),
          feeRateBps: toBps(values.rate),
        });
      }}
    >
      <h3 id="rates-title">Prices</h3>
      <TextField
        label="Base premium ($ a year)"
        hint="Before limit, deductible, territory and experience factors."
        {...field('base')}
      />
      <TextField label="Minimum premium ($)" {...field('min')} />
      <TextField label="Policy fee ($)" {...field('fee')} />
      <TextField label="Tax rate (%)" {...field('tax')} />
      <TextField label="Fee rate (%)" {...field('rate')} />
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? 'Saving…' : `Save as version ${version.version + 1}`}
      </button>
    </form>
  );
}
