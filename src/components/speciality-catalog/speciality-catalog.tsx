import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { readSavedQuote } from '@/api/saved-quote';
import { ScreenLink } from '@/components/screen-link';
import { SpecialityGroups } from '@/components/speciality-catalog/speciality-groups';
import { groupByCategory, specialityCatalogMachine, type CategoryGroup } from '@/machines/speciality-catalog.machine';
import { useScreenNavigate } from '@/routes/screen-navigation';

/**
 * The specialities on offer (all, or one broker's), grouped by category and searchable. With
 * `onlyCodes`, just those specialities (specialities?speciality=…).
 */
export function SpecialityCatalog({
  clientid,
  onlyCodes,
  chosenSpecialityId,
}: {
  clientid: string | undefined;
  onlyCodes?: readonly string[] | undefined;
  /** The session's default speciality: offered first, as the way to carry on. */
  chosenSpecialityId?: number | undefined;
}) {
  const navigate = useScreenNavigate();
  // The ZIP of the quote in progress, read once: the indicative prices are its state's.
  const [zipcode] = useState(() => readSavedQuote()?.zipcode || undefined);
  const [state, send] = useMachine(
    specialityCatalogMachine.provide({
      actions: {
        // The broker vanished between the client route's check and this list.
        goToPageNotFound: () => void navigate({ screen: 'page-not-found', replace: true }),
      },
    }),
    { input: { clientUrl: clientid, zipcode } },
  );
  const searchId = useId();
  const { context } = state;
  const query = context.query.trim();
  const groups = groupByCategory(context, query, onlyCodes);
  const offered = onlyCodes ? countOf(groupByCategory(context, '', onlyCodes)) : context.specialities.length;
  const matching = countOf(groups);
  // Offered only among the specialities on show: a link that names others is about those.
  const chosen = state.matches('loaded')
    ? groupByCategory(context, '', onlyCodes)
        .flatMap((group) => group.specialities)
        .find((speciality) => speciality.id === chosenSpecialityId)
    : undefined;

  // One live region stays mounted so that every change of what the list shows is announced.
  let status = '';
  if (state.matches('loading')) status = 'Loading specialities…';
  else if (state.matches('empty'))
    status = 'No specialities are on offer here yet. Please check back soon or contact your broker.';
  else if (state.matches('loaded') && offered === 0) status = 'None of these specialities is on offer here.';
  else if (state.matches('loaded') && query)
    status =
      matching === 0 ? `No speciality matches “${query}”.` : `${matching} of ${offered} specialities match “${query}”.`;

  return (
    <section className="catalog" aria-labelledby="catalog-title" aria-busy={state.matches('loading')}>
      <div className="catalog__header">
        <h2 id="catalog-title">Choose your speciality</h2>
        {state.matches('loaded') && !onlyCodes && (
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

      {chosen && (
        <div className="notice notice--chosen" data-chosen-speciality={chosen.speiclaityRandomCode}>
          <p>
            Your speciality: <strong>{chosen.name}</strong>
          </p>
          <ScreenLink screen="quotes" state={{ specialityId: chosen.id }} className="button">
            Continue to your {chosen.name} quote
          </ScreenLink>
        </div>
      )}

      {state.matches('loaded') && groups.length > 0 && <SpecialityGroups groups={groups} place={context.place} />}
    </section>
  );
}

const countOf = (groups: readonly CategoryGroup[]) =>
  groups.reduce((count, group) => count + group.specialities.length, 0);
