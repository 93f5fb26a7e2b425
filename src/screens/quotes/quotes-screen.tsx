import { useLocation } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { readDefaultSpeciality } from '@/api/session-values';
import { ScreenLink } from '@/components/screen-link';
import { UpcomingScreen } from '@/components/upcoming-screen';
import { chosenSpecialityMachine } from '@/machines/chosen-speciality.machine';
import { decideDefaultSpeciality } from '@/machines/default-speciality.machine';
import { useBrokerLookup, useClientArea } from '@/routes/use-broker';

/** The speciality from state, else (in the client area) the session's default speciality. */
function useChosenSpecialityId(): number | undefined {
  const fromState = useLocation({ select: (location) => location.state.specialityId });
  const clientid = useClientArea();
  const lookup = useBrokerLookup();
  if (fromState !== undefined) return fromState;
  if (!clientid || lookup?.status !== 'found') return undefined;
  const decision = decideDefaultSpeciality(
    { clientid, storedDefault: readDefaultSpeciality() },
    lookup.details.brokerspecialities,
  );
  return decision.kind === 'stored' ? decision.specialityId : undefined;
}

export default function QuotesScreen() {
  const specialityId = useChosenSpecialityId();
  return <ChosenSpeciality key={specialityId ?? 'none'} specialityId={specialityId} />;
}

function ChosenSpeciality({ specialityId }: { specialityId: number | undefined }) {
  const [state, send] = useMachine(chosenSpecialityMachine, { input: { specialityId } });
  const { speciality } = state.context;
  return (
    <UpcomingScreen
      screen="quotes"
      eyebrow="Your quote"
      title={speciality ? `Your ${speciality.name} quote` : 'Your quote'}
      lead="Limits, deductibles and payment plans side by side, with every step of your premium explained."
    >
      <div aria-live="polite" aria-busy={state.matches('loading')}>
        {state.matches('loading') && <p>Loading your speciality…</p>}
        {speciality && (
          <div className="notice notice--chosen" data-quote-speciality={speciality.id}>
            <p>
              Speciality: <strong>{speciality.name}</strong>. {speciality.description}
            </p>
            <ScreenLink screen="specialities">Choose another speciality</ScreenLink>
          </div>
        )}
        {state.matches('unchosen') && (
          <p>
            First, <ScreenLink screen="specialities">choose your speciality</ScreenLink>.
          </p>
        )}
      </div>
      {state.matches('failed') && (
        <div className="notice notice--error" role="alert">
          <p>We could not load your speciality. {state.context.errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'speciality.retry' })}>
            Try again
          </button>
        </div>
      )}
    </UpcomingScreen>
  );
}
