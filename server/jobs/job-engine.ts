/**
 * The durable job engine that runs the scheduled work (issue 20): pg-boss 10 on the app's own
 * database — on PostgreSQL its `pgboss` schema and a small pool of its own, on the embedded
 * PGlite the app's one connection (see pglite-executor.ts). pg-boss creates and migrates its
 * tables itself on first start; they are not in our Drizzle migrations.
 *
 * Each row of scheduled-work.ts is a queue with the "stately" policy (at most one job waiting,
 * one waiting for a retry and one running, across every process: a slow sweep never piles up
 * copies of itself), a cron schedule (pg-boss's timekeeper makes one job per firing, once across
 * processes) and a worker in each process. A job is claimed with FOR UPDATE SKIP LOCKED, so one
 * process runs it. A failed run is retried with exponential backoff; a job whose process died
 * stays active until its expiry (`expireInSeconds`), when the maintenance of any live process
 * fails it over to a retry, which another process's worker then claims. pg-boss 10 has no
 * heartbeat, so the expiry is also how long one run may take: a run past it is failed (and
 * retried) even if its process lives — every sweep being idempotent makes that harmless.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { HOUR, MINUTE } from '@server/clock';
import { JOB_STATES, type JobState } from '@shared/contract/admin-jobs';
import { countByState, failedJobs, findJob, lastCompleted, waitingJobId } from '@server/jobs/job-queries';
import type { SqlExecutor } from '@server/jobs/pglite-executor';
import { cronFor, nextRunAfter } from '@server/jobs/schedule';
import type { ScheduledWork, ScheduledWorkContext } from '@server/jobs/scheduled-work';

export type JobEngineSettings = {
  /**
   * How often each worker looks for due jobs, in seconds (pg-boss's least: 0.5). 0 runs no
   * workers, no schedules and no maintenance in this process: jobs run only through runNow and
   * settle (tests), and the engine starts on first use instead of with the app.
   */
  pollIntervalSeconds: number;
  /** Retries after the first failed run. */
  retryLimit: number;
  /** The first retry's delay; with backoff each later one doubles (with jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** How long a run may stay active before it is failed and retried (its process died). */
  expireInSeconds: number;
  /** How often one of the processes fails over expired runs and archives old jobs. */
  maintenanceIntervalSeconds: number;
};

export const DEFAULT_JOB_SETTINGS: JobEngineSettings = {
  pollIntervalSeconds: 2,
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: (15 * MINUTE) / 1000,
  maintenanceIntervalSeconds: 60,
};

/** Failed jobs stay (listed, retryable) this long before pg-boss archives them. */
const KEEP_FAILED_SECONDS = (7 * 24 * HOUR) / 1000;
/** Past this a stopping process stops waiting for its running jobs and fails them over to a retry. */
const STOP_TIMEOUT_MS = 8_000;
/** How often runNow and settle look again at a job another process is running. */
const SETTLE_POLL_MS = 50;
/** The failed jobs the administrators' view lists at most. */
const FAILED_LIST_LIMIT = 100;

export type JobOutcome = { id: string; queue: string; state: JobState; attempts: number; error: string | null };

export type QueueOverview = {
  name: string;
  description: string;
  everyMinutes: number;
  cron: string;
  counts: Record<JobState, number>;
  lastCompletedAt: Date | null;
  nextRunAt: Date;
};

export type FailedJob = {
  id: string;
  queue: string;
  error: string;
  attempts: number;
  createdAt: Date;
  failedAt: Date | null;
};

export type RetryResult = { id: string; queue: string; state: JobState; retried: boolean } | undefined;

export type JobEngine = {
  /** Installs or migrates pg-boss's schema, declares the queues, and (polling on) starts the timers. */
  start(): Promise<void>;
  /** Stops taking jobs, waits for the running ones (then fails them over to a retry), stops the timers. */
  stop(): Promise<void>;
  /** Sends one job to `queue` and resolves once it completed or failed for good, retries included. */
  runNow(queue: string): Promise<JobOutcome>;
  /** Resolves once job `id` of `queue` completed or failed for good, running it here when due. */
  settle(queue: string, id: string): Promise<JobOutcome>;
  overview(): Promise<QueueOverview[]>;
  failed(): Promise<FailedJob[]>;
  /** Puts a failed job back to be run; a job not failed (already retried) is left as it is. */
  retry(id: string): Promise<RetryResult>;
};

