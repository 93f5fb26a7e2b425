import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@shared/contract/runtime-config';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp({
  env: {
    API_BASE: 'https://api.example.com/',
    PRODUCTION: 'true',
    PAYMENT_PROVIDER: 'sandbox',
    // Demo data is refused in production.
    SEED_DEMO: '0',
    DNS_PREFETCH_HOSTS: 'fonts.example.com, accounts.google.com',
    GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com',
    // Production names a real insurer: every one of these is required there.
    INSURER_NAME: 'Keystone Specialty Insurance Company',
    INSURER_NAIC: '12345',
    INSURER_AM_BEST: 'A (Excellent)',
    PRODUCER_LICENSES: 'TX:2345678,CA:0K12345',
    SUPPORT_PHONE: '512-555-0100',
  },
});

describe('GET /config.json', () => {
  it('tells the SPA its runtime settings and is never cached stale', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(v.parse(runtimeConfigSchema, response.json())).toEqual({
      apiBase: 'https://api.example.com',
      production: true,
      dnsPrefetchHosts: ['fonts.example.com', 'accounts.google.com'],
      googleClientId: 'client-123.apps.googleusercontent.com',
      trust: {
        insurer: { name: 'Keystone Specialty Insurance Company', naic: '12345', amBest: 'A (Excellent)' },
        producerLicenses: [
          { state: 'TX', number: '2345678' },
          { state: 'CA', number: '0K12345' },
        ],
        supportPhone: { display: '(512) 555-0100', tel: '+15125550100' },
        demo: false,
      },
    });
  });
});
