import '@/styles/billing.css';
import '@/styles/instalments.css';
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import * as v from 'valibot';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import type { PayableInstalment } from '@shared/contract/instalments';
import { instalmentStatusWords, noticeWords } from '@/components/instalments/instalment-words';
import { ScreenLink } from '@/components/screen-link';
import { payInstalmentMachine } from '@/machines/pay-instalment.machine';
import { instalmentSearch } from '@/routes/search-params';
import { useClientId } from '@/routes/use-client-id';

const TITLE_ID = 'pay-instalment-title';

const machine = payInstalmentMachine.provide({
  actions: { goToCheckout: (_, { url }) => window.location.assign(url) },
});

/**
 * policy/instalment?invoiceid: where a mailed "Pay" link lands (issue 20), after sign-in if need
 * be — exactly that instalment, with one button to the hosted checkout; and where the checkout
 * sends the browser back (&sessionid), to say it is paid.
 */
export default function PayInstalmentScreen() {
  const parsed = v.safeParse(instalmentSearch, useSearch({ strict: false }));
  const search = parsed.success ? parsed.output : { invoiceid: undefined, sessionid: undefined, cancelled: undefined };
  const clientId = useClientId();
  return (
    <section data-screen="pay-instalment" className="screen screen--narrow pay-instalment" aria-labelledby={TITLE_ID}>
      <p className="eyebrow">Your policy</p>
      {search.invoiceid === undefined ? (
        <NotFound />
      ) : (
        <PayInstalment
          key={`${search.invoiceid}|${search.sessionid}`}
          invoiceId={search.invoiceid}
          sessionId={search.sessionid}
          cancelled={search.cancelled === true}
          clientId={clientId}
        />
      )}
    </section>
  );
}

function NotFound() {
  return (
    <>
      <h1 id={TITLE_ID}>We could not find that instalment</h1>
      <p>
        The link may be for another account. Your dashboard shows every instalment of your policies.{' '}
        <ScreenLink screen="dashboard">Go to your dashboard</ScreenLink>
      </p>
    </>
  );
}

function PayInstalment(props: {
  invoiceId: number;
  sessionId: string | undefined;
  cancelled: boolean;
  clientId: string | undefined;
}) {
  const [state, send] = useMachine(machine, { input: props });
  const { instalment, errorMessage } = state.context;

  if (state.matches('notFound')) return <NotFound />;
  if (state.matches('loadFailed'))
    return (
      <>
        <h1 id={TITLE_ID}>Pay your instalment</h1>
        <div className="notice notice--error" role="alert">
          <p>We could not load this instalment. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'instalment.retry' })}>
            Try again
          </button>
        </div>
      </>
    );
  if (!instalment)
    return (
      <>
        <h1 id={TITLE_ID}>Pay your instalment</h1>
        <p role="status" className="billing-confirming">
          {state.matches('confirming') || state.matches('waiting')
            ? 'Checking your payment…'
            : 'Loading your instalment…'}
        </p>
      </>
    );

  const paid = instalment.status === 'paid';
  return (
    <>
      <h1 id={TITLE_ID}>
        {paid ? 'Instalment paid' : `Pay instalment ${instalment.installmentNo} of ${instalment.installments}`}
      </h1>
      {state.matches('paid') && (
        <div className="notice billing-notice billing-notice--success" role="status">
          <p>
            Thank you: we received {formatUsd(instalment.amountCents)} for instalment {instalment.installmentNo}.
            {instalment.policyStatus === 'in_force' ? ` Policy ${instalment.policyNumber} is in force.` : ''}
          </p>
        </div>
      )}
      {instalment.noticeEndDate && !paid && (
        <div className="notice notice--error" role="alert">
          <p>{noticeWords(instalment.policyNumber, instalment.noticeEndDate)}</p>
        </div>
      )}
      {props.cancelled && !paid && !errorMessage && (
        <p className="notice" role="status">
          You left the payment page: nothing was paid.
        </p>
      )}
      {errorMessage && !paid && (
        <div className="notice notice--error" role="alert">
          <p>{errorMessage}</p>
        </div>
      )}
      <InstalmentFacts instalment={instalment} />
      <div className="billing-actions">
        {instalment.payable ? (
          <button
            type="button"
            className="button button--primary billing-pay__button"
            aria-disabled={state.matches('opening') || state.matches('leaving') || state.matches('reloading')}
            onClick={() => {
              if (state.matches('shown')) send({ type: 'instalment.pay' });
            }}
          >
            {state.matches('opening') || state.matches('leaving')
              ? 'Opening the secure payment page…'
              : `Pay ${formatUsd(instalment.amountCents)}`}
          </button>
        ) : null}
        <ScreenLink screen="dashboard" className={instalment.payable ? 'button button--secondary' : 'button'}>
          Your dashboard
        </ScreenLink>
      </div>
      {instalment.payable && (
        <p className="billing-pay__secure">You pay on our payment provider’s secure page; we never see your card.</p>
      )}
    </>
  );
}

function InstalmentFacts({ instalment }: { instalment: PayableInstalment }) {
  return (
    <dl className="billing-facts instalment-facts">
      <div>
        <dt>Policy</dt>
        <dd>
          {instalment.policyNumber} ({instalment.speciality})
        </dd>
      </div>
      <div>
        <dt>Invoice</dt>
        <dd>{instalment.invoiceNumber}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd>{formatUsd(instalment.amountCents)}</dd>
      </div>
      <div>
        <dt>Due</dt>
        <dd>{formatCalendarDay(instalment.dueDate)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          {instalment.status === 'paid' && instalment.paidAt
            ? `Paid ${new Date(instalment.paidAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}`
            : instalmentStatusWords(instalment.status, instalment.dueDate)}
        </dd>
      </div>
    </dl>
  );
}
