import type { ReactNode } from 'react';
import type { DefaultSpecialityDecision } from '@/machines/default-speciality.machine';
import { useDefaultSpeciality } from '@/routes/use-default-speciality';

/**
 * Landing's and specialities' handling of `?s=` (specification §2). While a code is being
 * checked, and while the machine sends the visitor on, only a status shows, not a flash of the
 * page being left. Otherwise the page renders, told what the machine decided (for a stored
 * default speciality, which it offers as the way to carry on).
 */
export function DefaultSpecialityGate({
  s,
  carried,
  children,
}: {
  s: string | undefined;
  /** The address's other query parameters, kept when the machine sends the visitor on. */
  carried?: Record<string, unknown>;
  children: (decision: DefaultSpecialityDecision | undefined) => ReactNode;
}) {
  const [state, send] = useDefaultSpeciality(s, carried);
  // Without `s` the page shows at once; a stored default speciality joins it when checked.
  if (s === undefined) return children(state.context.decision);
  if (state.matches('failed')) {
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not check the speciality in this link. {state.context.errorMessage}</p>
        <button type="button" className="button" onClick={() => send({ type: 'defaultSpeciality.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p role="status" className="notice" aria-busy="true">
      Finding your speciality…
    </p>
  );
}
