/**
 * Compresses API answers of 1 KB or more (brotli or gzip, as Accept-Encoding allows). Only
 * API routes: the build's files come compressed already (.br/.gz written by `vite build`,
 * served by static-files.ts) or are too small or incompressible, and the HTML shell is
 * compressed where it is rendered (server/http/spa-index.ts).
 */
import fastifyCompress from '@fastify/compress';
import { namedPlugin } from '@server/plugins/named-plugin';

/** Text that shrinks well; PDFs, images and other binaries gain nothing and stream as they are. */
export const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:[\w.-]+\+)?(?:json|xml)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)\s*(?:;|$)/i;

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

export const compression = namedPlugin('compression', async (app) => {
  // Added before the compress plugin's own onRoute hook, so it sees the opt-out.
  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE_TYPES,
    // Request bodies stay as sent: the payment webhook's signature is over the raw bytes, and a
    // compressed body could inflate far past the body limit.
    globalDecompression: false,
  });
});
