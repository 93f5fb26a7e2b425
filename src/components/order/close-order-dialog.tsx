import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { closeLostReasons } from '@shared/contract/lifecycle';
import type { CloseLostReason } from '@/api/lifecycle';
import { Dialog } from '@/components/dialog';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { CLOSE_LOST_REASON_WORDS } from '@/components/order/close-lost-words';
import type { closeLostMachine } from '@/machines/close-lost.machine';

const REASON_OPTIONS = closeLostReasons.map((value) => ({ value, label: CLOSE_LOST_REASON_WORDS[value] }));

/**
 * "Close this order?": a reason (required) and optional words, then the order is closed as lost.
 * Driven by the close-lost machine the screen's machine invoked. A form, so a dialog rather than
 * an alert; Cancel has focus first, as in every confirmation (src/components/confirm-dialog.tsx).
 */
export function CloseOrderDialog({ actor }: { actor: ActorRefFrom<typeof closeLostMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  const { number, reason, comment, errorMessage, fieldErrors } = state.context;
  const sending = state.matches('sending');
  const cancel = () => {
    if (!sending) actor.send({ type: 'close.cancel' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending) actor.send({ type: 'close.confirm' });
  };
  return (
    <Dialog title={`Close order ${number}?`} onClose={cancel}>
      <form onSubmit={submit} noValidate>
        <p>A closed order cannot be bought or reopened. You can always get a new quote.</p>
        <SelectField
          label="Reason for closing"
          value={reason}
          placeholder="Choose a reason"
          options={REASON_OPTIONS}
          error={fieldErrors.reason}
          onValueChange={(value) => actor.send({ type: 'close.edit', reason: value as CloseLostReason })}
        />
        <TextAreaField
          label="Anything you would like us to know"
          optional
          rows={3}
          maxLength={500}
          value={comment}
          error={fieldErrors.comment}
          onValueChange={(value) => actor.send({ type: 'close.edit', comment: value })}
        />
        {errorMessage && (
          <div className="notice notice--error" role="alert">
            <p>{errorMessage}</p>
          </div>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={cancel} data-autofocus>
            Cancel
          </button>
          {/* aria-disabled, not disabled: a disabled button would drop keyboard focus to the page. */}
          <button type="submit" className="button button--danger" aria-disabled={sending || undefined}>
            {sending ? 'Closing…' : 'Close this order'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
