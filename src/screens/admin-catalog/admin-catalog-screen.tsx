import { useMachine } from '@xstate/react';
import type { AdminCatalog } from '@shared/contract/admin-catalog';
import { AdminFrame } from '@/components/admin/admin-frame';
import { CategoryDialog, SpecialityDialog } from '@/components/admin/catalog-dialogs';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ScreenLink } from '@/components/screen-link';
import { adminCatalogMachine, type CatalogChange } from '@/machines/admin-catalog.machine';

const CHANGE_WORDS: Record<CatalogChange['kind'], (name: string) => string> = {
  saved: (name) => `${name} was saved.`,
  retired: (name) => `${name} is retired: no longer sold; its orders and policies carry on.`,
  restored: (name) => `${name} is on sale again.`,
};

/**
 * admin/specialities: the catalogue (issue 9). Categories and their specialities — where each is
 * priced, its questions and orders — created, edited, retired or put back on sale.
 */
export default function AdminCatalogScreen() {
  const [state, send] = useMachine(adminCatalogMachine);
  const { catalog, editing, switching, errorMessage, fieldErrors, lastChange } = state.context;
  const inEditor = state.matches('editor');
  const failure = errorMessage && inEditor ? { message: errorMessage, fields: fieldErrors } : null;

  // After a change the catalogue is fetched again: the change is announced, and the actions
  // answer, once the list shown includes it (a click while it loads would otherwise do nothing).
  const reloading = state.matches('loading');
  let said = '';
  if (reloading && !catalog) said = 'Loading the catalogue…';
  else if (lastChange && !inEditor && !reloading) said = CHANGE_WORDS[lastChange.kind](lastChange.name);

  return (
    <AdminFrame
      screen="admin-specialities"
      title="Specialities"
      lead="What is sold, by category. A retired speciality is no longer listed or quotable; the orders and policies it has carry on."
      said={said}
      loadFailure={
        state.matches('loadFailed')
          ? { what: 'the catalogue', message: errorMessage, onRetry: () => send({ type: 'catalog.retry' }) }
          : undefined
      }
      failure={state.matches('list') ? errorMessage : undefined}
    >
      {catalog && (
        <>
          <div className="admin__actions">
            <button
              type="button"
              className="button"
              disabled={reloading}
              onClick={() => send({ type: 'speciality.add' })}
            >
              New speciality
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={reloading}
              onClick={() => send({ type: 'category.add' })}
            >
              New category
            </button>
          </div>
          <Catalogue
            catalog={catalog}
            busyId={state.matches('switching') ? switching?.id : undefined}
            onEditCategory={(id) => send({ type: 'category.edit', id })}
            onEditSpeciality={(id) => send({ type: 'speciality.edit', id })}
            onRetire={(id) => send({ type: 'speciality.retire', id })}
            onRestore={(id) => send({ type: 'speciality.restore', id })}
          />
        </>
      )}

      {inEditor && editing?.kind === 'category' && (
        <CategoryDialog
          category={editing.record}
          busy={state.matches({ editor: 'saving' })}
          failure={failure}
          onSave={(save) => send({ type: 'editor.save', save })}
          onCancel={() => send({ type: 'editor.cancel' })}
        />
      )}
      {inEditor && editing?.kind === 'speciality' && catalog && (
        <SpecialityDialog
          speciality={editing.record}
          catalog={catalog}
          busy={state.matches({ editor: 'saving' })}
          failure={failure}
          onSave={(save) => send({ type: 'editor.save', save })}
          onCancel={() => send({ type: 'editor.cancel' })}
        />
      )}
      {state.matches('confirmingRetire') && switching && (
        <ConfirmDialog
          title={`Retire ${switching.name}?`}
          message={`It will no longer be listed or quotable, here or through any broker. Its ${switching.orders} ${switching.orders === 1 ? 'order carries' : 'orders carry'} on as they are; you can put it back on sale later.`}
          confirmLabel="Retire it"
          onConfirm={() => send({ type: 'retire.confirm' })}
          onCancel={() => send({ type: 'retire.cancel' })}
        />
      )}
    </AdminFrame>
  );
}

function Catalogue({
  catalog,
  busyId,
  onEditCategory,
  onEditSpeciality,
  onRetire,
  onRestore,
}: {
  catalog: AdminCatalog;
  busyId: number | undefined;
  onEditCategory: (id: number) => void;
  onEditSpeciality: (id: number) => void;
  onRetire: (id: number) => void;
  onRestore: (id: number) => void;
}) {
  return catalog.categories.map((category) => {
    const inIt = catalog.specialities.filter((speciality) => speciality.categoryId === category.id);
    const headingId = `category-${category.id}`;
    return (
      <section key={category.id} className="admin__category" aria-labelledby={headingId}>
        <div className="admin__category-head">
          <h2 id={headingId}>{category.name}</h2>
          <button
            type="button"
            className="button button--secondary"
            aria-label={`Edit category ${category.name}`}
            onClick={() => onEditCategory(category.id)}
          >
            Edit
          </button>
        </div>
        {category.description && <p className="admin__muted">{category.description}</p>}
        {inIt.length === 0 ? (
          <p>No speciality in it yet.</p>
        ) : (
          <div className="admin__table-wrap" tabIndex={0} role="region" aria-labelledby={headingId}>
            <table className="admin__table">
              <thead>
                <tr>
                  <th scope="col">Speciality</th>
                  <th scope="col">Priced in</th>
                  <th scope="col" className="admin__number">
                    Questions
                  </th>
                  <th scope="col" className="admin__number">
                    Orders
                  </th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {inIt.map((speciality) => (
                  <tr key={speciality.id} className={speciality.active ? undefined : 'admin__row--inactive'}>
                    <th scope="row">
                      {speciality.name} {!speciality.active && <strong className="admin__badge">Retired</strong>}
                      <span className="admin__muted admin__block">
                        Code <code>{speciality.code}</code>
                      </span>
                    </th>
                    <td>
                      {speciality.states.length === 0 ? 'Nowhere yet: no rate table' : speciality.states.join(', ')}
                    </td>
                    <td className="admin__number">{speciality.questions}</td>
                    <td className="admin__number">{speciality.orders}</td>
                    <td>
                      <div className="admin__row-actions">
                        <button
                          type="button"
                          className="button button--secondary"
                          aria-label={`Edit ${speciality.name}`}
                          onClick={() => onEditSpeciality(speciality.id)}
                        >
                          Edit
                        </button>
                        <ScreenLink
                          screen="admin-questions"
                          params={{ specialityid: String(speciality.id) }}
                          className="button button--secondary"
                        >
                          Questions<span className="visually-hidden"> of {speciality.name}</span>
                        </ScreenLink>
                        {speciality.active ? (
                          <button
                            type="button"
                            className="button button--secondary"
                            aria-label={`Retire ${speciality.name}`}
                            onClick={() => onRetire(speciality.id)}
                          >
                            Retire
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="button button--secondary"
                            aria-label={`Put back on sale: ${speciality.name}`}
                            aria-disabled={busyId === speciality.id || undefined}
                            onClick={() => busyId === undefined && onRestore(speciality.id)}
                          >
                            Put back on sale
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    );
  });
}
