import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { noneMatch } from '@server/http/etag';
import { preloadTags, readManifest } from '@server/http/shell-preloads';
import { runtimeConfigOf } from '@server/routes/runtime-config';

/** Smaller than this, compressing gains less than a packet (as for the API: server/plugins/compression.ts). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The runtime config as a JSON data block: the SPA reads it at start-up instead of waiting for
 * /config.json (src/app/runtime-config.ts). A data block is never executed, so the
 * Content-Security-Policy's script-src does not apply to it. `<` is escaped so no value can
 * close the element.
 */
export function runtimeConfigScript(config: unknown): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="runtime-config">${json}</script>`;
}

/**
 * Into the head, before its end; a page without one (a test's fixture) gets them last, which still
 * works: the app's module script runs only once the whole page is parsed.
 */
function inject(html: string, tags: string): string {
  const end = html.search(/<\/head>/i);
  return end === -1 ? html + tags : html.slice(0, end) + tags + html.slice(end);
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/assets\/([\w.-]+\.css)">/g;
const stylesheets = new Map<string, { mtimeMs: number; css: string }>();

/**
 * The build's stylesheets, in the page instead of linked: a linked stylesheet holds the first paint
 * (the site's bar and "Loading…" that index.html paints before any script) until it has come, and
 * on a phone it queues behind the scripts requested with it. The app's CSS is a few kilobytes
 * compressed, and its only url()s are data: URIs, which work anywhere. Read once per build.
 */
async function inlineStylesheets(html: string, staticDir: string): Promise<string> {
  let result = html;
  for (const [link, name] of html.matchAll(STYLESHEET)) {
    const file = path.join(staticDir, 'assets', name!);
    let cached = stylesheets.get(file);
    try {
      const { mtimeMs } = await stat(file);
      if (cached?.mtimeMs !== mtimeMs) {
        cached = { mtimeMs, css: (await readFile(file, 'utf8')).replace(/<\/style/gi, '<\\/style') };
        stylesheets.set(file, cached);
      }
    } catch {
      // Missing (a build in progress): the link stays, and the browser asks for it as before.
      continue;
    }
    result = result.replace(link, `<style>${cached.css}</style>`);
  }
  return result;
}

/** br before gzip when the client takes both; undefined for neither (or only with q=0). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

function compress(html: Buffer, encoding: 'br' | 'gzip'): Buffer {
  // Quality 5: a few kilobytes, compressed on each answer, in well under a millisecond.
  return encoding === 'br'
    ? brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      })
    : gzipSync(html, { level: 6 });
}

/**
 * Answers a client-side route (and / and /index.html) with the SPA's index.html, with the
 * runtime config inlined and hints for what the screen at this address loads first. Read per
 * request (small, and cached by the OS) so a `npm run build` while the server runs takes effect at once.
 */
export async function sendSpaIndex(reply: FastifyReply, staticDir: string) {
  const file = path.join(staticDir, 'index.html');
  let template: string;
  try {
    template = await readFile(file, 'utf8');
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
  const { request } = reply;
  const config = request.server.config;
  const pagePath = request.url.split('?')[0] ?? '/';
  const manifest = await readManifest(staticDir);
  const tags =
    runtimeConfigScript(runtimeConfigOf(config)) + preloadTags({ manifest, pagePath, apiBase: config.client.apiBase });
  const html = Buffer.from(inject(await inlineStylesheets(template, staticDir), tags));

  // index.html names the hashed assets of the current build: never serve a stale one, but a
  // revisit with the same build and config costs a 304.
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  reply
    .header('cache-control', 'no-cache')
    .header('etag', etag)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const encoding = html.length >= COMPRESS_FROM_BYTES ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(html);
  return reply.header('content-encoding', encoding).send(compress(html, encoding));
}
