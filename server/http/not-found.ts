/**
 * What an unmatched request gets: API paths a JSON 404 naming the route; page navigations the
 * SPA (which renders page-not-found itself for paths it does not know); anything else JSON 404.
 */
import type { FastifyRequest } from 'fastify';
import { sendError } from '@server/http/error-handler';
import { sendSpaIndex } from '@server/http/spa-index';
import { namedPlugin } from '@server/plugins/named-plugin';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Browsers navigating send text/html; scripts, images and fetches for data do not. */
const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');

export const notFoundHandler = namedPlugin<{ staticDir: string }>('not-found', async (app, { staticDir }) => {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) {
      return sendError(reply, { status: 404, message: `No API route ${request.method} ${path}` });
    }
    if (wantsPage(request)) return sendSpaIndex(reply, staticDir);
    return sendError(reply, { status: 404, message: `No route ${request.method} ${path}` });
  });
});
