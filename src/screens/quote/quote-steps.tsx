import { useEffect } from 'react';
import type { Speciality } from '@shared/contract/specialities';
import { formatUsd } from '@shared/contract/money-format';
import { newSaveKey } from '@/api/saved-quote';
import { CoverSummary } from '@/components/purchase/cover-summary';
import { compactAmounts, deductibleWords } from '@/components/quote/option-words';
import { PaymentPlans } from '@/components/quote/payment-plans';
import { QuoteMatrix } from '@/components/quote/quote-matrix';
import { RetryNotice } from '@/components/quote/retry-notice';
import { useQuoteFlow } from '@/components/quote/use-quote-flow';
import { Worksheet } from '@/components/quote/worksheet';
import { isAtZipStep } from '@/components/quote/zip-step';
import { placeWords } from '@/components/quote/place-words';
import { pricedOption } from '@/machines/quote.machine';
import { useScreenNavigate } from '@/routes/screen-navigation';

/**
 * The price step: every option priced side by side, the chosen one's total and payment plans at
 * once (from the matrix), its worksheet confirmed by auth/calculate in the background. "Buy now"
 * leads; saving for later is the secondary action. Before there is a price (no ZIP, answers
 * missing) the questions screen asks for it.
 */
export function QuoteSteps({ speciality }: { speciality: Speciality }) {
  const [state, send] = useQuoteFlow(speciality.id, 'quotes', speciality.name);
  const navigate = useScreenNavigate();
  const { context } = state;
  // Waiting for a ZIP or answers (not while a resumed ZIP is being checked on the way to a price).
  const unpriced =
    state.matches({ locating: 'asking' }) || state.matches({ locating: 'notOffered' }) || state.matches('answering');
  useEffect(() => {
    // Replaced, not pushed: Back from the questions goes where the visitor came from.
    if (unpriced) void navigate({ screen: 'questionlist', state: { specialityId: speciality.id }, replace: true });
  }, [unpriced, navigate, speciality.id]);

  if (state.matches({ questionnaire: 'loading' }) || isAtZipStep(state) || unpriced)
    return <p role="status">Preparing your quote…</p>;
  if (
    state.matches({ questionnaire: 'failed' }) ||
    state.matches({ locating: 'failed' }) ||
    state.matches({ quoting: { pricing: 'failed' } })
  ) {
    return (
      <RetryNotice
        what="We could not work out your quote."
        why={context.errorMessage}
        onRetry={() => send({ type: 'quote.retry' })}
      />
    );
  }
  const place = context.location && (
    <p className="quote-place">
      Practice in {placeWords(context.location)}.{' '}
      <button type="button" className="link-button" onClick={() => send({ type: 'quote.editAnswers' })}>
        Change your answers or ZIP code
      </button>
    </p>
  );
  if (state.matches({ quoting: { pricing: 'unpriceable' } })) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{context.errorMessage}</p>
        <p className="form__actions">
          <button type="button" className="button" onClick={() => send({ type: 'quote.editAnswers' })}>
            Change your answers
          </button>
        </p>
      </div>
    );
  }
  const { matrix, calculation, choice } = context;
  const option = pricedOption(matrix, choice);
  const limit = matrix?.limits.find((candidate) => candidate.code === choice?.limitCode);
  const deductible = matrix?.deductibles.find((candidate) => candidate.code === choice?.deductibleCode);
  const plans = option?.paymentPlans ?? [];
  const plan = plans.find((candidate) => candidate.code === context.paymentTerm);
  // The worksheet shown is always the chosen option's: one for another option is not shown as this one's.
  const worksheet =
    calculation && calculation.limit.code === choice?.limitCode && calculation.deductible.code === choice.deductibleCode
      ? calculation
      : undefined;
  const disagrees = worksheet && option && worksheet.totalCents !== option.totalCents;
  const totalCents = worksheet?.totalCents ?? option?.totalCents;
  const saving = state.matches({ quoting: 'saving' });
  const ready =
    state.matches({ quoting: { quoted: 'choosing' } }) || state.matches({ quoting: { quoted: 'saveFailed' } });
  return (
    <div className="purchase-layout">
      <div className="purchase-layout__main quote-result">
        {place}
        <p role="status" className={state.matches({ quoting: { pricing: 'loading' } }) ? 'notice' : 'visually-hidden'}>
          {state.matches({ quoting: { pricing: 'loading' } })
            ? 'Pricing your options…'
            : totalCents !== undefined
              ? `${formatUsd(totalCents)} a year for the option you chose.`
              : ''}
        </p>
        {matrix && (
          <section aria-labelledby="quote-options-title">
            <h2 id="quote-options-title">Choose your limit and deductible</h2>
            <QuoteMatrix
              matrix={matrix}
              choice={choice}
              busy={false}
              onChoose={(chosen) => send({ type: 'quote.choose', ...chosen })}
            />
          </section>
        )}
        {option && limit && deductible && (
          <div className="quote-detail">
            <section aria-labelledby="quote-total-title" className="quote-total">
              <h2 id="quote-total-title">
                {limit.label} limit, {deductibleWords(deductible.label)}
              </h2>
              <p className="quote-total__amount" data-quote-total={totalCents}>
                {formatUsd(totalCents!)} <span>for the year</span>
              </p>
              {disagrees && (
                <p className="notice" role="alert" data-price-changed>
                  The price was worked out again: {formatUsd(worksheet.totalCents)} (not {formatUsd(option.totalCents)}
                  ). That is the price you will pay.
                </p>
              )}
              {plans.length > 0 && (
                <PaymentPlans
                  plans={worksheet?.paymentPlans ?? plans}
                  chosen={context.paymentTerm}
                  onChoose={(paymentTerm) => send({ type: 'quote.chooseTerm', paymentTerm })}
                />
              )}
            </section>
            <section
              aria-labelledby="quote-worksheet-title"
              className="quote-worksheet"
              aria-busy={!worksheet}
              data-worksheet-for={worksheet ? `${worksheet.limit.code}|${worksheet.deductible.code}` : undefined}
            >
              <h2 id="quote-worksheet-title">How your price is worked out</h2>
              {worksheet ? (
                <Worksheet lines={worksheet.worksheet} />
              ) : state.matches({ quoting: { quoted: { choosing: 'unconfirmed' } } }) ? (
                <div className="quote-worksheet__pending" role="alert">
                  <p>
                    We could not show how this price is worked out just now. {context.errorMessage} The price above
                    stands.
                  </p>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => send({ type: 'quote.retry' })}
                  >
                    Try again
                  </button>
                </div>
              ) : (
                <p className="quote-worksheet__pending">Working out each step of this price…</p>
              )}
            </section>
          </div>
        )}
        {state.matches({ quoting: { quoted: 'saveFailed' } }) && (
          <RetryNotice
            what="We could not save your quote."
            why={context.errorMessage}
            onRetry={() => send({ type: 'quote.retry' })}
          />
        )}
        {state.matches({ quoting: 'saved' }) && context.submission && (
          <p className="notice" role="status">
            Saved as order {context.submission.number}.
          </p>
        )}
      </div>
      <CoverSummary
        facts={{
          speciality: speciality.name,
          place: context.location && placeWords(context.location, 'short'),
          limit: limit && compactAmounts(limit.label),
          deductible: deductible && deductibleWords(deductible.label),
          plan: plan?.name,
          totalCents,
          dueNowCents: plan?.downPaymentCents,
        }}
      >
        {option && !state.matches({ quoting: 'saved' }) && (
          <p className="cover-summary__actions">
            <button
              type="button"
              className="button"
              aria-disabled={!ready || undefined}
              onClick={() => {
                if (ready) send({ type: 'quote.buyNow', idempotencyKey: newSaveKey() });
              }}
            >
              {saving && context.intent === 'buy' ? 'Taking you on…' : 'Buy now'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={!ready || undefined}
              onClick={() => {
                if (ready) send({ type: 'quote.save', idempotencyKey: newSaveKey() });
              }}
            >
              {saving && context.intent === 'save'
                ? 'Saving your quote…'
                : context.submission
                  ? `Save changes to order ${context.submission.number}`
                  : 'Save for later'}
            </button>
          </p>
        )}
      </CoverSummary>
    </div>
  );
}
