import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { healthSchema } from '@/api/contract/health';
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
      await app.db.execute(sql`select 1`);
      reply.header('cache-control', 'no-store');
      return { status: 'ok', database: app.database.kind } as const;
    },
  });
}
