/** The HTML shell: the runtime config inlined, and what the screen at the address loads first hinted. */
import { readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@shared/contract/runtime-config';
import { apiPrefixFor, landingDataUrls, screenAt } from '@server/http/shell-preloads';
import { chooseEncoding } from '@server/http/spa-index';
import { runtimeConfigOf } from '@server/routes/runtime-config';
import { INDEX_CSS, INDEX_CSS_LINK, INDEX_HTML, MANIFEST, writeClientBuild } from '@server/test/client-build-fixture';
import { setupTestApp } from '@server/test/test-app';

// A value with `</script>` in it must not end the data block early.
const INSURER = 'Keystone </script><script>alert(1)</script> Insurance Company';

const t = setupTestApp({
  env: { INSURER_NAME: INSURER },
  plugins: [async (app) => writeClientBuild(app.config.staticDir)],
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.8', ...headers } });

/** The inline config element's text, as the browser would read it. */
function inlineConfigOf(html: string): unknown {
  const match = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('No runtime-config element in the page');
  return JSON.parse(match[1]!);
}

const linksOf = (html: string, rel: string) =>
  [...html.matchAll(/<link rel="([^"]+)"((?: [a-z]+(?:="[^"]*")?)*)>/g)]
    .filter((match) => match[1] === rel)
    .map((match) => /href="([^"]*)"/.exec(match[2]!)![1]!.replace(/&amp;/g, '&'));

/** The links the server added, not those index.html has of its own. */
const addedLinks = (html: string, rel: string) => {
  const own = new Set(linksOf(INDEX_HTML, rel));
  return linksOf(html, rel).filter((href) => !own.has(href));
};

const LANDING_CHUNKS = ['/assets/landing-screen-l1.js', '/assets/catalog-k1.js'];
const LANDING_DATA = ['/api/weborder/auth/specialitycategory', '/api/weborder/auth/specialitylist'];

