import '@/styles/field-controls.css';
import { type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldFrame } from '@/components/form/field-frame';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  inputRef?: Ref<HTMLTextAreaElement>;
  optional?: boolean;
}

/** TextField's twin for longer text: the label, hint and message tied to the textarea. */
export function TextAreaField({
  label,
  value,
  onValueChange,
  hint,
  error,
  inputRef,
  optional,
  rows = 5,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      control={(control) => (
        <textarea
          {...textarea}
          {...control}
          ref={inputRef}
          rows={rows}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    />
  );
}
