import { useLocation } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { isQuestionVisible } from '@shared/contract/question-rules';
import { readSavedQuote } from '@/api/saved-quote';
import { CoverSummary } from '@/components/purchase/cover-summary';
import { PurchaseProgress } from '@/components/purchase/purchase-progress';
import { placeWords } from '@/components/quote/place-words';
import { QuestionField } from '@/components/quote/question-field';
import { RetryNotice } from '@/components/quote/retry-notice';
import { useQuoteFlow } from '@/components/quote/use-quote-flow';
import { isAtZipStep, QuoteZipStep } from '@/components/quote/zip-step';
import { ScreenLink } from '@/components/screen-link';
import { chosenSpecialityMachine } from '@/machines/chosen-speciality.machine';
import type { AnswerSet, QuoteQuestion } from '@/machines/quote.machine';

/**
 * The first step of the purchase (issue 16): where the practice is (the ZIP: state, county and
 * territory follow) and the questions about it, on one screen; then the price.
 */
export default function QuestionListScreen() {
  const fromState = useLocation({ select: (location) => location.state.specialityId });
  const specialityId = fromState ?? readSavedQuote()?.specialityId;
  return (
    <section data-screen="questionlist" className="screen purchase-screen" aria-labelledby="questionlist-title">
      <PurchaseProgress current="practice" />
      <p className="eyebrow">Your quote</p>
      <h1 id="questionlist-title">About your practice</h1>
      {specialityId === undefined ? (
        <p>
          First, <ScreenLink screen="specialities">choose your speciality</ScreenLink>.
        </p>
      ) : (
        <Questions key={specialityId} specialityId={specialityId} />
      )}
    </section>
  );
}

function Questions({ specialityId }: { specialityId: number }) {
  const [state, send] = useQuoteFlow(specialityId, 'questionlist');
  const [chosen] = useMachine(chosenSpecialityMachine, { input: { specialityId } });
  const { context } = state;
  const specialityName = chosen.context.speciality?.name;
  const summary = (
    <CoverSummary
      facts={{
        speciality: specialityName ?? 'Your',
        place: context.location && !isAtZipStep(state) ? placeWords(context.location, 'short') : undefined,
      }}
    />
  );

  // No such speciality (a stale link): ask for one rather than for answers nobody prices.
  if (chosen.matches('unchosen')) {
    return (
      <p>
        First, <ScreenLink screen="specialities">choose your speciality</ScreenLink>.
      </p>
    );
  }
  if (state.matches({ questionnaire: 'loading' })) return <p role="status">Loading the questions…</p>;
  if (state.matches({ questionnaire: 'failed' }) || state.matches({ locating: 'failed' })) {
    return (
      <RetryNotice
        what="We could not load the questions."
        why={context.errorMessage}
        onRetry={() => send({ type: 'quote.retry' })}
      />
    );
  }
  if (isAtZipStep(state)) {
    return (
      <div className="purchase-layout">
        <div className="purchase-layout__main">
          <QuoteZipStep state={state} send={send} specialityName={specialityName} />
        </div>
        {summary}
      </div>
    );
  }

  const busy = !state.matches('answering');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    send({ type: 'quote.price' });
    // Still here with messages: the first question to fix takes focus (its message is read with it).
    queueMicrotask(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const fields = (set: AnswerSet, questions: QuoteQuestion[]) =>
    questions
      .filter((question) => isQuestionVisible(question, context[set]))
      .map((question) => (
        <QuestionField
          key={question.code}
          question={question}
          value={context[set][question.code]}
          error={context.fieldErrors[`${set}.${question.code}`]}
          onAnswer={(value) => send({ type: 'quote.answer', set, code: question.code, value })}
        />
      ));
  const problems = Object.keys(context.fieldErrors).length;

  return (
    <div className="purchase-layout">
      <div className="purchase-layout__main">
        {context.location && (
          <p className="quote-place">
            Practice in {placeWords(context.location)}.{' '}
            <button type="button" className="link-button" onClick={() => send({ type: 'quote.relocate' })}>
              Change ZIP code
            </button>
          </p>
        )}
        <form className="form questions" onSubmit={submit} noValidate>
          {problems > 0 && (
            <p className="notice notice--error" role="alert">
              {problems === 1 ? 'One answer needs your attention.' : `${problems} answers need your attention.`}
            </p>
          )}
          <section aria-labelledby="questions-firm" className="questions__group">
            <h2 id="questions-firm">Your firm</h2>
            {fields('applicationAnswers', context.applicationQuestions)}
          </section>
          <section aria-labelledby="questions-work" className="questions__group">
            <h2 id="questions-work">Your work</h2>
            {fields('answers', context.questions)}
          </section>
          <p className="form__actions">
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {busy ? 'Pricing your options…' : 'See my price'}
            </button>
          </p>
        </form>
      </div>
      {summary}
    </div>
  );
}
