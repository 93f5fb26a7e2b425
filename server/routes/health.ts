import type { FastifyInstance } from 'fastify';
import { healthSchema } from '@shared/contract/health';
import { databaseAnswers } from '@server/db/connection';
import { serviceUnavailable } from '@server/http/http-error';
import { originOf, requestOrigin } from '@server/http/request-origin';
import { defineRoute } from '@server/http/route';

/** Readiness for deployers and tests: answers only once the database does. */
export async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/health',
    summary: 'Whether the server and its database answer',
    description:
      'Also says whether this request came through PUBLIC_URL’s origin (originMatches): a browser that uses another ' +
      'address keeps its sign-in apart from PUBLIC_URL’s, and e-mailed links lead to PUBLIC_URL.',
    tags: ['operations'],
    public: true,
    response: healthSchema,
    handler: async ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      try {
        await databaseAnswers(app.db);
      } catch (error) {
        // Not a bug in this server: a 503 tells load balancers to try another instance.
        throw serviceUnavailable('database unavailable', error);
      }
      const origin = requestOrigin(request);
      return {
        status: 'ok',
        database: app.database.kind,
        publicUrl: app.config.publicUrl,
        ...(origin ? { requestOrigin: origin } : {}),
        originMatches: origin === originOf(app.config.publicUrl),
      } as const;
    },
  });
}
