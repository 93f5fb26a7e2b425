/**
 * Issue 20, "exactly once across processes" and "kill -9 of the process running a job: the other
 * process retries it and the work is done once": two real server processes (job-process.ts) on
 * one PostgreSQL, each with the engine's workers polling. The test sends jobs with a pg-boss
 * client of its own and reads what the sweep recorded: every run (round, process) and the work
 * itself, one row per round under the round as its idempotence key. Nothing sleeps for a fixed
 * time: it polls until a state is reached, within a bound. PGlite has one process by
 * construction: PostgreSQL only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The helpers that start the real server for the browser tests and the bench; no alias reaches scripts/.
// eslint-disable-next-line no-restricted-imports
import { freePort, ROOT, terminate, waitUntilReady } from '../../scripts/server-process';
import { createEffectTables, EFFECT_QUEUE, TEST_EXPIRE_IN_SECONDS } from '@server/jobs/job-process';
import { setupTestApp } from '@server/test/test-app';

type Worker = { child: ChildProcess; dataDir: string; log: () => string };

/** Far beyond a poll (0.5 s); for a killed run, beyond its expiry and a maintenance round. */
const BOUND_MS = 10_000 + TEST_EXPIRE_IN_SECONDS * 1000;
const POLL_MS = 50;

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + BOUND_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Not within ${BOUND_MS} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('scheduled work across two server processes', () => {
  const t = setupTestApp();
  const workers: Worker[] = [];
  let boss: PgBoss;

  async function startWorker(): Promise<Worker> {
    const { config, database } = t.testApp;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-jobs-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/jobs/job-process.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.databaseUrl,
        AUTH_SECRET: config.authSecret,
        PUBLIC_URL: config.publicUrl,
        STATIC_DIR: path.join(dataDir, 'no-client-build'),
        SEED_DEMO: '1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout?.on('data', (chunk) => (log += chunk));
    child.stderr?.on('data', (chunk) => (log += chunk));
    const worker = { child, dataDir, log: () => log };
    workers.push(worker);
    await waitUntilReady(`http://127.0.0.1:${port}/api/weborder/health`, child, () => log);
    // The engine starts beside the listen: its workers poll once it says so.
    await until('the job engine started', async () => (log.includes('Job engine started') ? true : undefined));
    return worker;
  }

  beforeAll(async () => {
    await createEffectTables(t.app.db);
    // The test's own client: sends jobs and reads their state; it runs no worker and no timer.
    boss = new PgBoss({ connectionString: t.testApp.database.databaseUrl, max: 2, schedule: false, supervise: false });
    boss.on('error', () => undefined);
    await boss.start();
    await Promise.all([startWorker(), startWorker()]);
  }, 120_000);

  afterAll(async () => {
    await boss?.stop({ graceful: false });
    for (const worker of workers) {
      await terminate(worker.child);
      await rm(worker.dataDir, { recursive: true, force: true });
    }
  });

  const control = (round: number, hold: boolean) =>
    t.app.db.execute(sql`update job_test_control set round = ${round}, hold = ${hold} where id = 1`);
  const pids = async (query: SQL) =>
    ((await t.app.db.execute(query)) as unknown as { rows: Array<{ pid: number }> }).rows;
  const runs = (round: number) => pids(sql`select pid from job_test_runs where round = ${round} order by at`);
  const effects = (round: number) => pids(sql`select pid from job_test_effects where round = ${round}`);

  async function finished(id: string) {
    return until(`job ${id} completed`, async () => {
      const job = await boss.getJobById(EFFECT_QUEUE, id);
      return job && ['completed', 'failed'].includes(job.state) ? job : undefined;
    });
  }

  it('one job is run once, by one of the two processes, round after round', async () => {
    const pids = new Set(workers.map((worker) => worker.child.pid));
    for (const round of [1, 2, 3, 4, 5]) {
      await control(round, false);
      const id = await boss.send(EFFECT_QUEUE, {});
      expect(id).not.toBeNull();
      const job = await finished(id!);
      expect(job).toMatchObject({ state: 'completed', retryCount: 0 });
      const ran = await runs(round);
      expect(ran).toHaveLength(1);
      expect(pids.has(ran[0]!.pid)).toBe(true);
      expect(await effects(round)).toEqual(ran);
    }
  });

  it('kill -9 of the process running a job: the other retries it, and the work is there once', async () => {
    await control(10, true);
    const id = await boss.send(EFFECT_QUEUE, {});
    // The run has done its work and now waits, held: kill its process where it stands.
    const [first] = await until('a process took the job', async () => {
      const ran = await runs(10);
      return ran.length > 0 ? ran : undefined;
    });
    const victim = workers.find((worker) => worker.child.pid === first!.pid)!;
    const survivor = workers.find((worker) => worker !== victim)!;
    const exited = new Promise((resolve) => victim.child.once('exit', (_code, signal) => resolve(signal)));
    victim.child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(await boss.getJobById(EFFECT_QUEUE, id!)).toMatchObject({ state: 'active' });

    await control(10, false);
    // Past its expiry the survivor's maintenance fails the run over to a retry, and its worker takes it.
    const job = await finished(id!);
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
    expect((await runs(10)).map((run) => run.pid)).toEqual([victim.child.pid, survivor.child.pid]);
    // The work's idempotence key (the round) kept it to one row, the dead process's.
    expect(await effects(10)).toEqual([{ pid: victim.child.pid }]);

    // The survivor goes on working alone.
    await control(11, false);
    const next = await finished((await boss.send(EFFECT_QUEUE, {}))!);
    expect(next.state).toBe('completed');
    expect((await runs(11)).map((run) => run.pid)).toEqual([survivor.child.pid]);
  });

  it('SIGTERM while a job runs: the process finishes it before it exits', async () => {
    const [last] = workers.filter((worker) => worker.child.exitCode === null && worker.child.signalCode === null);
    await control(20, true);
    const id = await boss.send(EFFECT_QUEUE, {});
    await until('the last process took the job', async () => ((await runs(20)).length > 0 ? true : undefined));
    const exited = terminate(last!.child);
    await until('the process began to close', async () => (last!.log().includes('Shutting down') ? true : undefined));
    await control(20, false);
    expect(await exited, last!.log()).toBe(0);
    // Finished before the exit, not failed over: one run, completed, nothing left to retry.
    expect(await boss.getJobById(EFFECT_QUEUE, id!)).toMatchObject({ state: 'completed', retryCount: 0 });
    expect((await runs(20)).map((run) => run.pid)).toEqual([last!.child.pid]);
  });
});
