import { formatNumber } from '@shared/contract/number-format';
import { useParams } from '@tanstack/react-router';
import type { BuyNowResult } from '@shared/contract/lifecycle';
import { formatUsd } from '@shared/contract/money-format';
import { CloseOrderAction } from '@/components/order/close-order-action';
import { OrderFacts } from '@/components/order/order-facts';
import { OrderFrame, type LoadedOrder } from '@/components/order/order-frame';
import { OrderHeading } from '@/components/order/order-heading';
import { orderIdOf } from '@/components/order/order-id';
import { OrderSummaryLink } from '@/components/order/order-summary-link';
import { ReasonList } from '@/components/order/reason-list';
import { Worksheet } from '@/components/quote/worksheet';
import { ScreenLink } from '@/components/screen-link';

/**
 * order/{submissionid}: the order while it is the insured's to buy (quoted), and the outcomes
 * that have no screen of their own (approved, declined, closed). An order whose status has its
 * own screen (incomplete, with an underwriter, complete…) goes there instead.
 */
export default function OrderScreen() {
  const { submissionid } = useParams({ strict: false }) as { submissionid?: string };
  return (
    <OrderFrame screen="order" submissionId={orderIdOf(submissionid)} title="Your order">
      {(order) => <Order order={order} />}
    </OrderFrame>
  );
}

function Order({ order }: { order: LoadedOrder }) {
  const { details, titleId, state } = order;
  const { rating } = details.order;
  return (
    <>
      <OrderHeading order={details.order} titleId={titleId} />
      <OrderFacts order={details.order} />
      <p role="status" className="order-screen__announce">
        {state.context.bought && outcomeWords(state.context.bought)}
      </p>
      <NextStep order={order} />
      {rating && (
        <section aria-labelledby="order-worksheet-title" className="quote-worksheet">
          <h2 id="order-worksheet-title">How your price is worked out</h2>
          <Worksheet lines={rating.worksheet} />
        </section>
      )}
      <p>
        <OrderSummaryLink submissionId={details.order.submissionId} />
      </p>
      <CloseOrderAction order={order} />
    </>
  );
}

function outcomeWords(bought: BuyNowResult): string {
  switch (bought.outcome) {
    case 'approved':
      return 'Your order is approved.';
    case 'declined':
      return 'We are sorry: we cannot offer this cover.';
    default:
      return '';
  }
}

/** What the insured can do next, by where the order stands. */
function NextStep({ order }: { order: LoadedOrder }) {
  const { details } = order;
  const { status } = details.order;
  switch (status) {
    case 'quoted':
      return <BuyNow order={order} />;
    case 'approved':
    case 'awaiting_payment':
      return <Approved order={order} />;
    case 'declined':
      return <Declined order={order} />;
    case 'close_lost':
      return (
        <section className="order-next" aria-labelledby="order-next-title">
          <h2 id="order-next-title">This order is closed</h2>
          <p>
            It can no longer be bought. <ScreenLink screen="specialities">Get a new quote</ScreenLink> whenever you are
            ready.
          </p>
        </section>
      );
    case 'draft':
      return (
        <section className="order-next" aria-labelledby="order-next-title">
          <h2 id="order-next-title">A few answers to go</h2>
          <p>Answer the remaining questions to see your price and buy.</p>
        </section>
      );
    default:
      return null;
  }
}

function BuyNow({ order }: { order: LoadedOrder }) {
  const { state, send } = order;
  const buying = state.matches('buying');
  const failure = state.context.moveFailure?.move === 'buyNow' ? state.context.moveFailure : null;
  return (
    <section className="order-next order-next--buy" aria-labelledby="order-next-title">
      <h2 id="order-next-title">Ready to buy</h2>
      <p>
        When you buy, we check your answers, locations and contact. Most orders are approved at once; some go to an
        underwriter first, and we tell you if anything is missing.
      </p>
      {failure && (
        <div className="notice notice--error" role="alert">
          <p>{failure.message}</p>
        </div>
      )}
      {/* aria-disabled, not disabled: focus stays on the button while it works. */}
      <button
        type="button"
        className="button"
        onClick={() => {
          if (!buying) send({ type: 'order.buyNow' });
        }}
        aria-disabled={buying || undefined}
      >
        {buying ? 'Checking your order…' : failure ? 'Try again' : 'Buy now'}
      </button>
      {buying && (
        <p role="status" className="order-next__busy">
          Checking your order…
        </p>
      )}
    </section>
  );
}

function Approved({ order }: { order: LoadedOrder }) {
  const { decision } = order.details;
  return (
    <section className="order-next order-next--approved" aria-labelledby="order-next-title">
      <h2 id="order-next-title">Approved: next, pay for your cover</h2>
      {decision?.kind === 'approved' && decision.adjustmentBps !== 0 && (
        <p>
          The underwriter adjusted your premium by {decision.adjustmentBps > 0 ? '+' : ''}
          {formatNumber(decision.adjustmentBps / 100)} %{decision.reason ? `: ${decision.reason}` : ''}.
          {order.details.order.premiumCents !== null &&
            ` Your price for the year is now ${formatUsd(order.details.order.premiumCents)}.`}
        </p>
      )}
      {decision?.kind === 'approved' && decision.adjustmentBps === 0 && decision.reason && (
        <p>The underwriter’s note: {decision.reason}</p>
      )}
      <p>Your cover starts once it is paid. We send your policy documents as soon as the payment is through.</p>
      <p>
        <ScreenLink screen="payment" search={{ submissionid: order.details.order.submissionId }} className="button">
          Go to payment
        </ScreenLink>
      </p>
    </section>
  );
}

function Declined({ order }: { order: LoadedOrder }) {
  const { details, state } = order;
  const reasons = details.reasons.length > 0 ? details.reasons : (state.context.bought?.reasons ?? []);
  const reason = details.decision?.kind === 'declined' ? details.decision.reason : null;
  return (
    <section className="order-next order-next--declined" aria-labelledby="order-next-title">
      <h2 id="order-next-title">We cannot offer this cover</h2>
      {reasons.length > 0 && (
        <>
          <p>Why:</p>
          <ReasonList reasons={reasons} />
        </>
      )}
      {reason && <p>The underwriter’s reason: {reason}</p>}
      <p>
        If something has changed, you can <ScreenLink screen="specialities">start a new quote</ScreenLink>.
      </p>
    </section>
  );
}
