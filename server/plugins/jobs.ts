/**
 * The job engine as `app.jobs` (server/jobs/job-engine.ts): it runs the scheduled work on the
 * app's database. With polling on (the default) it starts when the app is ready — after the
 * database and the mail service, which the sweeps use — without delaying the listen, and stops
 * before they close, letting the
 * running jobs finish (or failing them over to a retry past a few seconds). With polling off
 * (tests) no timer runs: a test sends a sweep through the engine with `app.jobs.runNow(name)`,
 * and the engine starts on that first use, so test files that never touch it never install it.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@server/config';
import { createJobEngine, type JobEngine, type JobEngineSettings } from '@server/jobs/job-engine';
import { pgliteExecutor } from '@server/jobs/pglite-executor';
import type { ScheduledWork, ScheduledWorkContext } from '@server/jobs/scheduled-work';
import { namedPlugin } from '@server/plugins/named-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobEngine;
  }
}

export type JobsPluginOptions = {
  config: Config;
  settings: JobEngineSettings;
  work: ScheduledWork[];
};

/** What a sweep runs with: the app's database, clock, settings and mail (also the test hooks' runs). */
export const scheduledWorkContext = (app: FastifyInstance): ScheduledWorkContext => ({
  db: app.db,
  clock: app.clock,
  config: app.config,
  log: app.log.child({ component: 'jobs' }),
  mail: app.mail,
});

export const jobsPlugin = namedPlugin<JobsPluginOptions>(
  'jobs',
  async (app, { config, settings, work }) => {
    const engine = createJobEngine({
      database:
        app.database.kind === 'postgres' && config.databaseUrl
          ? { connectionString: config.databaseUrl }
          : // Drizzle keeps the client it was given: on the embedded database, the one PGlite.
            { executor: pgliteExecutor((app.db as unknown as { $client: PGlite }).$client) },
      work,
      context: () => scheduledWorkContext(app),
      settings,
      log: app.log.child({ component: 'jobs' }),
    });
    app.decorate('jobs', engine);
    app.addHook('onReady', async () => {
      if (settings.pollIntervalSeconds === 0) return;
      // Not awaited: the first start installs pg-boss's schema (about a second on PGlite), which
      // must not hold up listening. Its first use (the admin view) waits for it instead.
      const started = performance.now();
      engine.start().then(
        () => app.log.info({ ms: Math.round(performance.now() - started), queues: work.length }, 'Job engine started'),
        (error: unknown) =>
          app.log.error({ err: error }, 'The job engine did not start; scheduled work is not running'),
      );
    });
    app.addHook('onClose', async () => engine.stop());
  },
  ['database', 'mail'],
);
