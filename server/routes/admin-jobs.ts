/**
 * The scheduled work for administrators (issue 20): each queue of the job engine with its
 * schedule, counts, last and next run, the failed jobs with their error, and a retry. Role admin
 * only (403 for anyone else signed in, 401 signed out, checked before the request is read).
 */
import type { FastifyInstance } from 'fastify';
import { adminJobsSchema, jobRetryRequestSchema, jobRetrySchema } from '@shared/contract/admin-jobs';
import { recordAudit } from '@server/admin/audit';
import { currentUser } from '@server/http/authenticate';
import { notFound } from '@server/http/http-error';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export async function adminJobRoutes(app: FastifyInstance) {
  guardRoutes(app, 'admin');
  const tags = ['admin'];

  defineRoute(app, {
    method: 'GET',
    url: '/admin/jobs',
    summary: 'The scheduled work: each queue with its schedule, jobs by state, last and next run; the failed jobs',
    description:
      'Counts are of the jobs the engine still holds (finished ones are archived after 12 hours); the last completed ' +
      'run includes archived ones. A failed job has spent its retries: its last error and how many runs it had.',
    tags,
    public: false,
    response: adminJobsSchema,
    errors: { 403: FORBIDDEN_DOC },
    handler: async ({ reply }) => {
      reply.headers({ 'cache-control': 'no-store' });
      const [queues, failed] = await Promise.all([app.jobs.overview(), app.jobs.failed()]);
      return {
        database: app.database.kind,
        queues: queues.map((queue) => ({
          ...queue,
          lastCompletedAt: iso(queue.lastCompletedAt),
          nextRunAt: queue.nextRunAt.toISOString(),
        })),
        failed: failed.map((job) => ({ ...job, createdAt: job.createdAt.toISOString(), failedAt: iso(job.failedAt) })),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/jobretry',
    summary: 'Run a failed job again (a worker takes it at its next look)',
    description:
      'Idempotent: a job that is no longer failed (already retried, running or done) is left as it is and the answer ' +
      'says so (retried false). A job id the engine does not hold is a 404. A retry is recorded in the audit log.',
    tags,
    public: false,
    body: jobRetryRequestSchema,
    response: jobRetrySchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such job' },
    handler: async ({ body, request }) => {
      const result = await app.jobs.retry(body.id);
      if (!result) throw notFound('No such job');
      if (result.retried) {
        // pg-boss's update is on its own connection: the audit row follows it rather than sharing its transaction.
        await recordAudit(app.db, currentUser(request), request.ip, app.clock.now(), {
          action: 'job.retry',
          entity: 'job',
          entityId: result.id,
          data: { queue: result.queue },
        });
      }
      return result;
    },
  });
}
