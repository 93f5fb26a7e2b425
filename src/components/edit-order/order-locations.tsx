import type { Location, PlanLocation } from '@shared/contract/locations';
import { addressLine, locationName } from '@/components/edit-order/address-words';
import { ServerFailure } from '@/components/form/server-failure';
import { ScreenLink } from '@/components/screen-link';
import type { Failure } from '@/machines/edit-order.machine';

interface OrderLocationsProps {
  savedLocations: Location[];
  planLocations: PlanLocation[];
  /** Saved location ids ticked "On this order". */
  chosen: readonly number[];
  failure: Failure | undefined;
  busy: boolean;
  saving: boolean;
  onToggle: (locationId: number, chosen: boolean) => void;
  onUpdate: () => void;
  /** Takes an order's copy of a since-deleted saved location off the order (asks first). */
  onRemoveCopy: (planLocationId: number) => void;
}

/**
 * The insured's saved locations as ticks "On this order"; "Update locations" sends the
 * differences. The order's primary location (its rating address) is marked. Copies of saved
 * locations deleted since are listed apart: only their own removal takes them off.
 */
export function OrderLocations({
  savedLocations,
  planLocations,
  chosen,
  failure,
  busy,
  saving,
  onToggle,
  onUpdate,
  onRemoveCopy,
}: OrderLocationsProps) {
  const planFor = new Map(
    planLocations.flatMap((plan) => (plan.locationId === null ? [] : [[plan.locationId, plan] as const])),
  );
  const savedIds = new Set(savedLocations.map((location) => location.id));
  const copies = planLocations.filter((plan) => plan.locationId === null || !savedIds.has(plan.locationId));

  return (
    <>
      {failure && <ServerFailure title={failure.title} failure={failure} shownFields={[]} />}
      {savedLocations.length === 0 ? (
        <p className="records-empty">
          You have no saved locations yet. Add your practice’s addresses on{' '}
          <ScreenLink screen="locations">your locations page</ScreenLink>, then put them on this order here.
        </p>
      ) : (
        <fieldset className="choices edit-order__locations" aria-busy={saving}>
          <legend>On this order</legend>
          {savedLocations.map((location) => {
            const plan = planFor.get(location.id);
            const ticked = chosen.includes(location.id);
            const pending = ticked !== Boolean(plan);
            return (
              <label key={location.id} className="choice edit-order__location" data-location-id={location.id}>
                <input
                  type="checkbox"
                  checked={ticked}
                  onChange={(event) => {
                    if (!busy) onToggle(location.id, event.target.checked);
                  }}
                  aria-disabled={busy || undefined}
                />
                <span>
                  <span className="choice__label">
                    {locationName(location)}
                    {plan?.isprimary && <span className="record__badge">Rated here</span>}
                    {location.isprimary && <span className="edit-order__badge">Your primary location</span>}
                  </span>
                  <span className="choice__hint">{addressLine(location)}</span>
                  {pending && (
                    <span className="edit-order__pending">
                      {ticked ? 'Added when you update' : 'Taken off when you update'}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <div className="form__actions edit-order__actions">
        {savedLocations.length > 0 && (
          <button
            type="button"
            className="button"
            onClick={() => !busy && onUpdate()}
            aria-disabled={busy || undefined}
          >
            {saving ? 'Updating…' : 'Update locations'}
          </button>
        )}
        <ScreenLink screen="locations">Manage your locations</ScreenLink>
      </div>
      {copies.length > 0 && (
        <>
          <h3 className="edit-order__subtitle">Also on this order</h3>
          <p className="edit-order__note">Copies of locations you have since deleted from your saved locations.</p>
          <ul className="records">
            {copies.map((plan) => (
              <li key={plan.id} className={`record${plan.isprimary ? ' record--primary' : ''}`}>
                <div>
                  <p className="record__title">
                    {/* Its title went with the saved location; the address alone names it then. */}
                    {plan.title ?? addressLine(plan)}
                    {plan.isprimary && <span className="record__badge">Rated here</span>}
                  </p>
                  {plan.title && <p className="record__lines">{addressLine(plan)}</p>}
                </div>
                <div className="record__actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => {
                      if (!busy) onRemoveCopy(plan.id);
                    }}
                    aria-disabled={busy || undefined}
                    // The visible words first, then which one (WCAG 2.5.3, label in name).
                    aria-label={`Remove from this order: ${locationName(plan)}`}
                  >
                    Remove from this order
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
