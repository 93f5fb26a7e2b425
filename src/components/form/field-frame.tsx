import { useId, type ReactNode } from 'react';

/** What the frame hands its control so the label, hint and message are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  label: string;
  /** What the field expects, shown before anything goes wrong. */
  hint?: ReactNode;
  /** The field's message: it makes the control aria-invalid and is read with it. */
  error?: string | undefined;
  /** Not required: labelled "(optional)"; every other field is aria-required (the forms are noValidate). */
  optional?: boolean | undefined;
  control: (props: FieldControlProps) => ReactNode;
  /** Shown under the message (a "Try again" when a select's options could not be loaded). */
  after?: ReactNode;
}

/** The label, hint and message around one control: shared by TextField, SelectField and TextAreaField. */
export function FieldFrame({ label, hint, error, optional, control, after }: FieldFrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
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
      {control({
        id,
        'aria-required': optional ? undefined : true,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {after}
    </div>
  );
}
