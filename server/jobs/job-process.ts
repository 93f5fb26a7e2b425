/**
 * For job-processes.test.ts only: a real server process whose job engine runs one test sweep,
 * with a short expiry so that a job whose process is killed is failed over in seconds. Run as
 * `node --import tsx server/jobs/job-process.ts` with the server's environment; imported, it only
 * lends the test its sweep's name and tables. Production never loads it (server/main.ts and the
 * registry do not import it).
 *
 * The sweep records each run (its round and process id), does its work — one row per round,
 * under the round as its idempotence key — and then waits while the control row says hold: the
 * test kills the process that is waiting, and the work must still be there once, done by the
 * retry in the other process.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import type { Database } from '@server/db/connection';
import type { ScheduledWork } from '@server/jobs/scheduled-work';

export const EFFECT_QUEUE = 'test.effect';

/** How long a run may stay active before the live process fails it over (seconds). */
export const TEST_EXPIRE_IN_SECONDS = 5;

/** The test's own tables, made by the test on its fresh database before the processes start. */
export async function createEffectTables(db: Database): Promise<void> {
  await db.execute(sql`create table job_test_control (id int primary key, round int not null, hold boolean not null)`);
  await db.execute(sql`insert into job_test_control values (1, 0, false)`);
  await db.execute(sql`create table job_test_runs (round int not null, pid int not null, at timestamptz not null)`);
  await db.execute(sql`create table job_test_effects (round int primary key, pid int not null)`);
}

const HOLD_POLL_MS = 100;

const effectWork: ScheduledWork = {
  name: EFFECT_QUEUE,
  description: 'Test only: one effect per round, then waits while held.',
  everyMinutes: 24 * 60,
  run: async ({ db, clock }) => {
    const control = async () =>
      (
        (await db.execute(sql`select round, hold from job_test_control where id = 1`)) as unknown as {
          rows: Array<{ round: number; hold: boolean }>;
        }
      ).rows[0]!;
    const { round } = await control();
    await db.execute(sql`insert into job_test_runs values (${round}, ${process.pid}, ${clock.now()})`);
    await db.execute(sql`insert into job_test_effects values (${round}, ${process.pid}) on conflict do nothing`);
    while ((await control()).hold) await new Promise((resolve) => setTimeout(resolve, HOLD_POLL_MS));
  },
};

async function main() {
  const config = await loadConfig(process.env);
  const app = await buildApp(config, {
    jobs: {
      work: [effectWork],
      pollIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
      expireInSeconds: TEST_EXPIRE_IN_SECONDS,
      retryDelaySeconds: 0,
      retryBackoff: false,
    },
  });
  process.once('SIGTERM', () => {
    // The test waits for this line before it lets a held run finish: the close is under way.
    app.log.info('Shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  await app.listen({ port: config.port, host: config.host });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
