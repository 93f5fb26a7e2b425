import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { healthSchema } from '@/api/contract/health';
import { serviceUnavailable } from '@server/http/http-error';
import { defineRoute } from '@server/http/route';

/** Readiness for deployers and tests: answers only once the database does. */
export async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/health',
    summary: 'Whether the server and its database answer',
    tags: ['operations'],
    public: true,
    response: healthSchema,
    handler: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        // Not a bug in this server: a 503 tells load balancers to try another instance.
        throw serviceUnavailable('database unavailable', error);
      }
      return { status: 'ok', database: app.database.kind } as const;
    },
  });
}
