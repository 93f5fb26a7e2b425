import { useSearch } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import * as v from 'valibot';
import type { UserFilters } from '@/api/admin-users';
import type { AdminBroker } from '@shared/contract/admin-brokers';
import { roles, type AdminUser, type Role } from '@shared/contract/admin-users';
import { AdminFrame } from '@/components/admin/admin-frame';
import { FormDialog } from '@/components/form-dialog';
import { formatMomentUtc } from '@/components/format/dates';
import { SelectField } from '@/components/form/select-field';
import { useAuth } from '@/components/use-auth';
import { adminUsersMachine, type UserChange } from '@/machines/admin-users.machine';
import { signedInUser } from '@/machines/auth.machine';
import { adminUsersSearch } from '@/routes/search-params';
import { useScreenNavigate } from '@/routes/screen-navigation';

const ROLE_WORDS: Record<Role, string> = {
  insured: 'Insured',
  underwriter: 'Underwriter',
  admin: 'Administrator',
  broker: 'Broker',
};

function useFilters(): UserFilters {
  const parsed = v.safeParse(adminUsersSearch, useSearch({ strict: false }));
  return parsed.success ? parsed.output : {};
}

const personOf = (user: AdminUser) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
const when = (iso: string | null) => (iso ? formatMomentUtc(iso) : 'Never');
const isLocked = (user: AdminUser) => user.lockedUntil !== null && new Date(user.lockedUntil).getTime() > Date.now();

const changeWords = (change: UserChange) =>
  change.kind === 'role'
    ? `${personOf(change.user)} is now ${ROLE_WORDS[change.user.role].toLowerCase()}.`
    : `${personOf(change.user)} can sign in again.`;

/**
 * admin/users?q&role&page: the administrator's users (issue 9). Find by e-mail, name or company,
 * narrow by role, change a role (a broker's user names their broker), unlock a locked account.
 */
