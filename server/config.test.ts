import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_TRUST, loadConfig, parseConfig } from '@server/config';

/** A production server names its real insurer, licences and phone. */
const realTrust = {
  INSURER_NAME: 'Keystone Specialty Insurance Company',
  INSURER_NAIC: '12345',
  INSURER_AM_BEST: 'A (Excellent)',
  PRODUCER_LICENSES: 'TX:2345678',
  SUPPORT_PHONE: '(512) 555-0100',
};

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: '/srv/app/data',
      publicUrl: 'http://localhost:3000',
      paymentProvider: 'sandbox',
      seedDemo: true,
      underwritingAuthorityCents: 2_500_000,
      logLevel: 'info',
      mailFrom: 'Practice Shield <no-reply@localhost>',
      googleClientId: undefined,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      trustProxy: false,
      staticDir: '/srv/app/dist',
      client: { apiBase: '', production: false, dnsPrefetchHosts: [] },
    });
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash from an explicit one', () => {
    expect(parseConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(parseConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe('https://portal.example.com');
  });

  it('seeds demo data by default only on the embedded database', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://db/portal' }).seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgres://db/portal', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(parseConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(parseConfig({ SEED_DEMO: 'FALSE' }).seedDemo).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', SEED_DEMO: ' ' }).port).toBe(3000);
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxy addresses', () => {
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: 'FALSE' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('reads the renewal settings: RENEWAL_OFFER_DAYS (60) and EXPIRY_REMINDER_DAYS (30,7)', () => {
    expect(parseConfig({}).renewals).toEqual({ offerDays: 60, reminderDays: [30, 7] });
    expect(parseConfig({ RENEWAL_OFFER_DAYS: ' 45 ', EXPIRY_REMINDER_DAYS: '14, 3 ,14' }).renewals).toEqual({
      offerDays: 45,
      reminderDays: [14, 3],
    });
    for (const [name, value] of [
      ['RENEWAL_OFFER_DAYS', '0'],
      ['RENEWAL_OFFER_DAYS', '400'],
      ['RENEWAL_OFFER_DAYS', 'sixty'],
      ['EXPIRY_REMINDER_DAYS', '30;7'],
      ['EXPIRY_REMINDER_DAYS', '0'],
    ] as const) {
      expect(() => parseConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(name));
    }
  });

  it('reads UNDERWRITING_AUTHORITY_CENTS as whole cents', () => {
    expect(parseConfig({ UNDERWRITING_AUTHORITY_CENTS: ' 100000 ' }).underwritingAuthorityCents).toBe(100_000);
    expect(parseConfig({ UNDERWRITING_AUTHORITY_CENTS: '0' }).underwritingAuthorityCents).toBe(0);
  });

  it('splits DNS_PREFETCH_HOSTS', () => {
    expect(parseConfig({ DNS_PREFETCH_HOSTS: ' a.example.com,,b.example.com ' }).client.dnsPrefetchHosts).toEqual([
      'a.example.com',
      'b.example.com',
    ]);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SEED_DEMO', 'maybe'],
    ['PRODUCTION', 'yes please'],
    ['DATABASE_URL', 'mysql://db'],
    ['PUBLIC_URL', 'not a url'],
    ['PAYMENT_PROVIDER', 'paypal'],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_EMAIL', 'root'],
    ['AUTH_SECRET', 'short'],
    ['DNS_PREFETCH_HOSTS', 'a b'],
    ['TRUST_PROXY', 'maybe'],
    ['UNDERWRITING_AUTHORITY_CENTS', '25000.50'],
    ['UNDERWRITING_AUTHORITY_CENTS', '-1'],
    ['INSURER_NAME', 'X'],
    ['INSURER_NAIC', '1234'],
    ['INSURER_NAIC', 'AB123'],
    ['INSURER_AM_BEST', 'Excellent'],
    ['INSURER_AM_BEST', 'A+++'],
    ['PRODUCER_LICENSES', '2345678'],
    ['PRODUCER_LICENSES', 'TX:'],
    ['PRODUCER_LICENSES', 'XX:2345678'],
    ['PRODUCER_LICENSES', 'TX:23 45'],
    ['PRODUCER_LICENSES', 'TX:1,tx:2'],
    ['PRODUCER_LICENSES', ' , '],
    ['SUPPORT_PHONE', '555-0142'],
    ['SUPPORT_PHONE', 'call us'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('names every bad variable at once', () => {
    expect(() => parseConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT.*LOG_LEVEL/);
  });

  it('requires STRIPE_SECRET_KEY with the stripe provider', () => {
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(
      parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })
        .paymentProvider,
    ).toBe('stripe');
  });
});

