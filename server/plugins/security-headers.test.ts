/** Security headers on every kind of answer; a Content-Security-Policy on HTML. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '@server/plugins/security-headers';
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
    expect(connectSrc('http://localhost:4000/x/')).toBe("'self' https://accounts.google.com/gsi/ http://localhost:4000");
  });
});
