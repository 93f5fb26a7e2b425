import { useId, useState, type ReactNode } from 'react';
import { FormDialog } from '@/components/form-dialog';

/** A save the server refused, in words, with its messages by wire field name. */
export interface RecordFailure {
  message: string;
  fields: Record<string, string>;
}

/**
 * The add/edit dialog of an account list (contacts, locations, and any record list like them):
 * the title names what happens ("Add a contact", "Edit contact"), the server's refusal is shown
 * above the form, and the form's own fields are the children. Checking the fields is the
 * caller's (useForm with the contract's schemas): `onSubmit` is called only while not saving.
 * Give the first field `data-autofocus`: without it the dialog starts on its Close button.
 */
export function RecordEditorDialog({
  title,
  saveLabel,
  saving,
  failure,
  failureTitle,
  shownFields,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  /** The submit button's words ("Save contact"). */
  saveLabel: string;
  saving: boolean;
  failure: RecordFailure | null;
  /** The refusal's heading ("We could not save this contact"). */
  failureTitle: string;
  /** Wire names of the fields the form shows: their messages go on the fields, any other in the alert. */
  shownFields: readonly string[];
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <FormDialog
      title={title}
      submitLabel={saveLabel}
      busyLabel="Saving…"
      busy={saving}
      failure={failure}
      failureTitle={failureTitle}
      shownFields={shownFields}
      onSubmit={onSubmit}
      onCancel={onCancel}
      className="dialog--wide"
      formClassName="form record-editor"
    >
      {children}
    </FormDialog>
  );
}

/**
 * "Make this the primary contact". The primary record cannot be unmarked here (the server
 * refuses it: one is primary whenever any exist), so for it the box is checked and disabled and
 * the hint says how to move the primary instead; the same for the very first record, which
 * always becomes primary.
 */
export function PrimaryCheckbox({
  label,
  checked,
  onCheckedChange,
  locked,
  hint,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Checked and not changeable. */
  locked: boolean;
  hint?: string | undefined;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="checkbox record-editor__primary">
      <input
        id={id}
        type="checkbox"
        checked={locked || checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        disabled={locked}
        aria-describedby={hintId}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * The primary choice of a contact or location editor: what to send as `isprimary`, and the
 * checkbox's props with the hint that fits (the primary itself, the very first record, or why
 * the primary matters: `purpose`).
 */
export function usePrimaryChoice(
  record: { isprimary: boolean } | null,
  records: readonly unknown[],
  noun: string,
  purpose: string,
) {
  const first = record === null && records.length === 0;
  const locked = first || (record?.isprimary ?? false);
  const [chosen, setChosen] = useState(false);
  const hint = record?.isprimary
    ? `To change the primary, make another ${noun} primary`
    : first
      ? `Your first ${noun} is always the primary one.`
      : purpose;
  return {
    isprimary: locked || chosen,
    checkbox: { label: `Make this the primary ${noun}`, checked: chosen, onCheckedChange: setChosen, locked, hint },
  };
}
