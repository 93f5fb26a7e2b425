import type { FastifyInstance } from 'fastify';
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contract/runtime-config';
import type { Config } from '@server/config';
import { defineRoute } from '@server/http/route';

/** What the web client reads at start-up: inlined into the HTML shell, and served as /config.json. */
export function runtimeConfigOf({ client, googleClientId, trust }: Config): RuntimeConfig {
  return {
    apiBase: client.apiBase,
    production: client.production,
    dnsPrefetchHosts: client.dnsPrefetchHosts,
    googleClientId: googleClientId ?? null,
    // The insurer, licences and support phone the site names (footer, landing, price screen).
    trust,
  };
}

/**
 * /config.json: the SPA reads the copy inlined into its HTML (server/http/spa-index.ts) and
 * fetches this only when that is missing; other clients read it here. One build serves every deployment.
 */
export async function runtimeConfigRoutes(app: FastifyInstance) {
  const body = runtimeConfigOf(app.config);
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