describe('the HTML shell', () => {
  it.each(['/', '/index.html', '/landing', '/landing/', '/?s=abc'])(
    '%s has the runtime config inline, escaped, as /config.json has it',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      // Only the one closing tag of the data block itself: the insurer's name cannot end it.
      expect(response.body.match(/<\/script>/g)).toHaveLength(2);
      expect(response.body).toContain(
        'Keystone \\u003c/script>\\u003cscript>alert(1)\\u003c/script> Insurance Company',
      );
      const inline = inlineConfigOf(response.body);
      expect(v.parse(runtimeConfigSchema, inline)).toEqual(runtimeConfigOf(t.app.config));
      expect(inline).toEqual((await t.app.inject({ method: 'GET', url: '/config.json' })).json());
      expect((inline as { trust: { insurer: { name: string } } }).trust.insurer.name).toBe(INSURER);
      // Inside the head, before its end: the file's own markup is otherwise unchanged, but for the
      // stylesheet, which is in the page instead of linked.
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      expect(head).toContain('id="runtime-config"');
      const added = response.body.slice(
        response.body.indexOf('<script type="application/json"'),
        response.body.indexOf('</head>'),
      );
      expect(response.body.replace(added, '')).toBe(INDEX_HTML.replace(INDEX_CSS_LINK, `<style>${INDEX_CSS}</style>`));
    },
  );

  it('preloads the landing chunk and its own imports, not what the entry loads already, and the speciality list', async () => {
    const response = await page('/');
    expect(addedLinks(response.body, 'modulepreload')).toEqual(LANDING_CHUNKS);
    expect(addedLinks(response.body, 'preload')).toEqual(['/assets/catalog-k1.css', ...LANDING_DATA]);
    // As the client fetches them: credentials mode same-origin, which is what crossorigin="anonymous" asks.
    expect(response.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/weborder/auth/specialitylist">',
    );
    expect(response.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/catalog-k1.css">');
    expect(addedLinks((await page('/landing')).body, 'modulepreload')).toEqual(LANDING_CHUNKS);
  });

  it("preloads a broker's own speciality list on its branded landing, with the client id as ky sends it", async () => {
    const response = await page('/client/landing/harbor-risk');
    expect(addedLinks(response.body, 'modulepreload')).toEqual(LANDING_CHUNKS);
    expect(addedLinks(response.body, 'preload')).toEqual([
      '/assets/catalog-k1.css',
      '/api/weborder/auth/specialitycategory',
      '/api/weborder/auth/specialitylist?clientUrl=harbor-risk',
    ]);
    const odd = await page('/client/landing/a%20b%26c%22');
    expect(odd.body).toContain('href="/api/weborder/auth/specialitylist?clientUrl=a+b%26c%22"');
  });

  it.each(['/login', '/LOGIN', '/client/login/harbor-risk', '/login?redirect=/dashboard'])(
    'preloads the login chunk and its imports at %s, and no data',
    async (url) => {
      const response = await page(url);
      expect(addedLinks(response.body, 'modulepreload')).toEqual(['/assets/login-screen-g1.js', '/assets/form-f1.js']);
      expect(addedLinks(response.body, 'preload')).toEqual([]);
    },
  );

  it.each(['/no/such/page', '/client/nothing', '/client/landing', '/dashboard/extra', '/assets/gone.js'])(
    'hints nothing at %s, which shows no known screen (or one the build lacks), but inlines the config',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(addedLinks(response.body, 'modulepreload')).toEqual([]);
      expect(addedLinks(response.body, 'preload')).toEqual([]);
      expect(inlineConfigOf(response.body)).toEqual(runtimeConfigOf(t.app.config));
    },
  );

  it("holds the stylesheet itself, so nothing linked holds its first paint; a new build's is read again", async () => {
    const first = await page('/login');
    expect(first.body).not.toContain('rel="stylesheet"');
    expect(first.body).toContain(`<style>${INDEX_CSS}</style>`);
    const file = path.join(t.app.config.staticDir, 'assets/index-c1.css');
    try {
      await writeFile(file, '.rebuilt{color:blue}');
      // A build always gives the file a new time; set one that differs for certain.
      await utimes(file, new Date(), new Date(Date.now() + 5_000));
      expect((await page('/login')).body).toContain('<style>.rebuilt{color:blue}</style>');
    } finally {
      await writeFile(file, INDEX_CSS);
      await utimes(file, new Date(), new Date(Date.now() + 10_000));
    }
    expect((await page('/login')).body).toContain(`<style>${INDEX_CSS}</style>`);
  });

  it('revalidates with an ETag: the same page again is a 304 without a body', async () => {
    const first = await page('/login');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await page('/login', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');
    // Another screen's hints are another page.
    expect((await page('/', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('is compressed as the client accepts: br first, then gzip, else as it is', async () => {
    const plain = await page('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');

    const br = await page('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const gzip = await page('/', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');
  });

  it('reads the manifest again when a build replaced it while the server runs', async () => {
    const file = path.join(t.app.config.staticDir, '.vite', 'manifest.json');
    const original = await readFile(file, 'utf8');
    expect(addedLinks((await page('/login')).body, 'modulepreload')).toContain('/assets/login-screen-g1.js');
    const rebuilt = structuredClone(MANIFEST);
    rebuilt['src/screens/login/login-screen.tsx'].file = 'assets/login-screen-g2.js';
    try {
      await writeFile(file, JSON.stringify(rebuilt));
      // Another mtime even on a file system with coarse timestamps.
      const later = new Date(Date.now() + 5_000);
      await utimes(file, later, later);
      expect(addedLinks((await page('/login')).body, 'modulepreload')).toEqual([
        '/assets/login-screen-g2.js',
        '/assets/form-f1.js',
      ]);
    } finally {
      await writeFile(file, original);
      const latest = new Date(Date.now() + 10_000);
      await utimes(file, latest, latest);
    }
    expect(addedLinks((await page('/login')).body, 'modulepreload')).toContain('/assets/login-screen-g1.js');
  });
});

describe('shell hints', () => {
  it('maps addresses to screens as the router does, branded ones included', () => {
    expect(screenAt('/')).toEqual({ module: 'landing/landing-screen', name: 'landing' });
    expect(screenAt('/order/12')).toMatchObject({ name: 'order' });
    expect(screenAt('/client/order/12/harbor-risk')).toEqual({
      module: 'order/order-screen',
      name: 'order',
      clientid: 'harbor-risk',
    });
    expect(screenAt('/admin/specialities/4/questions')).toMatchObject({ name: 'admin-questions' });
    expect(screenAt('/underwriting/7')).toMatchObject({ name: 'underwriting-review' });
    expect(screenAt('/order')).toBeUndefined();
    expect(screenAt('/client//harbor-risk')).toBeUndefined();
    expect(screenAt('/%E0%A4%A')).toBeUndefined();
  });

  it('builds the API prefix as the client does, for a same-origin and an absolute API_BASE', () => {
    expect(apiPrefixFor('', '/')).toBe('/api/weborder/');
    expect(apiPrefixFor('/portal', '/client/landing/x')).toBe('/portal/api/weborder/');
    expect(apiPrefixFor('https://api.example.com/weborder', '/')).toBe(
      'https://api.example.com/weborder/api/weborder/',
    );
    expect(landingDataUrls('https://api.example.com/', '/', 'h r')).toEqual([
      'https://api.example.com/api/weborder/auth/specialitycategory',
      'https://api.example.com/api/weborder/auth/specialitylist?clientUrl=h+r',
    ]);
  });

  it('picks br, then gzip, from Accept-Encoding, never one refused with q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate, identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