export type JobEngineOptions = {
  /** PostgreSQL's URL (pg-boss opens its own pool), or the embedded database's executor. */
  database: { connectionString: string } | { executor: SqlExecutor };
  work: ScheduledWork[];
  context: () => ScheduledWorkContext;
  settings: JobEngineSettings;
  log: FastifyBaseLogger;
};

type PgBossJob = PgBoss.JobWithMetadata<unknown>;

function errorMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') {
    return output.message;
  }
  // pg-boss wraps what is not an object (its own expiry message) as { value: … }.
  if (output && typeof output === 'object' && 'value' in output) return errorMessage(output.value);
  return output === null || output === undefined ? 'Unknown error' : JSON.stringify(output);
}

function outcomeOf(job: PgBossJob): JobOutcome {
  return {
    id: job.id,
    queue: job.name,
    state: job.state,
    // retryCount counts the runs after the first (pg-boss raises it as it claims a retry).
    attempts: job.startedOn ? job.retryCount + 1 : 0,
    error: job.state === 'failed' || job.state === 'retry' ? errorMessage(job.output) : null,
  };
}

const FINAL_STATES: ReadonlySet<JobState> = new Set(['completed', 'failed', 'cancelled']);

export function createJobEngine({ database, work, context, settings, log }: JobEngineOptions): JobEngine {
  const rows = new Map<string, ScheduledWork>();
  for (const row of work) {
    if (rows.has(row.name)) throw new Error(`Two scheduled works are named ${row.name}`);
    cronFor(row.everyMinutes); // A period cron cannot keep fails the start, not the first run.
    rows.set(row.name, row);
  }
  const names = [...rows.keys()];
  const timers = settings.pollIntervalSeconds > 0;

  const boss = new PgBoss({
    ...('connectionString' in database
      ? { connectionString: database.connectionString, max: 3, application_name: 'portal-jobs' }
      : { db: database.executor as PgBoss.Db }),
    schedule: timers,
    supervise: timers,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
    archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
  });
  let stopping = false;
  boss.on('error', (error) => {
    // A worker's fetch cut off by the close is not worth a warning.
    if (!stopping) log.warn({ err: error }, 'Job engine error');
  });
  const sql = () => boss.getDb() as SqlExecutor;

  /** Every run in progress in this process: a stop waits for them before the database closes. */
  const running = new Set<Promise<void>>();

  /** Runs the sweep for `job`; a failure is logged and thrown for whoever settles the job. */
  function perform(row: ScheduledWork, job: PgBoss.Job<unknown>): Promise<void> {
    const run = (async () => {
      const ctx = context();
      try {
        await row.run({ ...ctx, log: ctx.log.child({ job: row.name, jobId: job.id }) });
      } catch (error) {
        log.warn({ err: error, job: row.name, jobId: job.id }, 'Scheduled work failed');
        throw error;
      }
    })();
    const tracked = run.then(
      () => undefined,
      () => undefined,
    );
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
    return run;
  }

  /**
   * Claims one due job of `queue` and runs it here, completing or failing it itself (a worker's
   * job is settled by pg-boss instead, from what the handler returns or throws); false when none
   * was due.
   */
  async function runOne(row: ScheduledWork): Promise<boolean> {
    const [job] = await boss.fetch<unknown>(row.name, { batchSize: 1 });
    if (!job) return false;
    try {
      await perform(row, job);
    } catch (error) {
      await boss.fail(row.name, job.id, error as object);
      return true;
    }
    await boss.complete(row.name, job.id);
    return true;
  }

  function rowFor(queue: string): ScheduledWork {
    const row = rows.get(queue);
    if (!row) throw new Error(`No scheduled work is named ${queue}`);
    return row;
  }

  let starting: Promise<void> | undefined;
  const start = () => {
    starting ??= (async () => {
      await boss.start();
      const queueOptions = {
        policy: 'stately' as const,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: settings.retryBackoff && settings.retryDelaySeconds > 0,
        expireInSeconds: settings.expireInSeconds,
      };
      // Steady state (every start but the first) reads two lists and writes nothing: each write
      // costs a round on PGlite's one connection, in the event loop of a starting server.
      const queues = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
      const schedules = new Map((await boss.getSchedules()).map((schedule) => [schedule.name, schedule]));
      for (const row of rows.values()) {
        const queue = queues.get(row.name);
        if (!queue) await boss.createQueue(row.name, { name: row.name, ...queueOptions });
        else if (
          queue.policy !== queueOptions.policy ||
          queue.retryLimit !== queueOptions.retryLimit ||
          queue.retryDelay !== queueOptions.retryDelay ||
          queue.retryBackoff !== queueOptions.retryBackoff ||
          queue.expireInSeconds !== queueOptions.expireInSeconds
        ) {
          // createQueue leaves an existing queue as it was: this start's settings apply.
          await boss.updateQueue(row.name, { name: row.name, ...queueOptions });
        }
        const cron = cronFor(row.everyMinutes);
        if (schedules.get(row.name)?.cron !== cron) {
          await boss.schedule(row.name, cron, undefined, { tz: 'UTC' });
        }
      }
      // A sweep no longer in the registry must not keep making jobs nobody works.
      for (const name of schedules.keys()) if (!rows.has(name)) await boss.unschedule(name);
      if (timers) {
        for (const row of rows.values()) {
          await boss.work<unknown>(
            row.name,
            { pollingIntervalSeconds: settings.pollIntervalSeconds, batchSize: 1 },
            // pg-boss completes the job when this resolves and fails it (to a retry) when it throws.
            async ([job]) => {
              if (job) await perform(row, job);
            },
          );
        }
      }
    })().catch((error: unknown) => {
      // The next use tries again (the database may have been away for a moment).
      starting = undefined;
      throw error;
    });
    return starting;
  };

  async function settle(queue: string, id: string): Promise<JobOutcome> {
    const row = rowFor(queue);
    await start();
    for (;;) {
      const job = await boss.getJobById<unknown>(queue, id);
      if (!job) throw new Error(`No job ${id} in ${queue}`);
      if (FINAL_STATES.has(job.state)) return outcomeOf(job);
      if (stopping) throw new Error('The job engine is stopping');
      // Through the engine's own claim: this job when due, or the one before it in the queue.
      if (!(await runOne(row))) await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
  }

  return {
    start,
    async stop() {
      if (!starting) return;
      await starting.catch(() => undefined);
      stopping = true;
      // The runs in progress (a worker's or runNow's) finish within a bound before the database
      // closes; pg-boss then stops its workers and fails over any job still active to a retry.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    },
    async runNow(queue) {
      rowFor(queue);
      await start();
      // A stately queue takes no second waiting job: then the one already waiting is this run.
      const id = (await boss.send(queue, {})) ?? (await waitingJobId(sql(), queue));
      if (!id) throw new Error(`Could not queue a run of ${queue}`);
      return settle(queue, id);
    },
    settle,
    async overview() {
      await start();
      const [counts, last] = await Promise.all([countByState(sql(), names), lastCompleted(sql(), names)]);
      const now = new Date();
      return [...rows.values()].map((row) => {
        const byState = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobState, number>;
        for (const count of counts) if (count.name === row.name) byState[count.state] = count.count;
        return {
          name: row.name,
          description: row.description,
          everyMinutes: row.everyMinutes,
          cron: cronFor(row.everyMinutes),
          counts: byState,
          lastCompletedAt: last.get(row.name) ?? null,
          // The engine's schedules fire on real time (the database's clock), not the app's clock.
          nextRunAt: nextRunAfter(row.everyMinutes, now),
        };
      });
    },
    async failed() {
      await start();
      return (await failedJobs(sql(), names, FAILED_LIST_LIMIT)).map((job) => ({
        id: job.id,
        queue: job.name,
        error: errorMessage(job.output),
        attempts: job.retryCount + 1,
        createdAt: job.createdOn,
        failedAt: job.completedOn,
      }));
    },
    async retry(id) {
      await start();
      const found = await findJob(sql(), names, id);
      if (!found) return undefined;
      // pg-boss's retry only moves a job that is failed (a repeat finds it retried and does nothing).
      const retried = found.state === 'failed';
      if (retried) await boss.retry(found.name, id);
      const job = await boss.getJobById<unknown>(found.name, id);
      return job ? { id, queue: found.name, state: job.state, retried } : undefined;
    },
  };
}
