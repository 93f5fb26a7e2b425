import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import * as v from 'valibot';
import type { AuditFilters } from '@/api/admin-users';
import type { AuditEntry } from '@shared/contract/admin-users';
import { AdminFrame } from '@/components/admin/admin-frame';
import { formatMomentUtc } from '@/components/format/dates';
import { adminAuditMachine } from '@/machines/admin-audit.machine';
import { adminAuditSearch } from '@/routes/search-params';
import { useScreenNavigate } from '@/routes/screen-navigation';

const ENTITY_WORDS: Record<string, string> = { user: 'User', broker: 'Broker', rate_table: 'Rate table' };
const ACTION_WORDS: Record<string, string> = {
  'user.role': 'Role changed',
  'user.unlock': 'Account unlocked',
  'broker.create': 'Broker created',
  'broker.update': 'Broker edited',
  'broker.logo': 'Logo replaced',
  'broker.logo.remove': 'Logo removed',
  'broker.deactivate': 'Storefront closed',
  'broker.reactivate': 'Storefront reopened',
  'ratetable.version': 'New rate table version',
};

function useFilters(): AuditFilters {
  const parsed = v.safeParse(adminAuditSearch, useSearch({ strict: false }));
  return parsed.success ? parsed.output : {};
}

/** A recorded value in words: from → to pairs, lists and small objects without JSON's punctuation. */
function inWords(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return value.map(inWords).join(', ') || 'none';
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('from' in record && 'to' in record) return `${inWords(record.from)} → ${inWords(record.to)}`;
    return Object.entries(record)
      .map(([key, item]) => `${key} ${inWords(item)}`)
      .join('; ');
  }
  return String(value);
}

/** What changed, a line each: a whole-record from → to first, then every other field. */
function details(entry: AuditEntry): string[] {
  const { from, to, ...rest } = entry.data ?? {};
  const lines = from !== undefined && to !== undefined ? [inWords({ from, to })] : [];
  return [...lines, ...Object.entries(rest).map(([key, value]) => `${key}: ${inWords(value)}`)];
}

/** admin/audit?entity&entityId&page: every administrative change, newest first (issue 9). */
export default function AdminAuditScreen() {
  const navigate = useScreenNavigate();
  const filters = useFilters();
  const [state, send] = useMachine(
    adminAuditMachine.provide({
      actions: {
        showFilters: (_, chosen: AuditFilters) =>
          void navigate({
            screen: 'admin-audit',
            search: {
              ...(chosen.entity ? { entity: chosen.entity } : {}),
              ...(chosen.entityId ? { entityId: chosen.entityId } : {}),
              ...(chosen.page && chosen.page > 1 ? { page: chosen.page } : {}),
            } as never,
          }),
      },
    }),
    { input: { filters } },
  );
  const { entity, entityId, page } = filters;
  useEffect(() => {
    send({ type: 'audit.sync', filters: { entity, entityId, page } });
  }, [send, entity, entityId, page]);

  const { entries, pageSize, errorMessage } = state.context;
  const current = state.context.filters;
  const pageNo = current.page ?? 1;

  let said = '';
  if (state.matches('loading')) said = 'Loading the audit log…';
  else if (entries)
    said =
      entries.length === 0
        ? 'No change recorded.'
        : `Changes ${(pageNo - 1) * pageSize + 1} to ${(pageNo - 1) * pageSize + entries.length}, newest first.`;

  return (
    <AdminFrame
      screen="admin-audit"
      title="Audit log"
      lead="Every administrative change: who made it, when, from where, and what it changed. Nothing here can be edited."
      tools={
        <AuditFilter
          key={`${current.entity ?? ''}|${current.entityId ?? ''}`}
          filters={current}
          onFilter={(chosen) => send({ type: 'audit.filter', filters: chosen })}
        />
      }
      said={said}
      loadFailure={
        state.matches('loadFailed')
          ? { what: 'the audit log', message: errorMessage, onRetry: () => send({ type: 'audit.retry' }) }
          : undefined
      }
    >
      {entries && entries.length > 0 && (
        <div className="admin__table-wrap" tabIndex={0} role="region" aria-labelledby="audit-caption">
          <table className="admin__table">
            <caption id="audit-caption">Changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Record</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{formatMomentUtc(entry.at, { seconds: true })}</th>
                  <td className="breaks-anywhere">{entry.actor?.email ?? 'A removed user'}</td>
                  <td>{ACTION_WORDS[entry.action] ?? entry.action}</td>
                  <td>
                    {ENTITY_WORDS[entry.entity] ?? entry.entity} {entry.entityId && `#${entry.entityId}`}
                  </td>
                  <td>
                    <ul className="admin__list admin__details">
                      {details(entry).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {entries && (pageNo > 1 || entries.length === pageSize) && (
        <nav className="admin__pages" aria-label="Pages of the audit log">
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={pageNo <= 1 || undefined}
            onClick={() => pageNo > 1 && send({ type: 'audit.filter', filters: { ...current, page: pageNo - 1 } })}
          >
            Newer changes
          </button>
          <span>Page {pageNo}</span>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={entries.length < pageSize || undefined}
            onClick={() =>
              entries.length === pageSize && send({ type: 'audit.filter', filters: { ...current, page: pageNo + 1 } })
            }
          >
            Older changes
          </button>
        </nav>
      )}
    </AdminFrame>
  );
}

function AuditFilter({ filters, onFilter }: { filters: AuditFilters; onFilter: (filters: AuditFilters) => void }) {
  const [entity, setEntity] = useState(filters.entity ?? '');
  const [entityId, setEntityId] = useState(filters.entityId ?? '');
  const ids = { entity: useId(), entityId: useId() };
  return (
    <form
      className="admin__actions"
      aria-label="Narrow the audit log"
      onSubmit={(event) => {
        event.preventDefault();
        onFilter({ entity: entity || undefined, entityId: (entity && entityId.trim()) || undefined, page: undefined });
      }}
    >
      <div className="field">
        <label htmlFor={ids.entity}>Kind of record</label>
        <select id={ids.entity} value={entity} onChange={(event) => setEntity(event.target.value)}>
          <option value="">Every kind</option>
          {Object.entries(ENTITY_WORDS).map(([code, words]) => (
            <option key={code} value={code}>
              {words}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.entityId}>Record number (optional)</label>
        <input
          id={ids.entityId}
          inputMode="numeric"
          value={entityId}
          onChange={(event) => setEntityId(event.target.value)}
        />
      </div>
      <button type="submit" className="button">
        Show
      </button>
    </form>
  );
}
