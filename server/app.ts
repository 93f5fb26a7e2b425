/**
 * Builds the server: the root instance holds what every part shares (config, database,
 * start-up data); the HTTP surface is one encapsulated plugin on top (see app-plugin.ts).
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { appPlugin } from '@server/app-plugin';
import type { Config, LogLevel } from '@server/config';
import { sendError } from '@server/http/error-handler';
import { RouteRegistry, refuseUndefinedApiRoutes } from '@server/http/route';
import { databasePlugin } from '@server/plugins/database';
import { commonSecurityHeaders, securityHeaders } from '@server/plugins/security-headers';
import { startupData } from '@server/plugins/startup-data';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type BuildAppOptions = {
  /** Overrides LOG_LEVEL (tests pass 'silent'). */
  logLevel?: LogLevel;
  /**
   * Registered inside the app's encapsulated context, after its own routes: what they add
   * gets the same error handling, not-found handling and OpenAPI listing (tests use it).
   */
  plugins?: FastifyPluginAsync[];
  /** Check every answer against its response schema (a 500 when it doesn't fit); tests turn it on. */
  validateResponses?: boolean;
};

/** Resolves once the app is ready (migrated, seeded, routes registered), not yet listening. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    // Errors raised before routing (a malformed URL) still answer in the API's error shape.
    // These answers skip the onSend hooks, so they get the security headers here.
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply.headers(commonSecurityHeaders), { status: 400, message: `Bad request: ${error.message}` });
    },
  });
  app.decorate('config', config);
  app.decorate('apiRoutes', new RouteRegistry(options.validateResponses ?? false));
  refuseUndefinedApiRoutes(app);

  try {
    // First, on the root: every answer gets them, including those of errors raised before routing.
    await app.register(securityHeaders, { config });
    await app.register(databasePlugin, { config });
    await app.register(startupData, { config });
    await app.register(appPlugin, { config, plugins: options.plugins ?? [] });
    await app.ready();
  } catch (error) {
    // Release whatever did open (the database above all) before reporting.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
