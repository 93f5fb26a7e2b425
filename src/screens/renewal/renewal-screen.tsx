import '@/styles/renewal.css';
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import * as v from 'valibot';
import { formatUsd } from '@shared/contract/money-format';
import type { Renewal } from '@shared/contract/renewal';
import { periodWords } from '@/components/billing/money-words';
import { TextField } from '@/components/form/text-field';
import { ServerFailure } from '@/components/form/server-failure';
import { formatDay } from '@/components/format/dates';
import { failureWords } from '@/components/format/failure-words';
import { PolicyPicker } from '@/components/policy/policy-picker';
import { PaymentPlans } from '@/components/quote/payment-plans';
import { QuestionField } from '@/components/quote/question-field';
import { Worksheet } from '@/components/quote/worksheet';
import { RenewalAnswers } from '@/components/renewal/renewal-answers';
import { RenewalPrice } from '@/components/renewal/renewal-price';
import { ScreenLink } from '@/components/screen-link';
import { useFocusRescue } from '@/components/use-focus-rescue';
import { renewalMachine } from '@/machines/renewal.machine';
import { policySearch } from '@/routes/search-params';
import { useClientArea } from '@/routes/use-broker';

const TITLE_ID = 'renewal-title';

const renewalInBrowser = renewalMachine.provide({
  actions: {
    // The hosted checkout is not ours: a full page navigation, back to paymentconfirm when paid.
    goToCheckout: (_, { url }) => window.location.assign(url),
  },
});

/**
 * policy/renewal?policyid: one policy's renewal offer — the new period, its premium and what
 * changed from last year and why (the worksheet), the questions new or changed since, and one step
 * "Accept and pay" through the hosted checkout. Without a policy in the address it asks which.
 */
export default function RenewalScreen() {
  const parsed = v.safeParse(policySearch, useSearch({ strict: false }));
  const policyId = parsed.success ? parsed.output.policyid : undefined;
  useFocusRescue(TITLE_ID);
  return (
    <section data-screen="renewal" className="screen renewal" aria-labelledby={TITLE_ID}>
      <p className="eyebrow">Your policy</p>
      <h1 id={TITLE_ID} tabIndex={-1}>
        Renew your policy
      </h1>
      {policyId === undefined ? (
        <PolicyPicker
          screen="renewal"
          className="renewal-section"
          lead="Which policy would you like to renew? We offer each renewal ahead of the policy’s end and e-mail you when we do."
          none="You have no policy to renew: a policy is issued once an order is bound and paid."
        />
      ) : (
        <PolicyRenewal key={policyId} policyId={policyId} />
      )}
    </section>
  );
}

/** Where the renewal stands, in words, when there is nothing to do here. */
function settledWords(renewal: Renewal): { title: string; text: string; tone: 'good' | 'wait' | 'ended' } {
  const offer = renewal.offer;
  switch (renewal.status) {
    case 'renewed':
      return {
        title: 'Your renewal is bound',
        text: `Policy ${offer?.renewalNumber ?? ''} covers ${offer ? periodWords(offer.effectiveDate, offer.expirationDate) : 'the next year'}. Its documents are with your policy documents.`,
        tone: 'good',
      };
    case 'with_underwriter':
      return {
        title: 'Your renewal is with an underwriter',
        text: 'An underwriter is reviewing your renewal. We will e-mail you as soon as it is decided; your current policy stays in force meanwhile.',
        tone: 'wait',
      };
    case 'declined':
      return {
        title: 'We cannot renew this policy',
        text: 'Your renewal could not be offered on these answers. Your current policy stays in force until it ends.',
        tone: 'ended',
      };
    case 'lapsed':
      return {
        title: 'This policy was not renewed',
        text: 'The policy has ended (or was cancelled) without a renewal. A tail can still cover claims reported later.',
        tone: 'ended',
      };
    case 'not_offered':
      return {
        title: 'No renewal is offered',
        text: 'This cover is no longer sold where your practice is. Your policy stays in force until it ends.',
        tone: 'ended',
      };
    default:
      return {
        title: 'Your renewal is not offered yet',
        text: `We will offer your renewal on ${formatDay(renewal.offerDate)}, and e-mail you when we do.`,
        tone: 'wait',
      };
  }
}

