/** The build's files sent as the build compressed them (.br/.gz), cached as long as they may be. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ENTRY_JS, TINY_JS, writeClientBuild } from '@server/test/client-build-fixture';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp({ plugins: [async (app) => writeClientBuild(app.config.staticDir)] });

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { accept: '*/*', ...headers } });

const YEAR = 'public, max-age=31536000, immutable';

describe('precompressed build files', () => {
  it('sends a hashed script as brotli to a client that takes it, kept for a year, varying on Accept-Encoding', async () => {
    const response = await get('/assets/index-e1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe(YEAR);
    expect(response.headers.vary).toBe('accept-encoding');
    // The build's file as it is: compressed once, not again on the way out.
    expect(response.rawPayload).toEqual(await readFile(path.join(t.app.config.staticDir, 'assets/index-e1.js.br')));
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ENTRY_JS);
  });

  it('sends gzip to a client without brotli, and the plain file to one without either, still varying', async () => {
    const gzip = await get('/assets/index-c1.css', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toContain('text/css');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('.fixture{color:red}');

    const plain = await get('/assets/index-e1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['cache-control']).toBe(YEAR);
    expect(plain.body).toBe(ENTRY_JS);
  });

  it('sends a file too small to have siblings as it is, not compressed on the fly', async () => {
    const response = await get('/assets/shared-s1.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(TINY_JS);
  });

  it('answers HEAD with the same headers and no body, and a revalidation with a 304', async () => {
    const head = await get('/assets/index-e1.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['cache-control']).toBe(YEAR);
    expect(head.body).toBe('');

    const first = await get('/assets/index-e1.js', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    // Each form is its own file, so its own ETag.
    expect((await get('/assets/index-e1.js')).headers.etag).not.toBe(etag);
    const again = await get('/assets/index-e1.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps source maps and the manifest private whatever the client accepts', async () => {
    for (const url of ['/assets/index-e1.js.map', '/.vite/manifest.json']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 404 });
    }
  });

  it("sends the HTML shell at / and /index.html, not the build's index.html.br, which lacks the runtime config", async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toContain('id="runtime-config"');
    }
  });
});
