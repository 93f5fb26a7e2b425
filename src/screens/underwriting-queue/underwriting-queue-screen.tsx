import { queueStatuses } from '@shared/contract/enums';
import '@/styles/underwriting.css';
import { useMachine } from '@xstate/react';
import { useEffect, useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import { formatUsd } from '@shared/contract/money-format';
import { type QueueItem } from '@shared/contract/underwriting';
import type { QueueFilters } from '@/api/underwriting';
import { ScreenLink } from '@/components/screen-link';
import { DeskStatus, deskStatusWords } from '@/components/underwriting/desk-status';
import { ReferralReasons } from '@/components/underwriting/referral-reasons';
import { useQueueFilters } from '@/components/underwriting/queue-filters';
import { WaitingSince } from '@/components/underwriting/waiting-since';
import { endorsementsDeskMachine } from '@/machines/endorsements-desk.machine';
import { underwritingQueueMachine } from '@/machines/underwriting-queue.machine';
import { useScreenNavigate } from '@/routes/screen-navigation';

const idOf = (value: string) => (value === '' ? undefined : Number(value));

/** " (2 waiting)" once the referred changes are loaded; nothing while they load or if they could not. */
function referredWords(desk: SnapshotFrom<typeof endorsementsDeskMachine>): string {
  if (!desk.matches('ready') && !desk.matches('empty')) return '';
  const count = desk.context.items?.length ?? 0;
  return count === 0 ? ' (none waiting)' : ` (${count} waiting)`;
}

export default function UnderwritingQueueScreen() {
  const navigate = useScreenNavigate();
  const filters = useQueueFilters();
  const [state, send] = useMachine(
    underwritingQueueMachine.provide({
      actions: {
        // The filters live in the address, so a reload, a bookmark and Back all keep them.
        showFilters: (_, chosen: QueueFilters) => void navigate({ screen: 'underwriting', search: chosen }),
      },
    }),
    { input: { filters } },
  );
  // The referred changes, loaded as their own desk loads them, so its link says how many wait.
  const [referred] = useMachine(endorsementsDeskMachine);
  // Back and Forward change the address without a choice here: the queue follows it.
  const { brokerId, specialityId, status } = filters;
  useEffect(() => {
    send({ type: 'queue.sync', filters: { brokerId, specialityId, status } });
  }, [send, brokerId, specialityId, status]);

  const { queue, errorMessage } = state.context;
  const chosen = state.context.filters;
  const filtered = Object.keys(chosen).length > 0;
  const choose = (change: QueueFilters) => send({ type: 'queue.filter', filters: { ...chosen, ...change } });

  let said = '';
  if (state.matches('loading')) said = 'Loading the queue…';
  else if (state.matches('loaded') && queue) {
    const count = queue.items.length;
    said = filtered
      ? `${count} ${count === 1 ? 'order matches' : 'orders match'} the filters.`
      : `${count} ${count === 1 ? 'order is' : 'orders are'} waiting.`;
  } else if (state.matches('empty'))
    said = filtered ? 'No orders match these filters.' : 'No orders are waiting on the desk.';

  return (
    <section data-screen="underwriting" className="screen desk" aria-labelledby="underwriting-title">
      <p className="eyebrow">Underwriting</p>
      <h1 id="underwriting-title">Underwriting desk</h1>
      <p className="desk__lead">
        Orders referred to an underwriter, waiting on the insured, or sent back for review, oldest first. Claims
        reported by insureds are on the <ScreenLink screen="claims-desk">claims desk</ScreenLink>; mid-term changes of
        policies in force that the rules referred are under{' '}
        <ScreenLink screen="endorsements-desk">referred changes{referredWords(referred)}</ScreenLink>.
      </p>

      <form className="queue-filters" aria-label="Filter the queue" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect
          label="Broker"
          value={chosen.brokerId === undefined ? '' : String(chosen.brokerId)}
          onValueChange={(value) => choose({ brokerId: idOf(value) })}
          options={(queue?.brokers ?? []).map((broker) => ({ value: String(broker.id), label: broker.name }))}
          any="Any broker"
        />
        <FilterSelect
          label="Speciality"
          value={chosen.specialityId === undefined ? '' : String(chosen.specialityId)}
          onValueChange={(value) => choose({ specialityId: idOf(value) })}
          options={(queue?.specialities ?? []).map((speciality) => ({
            value: String(speciality.id),
            label: speciality.name,
          }))}
          any="Any speciality"
        />
        <FilterSelect
          label="Status"
          value={chosen.status ?? ''}
          onValueChange={(value) => choose({ status: value === '' ? undefined : (value as QueueFilters['status']) })}
          options={queueStatuses.map((code) => ({ value: code, label: deskStatusWords(code) }))}
          any="Any status"
        />
        {filtered && (
          <button
            type="button"
            className="button button--secondary queue-filters__clear"
            onClick={(event) => {
              // The button goes with the filters: focus goes to the first of them rather than to the page.
              event.currentTarget.form?.querySelector('select')?.focus();
              send({ type: 'queue.filter', filters: {} });
            }}
          >
            Clear filters
          </button>
        )}
      </form>

      {/* One live region, always mounted, so every change of what the list shows is announced. */}
      <p role="status" className="desk__status">
        {said}
      </p>

      {state.matches('loadFailed') && (
        <div className="notice notice--error" role="alert">
          <p>We could not load the queue. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'queue.retry' })}>
            Try again
          </button>
        </div>
      )}

      {state.matches('empty') && (
        <div className="desk__empty">
          <p>
            {filtered
              ? 'Nothing waiting matches these filters. Try another broker, speciality or status.'
              : 'Nothing is waiting: every referred order has been decided.'}
          </p>
        </div>
      )}

      {state.matches('loaded') && queue && <QueueTable items={queue.items} filters={chosen} />}
    </section>
  );
}

