import { FileList } from '@/components/files/file-list';
import { CloseOrderAction } from '@/components/order/close-order-action';
import { MissingAnswers } from '@/components/order/missing-answers';
import { OrderFacts } from '@/components/order/order-facts';
import { OrderFrame, type LoadedOrder } from '@/components/order/order-frame';
import { OrderHeading } from '@/components/order/order-heading';
import { OrderSummaryLink } from '@/components/order/order-summary-link';
import { OrderUpload } from '@/components/order/order-upload';
import { RequiredItemList } from '@/components/order/required-items';
import { useOrderSearch } from '@/components/order/use-order-search';

const UPLOAD_ID = 'incomplete-order-upload';
const ANSWERS_ID = 'incomplete-order-answers';

/**
 * incomplete-order?submissionid: buy now found things missing. Each is listed with where to
 * supply it (documents are uploaded here); then "Buy now again" runs the checks once more.
 */
export default function IncompleteOrderScreen() {
  return (
    <OrderFrame screen="incomplete-order" submissionId={useOrderSearch()} title="Your order needs a few more details">
      {(order) => <IncompleteOrder order={order} />}
    </OrderFrame>
  );
}

function IncompleteOrder({ order }: { order: LoadedOrder }) {
  const { details, titleId, state, send } = order;
  const { order: placed, requiredItems } = details;
  // Kept once files are there: an upload that supplies the last document must not take its own outcome away.
  const showsDocuments = requiredItems.some((item) => item.kind === 'document') || details.files.length > 0;
  const buying = state.matches('buying');
  // Bought before they land, the order would be checked without them.
  const waitFor = state.matches('uploading') ? 'files' : state.matches('savingAnswers') ? 'answers' : null;
  const failure = state.context.moveFailure?.move === 'buyNow' ? state.context.moveFailure : null;
  const stillMissing = state.context.bought?.outcome === 'incomplete';
  return (
    <>
      <OrderHeading order={placed} titleId={titleId} title="Your order needs a few more details" />
      <p className="order-screen__lead">
        Order {placed.number}, {placed.speciality.name}. Supply what is listed below, then buy again: we check your
        order once more.
      </p>

      <section className="order-section" aria-labelledby="incomplete-items-title">
        <h2 id="incomplete-items-title">Still needed</h2>
        {requiredItems.length > 0 ? (
          <RequiredItemList
            items={requiredItems}
            submissionId={placed.submissionId}
            here="incomplete-order"
            anchors={{ answer: ANSWERS_ID, document: UPLOAD_ID }}
          />
        ) : (
          <p>Nothing more is listed as missing. Buy now again to go ahead.</p>
        )}
      </section>

      {/* Keyed by the questions asked: a new list (after a save) starts from the saved answers. */}
      <MissingAnswers
        key={state.context.questions.map((question) => question.code).join(',')}
        order={order}
        id={ANSWERS_ID}
      />

      {showsDocuments && (
        <section className="order-section" aria-labelledby="incomplete-documents-title">
          <h2 id="incomplete-documents-title">Documents</h2>
          <FileList files={details.files} viewer="insured" emptyText="No documents uploaded yet." />
          <OrderUpload order={order} id={UPLOAD_ID} label="Upload documents" />
        </section>
      )}

      <section className="order-section order-next" aria-labelledby="incomplete-buy-title">
        <h2 id="incomplete-buy-title">Ready?</h2>
        {failure && (
          <div className="notice notice--error" role="alert">
            <p>{failure.message}</p>
          </div>
        )}
        <button
          type="button"
          className="button"
          onClick={() => {
            if (!buying && !waitFor) send({ type: 'order.buyNow' });
          }}
          aria-disabled={buying || waitFor !== null || undefined}
        >
          {buying ? 'Checking your order…' : 'Buy now again'}
        </button>
        <p role="status" className="order-next__busy">
          {readyWords({ buying, waitFor, stillMissing, answersSaved: state.context.answersSaved > 0 })}
        </p>
      </section>

      <section className="order-section" aria-labelledby="incomplete-order-facts-title">
        <h2 id="incomplete-order-facts-title">Your order</h2>
        <OrderFacts order={placed} />
        <OrderSummaryLink submissionId={placed.submissionId} />
      </section>

      <CloseOrderAction order={order} />
    </>
  );
}

/** What the "Ready?" section says, always in the same live region (it never unmounts). */
function readyWords(at: {
  buying: boolean;
  waitFor: 'files' | 'answers' | null;
  stillMissing: boolean;
  answersSaved: boolean;
}): string {
  if (at.buying) return 'Checking your order…';
  if (at.waitFor === 'files') return 'Your files are uploading; buy once they are on the order.';
  if (at.waitFor === 'answers') return 'Your answers are being saved; buy once they are.';
  if (at.stillMissing) return 'Some details are still missing: see the list above.';
  return at.answersSaved ? 'Your answers are saved.' : '';
}
