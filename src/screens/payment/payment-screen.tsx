import '@/styles/order.css';
import '@/styles/billing.css';
import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { formatUsd } from '@shared/contract/money-format';
import type { OrderSummaryDetails } from '@shared/contract/lifecycle';
import { SignApplication } from '@/components/application-signature/sign-application';
import { InvoiceDetails } from '@/components/billing/invoice-details';
import { NotPayable } from '@/components/billing/not-payable';
import { usePayment } from '@/components/billing/use-payment';
import { useDocuments } from '@/components/documents/use-documents';
import { OrderNotFound } from '@/components/order/order-frame';
import { OrderHeading } from '@/components/order/order-heading';
import { orderIdOf } from '@/components/order/order-id';
import { OrderSummaryLink } from '@/components/order/order-summary-link';
import { CoverSummary } from '@/components/purchase/cover-summary';
import { PurchaseProgress } from '@/components/purchase/purchase-progress';
import { compactAmounts, deductibleWords } from '@/components/quote/option-words';
import { usePageRestored } from '@/components/use-page-restored';
import { amountDueNow, chosenPlan } from '@/machines/payment.machine';

const TITLE_ID = 'payment-title';
const REVIEW_LEAD = 'Check your application, sign it, and pay: your cover starts once the first payment is through.';
const APPROVED_LEAD = 'Your order is approved: your cover starts once the first payment is through.';

/** The heading while the order loads, as OrderHeading lays it out (its status line kept, empty). */
function PendingHeading() {
  return (
    <>
      <h1 id={TITLE_ID} tabIndex={-1}>
        Review and pay
      </h1>
      <p className="order-status" aria-hidden="true">
        {'\u00a0'}
      </p>
    </>
  );
}

const loadMissingItems = () => import('@/components/purchase/missing-items');
const MissingItems = lazy(loadMissingItems);

/**
 * payment?submissionid[&cancelled=1]: review and pay (issue 16). A quoted order is reviewed and
 * its application signed here; anything buy now finds missing is asked on this screen; one press
 * of Pay then buys it now, invoices it and sends the insured to the hosted checkout, where the
 * card is entered (never here). An approved order (after an underwriter) is paid the same way.
 * The checkout sends the browser back to paymentconfirm, or here with `cancelled=1`. An order
 * that cannot be paid says where it is looked after instead.
 */
export default function PaymentScreen() {
  const { submissionid, cancelled } = useSearch({ strict: false }) as { submissionid?: unknown; cancelled?: unknown };
  const submissionId = orderIdOf(submissionid);
  // Back from the checkout out of the browser's cache, the machine would still be leaving for it.
  const restored = usePageRestored();
  return (
    <section
      data-screen="payment"
      className="screen order-screen payment-screen purchase-screen"
      aria-labelledby={TITLE_ID}
    >
      <PurchaseProgress current="review" />
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
  const onSignedChange = useCallback((signed: boolean) => send({ type: 'payment.signed', signed }), [send]);
  const supplied = useCallback(() => send({ type: 'payment.itemsSupplied' }), [send]);
  const [applicationLoaded, setApplicationLoaded] = useState(false);
  const onApplicationLoaded = useCallback(() => setApplicationLoaded(true), []);
  const missingNeeded =
    details !== undefined &&
    ['quoted', 'incomplete'].includes(details.order.status) &&
    details.requiredItems.length > 0;
  const missingLoaded = useModuleLoaded(loadMissingItems, missingNeeded);
  // The review shows once, whole: its parts arrive at different moments (the application, the
  // forms for what is missing), and each one drawn as it came pushed the rest down the screen.
  const [revealed, setRevealed] = useState(false);
  if (!revealed && applicationLoaded && (!missingNeeded || missingLoaded)) setRevealed(true);

  if (state.matches('notFound')) return <OrderNotFound titleId={TITLE_ID} />;
  if (!details && state.matches('failed')) {
    return (
      <>
        <h1 id={TITLE_ID}>Review and pay</h1>
        <div className="notice notice--error" role="alert">
          <p>We could not load your order. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'payment.retry' })}>
            Try again
          </button>
        </div>
      </>
    );
  }
  if (!details) {
    // The review's frame, drawn before the order arrives: the heading and what to do here show at
    // once, in the places the loaded review keeps (the same elements: nothing moves or is drawn
    // twice when the order comes).
    return (
      <>
        <PendingHeading />
        <div className="purchase-layout">
          <div className="purchase-layout__main">
            <p className="order-screen__lead">{REVIEW_LEAD}</p>
            <p role="status">Loading your order…</p>
          </div>
        </div>
      </>
    );
  }

  const { order } = details;
  if (state.matches('notPayable') || state.matches('referred')) {
    return (
      <>
        <OrderHeading order={order} titleId={TITLE_ID} title="Payment" />
        <p className="order-screen__lead">
          Order {order.number}, {order.speciality.name}.
        </p>
        {state.matches('referred') ? (
          <p role="status">Taking you to your order…</p>
        ) : (
          <NotPayable details={details} invoice={invoice} />
        )}
        <p>
          <OrderSummaryLink submissionId={order.submissionId} />
        </p>
      </>
    );
  }

  // What the order is, not what the machine is doing: a reload after an item was supplied is still a review.
  const reviewing = ['quoted', 'incomplete'].includes(order.status);
  const missing = details.requiredItems;
  return (
    <>
      <OrderHeading order={order} titleId={TITLE_ID} title="Review and pay" />
      <div className="purchase-layout">
        <div className="purchase-layout__main">
          <p className="order-screen__lead">{reviewing ? REVIEW_LEAD : APPROVED_LEAD}</p>
          <p className="order-screen__order">
            Order {order.number}, {order.speciality.name}
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
          {invoice?.lastPaymentFailure && (
            <div className="notice notice--error billing-notice" role="alert" data-last-payment-failure>
              <p>
                Your last payment did not go through. {invoice.lastPaymentFailure} Nothing was charged. You can try
                again, with another card if need be.
              </p>
            </div>
          )}
          {cancelled && (
            <div className="notice billing-notice" role="status">
              <p>You left the checkout without paying; nothing was charged.</p>
            </div>
          )}

          {!revealed && <p role="status">Loading your application…</p>}
          {/* Laid out but unseen until whole: becoming visible moves nothing, as drawing part by part would. */}
          <div className="payment-review" style={revealed ? undefined : { visibility: 'hidden' }}>
            {reviewing && missing.length > 0 && (
              // Rarely shown (sign-up already took the address and the contact): loaded only when needed.
              <Suspense fallback={null}>
                <MissingItems details={details} onSupplied={supplied} titleId={TITLE_ID} />
              </Suspense>
            )}

            {/* Keyed by the order's version: a change to it (an answer supplied) is reviewed and signed again. */}
            <SignApplication
              key={order.version}
              submissionId={order.submissionId}
              onSignedChange={onSignedChange}
              onLoaded={onApplicationLoaded}
            />

            {invoice && <InvoiceDetails invoice={invoice} documents={documents} />}

            <PayNow state={state} send={send} />
            <p>
              <OrderSummaryLink submissionId={order.submissionId} />
            </p>
          </div>
        </div>
        <CoverSummary facts={summaryOf(details, amountDueNow(details, invoice))} />
      </div>
    </>
  );
}

