import { CloseOrderAction } from '@/components/order/close-order-action';
import { OrderFacts } from '@/components/order/order-facts';
import { OrderFrame, type LoadedOrder } from '@/components/order/order-frame';
import { OrderHeading } from '@/components/order/order-heading';
import { FilesSection } from '@/components/order/order-sections';
import { OrderSummaryLink } from '@/components/order/order-summary-link';
import { ReasonList } from '@/components/order/reason-list';
import { useOrderSearch } from '@/components/order/use-order-search';

/**
 * incomplete-review-underwriter?submissionid: the rules referred the order to an underwriter.
 * Why, what happens next and how long it takes; nothing for the insured to do but wait (or close).
 */
export default function IncompleteReviewUnderwriterScreen() {
  return (
    <OrderFrame screen="incomplete-review-underwriter" submissionId={useOrderSearch()} title="With an underwriter">
      {(order) => <WithUnderwriter order={order} />}
    </OrderFrame>
  );
}

function WithUnderwriter({ order }: { order: LoadedOrder }) {
  const { details, titleId } = order;
  const { order: placed } = details;
  return (
    <>
      <OrderHeading order={placed} titleId={titleId} title="Your order is with an underwriter" />
      <p className="order-screen__lead">
        Order {placed.number}, {placed.speciality.name}. Some orders need a person to look at them before we can offer
        cover.
      </p>

      <section className="order-section" aria-labelledby="review-why-title">
        <h2 id="review-why-title">Why it was referred</h2>
        {details.reasons.length > 0 ? (
          <ReasonList reasons={details.reasons} />
        ) : (
          <p>Our rules asked for an underwriter’s review.</p>
        )}
      </section>

      <section className="order-section" aria-labelledby="review-next-title">
        <h2 id="review-next-title">What happens next</h2>
        <ol className="order-steps">
          <li>An underwriter reviews your answers and the price, usually within two working days.</li>
          <li>They approve your order, ask you for more information, or explain why they cannot offer cover.</li>
          <li>We e-mail you as soon as they decide, and your dashboard shows the next step.</li>
        </ol>
      </section>

      <section className="order-section" aria-labelledby="review-order-title">
        <h2 id="review-order-title">Your order</h2>
        <OrderFacts order={placed} />
      </section>

      <FilesSection details={details} />

      <p>
        <OrderSummaryLink submissionId={placed.submissionId} />
      </p>
      <CloseOrderAction order={order} />
    </>
  );
}
