import { OrderPolicy } from '@/components/documents/order-policy';
import { OrderFacts } from '@/components/order/order-facts';
import { OrderFrame, type LoadedOrder } from '@/components/order/order-frame';
import { OrderHeading } from '@/components/order/order-heading';
import { OrderSummaryLink } from '@/components/order/order-summary-link';
import { useOrderSearch } from '@/components/order/use-order-search';

/**
 * complete-order?submissionid: the order is bound (cover in place, documents on their way) or
 * complete (documents issued), with its summary, the policy as issued, its documents to download
 * and the order confirmation to e-mail (src/components/documents/order-policy.tsx).
 */
export default function CompleteOrderScreen() {
  return (
    <OrderFrame screen="complete-order" submissionId={useOrderSearch()} title="Order complete">
      {(order) => <Complete order={order} />}
    </OrderFrame>
  );
}

function Complete({ order }: { order: LoadedOrder }) {
  const { details, titleId } = order;
  const { order: placed } = details;
  const issued = placed.status === 'complete';
  return (
    <>
      <OrderHeading
        order={placed}
        titleId={titleId}
        title={issued ? 'Your cover is in place' : 'Your cover is bound'}
      />
      <p className="order-screen__lead">
        Order {placed.number}, {placed.speciality.name}.{' '}
        {issued
          ? 'Your policy documents are ready.'
          : 'Your payment is through; we are preparing your policy documents.'}
      </p>

      <section className="order-section" aria-labelledby="complete-cover-title">
        <h2 id="complete-cover-title">Your cover</h2>
        <OrderFacts order={placed} />
      </section>

      <OrderPolicy submissionId={placed.submissionId} orderNumber={placed.number} />

      <p>
        <OrderSummaryLink submissionId={placed.submissionId} />
      </p>
    </>
  );
}
