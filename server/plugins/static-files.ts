/**
 * Serves the Vite build. Hashed files under /assets/ never change, so browsers keep them for
 * a year; everything else is revalidated on every use (ETag). The build writes a .br and a .gz
 * beside each compressible file (scripts/precompress.ts): the smallest one the client accepts is
 * sent as it is. index.html is never sent as a file: / and /index.html get the HTML shell that
 * client-side routes get (server/http/spa-index.ts). Source maps and Vite's own files
 * (/.vite/manifest.json) stay private: they answer like missing files.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { sendSpaIndex } from '@server/http/spa-index';
import { namedPlugin } from '@server/plugins/named-plugin';

const YEAR = 'public, max-age=31536000, immutable';

/**
 * Gets the decoded, normalised path (`/assets/a.js.map`), and again the path of the file
 * actually chosen. Case-insensitive for file systems that are.
 */
export function isPublicPath(pathname: string): boolean {
  const segments = pathname.toLowerCase().split('/');
  return !segments.includes('.vite') && !segments.some((segment) => segment.endsWith('.map'));
}

export const staticFiles = namedPlugin<{ staticDir: string }>('static-files', async (app, { staticDir }) => {
  // Without a build, pages answer 503 from the not-found handler instead.
  if (!existsSync(staticDir)) {
    app.log.warn({ staticDir }, 'No web client build found: run `npm run build`');
    return;
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    // Refused paths go to the not-found handler, like files that do not exist.
    allowedPath: (pathname) => isPublicPath(pathname),
    etag: true,
    lastModified: true,
    preCompressed: true,
    // Missing files fall through to the not-found handler (SPA routes, JSON 404s).
    setHeaders: (reply, filePath) => {
      const relative = path.relative(staticDir, filePath).split(path.sep);
      reply.header('cache-control', relative[0] === 'assets' ? YEAR : 'no-cache');
    },
  });
  // Exact paths win over the wildcard above; HEAD comes with each GET.
  for (const url of ['/', '/index.html']) app.get(url, (_request, reply) => sendSpaIndex(reply, staticDir));
  // Pages that link no icon (the sandbox checkout, a PDF opened in a tab) make browsers ask for
  // /favicon.ico: they follow this to the shield every page of the app links.
  app.get('/favicon.ico', async (_request, reply) => reply.redirect('/favicon.svg', 301));
});