function PolicyRenewal({ policyId }: { policyId: number }) {
  const clientId = useClientArea();
  const [state, send] = useMachine(renewalInBrowser, { input: { policyId, clientId } });
  const { renewal, problems, failure } = state.context;

  if (state.matches('loading')) return <p role="status">Loading your renewal…</p>;
  if (state.matches('loadFailed')) {
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load this renewal. {failureWords(state.context.loadError)}</p>
        <p className="screen-actions">
          <button type="button" className="button" onClick={() => send({ type: 'renewal.retry' })}>
            Try again
          </button>
          <ScreenLink screen="renewal" className="button button--secondary">
            Choose another policy
          </ScreenLink>
        </p>
      </div>
    );
  }
  if (!renewal) return null;

  const header = (
    <div className="renewal-policy">
      <p className="renewal-policy__number">
        Policy <strong>{renewal.policyNumber}</strong>
      </p>
      <p className="renewal-policy__period">
        This year: {periodWords(renewal.currentPeriod.effectiveDate, renewal.currentPeriod.expirationDate)}
      </p>
    </div>
  );

  if (state.matches('settled')) {
    const words = settledWords(renewal);
    // Once bound, the link leads to the new term: the policy the insured holds from here on.
    const newTerm = renewal.status === 'renewed' ? (renewal.offer?.renewedPolicyId ?? null) : null;
    return (
      <>
        {header}
        <div className={`renewal-section renewal-settled renewal-settled--${words.tone}`} role="status">
          <h2>{words.title}</h2>
          <p>{words.text}</p>
          {renewal.offer && renewal.offer.reasons.length > 0 && (
            <ul>
              {renewal.offer.reasons.map((reason) => (
                <li key={reason.code}>{reason.label}</li>
              ))}
            </ul>
          )}
          {renewal.offer && <RenewalAnswers answered={renewal.offer.answered} />}
          <p className="screen-actions">
            <ScreenLink
              screen="policy-history"
              search={{ policyid: newTerm ?? renewal.policyId }}
              className="button button--secondary"
            >
              {newTerm === null ? 'Back to your policy' : 'See your renewed policy'}
            </ScreenLink>
          </p>
        </div>
      </>
    );
  }

  const offer = renewal.offer!;
  const { preview, previewFailure } = state.context;
  // The price for the answers on screen once they were priced; the offer's until then.
  const rating = preview?.rating ?? offer.rating;
  const changes = preview?.changes ?? offer.changes;
  const repricing = state.matches({ offered: 'waiting' }) || state.matches({ offered: 'pricing' });
  const unanswered = state.matches({ offered: 'unanswered' });
  const priceFailed = state.matches({ offered: 'priceFailed' });
  const accepting = state.matches('accepting') || state.matches('toCheckout');
  const paying = renewal.status === 'awaiting_payment';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'renewal.accept' });
  };

  return (
    <>
      {header}
      <section className="renewal-section renewal-offer" aria-labelledby="renewal-offer-title">
        <h2 id="renewal-offer-title">Your renewal: {offer.renewalNumber}</h2>
        <p className="renewal-offer__period">
          New period: <strong>{periodWords(offer.effectiveDate, offer.expirationDate)}</strong>, starting the day this
          one ends, so there is no gap in cover.
        </p>
        {rating && !unanswered && !priceFailed ? (
          <div
            className="renewal-offer__priced"
            aria-busy={repricing || undefined}
            data-renewal-total={rating.totalCents}
          >
            <p className="renewal-offer__premium">
              <span className="renewal-offer__amount">{formatUsd(rating.totalCents)}</span> for the year
              {offer.previousRating && (
                <span className="renewal-offer__was"> (last year {formatUsd(offer.previousRating.totalCents)})</span>
              )}
            </p>
            <RenewalPrice rating={rating} />
          </div>
        ) : (
          !priceFailed && (
            <p className="renewal-offer__premium">Answer the new questions below and we price your renewal at once.</p>
          )
        )}
        {priceFailed && previewFailure && (
          <div className="notice notice--error" role="alert">
            <p>We could not price your renewal with these answers. {previewFailure.message}</p>
            <p className="screen-actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => send({ type: 'renewal.reprice' })}
              >
                Try again
              </button>
            </p>
          </div>
        )}
        {/* Said politely as the price is worked out again, so a screen reader hears the new figure is coming. */}
        <p className="renewal-offer__status" role="status">
          {repricing ? 'Working out your price for these answers…' : preview ? 'Priced with your answers.' : ''}
        </p>
        {paying && <RenewalAnswers answered={offer.answered} />}
      </section>

      {rating && !unanswered && !priceFailed && changes.length > 0 && (
        <section className="renewal-section" aria-labelledby="renewal-changes-title">
          <h2 id="renewal-changes-title">What changed from last year, and why</h2>
          <p className="renewal-section__lead">
            Your renewal is priced on today’s rates with last year’s answers. These lines differ:
          </p>
          <table className="renewal-changes">
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Last year</th>
                <th scope="col">This year</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.step}>
                  <th scope="row">{change.label}</th>
                  <td>{change.before ?? '—'}</td>
                  <td>{change.after ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <details className="renewal-worksheet">
            <summary>How this year’s premium is worked out</summary>
            <Worksheet lines={rating.worksheet} />
          </details>
        </section>
      )}

      <form
        className="renewal-section renewal-accept"
        noValidate
        onSubmit={submit}
        aria-labelledby="renewal-accept-title"
      >
        <h2 id="renewal-accept-title">{paying ? 'Pay your renewal' : 'Accept and pay'}</h2>
        {!paying &&
          (offer.questions.length > 0 ? (
            <fieldset className="renewal-questions">
              <legend>New or changed since last year</legend>
              <p className="renewal-section__lead">Only these are asked: your other answers from last year stand.</p>
              {offer.questions.map((question) => (
                <div key={question.code} className="renewal-question">
                  <p className="renewal-question__why">
                    {question.why === 'new' ? 'New question' : 'Changed question'}
                  </p>
                  <QuestionField
                    question={question}
                    value={state.context.answers[question.code]}
                    error={
                      problems[question.code] ??
                      failure?.fields[`${question.general ? 'applicationAnswers' : 'answers'}.${question.code}`] ??
                      previewFailure?.fields[`${question.general ? 'applicationAnswers' : 'answers'}.${question.code}`]
                    }
                    onAnswer={(value) => send({ type: 'renewal.answer', code: question.code, value })}
                  />
                </div>
              ))}
            </fieldset>
          ) : (
            <p className="renewal-section__lead">Nothing new is asked: your answers from last year carry over.</p>
          ))}
        {!paying && rating && rating.paymentPlans.length > 1 && (
          <PaymentPlans
            plans={rating.paymentPlans}
            chosen={state.context.paymentTerm ?? undefined}
            onChoose={(code) => send({ type: 'renewal.term', code })}
          />
        )}
        <TextField
          label="Your full name, as your signature"
          autoComplete="name"
          value={state.context.signerName}
          onValueChange={(name) => send({ type: 'renewal.signer', name })}
          error={problems.signerName}
        />
        <div className={`renewal-agree${problems.agreed ? ' renewal-agree--invalid' : ''}`}>
          <label className="choice">
            <input
              type="checkbox"
              checked={state.context.agreed}
              aria-invalid={problems.agreed ? true : undefined}
              aria-describedby={problems.agreed ? 'renewal-agree-error' : undefined}
              onChange={(event) => send({ type: 'renewal.agree', agreed: event.target.checked })}
            />
            <span>
              I agree to use electronic records and signatures, and I declare that my answers, last year’s and today’s,
              are true.
            </span>
          </label>
          {problems.agreed && (
            <p id="renewal-agree-error" className="field__error">
              {problems.agreed}
            </p>
          )}
        </div>
        {failure && (
          <ServerFailure
            title="Your renewal was not accepted"
            failure={failure}
            shownFields={offer.questions.map((question) => `answers.${question.code}`)}
          />
        )}
        <p className="screen-actions">
          <button type="submit" className="button" aria-disabled={accepting || undefined} disabled={accepting}>
            {accepting ? 'Opening the secure checkout…' : 'Accept and pay'}
          </button>
          <ScreenLink
            screen="policy-history"
            search={{ policyid: renewal.policyId }}
            className="button button--secondary"
          >
            Not now
          </ScreenLink>
        </p>
        <p className="renewal-section__lead">
          You pay on our payment provider’s secure page, then come back here. Your new documents are issued as soon as
          it is paid.
        </p>
      </form>
    </>
  );
}
