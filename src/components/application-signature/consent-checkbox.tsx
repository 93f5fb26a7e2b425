import { useId, type Ref } from 'react';

interface ConsentCheckboxProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** What ticking it means, read with it. */
  hint?: string;
  /** Its message: makes it aria-invalid and is read with it. */
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/** One box the insured must tick to sign, with its hint and message tied to it for assistive technology. */
export function ConsentCheckbox({
  label,
  checked,
  onCheckedChange,
  hint,
  error,
  inputRef,
  disabled,
}: ConsentCheckboxProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`checkbox sign-application__box${error ? ' field--invalid' : ''}`}>
      <input
        ref={inputRef}
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        disabled={disabled}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error sign-application__box-error">
          {error}
        </p>
      )}
    </div>
  );
}
