/**
 * The job engine on the embedded PGlite (pg-boss over the app's one connection): a sweep runs
 * through the engine's own queue and claim, with the app's clock in its context; a failing sweep
 * is retried and then kept as failed with its error and attempts; retried, it runs again.
 * Retries here have no delay, so nothing waits on real time.
 */
import { describe, expect, it } from 'vitest';
import { TestClock } from '@server/clock';
import { housekeepingWork } from '@server/jobs/housekeeping';
import type { ScheduledWork } from '@server/jobs/scheduled-work';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const seen: Date[] = [];
let failuresLeft = 0;
let flakyRuns = 0;

const recordingWork: ScheduledWork = {
  name: 'test.recording',
  description: 'Records the time it was given.',
  everyMinutes: 5,
  run: async (ctx) => {
    seen.push(ctx.clock.now());
  },
};

const flakyWork: ScheduledWork = {
  name: 'test.flaky',
  description: 'Fails while failuresLeft is above zero.',
  everyMinutes: 15,
  run: async () => {
    flakyRuns += 1;
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error(`The ledger was locked (run ${flakyRuns})`);
    }
  },
};

describe('the job engine on PGlite', () => {
  const t = setupTestApp({
    clock,
    jobs: { work: [housekeepingWork, recordingWork, flakyWork], retryLimit: 2, retryDelaySeconds: 0 },
  });

  it('runs a sweep through its queue, with the app clock in the context', async () => {
    clock.advance(40 * 24 * 60 * 60_000);
    const outcome = await t.app.jobs.runNow('test.recording');
    expect(outcome).toMatchObject({ queue: 'test.recording', state: 'completed', attempts: 1, error: null });
    expect(seen).toHaveLength(1);
    // The moved clock, not the system's: a sweep sees the time a test set.
    expect(seen[0]!.getTime() - Date.now()).toBeGreaterThan(39 * 24 * 60 * 60_000);

    const [recording] = (await t.app.jobs.overview()).filter((queue) => queue.name === 'test.recording');
    expect(recording).toMatchObject({ cron: '*/5 * * * *', everyMinutes: 5 });
    expect(recording!.counts.completed).toBe(1);
    expect(recording!.lastCompletedAt).toBeInstanceOf(Date);
    expect(recording!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    expect(recording!.nextRunAt.getUTCMinutes() % 5).toBe(0);
  });

  it('runs the housekeeping sweep on the engine', async () => {
    expect(await t.app.jobs.runNow('housekeeping.expired')).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('retries a failing sweep, then keeps it failed with its error; retried, it runs again', async () => {
    failuresLeft = 5;
    flakyRuns = 0;
    const outcome = await t.app.jobs.runNow('test.flaky');
    // The first run and two retries, then failed for good.
    expect(outcome).toMatchObject({ state: 'failed', attempts: 3, error: 'The ledger was locked (run 3)' });
    expect(flakyRuns).toBe(3);

    const failed = await t.app.jobs.failed();
    expect(failed).toEqual([
      expect.objectContaining({
        id: outcome.id,
        queue: 'test.flaky',
        attempts: 3,
        error: 'The ledger was locked (run 3)',
      }),
    ]);
    const [flaky] = (await t.app.jobs.overview()).filter((queue) => queue.name === 'test.flaky');
    expect(flaky!.counts.failed).toBe(1);
    expect(flaky!.lastCompletedAt).toBeNull();

    failuresLeft = 0;
    const retried = { id: outcome.id, queue: 'test.flaky', state: 'retry' };
    expect(await t.app.jobs.retry(outcome.id)).toEqual({ ...retried, retried: true });
    // A second retry of the same job changes nothing: it is no longer failed.
    expect(await t.app.jobs.retry(outcome.id)).toEqual({ ...retried, retried: false });
    expect(await t.app.jobs.settle('test.flaky', outcome.id)).toMatchObject({ state: 'completed', attempts: 4 });
    expect(flakyRuns).toBe(4);
    expect(await t.app.jobs.failed()).toEqual([]);
  });

  it('answers nothing for a job it does not hold', async () => {
    expect(await t.app.jobs.retry('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