/** A filter: a labelled select whose first choice is "any" (neither required nor "optional"). */
function FilterSelect({
  label,
  value,
  onValueChange,
  options,
  any,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: { value: string; label: string }[];
  any: string;
}) {
  const id = useId();
  // A filter from the address the list does not offer (yet) stays visible and chosen.
  const shown =
    value !== '' && !options.some((option) => option.value === value)
      ? [{ value, label: `#${value}` }, ...options]
      : options;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onValueChange(event.target.value)}>
        <option value="">{any}</option>
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function QueueTable({ items, filters }: { items: QueueItem[]; filters: QueueFilters }) {
  return (
    // Focusable so that a keyboard can scroll it sideways on a narrow screen.
    <div className="queue-table-wrap" tabIndex={0} role="region" aria-labelledby="queue-caption">
      <table className="queue-table">
        <caption id="queue-caption">Orders waiting, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Insured</th>
            <th scope="col">Speciality</th>
            <th scope="col">Broker</th>
            <th scope="col">State</th>
            <th scope="col" className="queue-table__money">
              Premium
            </th>
            <th scope="col">Status</th>
            <th scope="col">Waiting since</th>
            <th scope="col">Reasons</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.submissionId} data-submission-id={item.submissionId}>
              <th scope="row">
                <ScreenLink
                  screen="underwriting-review"
                  params={{ submissionid: String(item.submissionId) }}
                  // The review's row takes no search schema: the filters ride along for its way back.
                  search={filters as never}
                >
                  {item.number}
                </ScreenLink>
              </th>
              <td>
                {item.insuredName}
                {item.companyName && <span className="queue-table__company">{item.companyName}</span>}
              </td>
              <td>{item.speciality.name}</td>
              <td>{item.broker?.name ?? 'Direct'}</td>
              <td>{item.stateCode ?? '—'}</td>
              <td className="queue-table__money">
                {item.premiumCents === null ? 'Not priced' : formatUsd(item.premiumCents)}
              </td>
              <td>
                <DeskStatus status={item.status} />
              </td>
              <td>
                <WaitingSince at={item.waitingSince} />
              </td>
              <td>{item.reasons.length === 0 ? 'None recorded' : <ReferralReasons reasons={item.reasons} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
