/**
 * Security headers on every kind of answer; a Content-Security-Policy on HTML; Strict-Transport-Security
 * only when the site's public address is https.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, transportSecurityHeaders } from '@server/plugins/security-headers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp({
  env: { API_BASE: 'https://api.example.com/weborder/' },
  plugins: [
    async (app) => {
      const dir = app.config.staticDir;
      await mkdir(path.join(dir, 'assets'), { recursive: true });
      await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Portal</title>');
      await writeFile(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
    },
  ],
});

const get = (url: string, accept = '*/*') => t.app.inject({ method: 'GET', url, headers: { accept } });

const expectedCsp =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style; " +
  "script-src 'self' https://accounts.google.com/gsi/client; frame-src https://accounts.google.com/gsi/; " +
  "connect-src 'self' https://accounts.google.com/gsi/ https://api.example.com; frame-ancestors 'none'; " +
  "base-uri 'self'; form-action 'self'";

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/weborder/health', '*/*', 200],
    ['an API error', '/api/weborder/auth/speciality?specialityId=x', '*/*', 400],
    ['an unknown API route', '/api/weborder/nothing', '*/*', 404],
    ['a malformed URL', '/api/weborder/%zz', '*/*', 400],
    ['a static file', '/assets/main-abc123.js', '*/*', 200],
    ['a missing file', '/assets/gone.js', '*/*', 404],
    ['the runtime config', '/config.json', '*/*', 200],
    ['the SPA', '/', 'text/html', 200],
    ['a client-side route', '/dashboard', 'text/html', 200],
  ])('are on %s', async (_, url, accept, status) => {
    const response = await get(url, accept);
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
    const isHtml = String(response.headers['content-type']).startsWith('text/html');
    expect(response.headers['content-security-policy']).toBe(isHtml ? expectedCsp : undefined);
    // PUBLIC_URL is http here (the test default): browsers would ignore it, and nothing is pinned.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('leave the runtime config inlined in the HTML to the policy as it is: a JSON data block, not a script', async () => {
    const response = await get('/', 'text/html');
    expect(response.body).toContain('<script type="application/json" id="runtime-config">');
    // No inline script is allowed, and none is needed: browsers never execute a data block.
    expect(response.headers['content-security-policy']).toMatch(
      /script-src 'self' https:\/\/accounts\.google\.com\/gsi\/client;/,
    );
    expect([...response.body.matchAll(/<script(?![^>]*type="application\/json")[^>]*>[^<]+<\/script>/g)]).toEqual([]);
  });

  it('put a Content-Security-Policy on both ways HTML is served', async () => {
    expect((await get('/', 'text/html')).headers['content-security-policy']).toBe(expectedCsp);
    expect((await get('/index.html', 'text/html')).headers['content-security-policy']).toBe(expectedCsp);
    expect((await get('/client/landing/harbor-risk', 'text/html')).headers['content-security-policy']).toBe(
      expectedCsp,
    );
  });
});

describe('contentSecurityPolicy', () => {
  it('adds only an absolute API_BASE to connect-src, by its origin', () => {
    const connectSrc = (apiBase: string) => /connect-src ([^;]*)/.exec(contentSecurityPolicy(apiBase))?.[1];
    expect(connectSrc('')).toBe("'self' https://accounts.google.com/gsi/");
    expect(connectSrc('/api-elsewhere')).toBe("'self' https://accounts.google.com/gsi/");
    expect(connectSrc('http://localhost:4000/x/')).toBe(
      "'self' https://accounts.google.com/gsi/ http://localhost:4000",
    );
  });
});

describe('Strict-Transport-Security', () => {
  const https = setupTestApp({
    env: { PUBLIC_URL: 'https://portal.example.com' },
    plugins: [
      async (app) => {
        await mkdir(app.config.staticDir, { recursive: true });
        await writeFile(path.join(app.config.staticDir, 'index.html'), '<!doctype html><title>Portal</title>');
      },
    ],
  });

  it.each([
    ['an API answer', '/api/weborder/health', '*/*', 200],
    ['an API error', '/api/weborder/auth/speciality?specialityId=x', '*/*', 400],
    ['an unknown API route', '/api/weborder/nothing', '*/*', 404],
    ['a malformed URL', '/api/weborder/%zz', '*/*', 400],
    ['the runtime config', '/config.json', '*/*', 200],
    ['the SPA', '/', 'text/html', 200],
    ['a client-side route', '/dashboard', 'text/html', 200],
  ])('is on %s when PUBLIC_URL is https', async (_, url, accept, status) => {
    const response = await https.app.inject({ method: 'GET', url, headers: { accept } });
    expect(response.statusCode).toBe(status);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is only for an https public address', () => {
    expect(transportSecurityHeaders('https://portal.example.com')).toEqual({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(transportSecurityHeaders('HTTPS://portal.example.com')).toHaveProperty('strict-transport-security');
    expect(transportSecurityHeaders('http://localhost:3000')).toEqual({});
  });
});
