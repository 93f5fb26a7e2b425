import '@/styles/dialog.css';
import '@/styles/edit-order.css';
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { formatUsd } from '@shared/contract/money-format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatPhone } from '@/components/account/phone-format';
import { addressLine, locationName, locationWords } from '@/components/edit-order/address-words';
import { NamedInsuredForm, type NamedInsuredValues } from '@/components/edit-order/named-insured-form';
import { OrderLocations } from '@/components/edit-order/order-locations';
import { ServerFailure } from '@/components/form/server-failure';
import { ScreenLink } from '@/components/screen-link';
import { EDITABLE_STATUSES, editOrderMachine, type Change, type EditOrderData } from '@/machines/edit-order.machine';

const STATUS_WORDS: Record<string, string> = {
  draft: 'Draft: some answers are still missing',
  quoted: 'Quoted: ready to buy',
  incomplete: 'Incomplete: a few details are missing',
};

const statusWords = (status: string) => STATUS_WORDS[status] ?? status.replaceAll('_', ' ');

/** What the polite live region says after a change. */
function changeWords(change: Change): string {
  if (change.kind === 'saved') return change.what === 'locations' ? 'Locations saved' : 'Named insured saved';
  const was = change.previousTotalCents === null ? '' : ` (was ${formatUsd(change.previousTotalCents)})`;
  return `Price updated: ${formatUsd(change.totalCents)}${was}`;
}

export default function EditOrderScreen() {
  // editOrderSearch (src/routes/search-params.ts) reads anything but a positive whole number as none.
  const { submissionid } = useSearch({ strict: false }) as { submissionid?: number };
  return (
    <section data-screen="editorder" className="screen edit-order" aria-labelledby="editorder-title">
      <p className="eyebrow">Your order</p>
      <EditOrder key={submissionid ?? 'none'} submissionId={submissionid} />
    </section>
  );
}

function OrderNotFound() {
  return (
    <>
      <h1 id="editorder-title">We could not find that order</h1>
      <p>
        It may belong to another account, or the link may be incomplete.{' '}
        <ScreenLink screen="dashboard">See your orders</ScreenLink>.
      </p>
    </>
  );
}

