import type { FormEvent, ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { ServerFailure } from '@/components/form/server-failure';

/**
 * A dialog holding one form sent to the server: the refusal shown above the form (its messages
 * on the fields the form shows, any other in the alert), the form's fields as children, then
 * Cancel and the submit button. While busy both buttons stay focusable (aria-disabled) so focus
 * is not lost, and a repeated submit is ignored. Checking the fields is the caller's, in
 * `onSubmit`.
 */
export function FormDialog({
  title,
  submitLabel,
  busyLabel,
  danger = false,
  busy,
  failure,
  failureTitle,
  shownFields,
  onSubmit,
  onCancel,
  className,
  formClassName = 'form',
  children,
}: {
  title: string;
  submitLabel: string;
  /** The submit button's words while busy ("Saving…"). */
  busyLabel: string;
  danger?: boolean;
  busy: boolean;
  failure: { message: string; fields: Record<string, string> } | null | undefined;
  /** The refusal's heading ("We could not save this contact"). */
  failureTitle: string;
  /** Wire names of the fields the form shows. */
  shownFields: readonly string[];
  onSubmit: () => void;
  onCancel: () => void;
  className?: string;
  formClassName?: string;
  children: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }
  return (
    <Dialog title={title} onClose={onCancel} className={className}>
      {failure && <ServerFailure title={failureTitle} failure={failure} shownFields={shownFields} />}
      <form className={formClassName} noValidate onSubmit={submit} aria-busy={busy}>
        {children}
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={onCancel}
            aria-disabled={busy || undefined}
          >
            Cancel
          </button>
          <button
            type="submit"
            className={danger ? 'button button--danger' : 'button'}
            aria-disabled={busy || undefined}
          >
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
