import type { FastifyInstance } from 'fastify';
import { runtimeConfigSchema } from '@/api/contract/runtime-config';
import { defineRoute } from '@server/http/route';

/** /config.json: read by the SPA at start-up, so one build serves every deployment. */
export async function runtimeConfigRoutes(app: FastifyInstance) {
  const { client, googleClientId, trust } = app.config;
  const body = {
    apiBase: client.apiBase,
    production: client.production,
    dnsPrefetchHosts: client.dnsPrefetchHosts,
    googleClientId: googleClientId ?? null,
    // The insurer, licences and support phone the site names (footer, landing, price screen).
    trust,
  };
  defineRoute(app, {
    method: 'GET',
    url: '/config.json',
    summary: 'Runtime configuration for the web client',
    tags: ['operations'],
    public: true,
    response: runtimeConfigSchema,
    handler: async ({ reply }) => {
      // A deployment's settings can change without a new build: always revalidate.
      reply.header('cache-control', 'no-cache');
      return body;
    },
  });
}
