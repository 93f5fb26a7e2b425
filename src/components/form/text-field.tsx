import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

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
      <input
        {...input}
        id={id}
        ref={inputRef}
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
