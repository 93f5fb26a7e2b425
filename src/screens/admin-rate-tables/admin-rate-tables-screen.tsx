import { formatUpToTwoDecimals } from '@shared/contract/number-format';
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import * as v from 'valibot';
import type { RateTableKey } from '@/api/admin-rate-tables';
import type { RateTableVersion } from '@shared/contract/admin-rate-tables';
import type { UsState } from '@shared/contract/lists';
import type { Speciality } from '@shared/contract/specialities';
import { formatUsd } from '@shared/contract/money-format';
import { AdminFrame } from '@/components/admin/admin-frame';
import { RateForm } from '@/components/admin/rate-form';
import { saveBlob } from '@/components/files/save-blob';
import { formatMomentUtc } from '@/components/format/dates';
import { ServerFailure } from '@/components/form/server-failure';
import { adminRateTablesMachine, type RateTablesChange } from '@/machines/admin-rate-tables.machine';
import { adminRateTablesSearch } from '@/routes/search-params';
import { useScreenNavigate } from '@/routes/screen-navigation';

function useSelection(): RateTableKey | undefined {
  const parsed = v.safeParse(adminRateTablesSearch, useSearch({ strict: false }));
  if (!parsed.success || parsed.output.specialityId === undefined || parsed.output.state === undefined)
    return undefined;
  return { specialityId: parsed.output.specialityId, stateCode: parsed.output.state };
}

const CHANGE_WORDS = (change: RateTablesChange): string => {
  switch (change.kind) {
    case 'saved':
      return `Version ${change.version} is in force: new quotes use it; quotes already made keep their version.`;
    case 'imported':
      return `The CSV was imported as version ${change.version}, now in force.`;
    case 'unchanged':
      return `Nothing differed from version ${change.version}: no new version was made.`;
    case 'exported':
      return `${change.filename} was downloaded.`;
  }
};

const percent = (bps: number) => `${formatUpToTwoDecimals(bps / 100)}\u00a0%`;

/**
 * admin/ratetables?specialityId&state: a speciality's rate table in one state (issue 9). Every
 * version with who made it and how many quotes it priced; the prices changed as a new version;
 * the whole table imported from or exported to CSV.
 */
export default function AdminRateTablesScreen() {
  const navigate = useScreenNavigate();
  const selection = useSelection();
  const [state, send] = useMachine(
    adminRateTablesMachine.provide({
      actions: {
        showSelection: (_, chosen: RateTableKey) =>
          void navigate({
            screen: 'admin-ratetables',
            search: { specialityId: chosen.specialityId, state: chosen.stateCode },
          }),
        saveFile: (_, file: { blob: Blob; filename: string }) => saveBlob(file.blob, file.filename),
      },
    }),
    { input: { selection } },
  );
  // Back and Forward change the address without a choice here: the table follows it.
  const specialityId = selection?.specialityId;
  const stateCode = selection?.stateCode;
  useEffect(() => {
    send({
      type: 'tables.sync',
      selection: specialityId !== undefined && stateCode !== undefined ? { specialityId, stateCode } : undefined,
    });
  }, [send, specialityId, stateCode]);

  const { specialities, states, versions, errorMessage, fieldErrors, lastChange } = state.context;
  const chosen = state.context.selection;
  const ids = { csv: useId(), csvHint: useId() };
  const busy =
    state.matches({ main: 'saving' }) || state.matches({ main: 'importing' }) || state.matches({ main: 'exporting' });
  const inForce = versions[0];
  const specialityName = specialities.find((speciality) => speciality.id === chosen?.specialityId)?.name;
  const stateName = states.find((entry) => entry.code === chosen?.stateCode)?.name;

  let said = '';
  if (state.matches('loadingChoices') || state.matches({ main: 'loading' })) said = 'Loading…';
  else if (state.matches({ main: 'importing' })) said = 'Importing the CSV…';
  else if (lastChange) said = CHANGE_WORDS(lastChange);

  return (
    <AdminFrame
      screen="admin-ratetables"
      title="Rate tables"
      lead="A change makes a new version that prices new quotes. A quote keeps the version it was priced with, so re-opening it never changes its price."
      tools={
        !state.matches('choicesFailed') && (
          <TableChooser
            key={chosen ? `${chosen.specialityId}:${chosen.stateCode}` : 'none'}
            chosen={chosen}
            specialities={specialities}
            states={states}
            onChoose={(choice) => send({ type: 'tables.select', selection: choice })}
          />
        )
      }
      said={said}
      loadFailure={
        state.matches('choicesFailed')
          ? {
              what: 'the specialities and states',
              message: errorMessage,
              onRetry: () => send({ type: 'tables.retry' }),
            }
          : undefined
      }
    >
      {state.matches({ main: 'loadFailed' }) && (
        <div className="notice notice--error" role="alert">
          <p>We could not load this rate table. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'tables.retry' })}>
            Try again
          </button>
        </div>
      )}
      {state.matches({ main: 'choosing' }) && <p>Choose a speciality and a state to see its rate table.</p>}

      {chosen && versions.length === 0 && state.matches({ main: 'ready' }) && (
        <p>
          No table prices {specialityName ?? 'this speciality'} in {stateName ?? chosen.stateCode}.
        </p>
      )}

      {inForce && !state.matches({ main: 'loadFailed' }) && (
        <>
          <h2 className="admin__subtitle">
            {specialityName} in {stateName}: version {inForce.version} in force
          </h2>
          {errorMessage && !state.matches({ main: 'loading' }) && (
            <ServerFailure
              title="That change was not made"
              failure={{ message: errorMessage, fields: fieldErrors }}
              shownFields={Object.keys(fieldErrors).filter((name) => !name.startsWith('csv'))}
            />
          )}
          <div className="admin__panels">
            <RateForm
              key={inForce.id}
              version={inForce}
              busy={busy}
              fieldErrors={fieldErrors}
              onSave={(change) => send({ type: 'rates.save', change })}
            />
            <CsvPanel
              busy={busy}
              ids={ids}
              onExport={() => send({ type: 'csv.export', version: inForce.version })}
              onImport={(csv) => send({ type: 'csv.import', csv })}
            />
          </div>
          <VersionTable versions={versions} busy={busy} onExport={(version) => send({ type: 'csv.export', version })} />
        </>
      )}
    </AdminFrame>
  );
}

