import '@/styles/order.css';
import '@/styles/billing.css';
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import { PaymentReceipt } from '@/components/billing/payment-receipt';
import { OrderPolicy } from '@/components/documents/order-policy';
import { PaidEndorsement, paidEndorsementTitle } from '@/components/endorsements/paid-endorsement';
import { saveBlob } from '@/components/files/save-blob';
import { orderIdOf } from '@/components/order/order-id';
import { PurchaseProgress } from '@/components/purchase/purchase-progress';
import { ScreenLink } from '@/components/screen-link';
import { paymentConfirmMachine } from '@/machines/payment-confirm.machine';

const confirmWithSave = paymentConfirmMachine.provide({
  actions: { saveFile: (_, { blob, filename }) => saveBlob(blob, filename) },
});

const TITLE_ID = 'paymentconfirm-title';

/**
 * paymentconfirm?submissionid&sessionid(&endorsementid): where the hosted checkout sends the
 * browser back. It asks the server what became of the payment: received (the policy is issued:
 * on to the cover and the documents; or, for an endorsement, the change or tail is issued, with
 * its PDF and the policy), still on its way (it asks again on its own for a while, then offers
 * Check again), or failed (the provider's words, and the way back to payment).
 */
export default function PaymentConfirmScreen() {
  const { submissionid, sessionid, endorsementid } = useSearch({ strict: false }) as {
    submissionid?: unknown;
    sessionid?: unknown;
    endorsementid?: unknown;
  };
  const submissionId = orderIdOf(submissionid);
  const endorsementId = orderIdOf(endorsementid);
  return (
    <section
      data-screen="paymentconfirm"
      className="screen screen--narrow order-screen payment-confirm purchase-screen"
      aria-labelledby={TITLE_ID}
    >
      {/* An endorsement's payment is not a step of the purchase. */}
      {endorsementId === undefined && <PurchaseProgress current="policy" />}
      <p className="eyebrow">Checkout</p>
      {submissionId === undefined || typeof sessionid !== 'string' ? (
        <NoSuchPayment />
      ) : (
        <Confirming
          key={`${submissionId}|${sessionid}|${endorsementId}`}
          submissionId={submissionId}
          sessionId={sessionid}
          endorsementId={endorsementId}
        />
      )}
    </section>
  );
}

function NoSuchPayment({ message }: { message?: string | undefined }) {
  return (
    <>
      <h1 id={TITLE_ID}>We could not find that payment</h1>
      {message && <p>{message}</p>}
      <p>
        If you paid, your order shows it on your dashboard. <ScreenLink screen="dashboard">See your orders</ScreenLink>.
      </p>
    </>
  );
}

type Shown = { title: string; message: string; tone: 'busy' | 'success' | 'error' | 'info'; actions: ReactNode };

