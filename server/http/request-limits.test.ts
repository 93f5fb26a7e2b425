/**
 * Requests too large for the server: a URL over 4 KB is a 414, a body over its route's limit a
 * 413 stating that limit; both in the API's error shape, with the security headers.
 */
import { describe, expect, it } from 'vitest';
import { MAX_URL_BYTES } from '@server/http/uri-length';
import { expectError } from '@server/test/expect-error';
import { writeClientBuild } from '@server/test/client-build-fixture';
import { setupTestApp } from '@server/test/test-app';

// With a client build, so long GET paths reach the static files as they do in production.
const t = setupTestApp({
  env: { PUBLIC_URL: 'https://portal.example.com' },
  plugins: [async (app) => writeClientBuild(app.config.staticDir)],
});

const long = (prefix: string, total = MAX_URL_BYTES + 1) => prefix + 'a'.repeat(total - prefix.length);

describe('a URL over 4 KB', () => {
  it.each([
    ['an API path', 'GET', long('/api/weborder/auth/specialityByClientUrl/'), '*/*'],
    ['an API query', 'GET', long('/api/weborder/auth/specialitylist?clientUrl='), 'application/json'],
    ['an API path posted to', 'POST', long('/api/weborder/auth/'), 'application/json'],
    ['a static file', 'GET', long('/assets/'), '*/*'],
    ['a page', 'GET', long('/client/landing/'), 'text/html'],
  ])('answers 414 in the error shape for %s', async (_, method, url, accept) => {
    expect(url.length).toBe(MAX_URL_BYTES + 1);
    const response = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: { accept } });
    const body = expectError(response, 414);
    expect(body.message).toBe(`The address is longer than the ${MAX_URL_BYTES} bytes allowed`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('lets a URL of exactly 4 KB through to its route', async () => {
    const url = long('/api/weborder/nothing/', MAX_URL_BYTES);
    expectError(await t.app.inject({ method: 'GET', url }), 404);
    const query = long('/api/weborder/health?x=', MAX_URL_BYTES);
    expect((await t.app.inject({ method: 'GET', url: query })).statusCode).not.toBe(414);
  });

  it('answers a path segment too long for a file name as a missing file, not a 403', async () => {
    // Under 4 KB, but no file system has such a name: the static files could not check it.
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/weborder/auth/specialityByClientUrl/${'b'.repeat(300)}`,
    });
    expect(expectError(api, 404).message).toContain('No API route GET /api/weborder/auth/specialityByClientUrl/');
    expect(
      expectError(await t.app.inject({ method: 'GET', url: `/assets/${'c'.repeat(300)}.js` }), 404).message,
    ).toContain('No route GET');
    const page = await t.app.inject({ method: 'GET', url: `/${'d'.repeat(300)}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="runtime-config"');
  });

  it('is documented once in the OpenAPI document, and named by every operation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/weborder/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { responses: Record<string, { description: string }> };
    };
    expect(doc.components.responses.UriTooLong?.description).toContain(`${MAX_URL_BYTES} bytes`);
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(20);
    for (const operation of operations)
      expect(operation.responses['414']).toEqual({ $ref: '#/components/responses/UriTooLong' });
  });
});

describe('a body over its limit', () => {
  const post = (url: string, bytes: number, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType },
      payload:
        contentType === 'application/json' ? JSON.stringify({ pad: 'p'.repeat(bytes) }) : `pad=${'p'.repeat(bytes)}`,
    });

  it('states the payment webhook’s own limit, 512 KiB, not the app’s 1 MiB', async () => {
    const response = await post('/api/weborder/payments/webhook/sandbox', 600 * 1024);
    const body = expectError(response, 413);
    expect(body.message).toBe('The request body is larger than the 524288 bytes allowed');
    expect(body.fields).toEqual({ body: 'is too large' });
    // Under its limit, the body reaches the signature check.
    expectError(await post('/api/weborder/payments/webhook/sandbox', 400 * 1024), 400);
  });

  it('states the app’s limit for an ordinary JSON route, and the form limit for a form', async () => {
    const json = expectError(await post('/api/weborder/auth/generate-token', 1100 * 1024), 413);
    expect(json.message).toBe('The request body is larger than the 1048576 bytes allowed');
    const form = expectError(
      await post('/api/weborder/auth/generate-token', 70 * 1024, 'application/x-www-form-urlencoded'),
      413,
    );
    expect(form.message).toBe('The request body is larger than the 65536 bytes allowed');
  });
});
