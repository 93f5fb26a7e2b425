import '@/styles/dialog.css';
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  /** The dialog's heading; also its accessible name. */
  title: string;
  /** Escape, the close button and Cancel all call it; the owner decides whether to unmount. */
  onClose: () => void;
  children: ReactNode;
  /** role=alertdialog for confirmations that interrupt. */
  alert?: boolean;
  /** Extra class for the panel (a wide form). */
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog> element opened with showModal(): the rest of the page is
 * inert and Escape cancels. Focus goes to the first field (or the first control), Tab and
 * Shift+Tab wrap inside it, and on unmount focus returns to whatever opened it, so a keyboard
 * user is put back where they were. Mounted = open: the owner removes it to close it, which
 * also closes it cleanly when the route changes.
 */
export function Dialog({ title, onClose, children, alert, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector('.dialog__body')?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // The opener may have gone with the change the dialog made (a deleted row): then the main region.
      if (opener?.isConnected) opener.focus();
      else document.getElementById('main')?.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      role={alert ? 'alertdialog' : undefined}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: React decides (the owner unmounts us), not the browser.
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog__close" aria-label="Close" onClick={() => onCloseRef.current()}>
          ×
        </button>
      </div>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
