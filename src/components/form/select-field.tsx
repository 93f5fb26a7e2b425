import '@/styles/field-controls.css';
import { type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldFrame } from '@/components/form/field-frame';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  /**
   * The first, empty choice ("Choose a state"): a required select starts on it, so nothing is
   * picked by accident. Left out when a value must always be chosen.
   */
  placeholder?: string;
  hint?: ReactNode;
  /** The field's message: it makes the select aria-invalid and is read with it. */
  error?: string | undefined;
  inputRef?: Ref<HTMLSelectElement>;
  optional?: boolean;
  /** Shown under the select (a "Try again" when its options could not be loaded). */
  children?: ReactNode;
}

/** TextField's twin (./text-field.tsx) for a choice from a list: the label, hint and message tied to the select. */
export function SelectField({
  label,
  value,
  onValueChange,
  options,
  placeholder,
  hint,
  error,
  inputRef,
  optional,
  children,
  ...select
}: SelectFieldProps) {
  // A saved value the list does not (yet) hold stays visible and selected rather than silently becoming the placeholder.
  const shown =
    value !== '' && !options.some((option) => option.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      after={children}
      control={(control) => (
        <select
          {...select}
          {...control}
          ref={inputRef}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {shown.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
