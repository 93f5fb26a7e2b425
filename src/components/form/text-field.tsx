import { type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldFrame } from '@/components/form/field-frame';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** What the field expects, shown before anything goes wrong. */
  hint?: ReactNode;
  /** The field's message: it makes the input aria-invalid and is read with it. */
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /** Not required: labelled "(optional)"; every other field is aria-required (the forms are noValidate). */
  optional?: boolean;
}

/** A labelled input whose hint and error are tied to it for assistive technology. */
export function TextField({ label, value, onValueChange, hint, error, inputRef, optional, ...input }: TextFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      control={(control) => (
        <input
          {...input}
          {...control}
          ref={inputRef}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    />
  );
}
