import { useParams } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { formatUsd } from '@/api/contract/money-format';
import { Worksheet } from '@/components/quote/worksheet';
import { deductibleWords } from '@/components/quote/option-words';
import { ScreenLink } from '@/components/screen-link';
import { orderDetailsMachine } from '@/machines/order-details.machine';

const STATUS_WORDS: Record<string, string> = {
  draft: 'Draft: some answers are still missing',
  quoted: 'Quoted: ready to buy',
};

export default function OrderScreen() {
  const { submissionid } = useParams({ strict: false }) as { submissionid: string };
  const id = /^[1-9]\d{0,9}$/.test(submissionid) ? Number(submissionid) : undefined;
  return (
    <section data-screen="order" className="screen" aria-labelledby="order-title">
      <p className="eyebrow">Your order</p>
      {id === undefined ? <OrderNotFound /> : <Order key={id} submissionId={id} />}
    </section>
  );
}

function OrderNotFound() {
  return (
    <>
      <h1 id="order-title">We could not find that order</h1>
      <p>
        It may belong to another account. <ScreenLink screen="dashboard">See your orders</ScreenLink>.
      </p>
    </>
  );
}

function Order({ submissionId }: { submissionId: number }) {
  const [state, send] = useMachine(orderDetailsMachine, { input: { submissionId } });
  const { order } = state.context;
  if (state.matches('notFound')) return <OrderNotFound />;
  if (!order) {
    return (
      <>
        <h1 id="order-title">Your order</h1>
        {state.matches('failed') ? (
          <div className="notice notice--error" role="alert">
            <p>We could not load your order. {state.context.errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'order.retry' })}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Loading your order…</p>
        )}
      </>
    );
  }
  const { rating } = order;
  return (
    <>
      <h1 id="order-title">
        Order {order.number}: {order.speciality.name}
      </h1>
      <p className="order-status" data-order-status={order.status}>
        {STATUS_WORDS[order.status] ?? order.status.replaceAll('_', ' ')}
      </p>
      <dl className="order-facts">
        {order.state && (
          <>
            <dt>Where</dt>
            <dd>
              {order.state.name}, ZIP {order.zipcode}
            </dd>
          </>
        )}
        {order.limit && order.deductible && (
          <>
            <dt>Cover</dt>
            <dd>
              {order.limit.label} limit, {deductibleWords(order.deductible.label)}
            </dd>
          </>
        )}
        {order.effectiveDate && (
          <>
            <dt>Starts</dt>
            <dd>{order.effectiveDate}</dd>
          </>
        )}
        {rating && (
          <>
            <dt>Price for the year</dt>
            <dd className="order-facts__total" data-order-total={rating.totalCents}>
              {formatUsd(rating.totalCents)}
            </dd>
          </>
        )}
      </dl>
      {rating && (
        <section aria-labelledby="order-worksheet-title" className="quote-worksheet">
          <h2 id="order-worksheet-title">How your price is worked out</h2>
          <Worksheet lines={rating.worksheet} />
        </section>
      )}
      <p className="notice notice--upcoming">
        <strong>Next:</strong> buying and paying online open in a coming release. Your quote is saved.
      </p>
    </>
  );
}
