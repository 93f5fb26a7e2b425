import '@/styles/order.css';
import '@/styles/billing.css';
import { useSearch } from '@tanstack/react-router';
import { formatUsd } from '@/api/contract/money-format';
import { InvoiceDetails } from '@/components/billing/invoice-details';
import { NotPayable } from '@/components/billing/not-payable';
import { usePayment } from '@/components/billing/use-payment';
import { useDocuments } from '@/components/documents/use-documents';
import { OrderFacts } from '@/components/order/order-facts';
import { OrderNotFound } from '@/components/order/order-frame';
import { OrderHeading } from '@/components/order/order-heading';
import { orderIdOf } from '@/components/order/order-id';
import { OrderSummaryLink } from '@/components/order/order-summary-link';
import { usePageRestored } from '@/components/use-page-restored';
import { amountDueNow } from '@/machines/payment.machine';

const TITLE_ID = 'payment-title';

/**
 * payment?submissionid[&cancelled=1]: paying for an approved order. The order and its invoice
 * (once there is one: the year's payments, the invoice to download), why the last attempt did not
 * go through, and one button that sends the insured to the hosted checkout, where the card is
 * entered (never here). The checkout sends the browser back to paymentconfirm, or here with
 * `cancelled=1`. An order that cannot be paid says where it is looked after instead.
 */
export default function PaymentScreen() {
  const { submissionid, cancelled } = useSearch({ strict: false }) as { submissionid?: unknown; cancelled?: unknown };
  const submissionId = orderIdOf(submissionid);
  // Back from the checkout out of the browser's cache, the machine would still be leaving for it.
  const restored = usePageRestored();
  return (
    <section data-screen="payment" className="screen order-screen payment-screen" aria-labelledby={TITLE_ID}>
      <p className="eyebrow">Checkout</p>
      {submissionId === undefined ? (
        <OrderNotFound titleId={TITLE_ID} />
      ) : (
        <Payment key={`${submissionId}-${restored}`} submissionId={submissionId} cancelled={cancelled === true} />
      )}
    </section>
  );
}

function Payment({ submissionId, cancelled }: { submissionId: number; cancelled: boolean }) {
  const [state, send] = usePayment(submissionId);
  // Only for the invoice's download: nothing is listed.
  const documents = useDocuments({ scope: 'none' });
  const { details, invoice, payFailure, errorMessage } = state.context;

  if (state.matches('notFound')) return <OrderNotFound titleId={TITLE_ID} />;
  if (!details) {
    return (
      <>
        <h1 id={TITLE_ID}>Payment</h1>
        {state.matches('failed') ? (
          <div className="notice notice--error" role="alert">
            <p>We could not load your order. {errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'payment.retry' })}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Loading your order…</p>
        )}
      </>
    );
  }

  const { order } = details;
  const payable = !state.matches('notPayable');
  return (
    <>
      <OrderHeading order={order} titleId={TITLE_ID} title={payable ? 'Pay for your cover' : 'Payment'} />
      <p className="order-screen__lead">
        Order {order.number}, {order.speciality.name}.{' '}
        {payable && 'Your order is approved: your cover starts once the first payment is through.'}
      </p>

      {state.matches('failed') && (
        <div className="notice notice--error" role="alert">
          <p>We could not load your order as it is now. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'payment.retry' })}>
            Try again
          </button>
        </div>
      )}
      {payFailure && (
        <div className="notice notice--error billing-notice" role="alert">
          <p>{payFailure}</p>
        </div>
      )}

      {state.matches('notPayable') ? (
        <NotPayable details={details} invoice={invoice} />
      ) : (
        <>
          {invoice?.lastPaymentFailure && (
            <div className="notice notice--error billing-notice" role="alert" data-last-payment-failure>
              <p>
                Your last payment did not go through. {invoice.lastPaymentFailure} Nothing was charged. You can try again, with
                another card if need be.
              </p>
            </div>
          )}
          {cancelled && (
            <div className="notice billing-notice" role="status">
              <p>You left the checkout without paying; nothing was charged.</p>
            </div>
          )}

          <section className="order-section" aria-labelledby="payment-order-title">
            <h2 id="payment-order-title">Your order</h2>
            <OrderFacts order={order} />
          </section>

          {invoice && <InvoiceDetails invoice={invoice} documents={documents} />}

          <PayNow state={state} send={send} />
        </>
      )}

      <p>
        <OrderSummaryLink submissionId={order.submissionId} />
      </p>
    </>
  );
}

type PaymentHandle = ReturnType<typeof usePayment>;

/** What each busy state tells the insured. */
function busyWords(state: PaymentHandle[0]): string {
  if (state.matches('invoicing')) return 'Preparing your invoice…';
  if (state.matches('startingCheckout')) return 'Opening the secure checkout…';
  if (state.matches('leaving')) return 'Taking you to the secure checkout…';
  if (state.matches('loading')) return 'Checking your order…';
  return '';
}

function PayNow({ state, send }: { state: PaymentHandle[0]; send: PaymentHandle[1] }) {
  const { details, invoice } = state.context;
  const amount = details && amountDueNow(details, invoice);
  const ready = state.matches('approved') || state.matches('awaitingPayment');
  const busy = busyWords(state);
  return (
    <section className="order-next billing-pay" aria-labelledby="payment-pay-title">
      <h2 id="payment-pay-title">Pay now</h2>
      <p>
        {amount === undefined
          ? 'The first payment of your plan is due now.'
          : `${formatUsd(amount)} is due now${invoice ? '' : ', the first payment of your plan'}.`}
      </p>
      {/* aria-disabled, not disabled: a disabled button would drop keyboard focus to the page. */}
      <button
        type="button"
        className="button billing-pay__button"
        onClick={() => {
          if (ready) send({ type: 'payment.pay' });
        }}
        aria-disabled={!ready || undefined}
      >
        {amount === undefined ? 'Pay securely' : `Pay ${formatUsd(amount)} securely`}
      </button>
      <p className="billing-pay__secure">
        You enter your card details on our payment provider’s secure checkout page, never on this site.
      </p>
      <p role="status" className="order-next__busy">
        {busy}
      </p>
    </section>
  );
}
