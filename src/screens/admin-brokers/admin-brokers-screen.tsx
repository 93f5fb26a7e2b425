import { useMachine } from '@xstate/react';
import type { AdminBroker } from '@shared/contract/admin-brokers';
import { AdminFrame } from '@/components/admin/admin-frame';
import { BrokerFormDialog, isWellFormedClientUrl, logoSource } from '@/components/admin/broker-form-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { adminBrokersMachine, type BrokerChange } from '@/machines/admin-brokers.machine';
import { screenHref } from '@/routes/screen-location';

const CHANGE_WORDS: Record<BrokerChange['kind'], (name: string) => string> = {
  created: (name) => `${name} was created: its storefront is open.`,
  updated: (name) => `${name} was saved.`,
  deactivated: (name) => `${name}’s storefront is closed: its address now shows page-not-found.`,
  reactivated: (name) => `${name}’s storefront is open again.`,
};

/**
 * admin/brokers: the administrator's brokers (issue 9). Create and edit one (client URL checked
 * live, what it sells, its logo), open its storefront, close or reopen it.
 */
export default function AdminBrokersScreen() {
  const [state, send] = useMachine(adminBrokersMachine);
  const { brokers, specialities, editing, switching, clientUrl, errorMessage, fieldErrors, lastChange } = state.context;
  const inEditor = state.matches('editor');

  let said = '';
  if (state.matches('loading')) said = 'Loading the brokers…';
  // Said once the dialog has closed: while its logo uploads, the broker is not finished.
  else if (lastChange && !inEditor) said = CHANGE_WORDS[lastChange.kind](lastChange.name);

  return (
    <AdminFrame
      screen="admin-brokers"
      title="Brokers"
      lead="Each broker has a branded storefront at its client URL, selling the specialities chosen here."
      said={said}
      loadFailure={
        state.matches('loadFailed')
          ? { what: 'the brokers', message: errorMessage, onRetry: () => send({ type: 'brokers.retry' }) }
          : undefined
      }
      failure={inEditor ? undefined : errorMessage}
    >
      {!state.matches('loading') && (
        <>
          <div className="admin__actions">
            <button type="button" className="button" onClick={() => send({ type: 'broker.add' })}>
              New broker
            </button>
          </div>
          <BrokerTable
            brokers={brokers}
            busyId={state.matches('switching') ? switching?.id : undefined}
            onEdit={(id) => send({ type: 'broker.edit', id })}
            onDeactivate={(id) => send({ type: 'broker.deactivate', id })}
            onReactivate={(id) => send({ type: 'broker.reactivate', id })}
          />
        </>
      )}

      {inEditor && (
        // No key: saving turns a new broker into the saved one, and the open form must stay as it is.
        <BrokerFormDialog
          broker={editing}
          specialities={specialities}
          clientUrlCheck={clientUrl.check}
          checking={
            state.matches({ editor: { form: { clientUrl: 'checking' } } }) ||
            state.matches({ editor: { form: { clientUrl: 'waiting' } } })
          }
          busy={!state.matches({ editor: 'form' })}
          failure={errorMessage ? { message: errorMessage, fields: fieldErrors } : null}
          onClientUrlChange={(value) =>
            send({ type: 'clientUrl.change', value, wellFormed: isWellFormedClientUrl(value) })
          }
          onSave={(draft) => send({ type: 'editor.save', draft })}
          onCancel={() => send({ type: 'editor.cancel' })}
        />
      )}
      {state.matches('confirmingDeactivate') && switching && (
        <ConfirmDialog
          title={`Close ${switching.name}’s storefront?`}
          message={`Its address /client/landing/${switching.clientUrl} will show page-not-found and nothing can be quoted through it. Its ${switching.orders} ${switching.orders === 1 ? 'order stays' : 'orders stay'} as they are; you can reopen it later.`}
          confirmLabel="Close the storefront"
          onConfirm={() => send({ type: 'deactivate.confirm' })}
          onCancel={() => send({ type: 'deactivate.cancel' })}
        />
      )}
    </AdminFrame>
  );
}

function BrokerTable({
  brokers,
  busyId,
  onEdit,
  onDeactivate,
  onReactivate,
}: {
  brokers: readonly AdminBroker[];
  busyId: number | undefined;
  onEdit: (id: number) => void;
  onDeactivate: (id: number) => void;
  onReactivate: (id: number) => void;
}) {
  if (brokers.length === 0) return <p>No brokers yet: create the first.</p>;
  return (
    <div className="admin__table-wrap" tabIndex={0} role="region" aria-labelledby="brokers-caption">
      <table className="admin__table">
        <caption id="brokers-caption">Every broker, by name</caption>
        <thead>
          <tr>
            <th scope="col">Broker</th>
            <th scope="col">Storefront</th>
            <th scope="col">Sells (link code)</th>
            <th scope="col">Orders</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {brokers.map((broker) => (
            <tr key={broker.id} className={broker.active ? undefined : 'admin__row--inactive'}>
              <th scope="row">
                <span className="admin__broker">
                  {broker.logo ? (
                    <img className="admin__logo" src={logoSource(broker.logo)} alt="" />
                  ) : (
                    <span className="admin__mark" aria-hidden="true">
                      {broker.abbreviation}
                    </span>
                  )}
                  <span>
                    {broker.name} <span className="admin__muted">({broker.abbreviation})</span>
                  </span>
                </span>
              </th>
              <td>
                {broker.active ? (
                  <a href={screenHref({ screen: 'landing' }, broker.clientUrl)}>/client/landing/{broker.clientUrl}</a>
                ) : (
                  <span>
                    /client/landing/{broker.clientUrl} <strong className="admin__badge">Closed</strong>
                  </span>
                )}
              </td>
              <td>
                <ul className="admin__list">
                  {broker.specialities
                    .filter((entry) => entry.active)
                    .map((entry) => (
                      <li key={entry.id}>
                        {entry.name} <code>{entry.code}</code>
                      </li>
                    ))}
                </ul>
              </td>
              <td>{broker.orders}</td>
              <td>
                <div className="admin__row-actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Edit ${broker.name}`}
                    onClick={() => onEdit(broker.id)}
                  >
                    Edit
                  </button>
                  {broker.active ? (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Close storefront of ${broker.name}`}
                      onClick={() => onDeactivate(broker.id)}
                    >
                      Close storefront
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Reopen storefront of ${broker.name}`}
                      aria-disabled={busyId === broker.id || undefined}
                      onClick={() => busyId === undefined && onReactivate(broker.id)}
                    >
                      {busyId === broker.id ? 'Reopening…' : 'Reopen storefront'}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
