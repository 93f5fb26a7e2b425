/** Static serving of the client build and the SPA fallback for client-side routes. */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '@server/test/test-app';

const INDEX = '<!doctype html><title>Portal</title><div id="root"></div>';

const t = setupTestApp({
  plugins: [
    // The client build must exist before the static plugin registers: make it first.
    async (app) => {
      const dir = app.config.staticDir;
      await mkdir(path.join(dir, 'assets'), { recursive: true });
      await writeFile(path.join(dir, 'index.html'), INDEX);
      await writeFile(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
      await writeFile(path.join(dir, 'favicon.svg'), '<svg/>');
      // What `vite build` leaves next to the bundle and must not be served.
      await writeFile(path.join(dir, 'assets', 'main-abc123.js.map'), '{"sources":["src/secret.ts"]}');
      await mkdir(path.join(dir, '.vite'), { recursive: true });
      await writeFile(path.join(dir, '.vite', 'manifest.json'), '{"index.html":{}}');
    },
  ],
});

/** The shell less what the server adds to it (runtime config, preload hints): the file itself. */
const fileOf = (html: string) =>
  html.replace(
    /<script type="application\/json" id="runtime-config">.*?<\/script>|<link rel="(?:modulepreload|preload)"[^>]*>/g,
    '',
  );

const page = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
  t.app.inject({ method: 'GET', url, headers: { accept } });

describe('client build', () => {
  it('serves index.html at / and revalidates it every time', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(fileOf(response.body)).toBe(INDEX);
    expect(response.body).toContain('id="runtime-config"');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const response = await page('/assets/main-abc123.js', '*/*');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-type']).toContain('javascript');
  });

  it('revalidates other top-level files', async () => {
    const response = await page('/favicon.svg', 'image/*');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });

  it('sends browsers asking for /favicon.ico to the SVG shield', async () => {
    const response = await page('/favicon.ico', 'image/*');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/favicon.svg');
  });

  it('builds with the shield: index.html links public/favicon.svg, the header’s BrandMark drawn in the brand colour', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const index = await readFile(path.join(root, 'index.html'), 'utf8');
    expect(index).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    const icon = await readFile(path.join(root, 'public', 'favicon.svg'), 'utf8');
    expect(icon).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(icon).toContain('M16 2 4 6v9c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V6z');
  });

  it.each(['/dashboard', '/client/landing/harbor-risk', '/order/12?x=1', '/no/such/page'])(
    'answers the client-side route %s with index.html',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(fileOf(response.body)).toBe(INDEX);
    },
  );

  it('answers a JSON 404 to a missing file that is not a page', async () => {
    const response = await page('/assets/gone-123.js', '*/*');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: 'No route GET /assets/gone-123.js' });
  });

  it.each([
    '/assets/main-abc123.js.map',
    '/assets/MAIN-abc123.JS.MAP',
    '/assets/main-abc123.js%2Emap',
    '/assets/../assets/main-abc123.js.map',
    '/.vite/manifest.json',
    '/%2Evite/manifest.json',
    '/.vite/',
    '/.VITE/manifest.json',
  ])('does not serve %s: a JSON 404 as for a missing file', async (url) => {
    const response = await page(url, '*/*');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('sources');
    expect(response.body).not.toContain('index.html');
    expect(response.json()).toMatchObject({ status: 404 });
  });

  it('answers a page navigation to a source map with the SPA, as for a missing file', async () => {
    const response = await page('/assets/main-abc123.js.map');
    expect(response.statusCode).toBe(200);
    expect(fileOf(response.body)).toBe(INDEX);
  });

  it('answers a JSON 404 to other methods', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404 });
  });

  it('answers pages with a 503 telling to build the client when index.html is missing', async () => {
    await rm(path.join(t.app.config.staticDir, 'index.html'));
    const response = await page('/dashboard');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    const root = await page('/');
    expect(root.statusCode).toBe(503);
    // The API is unaffected.
    expect((await page('/api/weborder/health', 'application/json')).statusCode).toBe(200);
  });
});
