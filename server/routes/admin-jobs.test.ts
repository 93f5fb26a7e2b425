/**
 * Issue 20, the administrators' view of the scheduled work: GET admin/jobs lists each queue
 * (description, schedule, counts by state, last and next run) and the failed jobs with their
 * error and attempts; POST admin/jobretry runs a failed one again — once: a repeat changes
 * nothing — and is in the audit log. Who else may call them: admin-users.test.ts tries every
 * admin route as each other role. The work here is test rows run through the real engine.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminJobsSchema, jobRetrySchema } from '@shared/contract/admin-jobs';
import { auditLog, users } from '@server/db/schema';
import type { ScheduledWork } from '@server/jobs/scheduled-work';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

let brokenLedger = true;
let reconcileRuns = 0;

const work: ScheduledWork[] = [
  {
    name: 'test.reconcile',
    description: 'Reconciles the test ledger.',
    everyMinutes: 30,
    run: async () => {
      reconcileRuns += 1;
      if (brokenLedger) throw new Error('The test ledger does not balance');
    },
  },
  { name: 'test.quiet', description: 'Does nothing, daily.', everyMinutes: 24 * 60, run: async () => undefined },
];

const t = setupTestApp({ jobs: { work, retryLimit: 1, retryDelaySeconds: 0 } });
let admin: Insured;

beforeAll(async () => {
  admin = await newInsured(() => t.app);
  await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
});

async function jobs() {
  const answer = await admin.call('GET', 'admin/jobs');
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return v.parse(adminJobsSchema, answer.json());
}

describe('GET admin/jobs and POST admin/jobretry', () => {
  it('lists every queue with its schedule before anything ran', async () => {
    const view = await jobs();
    expect(view.database).toBe(t.testApp.database.kind);
    expect(view.failed).toEqual([]);
    expect(view.queues.map((queue) => queue.name)).toEqual(['test.reconcile', 'test.quiet']);
    const [reconcile, quiet] = view.queues;
    expect(reconcile).toMatchObject({
      description: 'Reconciles the test ledger.',
      everyMinutes: 30,
      cron: '*/30 * * * *',
      lastCompletedAt: null,
      counts: { created: 0, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 0 },
    });
    expect(quiet!.cron).toBe('0 0 * * *');
    const next = new Date(quiet!.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60_000);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([0, 0]);
  });

  it('shows a sweep that failed its retries with its error; a retry runs it again, once', async () => {
    const outcome = await t.app.jobs.runNow('test.reconcile');
    expect(outcome).toMatchObject({ state: 'failed', attempts: 2 });
    expect(reconcileRuns).toBe(2);

    const view = await jobs();
    expect(view.failed).toEqual([
      {
        id: outcome.id,
        queue: 'test.reconcile',
        error: 'The test ledger does not balance',
        attempts: 2,
        createdAt: expect.any(String),
        failedAt: expect.any(String),
      },
    ]);
    expect(view.queues[0]!.counts.failed).toBe(1);

    brokenLedger = false;
    const first = await admin.call('POST', 'admin/jobretry', { id: outcome.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(v.parse(jobRetrySchema, first.json())).toEqual({
      id: outcome.id,
      queue: 'test.reconcile',
      state: 'retry',
      retried: true,
    });
    // Sent again (a double click, a retried request): nothing more is put back.
    const again = await admin.call('POST', 'admin/jobretry', { id: outcome.id });
    expect(again.json()).toMatchObject({ state: 'retry', retried: false });

    expect(await t.app.jobs.settle('test.reconcile', outcome.id)).toMatchObject({ state: 'completed', attempts: 3 });
    expect(reconcileRuns).toBe(3);
    const after = await jobs();
    expect(after.failed).toEqual([]);
    expect(after.queues[0]!.counts).toMatchObject({ failed: 0, completed: 1 });
    expect(after.queues[0]!.lastCompletedAt).not.toBeNull();
    // Done, it is no longer failed: a late retry changes nothing.
    expect((await admin.call('POST', 'admin/jobretry', { id: outcome.id })).json()).toMatchObject({
      state: 'completed',
      retried: false,
    });

    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.entityId, outcome.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: admin.userId, entity: 'job', data: { queue: 'test.reconcile' } });
  });

  it('answers 404 for a job it does not hold and 400 naming id for what is no job id', async () => {
    const missing = await admin.call('POST', 'admin/jobretry', { id: '00000000-0000-4000-8000-000000000000' });
    expectError(missing, 404);
    const bad = await admin.call('POST', 'admin/jobretry', { id: 'not-a-job' });
    expect(expectError(bad, 400).fields).toHaveProperty('id');
    expect(expectError(await admin.call('POST', 'admin/jobretry', {}), 400).fields).toHaveProperty('id');
  });
});