/** The speciality and state to show; keyed on the choice in force, so Back resets it. */
function TableChooser({
  chosen,
  specialities,
  states,
  onChoose,
}: {
  chosen: RateTableKey | undefined;
  specialities: readonly Speciality[];
  states: readonly UsState[];
  onChoose: (choice: RateTableKey) => void;
}) {
  const [draft, setDraft] = useState({
    specialityId: chosen ? String(chosen.specialityId) : '',
    stateCode: chosen?.stateCode ?? '',
  });
  const ids = { speciality: useId(), state: useId() };
  return (
    <form
      className="admin__actions"
      aria-label="Choose a rate table"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.specialityId && draft.stateCode)
          onChoose({ specialityId: Number(draft.specialityId), stateCode: draft.stateCode });
      }}
    >
      <div className="field">
        <label htmlFor={ids.speciality}>Speciality</label>
        <select
          id={ids.speciality}
          value={draft.specialityId}
          onChange={(event) => setDraft({ ...draft, specialityId: event.target.value })}
        >
          <option value="">Choose…</option>
          {specialities.map((speciality) => (
            <option key={speciality.id} value={speciality.id}>
              {speciality.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.state}>State</label>
        <select
          id={ids.state}
          value={draft.stateCode}
          onChange={(event) => setDraft({ ...draft, stateCode: event.target.value })}
        >
          <option value="">Choose…</option>
          {states
            .filter((entry) => entry.offered)
            .map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name}
              </option>
            ))}
        </select>
      </div>
      <button type="submit" className="button">
        Show the table
      </button>
    </form>
  );
}

function CsvPanel({
  busy,
  ids,
  onExport,
  onImport,
}: {
  busy: boolean;
  ids: { csv: string; csvHint: string };
  onExport: () => void;
  onImport: (csv: string) => void;
}) {
  const [file, setFile] = useState<File | undefined>();
  const [missing, setMissing] = useState(false);
  return (
    <section className="admin__panel" aria-labelledby="csv-title">
      <h3 id="csv-title">The whole table as CSV</h3>
      <p>
        Limits, deductibles, territories and experience bands change by CSV: download the table in force, edit it, and
        upload it as the next version.
      </p>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy || undefined}
        onClick={() => !busy && onExport()}
      >
        Download the table in force
      </button>
      <form
        className="form"
        aria-label="Upload a rate table"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          if (!file) return setMissing(true);
          void file.text().then(onImport);
        }}
      >
        <div className="field">
          <label htmlFor={ids.csv}>CSV file</label>
          <p id={ids.csvHint} className="field__hint">
            A file with any problem is refused whole, naming the row and column; nothing changes.
          </p>
          <input
            id={ids.csv}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={missing ? `${ids.csvHint} ${ids.csv}-error` : ids.csvHint}
            aria-invalid={missing || undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              setMissing(false);
            }}
          />
          {missing && (
            <p id={`${ids.csv}-error`} className="field__error">
              Choose a CSV file to upload
            </p>
          )}
        </div>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          Upload as a new version
        </button>
      </form>
    </section>
  );
}

function VersionTable({
  versions,
  busy,
  onExport,
}: {
  versions: readonly RateTableVersion[];
  busy: boolean;
  onExport: (version: number) => void;
}) {
  return (
    <div className="admin__table-wrap" tabIndex={0} role="region" aria-labelledby="versions-caption">
      <table className="admin__table">
        <caption id="versions-caption">Every version, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Made</th>
            <th scope="col" className="admin__number">
              Base premium
            </th>
            <th scope="col" className="admin__number">
              Minimum
            </th>
            <th scope="col" className="admin__number">
              Policy fee
            </th>
            <th scope="col" className="admin__number">
              Tax
            </th>
            <th scope="col" className="admin__number">
              Fee
            </th>
            <th scope="col" className="admin__number">
              Orders priced
            </th>
            <th scope="col">CSV</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.id}>
              <th scope="row">
                {version.version}
                {version.active && <span className="admin__muted"> (in force)</span>}
              </th>
              <td>
                {formatMomentUtc(version.createdAt)}
                <span className="admin__muted breaks-anywhere">
                  {' '}
                  by {version.createdBy?.email ?? 'the initial set-up'}
                </span>
              </td>
              <td className="admin__number">{formatUsd(version.basePremiumCents)}</td>
              <td className="admin__number">{formatUsd(version.minPremiumCents)}</td>
              <td className="admin__number">{formatUsd(version.policyFeeCents)}</td>
              <td className="admin__number">{percent(version.taxRateBps)}</td>
              <td className="admin__number">{percent(version.feeRateBps)}</td>
              <td className="admin__number">{version.quotes}</td>
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Download version ${version.version} as CSV`}
                  aria-disabled={busy || undefined}
                  onClick={() => !busy && onExport(version.version)}
                >
                  Download
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