describe('payments in production', () => {
  it('must name the provider: the default sandbox takes test cards', () => {
    expect(() => parseConfig({ ...realTrust, PRODUCTION: 'true' })).toThrow(
      /PAYMENT_PROVIDER must be set when PRODUCTION is true/,
    );
    expect(parseConfig({ ...realTrust, PRODUCTION: 'true', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe(
      'sandbox',
    );
    expect(parseConfig({ PRODUCTION: 'false' }).paymentProvider).toBe('sandbox');
  });
});

describe('demo data in production', () => {
  it('is a configuration error naming SEED_DEMO and PRODUCTION', () => {
    for (const env of [
      { ...realTrust, SEED_DEMO: '1', PRODUCTION: 'true', PAYMENT_PROVIDER: 'sandbox' },
      {
        ...realTrust,
        SEED_DEMO: 'true',
        PRODUCTION: '1',
        DATABASE_URL: 'postgres://db/portal',
        PAYMENT_PROVIDER: 'sandbox',
      },
    ]) {
      expect(() => parseConfig(env)).toThrow(ConfigError);
      expect(() => parseConfig(env)).toThrow(/SEED_DEMO.*PRODUCTION|PRODUCTION.*SEED_DEMO/);
    }
  });

  it('is off by default in production, even on the embedded database', () => {
    expect(parseConfig({ ...realTrust, PRODUCTION: 'true', PAYMENT_PROVIDER: 'sandbox' }).seedDemo).toBe(false);
    expect(
      parseConfig({ ...realTrust, PRODUCTION: 'true', SEED_DEMO: '0', PAYMENT_PROVIDER: 'sandbox' }).seedDemo,
    ).toBe(false);
    expect(parseConfig({ PRODUCTION: 'false', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });
});

describe('the insurer, licences and support phone', () => {
  it('are the demo’s fictitious values, marked demo, when unset', () => {
    const { trust } = parseConfig({});
    expect(trust).toEqual({
      insurer: { name: DEMO_TRUST.insurerName, naic: DEMO_TRUST.naic, amBest: DEMO_TRUST.amBest },
      producerLicenses: DEMO_TRUST.producerLicenses,
      supportPhone: { display: '(800) 555-0142', tel: '+18005550142' },
      demo: true,
    });
    // Plainly fictitious wherever they are printed.
    expect(trust.insurer.name).toMatch(/fictitious — demo/);
    expect(trust.insurer.amBest).toMatch(/demo/);
    expect(trust.producerLicenses.map((licence) => licence.state)).toEqual([
      'AZ',
      'CA',
      'CO',
      'FL',
      'GA',
      'IL',
      'NY',
      'PA',
      'TX',
      'WA',
    ]);
    expect(trust.producerLicenses.every((licence) => licence.number.startsWith('DEMO-'))).toBe(true);
  });

  it('reads every variable, and are not demo once all are set', () => {
    const { trust } = parseConfig({
      INSURER_NAME: ' Keystone Specialty Insurance Company ',
      INSURER_NAIC: '12345',
      INSURER_AM_BEST: 'A+ (Superior)',
      PRODUCER_LICENSES: 'TX:2345678, ca:0K12345 ,NY:LA-1234567,',
      SUPPORT_PHONE: '800.555.0199',
    });
    expect(trust).toEqual({
      insurer: { name: 'Keystone Specialty Insurance Company', naic: '12345', amBest: 'A+ (Superior)' },
      producerLicenses: [
        { state: 'TX', number: '2345678' },
        { state: 'CA', number: '0K12345' },
        { state: 'NY', number: 'LA-1234567' },
      ],
      supportPhone: { display: '(800) 555-0199', tel: '+18005550199' },
      demo: false,
    });
  });

  it('says demo when any one of them is left to its default', () => {
    const { trust } = parseConfig({ ...realTrust, SUPPORT_PHONE: '' });
    expect(trust.demo).toBe(true);
    expect(trust.insurer.name).toBe('Keystone Specialty Insurance Company');
    expect(trust.supportPhone.display).toBe('(800) 555-0142');
  });

  it('writes a number abroad in international form', () => {
    expect(parseConfig({ SUPPORT_PHONE: '+44 20 7946 0958' }).trust.supportPhone).toEqual({
      display: '+44 20 7946 0958',
      tel: '+442079460958',
    });
  });

  it('are required in production, naming each one missing', () => {
    const production = {
      PRODUCTION: 'true',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(() => parseConfig(production)).toThrow(ConfigError);
    expect(() => parseConfig({ ...production, ...realTrust, INSURER_NAIC: '' })).toThrow(
      /INSURER_NAIC must be set when PRODUCTION is true/,
    );
    expect(() => parseConfig(production)).toThrow(
      /INSURER_NAME, INSURER_NAIC, INSURER_AM_BEST, PRODUCER_LICENSES, SUPPORT_PHONE must be set/,
    );
    expect(parseConfig({ ...production, ...realTrust }).trust.demo).toBe(false);
  });
});

describe('loadConfig', () => {
  it('generates AUTH_SECRET once and keeps it in DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-config-'));
    try {
      const first = await loadConfig({ DATA_DIR: dataDir });
      const second = await loadConfig({ DATA_DIR: dataDir });
      expect(first.authSecret).toMatch(/^[\w-]{64}$/);
      expect(second.authSecret).toBe(first.authSecret);
      expect((await readFile(path.join(dataDir, 'auth-secret'), 'utf8')).trim()).toBe(first.authSecret);
      const explicit = await loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(40) });
      expect(explicit.authSecret).toBe('x'.repeat(40));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
