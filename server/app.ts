/**
 * Builds the server: the root instance holds what every part shares (config, database,
 * start-up data); the HTTP surface is one encapsulated plugin on top (see app-plugin.ts).
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { appPlugin } from '@server/app-plugin';
import type { AuthUser } from '@server/auth/user';
import { systemClock, type Clock } from '@server/clock';
import type { Config, LogLevel } from '@server/config';
import { sendError } from '@server/http/error-handler';
import { serializeRequest } from '@server/http/log-redaction';
import { RouteRegistry, refuseUndefinedApiRoutes } from '@server/http/route';
import { changeNoticesPlugin } from '@server/plugins/change-notices';
import { DEFAULT_JOB_SETTINGS, type JobEngineSettings } from '@server/jobs/job-engine';
import { scheduledWork, type ScheduledWork } from '@server/jobs/scheduled-work';
import { databasePlugin } from '@server/plugins/database';
import { jobsPlugin } from '@server/plugins/jobs';
import { ratingPlugin } from '@server/plugins/rating';
import { mailPlugin, MAIL_POLL_INTERVAL_MS } from '@server/plugins/mail';
import { paymentsPlugin } from '@server/plugins/payments';
import { everyAnswerHeaders, securityHeaders } from '@server/plugins/security-headers';
import { startupData } from '@server/plugins/startup-data';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** "Now" for every expiry the server decides (tokens, locks, rate limits, mail retries). */
    clock: Clock;
  }
}

export type BuildAppOptions = {
  /** Overrides LOG_LEVEL (tests pass 'silent'). */
  logLevel?: LogLevel;
  /** Where the log goes instead of stdout (tests read it). */
  /** Where the log goes instead of stdout (tests read it): anything pino can write lines to. */
  logStream?: LogStream;
  /**
   * Registered inside the app's encapsulated context, after its own routes: what they add
   * gets the same error handling, not-found handling and OpenAPI listing (tests use it).
   */
  plugins?: FastifyPluginAsync[];
  /** Check every answer against its response schema (a 500 when it doesn't fit); tests turn it on. */
  validateResponses?: boolean;
  /** Tests move time with a TestClock instead of sleeping. */
  clock?: Clock;
  /** How often the mail sender looks at the outbox on its own; 0 turns the timer off. */
  mailPollIntervalMs?: number;
  /**
   * The job engine's settings over DEFAULT_JOB_SETTINGS (tests: pollIntervalSeconds 0, so no
   * timer runs and work runs through app.jobs.runNow), and the work it runs (the registry).
   */
  jobs?: Partial<JobEngineSettings> & { work?: ScheduledWork[] };
};

/** Resolves once the app is ready (migrated, seeded, routes registered), not yet listening. */
/** A destination for the log's lines (pino's DestinationStream, named here: pino is Fastify's, not ours). */
export interface LogStream {
  write(line: string): void;
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Fastify's 10 s per plugin is less than a first start may need on a slow or busy machine:
    // the database plugin runs PGlite's initdb, the migrations and the demo seed. A hang is still
    // caught, two minutes on.
    pluginTimeout: 120_000,
    // Behind a reverse proxy (TRUST_PROXY), request.ip is the client's, for per-address rate limits.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    logger: {
      level: options.logLevel ?? config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Reset links carry their token in the URL: the request log shows it masked.
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Errors raised before routing (a malformed URL) still answer in the API's error shape.
    // These answers skip the onSend hooks, so they get the security headers here.
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply.headers(everyAnswerHeaders(config)), {
        status: 400,
        message: `Bad request: ${error.message}`,
      });
    },
  });
  const clock = options.clock ?? systemClock;
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorateRequest('user', null as AuthUser | null);
  app.decorate('apiRoutes', new RouteRegistry(options.validateResponses ?? false));
  refuseUndefinedApiRoutes(app);

  try {
    // First, on the root: every answer gets them, including those of errors raised before routing.
    await app.register(securityHeaders, { config });
    await app.register(databasePlugin, { config });
    await app.register(changeNoticesPlugin);
    await app.register(startupData, { config });
    await app.register(mailPlugin, {
      config,
      clock,
      pollIntervalMs: options.mailPollIntervalMs ?? MAIL_POLL_INTERVAL_MS,
    });
    await app.register(jobsPlugin, {
      config,
      settings: { ...DEFAULT_JOB_SETTINGS, ...options.jobs },
      work: options.jobs?.work ?? scheduledWork,
    });
    await app.register(ratingPlugin);
    await app.register(paymentsPlugin, { config, clock });
    await app.register(appPlugin, { config, plugins: options.plugins ?? [] });
    await app.ready();
  } catch (error) {
    // Release whatever did open (the database above all) before reporting.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
