import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

/**
 * Answers a client-side route with the SPA's index.html. Read per request (it is small and
 * cached by the OS) so a `npm run build` while the server runs takes effect at once.
 */
export async function sendSpaIndex(reply: FastifyReply, staticDir: string) {
  const file = path.join(staticDir, 'index.html');
  let html: Buffer;
  try {
    html = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(
        `The web client has not been built yet: ${file} is missing.\n` +
          'Run `npm run build`, then reload this page.\n',
      );
  }
  // index.html names the hashed assets of the current build: never serve a stale one.
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}
