/**
 * What the administrators' view reads from pg-boss's own tables (schema `pgboss`, created and
 * migrated by pg-boss itself, not by our Drizzle migrations). pg-boss's API has counts for all
 * queues at once and one job by id; the view needs a queue's last completed run (which may
 * already be archived) and the failed jobs of our queues, newest first.
 */
import type { JobState } from '@shared/contract/admin-jobs';
import type { SqlExecutor } from '@server/jobs/pglite-executor';

/** pg-boss's schema name (its default). */
export const JOBS_SCHEMA = 'pgboss';

export type StateCountRow = { name: string; state: JobState; count: number };

export async function countByState(db: SqlExecutor, queues: string[]): Promise<StateCountRow[]> {
  const { rows } = await db.executeSql(
    `select name, state::text as state, count(*)::int as count from ${JOBS_SCHEMA}.job
     where name = any($1::text[]) group by name, state`,
    [queues],
  );
  return rows as StateCountRow[];
}

/** The last completed run of each queue, live or archived (pg-boss archives after 12 hours). */
export async function lastCompleted(db: SqlExecutor, queues: string[]): Promise<Map<string, Date>> {
  const { rows } = await db.executeSql(
    `select name, max(completed_on) as last from (
       select name, completed_on from ${JOBS_SCHEMA}.job where state = 'completed' and name = any($1::text[])
       union all
       select name, completed_on from ${JOBS_SCHEMA}.archive where state = 'completed' and name = any($1::text[])
     ) runs group by name`,
    [queues],
  );
  return new Map(rows.map((row) => [row.name as string, new Date(row.last as string | Date)]));
}

export type FailedJobRow = {
  id: string;
  name: string;
  output: unknown;
  retryCount: number;
  createdOn: Date;
  completedOn: Date | null;
};

export async function failedJobs(db: SqlExecutor, queues: string[], limit: number): Promise<FailedJobRow[]> {
  const { rows } = await db.executeSql(
    `select id::text as id, name, output, retry_count as "retryCount", created_on as "createdOn",
       completed_on as "completedOn"
     from ${JOBS_SCHEMA}.job where state = 'failed' and name = any($1::text[])
     order by completed_on desc nulls last, id limit $2`,
    [queues, limit],
  );
  return rows.map((row) => ({
    ...(row as FailedJobRow),
    createdOn: new Date(row.createdOn as string | Date),
    completedOn: row.completedOn === null ? null : new Date(row.completedOn as string | Date),
  }));
}

/** Which of our queues holds job `id`, and its state; undefined when no live job has that id. */
export async function findJob(
  db: SqlExecutor,
  queues: string[],
  id: string,
): Promise<{ name: string; state: JobState } | undefined> {
  const { rows } = await db.executeSql(
    `select name, state::text as state from ${JOBS_SCHEMA}.job where id = $1::uuid and name = any($2::text[])`,
    [id, queues],
  );
  return rows[0] as { name: string; state: JobState } | undefined;
}

/** The job already waiting in `queue` (a stately queue holds at most one waiting and one retry). */
export async function waitingJobId(db: SqlExecutor, queue: string): Promise<string | undefined> {
  const { rows } = await db.executeSql(
    `select id::text as id from ${JOBS_SCHEMA}.job where name = $1 and state in ('created', 'retry')
     order by created_on limit 1`,
    [queue],
  );
  return rows[0]?.id as string | undefined;
}