/** The cover and its price as the order holds them, for the summary beside the review. */
function summaryOf(details: OrderSummaryDetails, dueNowCents: number | undefined) {
  const { order, locations } = details;
  const [where] = locations;
  const place = where
    ? `${where.city}, ${where.state} ${where.zipcode}`
    : [order.state?.code, order.zipcode].filter(Boolean).join(' ') || undefined;
  return {
    speciality: order.speciality.name,
    place,
    limit: order.limit ? compactAmounts(order.limit.label) : undefined,
    deductible: order.deductible ? deductibleWords(order.deductible.label) : undefined,
    plan: chosenPlan(details)?.name,
    totalCents: order.rating?.totalCents ?? order.premiumCents ?? undefined,
    dueNowCents,
  };
}

/** Whether a lazily loaded module has arrived, asked for only once it is needed. */
function useModuleLoaded(load: () => Promise<unknown>, needed: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!needed) return;
    let current = true;
    load().then(
      () => current && setLoaded(true),
      // The Suspense boundary's lazy import meets the same failure and the route's error screen says so.
      () => current && setLoaded(true),
    );
    return () => {
      current = false;
    };
  }, [load, needed]);
  return loaded;
}

type PaymentHandle = ReturnType<typeof usePayment>;

/** What each busy state tells the insured. */
function busyWords(state: PaymentHandle[0]): string {
  if (state.matches('buying')) return 'Checking your application…';
  if (state.matches('invoicing')) return 'Preparing your invoice…';
  if (state.matches('startingCheckout')) return 'Opening the secure checkout…';
  if (state.matches('leaving')) return 'Taking you to the secure checkout…';
  if (state.matches('loading')) return 'Checking your order…';
  return '';
}

function PayNow({ state, send }: { state: PaymentHandle[0]; send: PaymentHandle[1] }) {
  const { details, invoice, signed } = state.context;
  const amount = details && amountDueNow(details, invoice);
  const missing = state.matches('reviewing') && (details?.requiredItems.length ?? 0) > 0;
  const ready =
    (state.matches('reviewing') || state.matches('approved') || state.matches('awaitingPayment')) && signed && !missing;
  const busy = busyWords(state);
  const waiting = !signed
    ? 'Sign your application above to pay.'
    : missing
      ? 'Supply what is still needed above to pay.'
      : '';
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
        aria-describedby={waiting ? 'payment-pay-waiting' : undefined}
      >
        {amount === undefined ? 'Pay securely' : `Pay ${formatUsd(amount)} securely`}
      </button>
      {waiting && (
        <p id="payment-pay-waiting" className="billing-pay__waiting">
          {waiting}
        </p>
      )}
      <p className="billing-pay__secure">
        You enter your card details on our payment provider’s secure checkout page, never on this site.
      </p>
      <p role="status" className="order-next__busy">
        {busy}
      </p>
    </section>
  );
}
