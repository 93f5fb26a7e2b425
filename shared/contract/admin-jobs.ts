import * as v from 'valibot';

/**
 * The scheduled work as administrators watch it (issue 20; beyond the specification): role admin
 * only. Each queue is one row of the server's scheduled work (server/jobs/scheduled-work.ts),
 * run by the job engine on the app's database.
 */

const integer = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A job's states in the engine (pg-boss): waiting, waiting for a retry, running, and the three ends. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobQueueSchema = v.object({
  /** `<domain>.<what>`, e.g. `renewals.offer`. */
  name: v.string(),
  description: v.string(),
  everyMinutes: integer,
  /** The engine's schedule (UTC). */
  cron: v.string(),
  /** Jobs by state, those the engine still holds (finished ones are archived after 12 hours). */
  counts: v.object({
    created: integer,
    retry: integer,
    active: integer,
    completed: integer,
    cancelled: integer,
    failed: integer,
  }),
  /** ISO 8601: when its last run completed (archived runs included), or null when none has. */
  lastCompletedAt: v.nullable(v.string()),
  /** ISO 8601: when its schedule next fires. */
  nextRunAt: v.string(),
});
export type JobQueue = v.InferOutput<typeof jobQueueSchema>;

export const failedJobSchema = v.object({
  id: v.string(),
  queue: v.string(),
  /** The last run's error message. */
  error: v.string(),
  /** Runs made: the first and each retry. */
  attempts: integer,
  createdAt: v.string(),
  failedAt: v.nullable(v.string()),
});
export type FailedJob = v.InferOutput<typeof failedJobSchema>;

/** GET admin/jobs. */
export const adminJobsSchema = v.object({
  /** Where the engine keeps its jobs: the PostgreSQL of DATABASE_URL, or the embedded database. */
  database: v.picklist(['postgres', 'pglite']),
  queues: v.array(jobQueueSchema),
  /** Failed for good (retries spent), newest first. */
  failed: v.array(failedJobSchema),
});
export type AdminJobs = v.InferOutput<typeof adminJobsSchema>;

/** POST admin/jobretry {id}: runs a failed job again. */
export const jobRetryRequestSchema = v.object({
  id: v.pipe(v.string('must be a job id'), v.uuid('must be a job id')),
});

export const jobRetrySchema = v.object({
  id: v.string(),
  queue: v.string(),
  /** The job's state after the call: `retry` once put back (until a worker takes it). */
  state: v.picklist(JOB_STATES),
  /** True when this call put it back; false when it was no longer failed (a repeat changes nothing). */
  retried: v.boolean(),
});
export type JobRetry = v.InferOutput<typeof jobRetrySchema>;
