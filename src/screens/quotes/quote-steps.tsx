import type { Speciality } from '@/api/contract/specialities';
import { formatUsd } from '@/api/contract/money-format';
import { newSaveKey } from '@/api/saved-quote';
import { deductibleWords } from '@/components/quote/option-words';
import { PaymentPlans } from '@/components/quote/payment-plans';
import { QuoteMatrix } from '@/components/quote/quote-matrix';
import { RetryNotice } from '@/components/quote/retry-notice';
import { Worksheet } from '@/components/quote/worksheet';
import { isAtZipStep, QuoteZipStep } from '@/components/quote/zip-step';
import { ScreenLink } from '@/components/screen-link';
import { useQuoteFlow } from '@/routes/use-quote-flow';

/** The quote screen's part of the flow: where the practice is, then the prices and the worksheet. */
export function QuoteSteps({ speciality }: { speciality: Speciality }) {
  const [state, send] = useQuoteFlow(speciality.id, 'quotes');
  const { context } = state;

  if (state.matches('loadingQuestions')) return <p role="status">Preparing your quote…</p>;
  if (state.matches('questionnaireFailed') || state.matches('locateFailed') || state.matches('pricingFailed')) {
    return <RetryNotice what="We could not work out your quote." why={context.errorMessage} onRetry={() => send({ type: 'quote.retry' })} />;
  }
  if (isAtZipStep(state)) return <QuoteZipStep state={state} send={send} specialityName={speciality.name} />;
  const place = context.location && (
    <p className="quote-place">
      Practice in {context.location.city ? `${context.location.city}, ` : ''}
      {context.location.county} County, {context.location.stateName} ({context.zipcode}).{' '}
      <button type="button" className="link-button" onClick={() => send({ type: 'quote.relocate' })}>
        Change ZIP code
      </button>
    </p>
  );
  if (state.matches('answering')) {
    return (
      <>
        {place}
        <p>
          A few questions about your practice come next.{' '}
          <ScreenLink screen="questionlist" state={{ specialityId: speciality.id }} className="button">
            Answer the questions
          </ScreenLink>
        </p>
      </>
    );
  }
  if (state.matches('unpriceable')) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{context.errorMessage}</p>
        <p className="form__actions">
          <button type="button" className="button" onClick={() => send({ type: 'quote.editAnswers' })}>
            Change your answers
          </button>
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'quote.relocate' })}>
            Change ZIP code
          </button>
        </p>
      </div>
    );
  }
  const { matrix, calculation } = context;
  const busy = state.matches('pricing') || state.matches('calculating');
  const plan = calculation?.paymentPlans.find((candidate) => candidate.code === context.paymentTerm);
  return (
    <div className="quote-result">
      {place}
      <p role="status" className={busy ? 'notice' : 'visually-hidden'}>
        {busy ? 'Pricing your options…' : calculation ? `${formatUsd(calculation.totalCents)} a year for the option you chose.` : ''}
      </p>
      {matrix && (
        <section aria-labelledby="quote-options-title">
          <h2 id="quote-options-title">Choose your limit and deductible</h2>
          <QuoteMatrix
            matrix={matrix}
            choice={context.choice}
            busy={busy}
            onChoose={(choice) => send({ type: 'quote.choose', ...choice })}
          />
        </section>
      )}
      {calculation && (
        <div className="quote-detail">
          <section aria-labelledby="quote-total-title" className="quote-total">
            <h2 id="quote-total-title">
              {calculation.limit.label} limit, {deductibleWords(calculation.deductible.label)}
            </h2>
            <p className="quote-total__amount" data-quote-total={calculation.totalCents}>
              {formatUsd(calculation.totalCents)} <span>for the year</span>
            </p>
            {plan && (
              <PaymentPlans
                plans={calculation.paymentPlans}
                chosen={context.paymentTerm}
                onChoose={(paymentTerm) => send({ type: 'quote.chooseTerm', paymentTerm })}
              />
            )}
          </section>
          <section aria-labelledby="quote-worksheet-title" className="quote-worksheet">
            <h2 id="quote-worksheet-title">How your price is worked out</h2>
            <Worksheet lines={calculation.worksheet} />
          </section>
        </div>
      )}
      {state.matches('saveFailed') && (
        <RetryNotice what="We could not save your quote." why={context.errorMessage} onRetry={() => send({ type: 'quote.retry' })} />
      )}
      {state.matches('saved') && context.submission && (
        <p className="notice" role="status">
          Saved as order {context.submission.number}.{' '}
          <ScreenLink screen="order" params={{ submissionid: String(context.submission.submissionId) }}>
            See your order
          </ScreenLink>
        </p>
      )}
      <p className="form__actions">
        {calculation && !state.matches('saved') && (
          <button
            type="button"
            className="button"
            aria-disabled={!state.matches('quoted') || undefined}
            onClick={() => {
              if (state.matches('quoted')) send({ type: 'quote.save', idempotencyKey: newSaveKey() });
            }}
          >
            {state.matches('saving')
              ? 'Saving your quote…'
              : context.submission
                ? `Save changes to order ${context.submission.number}`
                : 'Save this quote'}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'quote.editAnswers' })}>
          Change your answers
        </button>
      </p>
    </div>
  );
}
