import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { groupByCategory, specialityCatalogMachine } from '@/machines/speciality-catalog.machine';
import { SpecialityGroups } from '@/screens/landing/speciality-groups';

export function SpecialityCatalog({ clientid }: { clientid: string | undefined }) {
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
  const query = context.query.trim();
  const groups = groupByCategory(context, query);
  const matching = groups.reduce((count, group) => count + group.specialities.length, 0);

  // One live region stays mounted so that every change of what the list shows is announced.
  let status = '';
  if (state.matches('loading')) status = 'Loading specialities…';
  else if (state.matches('empty')) status = 'No specialities are on offer here yet. Please check back soon or contact your broker.';
  else if (state.matches('loaded') && query)
    status = matching === 0 ? `No speciality matches “${query}”.` : `${matching} of ${context.specialities.length} specialities match “${query}”.`;

  return (
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

      <p role="status" className={status ? 'notice' : 'visually-hidden'}>
        {status}
      </p>

      {state.matches('failed') && (
        <div className="notice notice--error" role="alert">
          <p>We could not load the specialities. {context.errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'catalog.retry' })}>
            Try again
          </button>
        </div>
      )}

      {state.matches('loaded') && groups.length > 0 && <SpecialityGroups groups={groups} />}
    </section>
  );
}
