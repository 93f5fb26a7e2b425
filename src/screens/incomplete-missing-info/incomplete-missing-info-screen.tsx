import { useState, type FormEvent } from 'react';
import { FileList } from '@/components/files/file-list';
import { TextAreaField } from '@/components/form/text-area-field';
import { CloseOrderAction } from '@/components/order/close-order-action';
import { OrderFrame, type LoadedOrder } from '@/components/order/order-frame';
import { OrderHeading } from '@/components/order/order-heading';
import { InfoRequestSection } from '@/components/order/order-sections';
import { OrderSummaryLink } from '@/components/order/order-summary-link';
import { OrderUpload } from '@/components/order/order-upload';
import { useOrderSearch } from '@/components/order/use-order-search';

/**
 * incomplete-missing-info?submissionid: an underwriter asked for more. The insured reads the
 * request, uploads files to the order, writes an answer, and sends it back: the order goes to
 * application-under-review.
 */
export default function IncompleteMissingInfoScreen() {
  return (
    <OrderFrame screen="incomplete-missing-info" submissionId={useOrderSearch()} title="More information needed">
      {(order) => <MissingInfo order={order} />}
    </OrderFrame>
  );
}

function MissingInfo({ order }: { order: LoadedOrder }) {
  const { details, titleId, state, send } = order;
  const { order: placed } = details;
  // What the insured is writing: the form's own text until it is sent.
  const [message, setMessage] = useState('');
  const sending = state.matches('resubmitting');
  // Sent before the file is on the order, the answer would reach the underwriter without it.
  const uploading = state.matches('uploading');
  const failure = state.context.moveFailure?.move === 'resubmit' ? state.context.moveFailure : null;
  const fieldError = state.context.fieldErrors.message;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!sending && !uploading) send({ type: 'order.resubmit', message });
  }

  return (
    <>
      <OrderHeading order={placed} titleId={titleId} title="More information needed" />
      <p className="order-screen__lead">
        Order {placed.number}, {placed.speciality.name}. An underwriter needs a little more before deciding. Add what
        they asked for, then send it back.
      </p>

      <InfoRequestSection details={details} />

      <section className="order-section" aria-labelledby="missing-info-files-title">
        <h2 id="missing-info-files-title">Your files</h2>
        <FileList files={details.files} viewer="insured" emptyText="No files on this order yet." />
        <OrderUpload order={order} label="Add files for the underwriter" />
      </section>

      <section className="order-section" aria-labelledby="missing-info-answer-title">
        <h2 id="missing-info-answer-title">Your answer</h2>
        <form onSubmit={submit} noValidate>
          {failure && (
            <div className="notice notice--error" role="alert">
              <p>{failure.message}</p>
            </div>
          )}
          <TextAreaField
            label="Message to the underwriter"
            optional
            hint="What you have sent, or anything the files do not say."
            maxLength={2000}
            value={message}
            onValueChange={setMessage}
            error={fieldError}
          />
          <button type="submit" className="button" aria-disabled={sending || uploading || undefined}>
            {sending ? 'Sending…' : 'Send to the underwriter'}
          </button>
          <p role="status" className="order-next__busy">
            {sending
              ? 'Sending your answer…'
              : uploading
                ? 'Your files are uploading; send once they are on the order.'
                : ''}
          </p>
        </form>
      </section>

      <p>
        <OrderSummaryLink submissionId={placed.submissionId} />
      </p>
      <CloseOrderAction order={order} />
    </>
  );
}
