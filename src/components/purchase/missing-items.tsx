import { useEffect } from 'react';
import type { OrderSummaryDetails } from '@shared/contract/lifecycle';
import { FileList } from '@/components/files/file-list';
import { MissingAnswers } from '@/components/order/missing-answers';
import { OrderUpload } from '@/components/order/order-upload';
import { useOrderDetails } from '@/components/order/use-order-details';
import { MissingDetailsForm } from '@/components/purchase/missing-details-form';

/**
 * What buy now found missing, asked here (issue 16): the practice's address and a primary
 * contact in one small form; answers and documents (loss runs) through the order's own machine,
 * as the incomplete-order screen asks them. Whatever is supplied, the review loads the order again.
 */
export default function MissingItems({
  details,
  onSupplied,
  titleId,
}: {
  details: OrderSummaryDetails;
  onSupplied: () => void;
  /** The screen's heading, which the order's machine focuses. */
  titleId: string;
}) {
  const { order, requiredItems } = details;
  const needsLocation = requiredItems.some((item) => item.kind === 'location');
  const needsContact = requiredItems.some((item) => item.kind === 'primaryContact');
  const needsAnswersOrFiles = requiredItems.some((item) => item.kind === 'answer' || item.kind === 'document');
  return (
    <section className="order-section payment-missing" aria-labelledby="payment-missing-title">
      <h2 id="payment-missing-title">Still needed before you pay</h2>
      <ul className="payment-missing__list">
        {requiredItems.map((item) => (
          <li key={item.code}>{item.label}</li>
        ))}
      </ul>
      {(needsLocation || needsContact) && (
        <MissingDetailsForm
          key={requiredItems.map((item) => item.code).join(',')}
          input={{ submissionId: order.submissionId, needsLocation, needsContact, zipcode: order.zipcode ?? '' }}
          placeWords={[order.state?.name, order.zipcode].filter(Boolean).join(' ')}
          onSupplied={onSupplied}
        />
      )}
      {needsAnswersOrFiles && (
        <AnswersAndFiles submissionId={order.submissionId} onSupplied={onSupplied} titleId={titleId} />
      )}
    </section>
  );
}

function AnswersAndFiles({
  submissionId,
  onSupplied,
  titleId,
}: {
  submissionId: number;
  onSupplied: () => void;
  titleId: string;
}) {
  // The order summary's view of the order: it never sends the insured to another screen.
  const [state, send] = useOrderDetails(submissionId, 'ordersummary');
  const { details, uploads, answersSaved } = state.context;
  useEffect(() => {
    if (uploads > 0 || answersSaved > 0) onSupplied();
  }, [uploads, answersSaved, onSupplied]);
  if (!details) return <p role="status">Loading what is needed…</p>;
  const order = { details, titleId, state, send };
  const wantsFiles = details.requiredItems.some((item) => item.kind === 'document') || details.files.length > 0;
  return (
    <>
      <MissingAnswers
        key={state.context.questions.map((question) => question.code).join(',')}
        order={order}
        id="payment-answers"
      />
      {wantsFiles && (
        <div className="payment-missing__files">
          <h3>Documents</h3>
          <FileList files={details.files} viewer="insured" emptyText="No documents uploaded yet." />
          <OrderUpload order={order} id="payment-upload" label="Upload loss runs" />
        </div>
      )}
    </>
  );
}