export default function AdminUsersScreen() {
  const navigate = useScreenNavigate();
  const filters = useFilters();
  const me = useSelector(useAuth(), signedInUser);
  const [state, send] = useMachine(
    adminUsersMachine.provide({
      actions: {
        showFilters: (_, chosen: UserFilters) =>
          void navigate({
            screen: 'admin-users',
            search: {
              ...(chosen.q ? { q: chosen.q } : {}),
              ...(chosen.role ? { role: chosen.role } : {}),
              ...(chosen.page && chosen.page > 1 ? { page: chosen.page } : {}),
            },
          }),
      },
    }),
    { input: { filters } },
  );
  const { q, role, page } = filters;
  useEffect(() => {
    send({ type: 'users.sync', filters: { q, role, page } });
  }, [send, q, role, page]);

  const { list, brokers, target, errorMessage, fieldErrors, lastChange } = state.context;
  const current = state.context.filters;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  const pageNo = current.page ?? 1;

  let said = '';
  if (state.matches('loading') && !lastChange) said = 'Loading the users…';
  else if (lastChange) said = changeWords(lastChange);
  else if (list) said = `${list.total} ${list.total === 1 ? 'user' : 'users'} found.`;

  return (
    <AdminFrame
      screen="admin-users"
      title="Users"
      tools={
        <UserSearch
          key={`${current.q ?? ''}|${current.role ?? ''}`}
          filters={current}
          onSearch={(chosen) => send({ type: 'users.search', filters: chosen })}
        />
      }
      said={said}
      loadFailure={
        state.matches('loadFailed')
          ? { what: 'the users', message: errorMessage, onRetry: () => send({ type: 'users.retry' }) }
          : undefined
      }
      failure={state.matches('list') ? errorMessage : undefined}
    >
      {list && (
        <>
          {list.users.length === 0 ? (
            <p>No user matches.</p>
          ) : (
            <div className="admin__table-wrap" tabIndex={0} role="region" aria-labelledby="users-caption">
              <table className="admin__table">
                <caption id="users-caption">Users, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">User</th>
                    <th scope="col">Role</th>
                    <th scope="col">Broker</th>
                    <th scope="col">Last sign-in</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {list.users.map((user) => (
                    <tr key={user.id}>
                      <th scope="row">
                        {personOf(user)}
                        <span className="admin__muted admin__block breaks-anywhere">{user.email}</span>
                        {user.companyName && <span className="admin__muted admin__block">{user.companyName}</span>}
                      </th>
                      <td>
                        {ROLE_WORDS[user.role]}
                        {isLocked(user) && (
                          <strong className="admin__badge admin__block">Locked until {when(user.lockedUntil)}</strong>
                        )}
                      </td>
                      <td>{user.broker?.name ?? '—'}</td>
                      <td>{when(user.lastLoginAt)}</td>
                      <td>
                        <div className="admin__row-actions">
                          {user.id !== me?.id && (
                            <button
                              type="button"
                              className="button button--secondary"
                              aria-label={`Change role of ${personOf(user)}`}
                              onClick={() => send({ type: 'user.changeRole', id: user.id })}
                            >
                              Change role
                            </button>
                          )}
                          {isLocked(user) && (
                            <button
                              type="button"
                              className="button button--secondary"
                              aria-label={`Unlock ${personOf(user)}`}
                              aria-disabled={state.matches('unlocking') || undefined}
                              onClick={() => state.matches('list') && send({ type: 'user.unlock', id: user.id })}
                            >
                              Unlock
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
          {pages > 1 && (
            <nav className="admin__pages" aria-label="Pages of users">
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={pageNo <= 1 || undefined}
                onClick={() => pageNo > 1 && send({ type: 'users.search', filters: { ...current, page: pageNo - 1 } })}
              >
                Previous page
              </button>
              <span>
                Page {pageNo} of {pages}
              </span>
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={pageNo >= pages || undefined}
                onClick={() =>
                  pageNo < pages && send({ type: 'users.search', filters: { ...current, page: pageNo + 1 } })
                }
              >
                Next page
              </button>
            </nav>
          )}
        </>
      )}

      {state.matches('roleDialog') && target && (
        <RoleDialog
          user={target}
          brokers={brokers}
          busy={state.matches({ roleDialog: 'saving' })}
          failure={errorMessage ? { message: errorMessage, fields: fieldErrors } : null}
          onSave={(chosen, brokerId) => send({ type: 'role.save', role: chosen, brokerId })}
          onCancel={() => send({ type: 'role.cancel' })}
        />
      )}
    </AdminFrame>
  );
}

function UserSearch({ filters, onSearch }: { filters: UserFilters; onSearch: (filters: UserFilters) => void }) {
  const [q, setQ] = useState(filters.q ?? '');
  const [role, setRole] = useState<string>(filters.role ?? '');
  const ids = { q: useId(), role: useId() };
  return (
    <form
      className="admin__actions"
      role="search"
      aria-label="Find users"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch({ q: q.trim() || undefined, role: (role || undefined) as Role | undefined, page: undefined });
      }}
    >
      <div className="field">
        <label htmlFor={ids.q}>E-mail, name or company</label>
        <input id={ids.q} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.role}>Role</label>
        <select id={ids.role} value={role} onChange={(event) => setRole(event.target.value)}>
          <option value="">Any role</option>
          {roles.map((code) => (
            <option key={code} value={code}>
              {ROLE_WORDS[code]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        Find
      </button>
    </form>
  );
}

function RoleDialog({
  user,
  brokers,
  busy,
  failure,
  onSave,
  onCancel,
}: {
  user: AdminUser;
  brokers: readonly AdminBroker[];
  busy: boolean;
  failure: { message: string; fields: Record<string, string> } | null;
  onSave: (role: Role, brokerId: number | null) => void;
  onCancel: () => void;
}) {
  const [role, setRole] = useState<Role>(user.role);
  const [brokerId, setBrokerId] = useState(user.role === 'broker' && user.broker ? String(user.broker.id) : '');
  const [tried, setTried] = useState(false);
  const brokerMissing = role === 'broker' && !brokerId;
  const brokerError =
    (tried && brokerMissing ? 'Choose the broker they work for' : undefined) ??
    (failure?.fields.brokerId ? `Broker ${failure.fields.brokerId}` : undefined);
  return (
    <FormDialog
      title={`Change the role of ${personOf(user)}`}
      submitLabel="Change role"
      busyLabel="Saving…"
      busy={busy}
      failure={failure}
      failureTitle="The role was not changed"
      shownFields={['role', 'brokerId']}
      onSubmit={() => {
        setTried(true);
        if (brokerMissing) return;
        onSave(role, role === 'broker' ? Number(brokerId) : null);
      }}
      onCancel={onCancel}
    >
      <p>
        {user.email} is now {ROLE_WORDS[user.role].toLowerCase()}.
      </p>
      <SelectField
        label="New role"
        value={role}
        onValueChange={(value) => setRole(value as Role)}
        options={roles.map((code) => ({ value: code, label: ROLE_WORDS[code] }))}
      />
      {role === 'broker' && (
        <SelectField
          label="Broker they work for"
          value={brokerId}
          onValueChange={setBrokerId}
          placeholder="Choose…"
          options={brokers.map((broker) => ({ value: String(broker.id), label: broker.name }))}
          error={brokerError}
        />
      )}
    </FormDialog>
  );
}