function Confirming({
  submissionId,
  sessionId,
  endorsementId,
}: {
  submissionId: number;
  sessionId: string;
  endorsementId: number | undefined;
}) {
  const [state, send] = useMachine(confirmWithSave, { input: { submissionId, sessionId, endorsementId } });
  const { confirmation, errorMessage } = state.context;
  const order = { submissionid: submissionId };

  if (state.matches('notFound')) return <NoSuchPayment message={errorMessage} />;

  let shown: Shown;
  if (state.matches('confirmed') && endorsementId !== undefined) {
    const { endorsement } = state.context;
    shown = {
      title: endorsement ? paidEndorsementTitle(endorsement) : 'Payment received',
      message: endorsement
        ? 'Thank you: your payment is received and your policy documents are reissued.'
        : 'Thank you: your payment is received.',
      tone: 'success',
      actions: <PaidEndorsement state={state} send={send} />,
    };
  } else if (state.matches('confirmed')) {
    const policyNumber = confirmation?.policyNumber;
    shown = {
      title: policyNumber ? `Payment received — policy ${policyNumber} is issued` : 'Payment received',
      message: policyNumber
        ? 'Thank you: your cover is in place. We have e-mailed your policy documents.'
        : 'Thank you: your cover is bound. Your policy documents follow as soon as they are issued.',
      tone: 'success',
      actions: <Receipt state={state} send={send} policyNumber={policyNumber ?? null} />,
    };
  } else if (state.matches('failed')) {
    shown = {
      title: 'Your payment did not go through',
      message: confirmation?.message ?? 'The payment was not completed.',
      tone: 'error',
      actions: (
        <p className="screen-actions billing-actions">
          {endorsementId === undefined ? (
            <ScreenLink screen="payment" search={order} className="button">
              Back to payment
            </ScreenLink>
          ) : (
            <ScreenLink screen="endorsements" className="button">
              Back to your policy changes
            </ScreenLink>
          )}
        </p>
      ),
    };
  } else if (state.matches('stillWaiting') || state.matches('unreachable')) {
    const unreachable = state.matches('unreachable');
    shown = {
      title: 'Still confirming your payment',
      message: unreachable
        ? `We could not check your payment just now. ${errorMessage ?? ''}`
        : `${confirmation?.message ?? 'We have not heard from the payment service yet.'} This can take a few minutes; we e-mail you as soon as it is through.`,
      tone: unreachable ? 'error' : 'info',
      actions: (
        <p className="screen-actions billing-actions">
          <button type="button" className="button" onClick={() => send({ type: 'confirm.retry' })}>
            Check again
          </button>
          <ScreenLink screen="dashboard" className="button button--secondary">
            Go to your dashboard
          </ScreenLink>
        </p>
      ),
    };
  } else {
    // Confirming, or waiting to ask again.
    shown = {
      title: 'Confirming your payment',
      message: state.matches('waiting')
        ? `${confirmation?.message ?? 'Your payment is on its way.'} Checking again in a moment…`
        : 'Confirming your payment…',
      tone: 'busy',
      actions: <p>Please keep this page open. Nothing more will be charged.</p>,
    };
  }

  return (
    <>
      <h1 id={TITLE_ID}>{shown.title}</h1>
      {/* One status region for every outcome but an error, mounted from the start: a region
          inserted already holding its words is often not read out. An error is an alert, which is. */}
      <div role="status" className={shown.tone === 'error' ? undefined : TONE_CLASS[shown.tone]}>
        {shown.tone !== 'error' && <p>{shown.message}</p>}
      </div>
      {shown.tone === 'error' && (
        <div role="alert" className={TONE_CLASS.error}>
          <p>{shown.message}</p>
        </div>
      )}
      {shown.actions}
    </>
  );
}

type ConfirmHandle = ReturnType<typeof useMachine<typeof paymentConfirmMachine>>;

/** The receipt, then the policy and its documents to download, on the screen the checkout returns to. */
function Receipt({
  state,
  send,
  policyNumber,
}: {
  state: ConfirmHandle[0];
  send: ConfirmHandle[1];
  policyNumber: string | null;
}) {
  const { invoice, errorMessage, submissionId } = state.context;
  if (state.matches({ confirmed: 'receiptFailed' })) {
    return (
      <div className="notice notice--error" role="alert">
        <p>Your payment is received, but we could not load your receipt. {errorMessage}</p>
        <button type="button" className="button" onClick={() => send({ type: 'receipt.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  if (!invoice) return <p role="status">Loading your receipt…</p>;
  return (
    <>
      <PaymentReceipt invoice={invoice} policyNumber={policyNumber} />
      <OrderPolicy submissionId={submissionId} orderNumber={invoice.orderNumber} />
      <p className="screen-actions billing-actions">
        <ScreenLink screen="dashboard" className="button button--secondary">
          Go to your dashboard
        </ScreenLink>
      </p>
    </>
  );
}

const TONE_CLASS: Record<Shown['tone'], string> = {
  busy: 'billing-confirming',
  success: 'notice billing-notice billing-notice--success',
  error: 'notice notice--error billing-notice',
  info: 'notice billing-notice',
};
