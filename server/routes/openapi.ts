import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { buildOpenApiDocument } from '@server/http/openapi';
import { defineRoute } from '@server/http/route';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export async function openApiRoutes(app: FastifyInstance) {
  // Built on first request: by then every route of the app has been declared.
  let document: Record<string, unknown> | undefined;
  defineRoute(app, {
    method: 'GET',
    url: '/openapi.json',
    summary: 'This API, described as OpenAPI 3.1',
    tags: ['operations'],
    public: true,
    response: v.record(v.string(), v.unknown()),
    handler: async () => (document ??= buildOpenApiDocument(app.apiRoutes.routes, packageVersion)),
  });
}
