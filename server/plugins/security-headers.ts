/**
 * Security headers on every answer (API, static files, errors, not-found), from one onSend
 * hook on the root instance. HTML pages also get a Content-Security-Policy: the SPA loads only
 * its own scripts, plus Google's sign-in client; connect-src adds API_BASE when it is elsewhere.
 * The runtime config inlined into the HTML is a JSON data block (type="application/json"),
 * which is never executed, so script-src needs no hash or nonce for it. When PUBLIC_URL is
 * https, Strict-Transport-Security keeps browsers on https for a year.
 */
import type { Config } from '@server/config';
import { namedPlugin } from '@server/plugins/named-plugin';

const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

const HTML = /^text\/html\b/i;

/** The origin of API_BASE when it is an absolute URL ('' or a path means this origin). */
function apiOrigin(apiBase: string): string | undefined {
  if (!/^https?:\/\//i.test(apiBase)) return undefined;
  try {
    return new URL(apiBase).origin;
  } catch {
    return undefined;
  }
}

export function contentSecurityPolicy(apiBase: string): string {
  const connect = ["'self'", GOOGLE_SIGN_IN, apiOrigin(apiBase)].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    "img-src 'self' data:",
    `style-src 'self' 'unsafe-inline' ${GOOGLE_SIGN_IN}style`,
    `script-src 'self' ${GOOGLE_SIGN_IN}client`,
    `frame-src ${GOOGLE_SIGN_IN}`,
    `connect-src ${connect}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** On every answer; set directly where Fastify answers without hooks (frameworkErrors). */
export const commonSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** Only over https: browsers ignore it on http, and a site that serves http has nothing to pin. */
export function transportSecurityHeaders(publicUrl: string): Record<string, string> {
  return /^https:/i.test(publicUrl) ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};
}

/** What every answer carries for this deployment: commonSecurityHeaders, plus HSTS over https. */
export function everyAnswerHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  return { ...commonSecurityHeaders, ...transportSecurityHeaders(config.publicUrl) };
}

export const securityHeaders = namedPlugin<{ config: Config }>('security-headers', async (app, { config }) => {
  const csp = contentSecurityPolicy(config.client.apiBase);
  const headers = everyAnswerHeaders(config);
  const names = Object.keys(headers);
  // A callback hook, not an async one, and the headers set one by one rather than through
  // reply.headers(): no promise and no iterator per answer (issue 17).
  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const name of names) reply.header(name, headers[name]);
    const type = reply.getHeader('content-type');
    // A page with a policy of its own (the sandbox checkout, with its script's hash) keeps it.
    if (typeof type === 'string' && HTML.test(type) && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', csp);
    }
    done(null, payload);
  });
});
