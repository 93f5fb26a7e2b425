import type { UsState } from '@shared/contract/lists';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';

interface StateFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  inputRef: (element: HTMLElement | null) => void;
  /** Null when the list could not load: a two-letter code is typed instead. */
  states: UsState[] | null;
  readOnly?: boolean;
}

/**
 * A US state: a select of the state list, or, when that list could not load, a typed two-letter
 * code, so that the form still works without it.
 */
export function StateField({
  label,
  value,
  onValueChange,
  onBlur,
  error,
  inputRef,
  states,
  readOnly,
}: StateFieldProps) {
  if (!states) {
    return (
      <TextField
        label={label}
        hint="Two letters, e.g. TX"
        value={value}
        onValueChange={(typed) => onValueChange(typed.toUpperCase())}
        onBlur={onBlur}
        error={error}
        inputRef={inputRef}
        autoComplete="address-level1"
        maxLength={2}
        readOnly={readOnly}
      />
    );
  }
  return (
    <SelectField
      label={label}
      placeholder="Choose a state"
      options={states.map((state) => ({ value: state.code, label: state.name }))}
      value={value}
      // A select cannot be read-only: while saving it ignores changes instead.
      onValueChange={(chosen) => !readOnly && onValueChange(chosen)}
      onBlur={onBlur}
      error={error}
      inputRef={inputRef}
      autoComplete="address-level1"
      aria-disabled={readOnly || undefined}
    />
  );
}
