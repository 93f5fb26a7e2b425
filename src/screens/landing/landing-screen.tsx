import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { groupByCategory, specialityCatalogMachine } from '@/machines/speciality-catalog.machine';
import { useClientId } from '@/routes/use-client-id';
import { SpecialityGroups } from '@/screens/landing/speciality-groups';

export default function LandingScreen() {
  const clientid = useClientId();
  const navigate = useNavigate();
  const [state, send] = useMachine(
    specialityCatalogMachine.provide({
      actions: {
        goToPageNotFound: () => {
          if (clientid) void navigate({ to: '/client/page-not-found/$clientid', params: { clientid }, replace: true });
        },
      },
    }),
    { input: { clientUrl: clientid } },
  );
  const searchId = useId();
  const { context } = state;
  const groups = groupByCategory(context, context.query);

  return (
    <div data-screen="landing" className="screen">
      <section className="hero" aria-labelledby="landing-title">
        <h1 id="landing-title">Professional liability cover, priced for your speciality</h1>
        <p className="hero__lead">
          Errors &amp; omissions and malpractice insurance, bought online in minutes. Pick your speciality, answer a
          few questions and see exactly how your premium is worked out.
        </p>
        <ul className="hero__points">
          <li>A rated quote in minutes, explained line by line</li>
          <li>Limits, deductibles and payment plans side by side</li>
          <li>Policy documents the moment you pay</li>
        </ul>
      </section>

      <section className="catalog" aria-labelledby="catalog-title" aria-busy={state.matches('loading')}>
        <div className="catalog__header">
          <h2 id="catalog-title">Choose your speciality</h2>
          {state.matches('loaded') && (
            <div className="field field--search">
              <label htmlFor={searchId}>Find your speciality</label>
              <input
                id={searchId}
                type="search"
                value={context.query}
                placeholder="e.g. architect, dentist"
                onChange={(event) => send({ type: 'catalog.filter', query: event.target.value })}
              />
            </div>
          )}
        </div>

        {state.matches('loading') && (
          <p className="notice" role="status">
            Loading specialities…
          </p>
        )}

        {state.matches('failed') && (
          <div className="notice notice--error" role="alert">
            <p>We could not load the specialities. {context.errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'catalog.retry' })}>
              Try again
            </button>
          </div>
        )}

        {state.matches('empty') && (
          <p className="notice" role="status">
            No specialities are on offer here yet. Please check back soon or contact your broker.
          </p>
        )}

        {state.matches('loaded') &&
          (groups.length > 0 ? (
            <SpecialityGroups groups={groups} />
          ) : (
            <p className="notice" role="status">
              No speciality matches “{context.query.trim()}”.
            </p>
          ))}
      </section>
    </div>
  );
}
