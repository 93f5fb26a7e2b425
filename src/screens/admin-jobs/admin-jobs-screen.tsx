import '@/styles/admin-jobs.css';
import { useMachine } from '@xstate/react';
import type { AdminJobs, FailedJob, JobQueue, JobRetry } from '@shared/contract/admin-jobs';
import { AdminFrame } from '@/components/admin/admin-frame';
import { formatMomentUtc } from '@/components/format/dates';
import { adminJobsMachine } from '@/machines/admin-jobs.machine';

/** "Every 15 minutes", "Every 6 hours", "Every day": the schedule in words (the cron is shown beside it). */
function every(minutes: number): string {
  if (minutes === 24 * 60) return 'Every day';
  if (minutes === 60) return 'Every hour';
  if (minutes % 60 === 0) return `Every ${minutes / 60} hours`;
  return minutes === 1 ? 'Every minute' : `Every ${minutes} minutes`;
}

function summary(view: AdminJobs): string {
  const queues = `${view.queues.length} ${view.queues.length === 1 ? 'queue' : 'queues'}`;
  if (view.failed.length === 0) return `${queues}; no job has failed.`;
  return `${queues}; ${view.failed.length} failed ${view.failed.length === 1 ? 'job' : 'jobs'} to look at.`;
}

function retriedWords(retried: JobRetry): string {
  return retried.retried
    ? `The ${retried.queue} job will run again at a worker’s next look.`
    : `That ${retried.queue} job was no longer failed (${retried.state}): nothing changed.`;
}

/** admin/jobs: the scheduled work — each queue, when it runs, how its jobs stand; the failed jobs (issue 20). */
export default function AdminJobsScreen() {
  const [state, send] = useMachine(adminJobsMachine);
  const { view, errorMessage, retrying, retried, failure } = state.context;
  const busy = state.matches('loading') || state.matches('retrying');

  let said = '';
  if (state.matches('retrying')) said = 'Sending the job to run again…';
  else if (retried) said = retriedWords(retried);
  else if (state.matches('loading')) said = view ? 'Refreshing…' : 'Loading the scheduled work…';
  else if (view) said = summary(view);

  return (
    <AdminFrame
      screen="admin-jobs"
      title="Scheduled work"
      lead={
        <>
          What the server does on its own schedule — renewals, instalments, reminders, housekeeping — run once across
          every server process, and retried when a run fails or its process dies.
          {view && (
            <> Jobs are kept in {view.database === 'postgres' ? 'the PostgreSQL database' : 'the embedded database'}.</>
          )}
        </>
      }
      tools={
        <div className="admin__actions">
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={busy || undefined}
            onClick={() => !busy && send({ type: 'jobs.reload' })}
          >
            Refresh
          </button>
        </div>
      }
      said={said}
      loadFailure={
        state.matches('loadFailed')
          ? { what: 'the scheduled work', message: errorMessage, onRetry: () => send({ type: 'jobs.reload' }) }
          : undefined
      }
      failure={failure && `The job could not be sent to run again. ${failure}`}
    >
      {view && (
        <>
          <QueueTable queues={view.queues} />
          <FailedJobs jobs={view.failed} retrying={retrying} onRetry={(id) => send({ type: 'jobs.retry', id })} />
        </>
      )}
    </AdminFrame>
  );
}

function QueueTable({ queues }: { queues: JobQueue[] }) {
  return (
    <div className="admin__table-wrap" tabIndex={0} role="region" aria-labelledby="jobs-queues-caption">
      <table className="admin__table">
        <caption id="jobs-queues-caption">Queues</caption>
        <thead>
          <tr>
            <th scope="col">Work</th>
            <th scope="col">Schedule (UTC)</th>
            <th scope="col" className="admin__number">
              Waiting
            </th>
            <th scope="col" className="admin__number">
              Running
            </th>
            <th scope="col" className="admin__number">
              Done
            </th>
            <th scope="col" className="admin__number">
              Failed
            </th>
            <th scope="col">Last completed</th>
            <th scope="col">Next run</th>
          </tr>
        </thead>
        <tbody>
          {queues.map((queue) => (
            <tr key={queue.name}>
              <th scope="row" className="admin-jobs__work">
                <code>{queue.name}</code>
                <span className="admin__muted admin__block">{queue.description}</span>
              </th>
              <td>
                {every(queue.everyMinutes)}
                <span className="admin__muted admin__block">
                  <code>{queue.cron}</code>
                </span>
              </td>
              <td className="admin__number">{queue.counts.created + queue.counts.retry}</td>
              <td className="admin__number">{queue.counts.active}</td>
              <td className="admin__number">{queue.counts.completed}</td>
              <td className="admin__number">
                {queue.counts.failed > 0 ? <strong className="admin__badge">{queue.counts.failed}</strong> : 0}
              </td>
              <td className="admin-jobs__when">
                {queue.lastCompletedAt ? formatMomentUtc(queue.lastCompletedAt) : 'Not yet'}
              </td>
              <td className="admin-jobs__when">{formatMomentUtc(queue.nextRunAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FailedJobs({
  jobs,
  retrying,
  onRetry,
}: {
  jobs: FailedJob[];
  retrying: string | undefined;
  onRetry: (id: string) => void;
}) {
  if (jobs.length === 0) {
    return (
      <>
        <h2 className="admin__subtitle">Failed jobs</h2>
        <p>No job has failed: every run either completed or is still being retried.</p>
      </>
    );
  }
  return (
    <>
      <h2 className="admin__subtitle" id="jobs-failed-title">
        Failed jobs
      </h2>
      <p>These spent their retries. Once the cause is mended, run one again: a repeat does no harm.</p>
      <div className="admin__table-wrap" tabIndex={0} role="region" aria-labelledby="jobs-failed-caption">
        <table className="admin__table">
          <caption id="jobs-failed-caption">Failed jobs, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Work</th>
              <th scope="col">Error</th>
              <th scope="col" className="admin__number">
                Runs
              </th>
              <th scope="col">Failed</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id}>
                <th scope="row" className="admin-jobs__work">
                  <code>{job.queue}</code>
                  <span className="admin__muted admin__block breaks-anywhere">Job {job.id}</span>
                </th>
                <td className="admin-jobs__error breaks-anywhere">{job.error}</td>
                <td className="admin__number">{job.attempts}</td>
                <td className="admin-jobs__when">{job.failedAt ? formatMomentUtc(job.failedAt) : '—'}</td>
                <td>
                  <div className="admin__row-actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-disabled={retrying !== undefined || undefined}
                      // The visible words first, as WCAG's label-in-name asks; the queue tells the rows apart.
                      aria-label={`Run again: ${job.queue}, job ${job.id.slice(0, 8)}`}
                      onClick={() => retrying === undefined && onRetry(job.id)}
                    >
                      Run again
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