function EditOrder({ submissionId }: { submissionId: number | undefined }) {
  const [state, send] = useMachine(editOrderMachine, { input: { submissionId } });
  const { data, errorMessage } = state.context;
  if (state.matches('notFound') || submissionId === undefined) return <OrderNotFound />;
  if (!data) {
    return (
      <>
        <h1 id="editorder-title">Edit your order</h1>
        {state.matches('loadFailed') ? (
          <div className="notice notice--error" role="alert">
            <p>We could not load your order. {errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'order.retry' })}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Loading your order…</p>
        )}
      </>
    );
  }

  const { details, order, insured, savedLocations } = data;
  const { chosen, failure, removing, removeError, lastChange, changes } = state.context;
  const editable = EDITABLE_STATUSES.includes(order.status);
  const busy = !state.matches({ editing: 'ready' });
  const primaryPlan = order.locations.find((plan) => plan.isprimary);
  const ratedAt = primaryPlan
    ? addressLine(primaryPlan)
    : order.zipcode
      ? `ZIP ${order.zipcode}${order.stateCode ? `, ${order.stateCode}` : ''}`
      : 'Not set yet';

  return (
    <>
      <h1 id="editorder-title">
        Edit order {details.number}: {details.speciality.name}
      </h1>
      <p className="edit-order__back">
        <ScreenLink screen="order" params={{ submissionid: String(submissionId) }}>
          Back to your order
        </ScreenLink>
      </p>

      {/* Always in the page, so that what is put in it later is announced (politely). */}
      <div className="edit-order__announcement" role="status">
        {lastChange && <p key={changes}>{changeWords(lastChange)}</p>}
      </div>

      {errorMessage && state.matches({ editing: 'ready' }) && (
        <div className="notice notice--error" role="alert">
          <p>We could not load the latest version of your order, so what shows may be out of date. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'order.retry' })}>
            Try again
          </button>
        </div>
      )}

      <dl className="edit-order__facts">
        <div className="edit-order__fact edit-order__fact--price">
          <dt>Price for the year</dt>
          <dd data-edit-order-total={order.totalCents ?? undefined}>
            {order.totalCents === null ? 'Not priced yet' : formatUsd(order.totalCents)}
          </dd>
        </div>
        <div className="edit-order__fact">
          <dt>Priced at</dt>
          <dd>{ratedAt}</dd>
        </div>
        <div className="edit-order__fact">
          <dt>Status</dt>
          <dd data-order-status={order.status}>{statusWords(order.status)}</dd>
        </div>
      </dl>

      {!editable && (
        <>
          {failure && <ServerFailure title={failure.title} failure={failure} shownFields={[]} />}
          <p className="notice notice--upcoming">
            This order can no longer be changed here: it has moved on from quoting. What it covers is shown below.
          </p>
        </>
      )}

      <div className="edit-order__sections">
        <section className="edit-order__section" aria-labelledby="edit-order-insured-title">
          <h2 id="edit-order-insured-title">Named insured</h2>
          <p className="edit-order__note">
            Who the policy names, and the address of the order’s primary location, where it is priced.
          </p>
          {editable ? (
            <NamedInsuredSection
              data={data}
              failure={failure?.section === 'insured' ? failure : undefined}
              busy={busy}
              saving={state.matches({ editing: 'savingInsured' })}
              onSave={(request) => send({ type: 'insured.save', request })}
            />
          ) : (
            <dl className="edit-order__summary">
              <dt>Name</dt>
              <dd>{[insured.firstname, insured.lastname].filter(Boolean).join(' ') || '—'}</dd>
              {insured.companyname && (
                <>
                  <dt>Company</dt>
                  <dd>{insured.companyname}</dd>
                </>
              )}
              {insured.contactnumber && (
                <>
                  <dt>Phone</dt>
                  <dd>{formatPhone(insured.contactnumber)}</dd>
                </>
              )}
              <dt>Address</dt>
              <dd>{primaryPlan ? addressLine(primaryPlan) : '—'}</dd>
            </dl>
          )}
        </section>

        <section className="edit-order__section" aria-labelledby="edit-order-locations-title">
          <h2 id="edit-order-locations-title">Locations on this order</h2>
          <p className="edit-order__note">
            Tick the saved locations this order should cover. The order is priced at its primary location, so changing
            it can change the price.
          </p>
          {editable ? (
            <OrderLocations
              savedLocations={savedLocations}
              planLocations={order.locations}
              chosen={chosen}
              failure={failure?.section === 'locations' ? failure : undefined}
              busy={busy}
              saving={state.matches({ editing: 'savingLocations' })}
              onToggle={(locationId, ticked) => send({ type: 'locations.toggle', locationId, chosen: ticked })}
              onUpdate={() => send({ type: 'locations.update' })}
              onRemoveCopy={(id) => send({ type: 'planLocation.remove', id })}
            />
          ) : order.locations.length === 0 ? (
            <p className="records-empty">No locations are on this order.</p>
          ) : (
            <ul className="records">
              {order.locations.map((plan) => (
                <li key={plan.id} className={`record${plan.isprimary ? ' record--primary' : ''}`}>
                  <div>
                    <p className="record__title">
                      {locationName(plan)}
                      {plan.isprimary && <span className="record__badge">Rated here</span>}
                    </p>
                    <p className="record__lines">{addressLine(plan)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {removing && state.matches({ editing: 'removing' }) && (
        <ConfirmDialog
          title="Take this location off the order?"
          message={`${locationWords(removing)} will no longer be covered by order ${details.number}.`}
          confirmLabel="Remove"
          error={removeError}
          busy={state.matches({ editing: { removing: 'sending' } })}
          onConfirm={() => send({ type: 'remove.confirm' })}
          onCancel={() => send({ type: 'remove.cancel' })}
        />
      )}
    </>
  );
}

/** The form, started afresh whenever what it shows changes on the server (a new primary location, a saved change). */
function NamedInsuredSection({
  data,
  ...props
}: { data: EditOrderData } & Omit<
  Parameters<typeof NamedInsuredForm>[0],
  'initial' | 'locationId' | 'contactId' | 'states'
>) {
  const { insured, order, states } = data;
  const primaryPlan = order.locations.find((plan) => plan.isprimary);
  // Without a location on the order, the saved primary one is offered only where the order is
  // priced already: prefilling another address would move the order on an unwary save.
  const saved = insured.primaryLocation?.zipcode === order.zipcode ? insured.primaryLocation : null;
  const address = primaryPlan ?? saved;
  const initial: NamedInsuredValues = {
    firstname: insured.firstname ?? '',
    lastname: insured.lastname ?? '',
    companyname: insured.companyname ?? '',
    contactnumber: formatPhone(insured.contactnumber ?? insured.primaryContact?.contactnumber ?? ''),
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? order.stateCode ?? '',
    zipcode: address?.zipcode ?? order.zipcode ?? '',
  };
  const locationId = primaryPlan ? primaryPlan.locationId : (saved?.id ?? null);
  return (
    <NamedInsuredForm
      key={JSON.stringify(initial)}
      initial={initial}
      locationId={locationId}
      contactId={insured.primaryContact?.id ?? null}
      states={states}
      {...props}
    />
  );
}
