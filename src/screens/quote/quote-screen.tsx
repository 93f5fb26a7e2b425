import { useLocation } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { readSavedQuote } from '@/api/saved-quote';
import { readDefaultSpeciality } from '@/api/session-values';
import { PurchaseProgress } from '@/components/purchase/purchase-progress';
import { ScreenLink } from '@/components/screen-link';
import { chosenSpecialityMachine } from '@/machines/chosen-speciality.machine';
import { decideDefaultSpeciality } from '@/machines/default-speciality.machine';
import { useScreenNavigate } from '@/routes/screen-navigation';
import { useBrokerLookup, useClientArea } from '@/routes/use-broker';
import { QuoteSteps } from '@/screens/quote/quote-steps';

/**
 * The speciality from state; else, in the client area, the session's default speciality; else
 * the quote this tab was working on.
 */
function useChosenSpecialityId(): number | undefined {
  const fromState = useLocation({ select: (location) => location.state.specialityId });
  const clientid = useClientArea();
  const lookup = useBrokerLookup();
  if (fromState !== undefined) return fromState;
  if (clientid && lookup?.status === 'found') {
    const decision = decideDefaultSpeciality(
      { clientid, storedDefault: readDefaultSpeciality() },
      lookup.details.brokerspecialities,
    );
    if (decision.kind === 'stored') return decision.specialityId;
  }
  return readSavedQuote()?.specialityId;
}

export default function QuoteScreen() {
  const specialityId = useChosenSpecialityId();
  const navigate = useScreenNavigate();
  // Never priced in this tab: the practice's questions come first. Decided from the tab's saved
  // quote at once, not after the questions load, so a click elsewhere meanwhile is not overridden.
  const unpriced = specialityId !== undefined && readSavedQuote(specialityId)?.resume !== 'quote';
  useEffect(() => {
    if (unpriced) void navigate({ screen: 'questionlist', state: { specialityId }, replace: true });
  }, [unpriced, navigate, specialityId]);
  if (unpriced)
    return <section data-screen="quotes" className="screen purchase-screen" aria-busy="true" aria-label="Your quote" />;
  return <ChosenSpeciality key={specialityId ?? 'none'} specialityId={specialityId} />;
}

function ChosenSpeciality({ specialityId }: { specialityId: number | undefined }) {
  const [state, send] = useMachine(chosenSpecialityMachine, { input: { specialityId } });
  const { speciality } = state.context;
  return (
    <section data-screen="quotes" className="screen purchase-screen" aria-labelledby="quotes-title">
      <PurchaseProgress current="price" />
      <p className="eyebrow">Your quote</p>
      <h1 id="quotes-title">{speciality ? `Your ${speciality.name} quote` : 'Your quote'}</h1>
      <p className="hero__lead">Choose a limit, a deductible and how to pay: the price changes as you choose.</p>
      <div aria-live="polite" aria-busy={state.matches('loading')}>
        {state.matches('loading') && <p>Loading your speciality…</p>}
        {state.matches('unchosen') && (
          <p>
            First, <ScreenLink screen="specialities">choose your speciality</ScreenLink>.
          </p>
        )}
      </div>
      {speciality && (
        <>
          <p className="quote-speciality" data-quote-speciality={speciality.id}>
            Speciality: <strong>{speciality.name}</strong>. {speciality.description}{' '}
            <ScreenLink screen="specialities">Choose another speciality</ScreenLink>
          </p>
          <QuoteSteps speciality={speciality} />
        </>
      )}
      {state.matches('failed') && (
        <div className="notice notice--error" role="alert">
          <p>We could not load your speciality. {state.context.errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'speciality.retry' })}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}
