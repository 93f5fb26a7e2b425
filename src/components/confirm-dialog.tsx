import { Dialog } from '@/components/dialog';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in a sentence. */
  message: string;
  confirmLabel: string;
  /** The server's refusal (a 409 reason), shown in the dialog. */
  error?: string | undefined;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Delete this location?": the safe choice (Cancel) has focus first. */
export function ConfirmDialog({ title, message, confirmLabel, error, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog title={title} onClose={onCancel} alert>
      <p>{message}</p>
      {error && (
        <div className="notice notice--error" role="alert">
          <p>{error}</p>
        </div>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} data-autofocus>
          Cancel
        </button>
        {/* aria-disabled, not disabled: a disabled button would drop keyboard focus to the page. */}
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            if (!busy) onConfirm();
          }}
          aria-disabled={busy || undefined}
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
