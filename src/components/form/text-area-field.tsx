import '@/styles/field-controls.css';
import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

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
export function TextAreaField({ label, value, onValueChange, hint, error, inputRef, optional, rows = 5, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      {hint && (
        <div id={hintId} className="field__hint">
          {hint}
        </div>
      )}
      <textarea
        {...textarea}
        id={id}
        ref={inputRef}
        rows={rows}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
