/**
 * Server configuration from the environment (DESIGN.md §3). Parsing is pure; loadConfig adds
 * the one side effect (the generated AUTH_SECRET kept in DATA_DIR).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Trust } from '@shared/contract/runtime-config';
import { demoOfferedStates } from '@server/db/seed/demo-data';
import { usStateList } from '@server/db/seed/us-states';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export type Config = {
  port: number;
  host: string;
  /** Unset: the embedded PGlite in DATA_DIR/pgdata. */
  databaseUrl: string | undefined;
  /** Absolute. */
  dataDir: string;
  /** No trailing slash. */
  publicUrl: string;
  /** Set by loadConfig (from AUTH_SECRET or DATA_DIR/auth-secret); undefined only after parseConfig. */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  paymentProvider: 'sandbox' | 'stripe';
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string | undefined;
  };
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /**
   * UNDERWRITING_AUTHORITY_CENTS (default 2500000 = $25,000): the largest premium, in cents,
   * that buy now approves automatically; a higher one goes to an underwriter.
   */
  underwritingAuthorityCents: number;
  /**
   * Renewals (issue 20): each policy in force is offered its renewal RENEWAL_OFFER_DAYS before its
   * period ends (default 60); one not renewed is reminded at each of EXPIRY_REMINDER_DAYS before
   * its end (a comma-separated list of days, default 30,7), to the insured and the broker.
   */
  renewals: { offerDays: number; reminderDays: number[] };
  /**
   * A payment plan's later instalments (issue 20), in days: invoiced (and mailed) INSTALMENT_INVOICE_DAYS
   * before the due date (default 14); reminded INSTALMENT_REMINDER_DAYS_BEFORE before (3) and
   * INSTALMENT_REMINDER_DAYS_AFTER after (3); unpaid INSTALMENT_GRACE_DAYS after it (10), a notice
   * of cancellation for non-payment, of the state's days (us_states.non_payment_notice_days) or
   * INSTALMENT_NOTICE_DAYS where the state sets none (10).
   */
  instalments: {
    invoiceDaysBefore: number;
    reminderDaysBefore: number;
    reminderDaysAfter: number;
    graceDays: number;
    noticeDays: number;
  };
  logLevel: LogLevel;
  /**
   * TEST_HOOKS (off): browser tests only. The server's clock becomes a TestClock that the
   * administrator-only routes under test/ move forward, and those routes run the instalments'
   * sweeps at once. Refused with PRODUCTION=true; without it the routes do not exist.
   */
  testHooks: boolean;
  /**
   * Fastify's trustProxy (TRUST_PROXY): false by default; true, a hop count, or the proxies'
   * addresses/CIDRs. Behind a load balancer it makes request.ip the client's, which the
   * per-address rate limits need.
   */
  trustProxy: boolean | number | string[];
  /**
   * The insurer that carries the risk, the producer's licences and the support phone
   * (INSURER_NAME, INSURER_NAIC, INSURER_AM_BEST, PRODUCER_LICENSES, SUPPORT_PHONE): on the site
   * and every policy document. Unset ones take the demo's fictitious values, and `demo` says so.
   */
  trust: Trust;
  /** Absolute: the Vite build served as the SPA. */
  staticDir: string;
  /** What /config.json tells the SPA. */
  client: {
    apiBase: string;
    production: boolean;
    dnsPrefetchHosts: string[];
  };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)));

const httpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url('must be an absolute URL such as http://localhost:3000'),
  v.regex(/^https?:\/\//i, 'must start with http:// or https://'),
);

const flag = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.picklist(['1', 'true', '0', 'false'], 'must be 1, true, 0 or false'),
  v.transform((value) => value === '1' || value === 'true'),
);

/**
 * The demo's insurer, licences and phone: fictitious, and marked so wherever they show (the name
 * and rating say "demo", the licence numbers start DEMO-, the phone is a 555 number).
 */
export const DEMO_TRUST = {
  insurerName: 'Bellwether Mutual Specialty Insurance Company (fictitious — demo)',
  naic: '99999',
  amBest: 'A- (Excellent) — demo',
  /** One made-up licence per state the demo sells in. */
  producerLicenses: demoOfferedStates.map((state, index) => ({ state, number: `DEMO-${1001 + index}` })),
  supportPhone: '(800) 555-0142',
} as const;

/** The variables behind Config.trust; each unset one takes its demo value. */
export const TRUST_VARIABLES = [
  'INSURER_NAME',
  'INSURER_NAIC',
  'INSURER_AM_BEST',
  'PRODUCER_LICENSES',
  'SUPPORT_PHONE',
] as const;

const stateCodes = new Set<string>(usStateList.map(([code]) => code));

/** AM Best's financial strength ratings, longest first so "A+" is not read as "A". */
const AM_BEST_RATING = /^(A\+\+|A\+|A-|A|B\+\+|B\+|B-|B|C\+\+|C\+|C-|C|D|E|F|S|NR)(?=$|[\s(,])/;

/** "TX:2345678, CA:0K12345" → one { state, number } per state, in the order given. */
const producerLicenses = v.pipe(
  v.string(),
  v.transform((list) =>
    list
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const [state = '', number = '', ...rest] = pair.split(':').map((part) => part.trim());
        return { state: state.toUpperCase(), number: rest.length > 0 ? `${number}:${rest.join(':')}` : number };
      }),
  ),
  v.array(
    v.object({
      state: v.pipe(
        v.string(),
        v.check(
          (state) => stateCodes.has(state),
          'must be STATE:LICENCE pairs such as TX:2345678,CA:0K12345, each STATE a US state code',
        ),
      ),
      number: v.pipe(
        v.string(),
        v.regex(
          /^[A-Za-z0-9][A-Za-z0-9-]{0,24}$/,
          'must be STATE:LICENCE pairs such as TX:2345678,CA:0K12345, each licence number letters, digits and hyphens',
        ),
      ),
    }),
  ),
  v.minLength(1, 'must name at least one STATE:LICENCE pair, such as TX:2345678'),
  v.check(
    (licenses) => new Set(licenses.map((licence) => licence.state)).size === licenses.length,
    'must name each state once',
  ),
);

/** A number insureds can call: "(800) 555-0142" as read, +18005550142 for tel: links; US unless it says otherwise. */
const supportPhone = v.pipe(
  v.string(),
  v.trim(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = parsePhoneNumberFromString(dataset.value, 'US');
    if (!parsed?.isValid()) {
      addIssue({ message: 'must be a phone number insureds can call, such as (800) 555-0142 or +44 20 7946 0958' });
      return NEVER;
    }
    return {
      display: parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational(),
      tel: parsed.number,
    };
  }),
);

/** A whole number of days, 0 to 365 (issue 20's instalment settings). */
const days = (fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,3}$/, 'must be a whole number of days, such as 14'),
      v.transform(Number),
      v.maxValue(365, 'must be at most 365 days'),
    ),
    fallback,
  );

const envSchema = v.pipe(
  v.object({
    PORT: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,5}$/, 'must be a port number (0-65535)'),
        v.transform(Number),
        v.maxValue(65535, 'must be a port number (0-65535)'),
      ),
      '3000',
    ),
    HOST: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), '127.0.0.1'),
    DATABASE_URL: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^postgres(ql)?:\/\//i, 'must be a postgres:// or postgresql:// connection string'),
      ),
    ),
    DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), './data'),
    PUBLIC_URL: v.optional(httpUrl),
    AUTH_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters long'))),
    SMTP_URL: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^smtps?:\/\//i, 'must be an smtp:// or smtps:// URL'))),
    MAIL_FROM: v.optional(v.pipe(v.string(), v.trim(), v.minLength(3)), 'Practice Shield <no-reply@localhost>'),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_JWKS_URL: v.optional(httpUrl, 'https://www.googleapis.com/oauth2/v3/certs'),
    PAYMENT_PROVIDER: v.optional(
      v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(['sandbox', 'stripe'], 'must be sandbox or stripe')),
      'sandbox',
    ),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: v.optional(httpUrl),
    ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.email('must be an e-mail address'))),
    ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters long'))),
    SEED_DEMO: v.optional(flag),
    TEST_HOOKS: v.optional(flag, 'false'),
    UNDERWRITING_AUTHORITY_CENTS: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,13}$/, 'must be a whole number of cents, such as 2500000 for $25,000'),
        v.transform(Number),
      ),
      '2500000',
    ),
    INSTALMENT_INVOICE_DAYS: days('14'),
    INSTALMENT_REMINDER_DAYS_BEFORE: days('3'),
    INSTALMENT_REMINDER_DAYS_AFTER: days('3'),
    INSTALMENT_GRACE_DAYS: days('10'),
    INSTALMENT_NOTICE_DAYS: days('10'),
    RENEWAL_OFFER_DAYS: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,3}$/, 'must be a whole number of days, such as 60'),
        v.transform(Number),
        v.minValue(1, 'must be at least 1 day'),
        v.maxValue(365, 'must be at most 365 days'),
      ),
      '60',
    ),
    EXPIRY_REMINDER_DAYS: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,3}(\s*,\s*\d{1,3})*$/, 'must be days before the end, comma-separated, such as 30,7'),
        v.transform((list) => [...new Set(list.split(',').map((day) => Number(day.trim())))]),
        v.check((list) => list.every((day) => day >= 1 && day <= 365), 'must be days from 1 to 365'),
      ),
      '30,7',
    ),
    LOG_LEVEL: v.optional(
      v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(logLevels, `must be one of ${logLevels.join(', ')}`)),
      'info',
    ),
    TRUST_PROXY: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(
          /^(true|false|\d{1,2}|[0-9a-f:./]+(\s*,\s*[0-9a-f:./]+)*)$/i,
          'must be true, false, a hop count or a comma-separated list of proxy addresses',
        ),
        v.transform((value): boolean | number | string[] => {
          const lower = value.toLowerCase();
          if (lower === 'true' || lower === 'false') return lower === 'true';
          if (/^\d+$/.test(value)) return Number(value);
          return value.split(',').map((entry) => entry.trim());
        }),
      ),
      'false',
    ),
    STATIC_DIR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), './dist'),
    API_BASE: v.optional(v.pipe(v.string(), v.trim()), ''),
    PRODUCTION: v.optional(flag, 'false'),
    DNS_PREFETCH_HOSTS: v.optional(
      v.pipe(
        v.string(),
        v.transform((list) =>
          list
            .split(',')
            .map((host) => host.trim())
            .filter(Boolean),
        ),
        v.array(
          v.pipe(
            v.string(),
            v.regex(/^(https?:)?(\/\/)?[a-z0-9.-]+(:\d+)?$/i, 'must be a comma-separated list of host names'),
          ),
        ),
      ),
      '',
    ),
    INSURER_NAME: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(2, 'must be the insurer’s legal name'),
        v.maxLength(200, 'must be at most 200 characters'),
      ),
    ),
    INSURER_NAIC: v.optional(
      v.pipe(v.string(), v.trim(), v.regex(/^\d{5}$/, 'must be the insurer’s five-digit NAIC company code')),
    ),
    INSURER_AM_BEST: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(60, 'must be at most 60 characters'),
        v.regex(AM_BEST_RATING, 'must start with an AM Best financial strength rating, such as A- or A+ (Superior)'),
      ),
    ),
    PRODUCER_LICENSES: v.optional(producerLicenses),
    SUPPORT_PHONE: v.optional(supportPhone),
  }),
  v.forward(
    v.check(
      (env) => env.PAYMENT_PROVIDER !== 'stripe' || env.STRIPE_SECRET_KEY !== undefined,
      'is required when PAYMENT_PROVIDER is stripe',
    ),
    ['STRIPE_SECRET_KEY'],
  ),
  // Without it no webhook can be verified, so no payment could ever bind.
  v.forward(
    v.check(
      (env) => env.PAYMENT_PROVIDER !== 'stripe' || env.STRIPE_WEBHOOK_SECRET !== undefined,
      'is required when PAYMENT_PROVIDER is stripe',
    ),
    ['STRIPE_WEBHOOK_SECRET'],
  ),
  // Moving the clock and running sweeps on demand is for browser tests, never a real deployment.
  v.forward(
    v.check((env) => !(env.PRODUCTION && env.TEST_HOOKS), 'must be off when PRODUCTION is true'),
    ['TEST_HOOKS'],
  ),
  // The demo users' passwords are published: a production server must never have them.
  v.forward(
    v.check(
      (env) => !(env.PRODUCTION && env.SEED_DEMO === true),
      'must be off when PRODUCTION is true: the demo sign-ins and their passwords are public',
    ),
    ['SEED_DEMO'],
  ),
);

/** `FOO=` in a shell or an .env file means "not set", so empty values fall back to defaults. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') out[key] = value;
  }
  return out;
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): Config {
  const result = v.safeParse(envSchema, withoutEmpty(env));
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = v.getDotPath(issue)?.split('.')[0] ?? 'environment';
      const got = typeof issue.input === 'string' ? ` (got ${JSON.stringify(issue.input)})` : '';
      return `${name} ${issue.message}${got}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = result.output;
  // The sandbox takes test cards: a production server must choose its provider, never fall into it.
  if (e.PRODUCTION && withoutEmpty(env).PAYMENT_PROVIDER === undefined) {
    throw new ConfigError(
      'Invalid configuration: PAYMENT_PROVIDER must be set when PRODUCTION is true (stripe, or sandbox for a test deployment whose cards are test cards)',
    );
  }
  // A fictitious insurer on a real policy would misstate who carries the risk.
  const unsetTrust = TRUST_VARIABLES.filter((name) => e[name] === undefined);
  if (e.PRODUCTION && unsetTrust.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${unsetTrust.join(', ')} must be set when PRODUCTION is true: the demo's insurer, licences and phone are fictitious`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    publicUrl,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    // The embedded database is for trying the product out: show it with data (never in production).
    seedDemo: e.SEED_DEMO ?? (!e.PRODUCTION && e.DATABASE_URL === undefined),
    underwritingAuthorityCents: e.UNDERWRITING_AUTHORITY_CENTS,
    renewals: { offerDays: e.RENEWAL_OFFER_DAYS, reminderDays: e.EXPIRY_REMINDER_DAYS },
    instalments: {
      invoiceDaysBefore: e.INSTALMENT_INVOICE_DAYS,
      reminderDaysBefore: e.INSTALMENT_REMINDER_DAYS_BEFORE,
      reminderDaysAfter: e.INSTALMENT_REMINDER_DAYS_AFTER,
      graceDays: e.INSTALMENT_GRACE_DAYS,
      noticeDays: e.INSTALMENT_NOTICE_DAYS,
    },
    logLevel: e.LOG_LEVEL,
    testHooks: e.TEST_HOOKS,
    trustProxy: e.TRUST_PROXY,
    trust: {
      insurer: {
        name: e.INSURER_NAME ?? DEMO_TRUST.insurerName,
        naic: e.INSURER_NAIC ?? DEMO_TRUST.naic,
        amBest: e.INSURER_AM_BEST ?? DEMO_TRUST.amBest,
      },
      producerLicenses: e.PRODUCER_LICENSES ?? DEMO_TRUST.producerLicenses.map((licence) => ({ ...licence })),
      supportPhone: e.SUPPORT_PHONE ?? { display: DEMO_TRUST.supportPhone, tel: '+18005550142' },
      demo: unsetTrust.length > 0,
    },
    staticDir: path.resolve(cwd, e.STATIC_DIR),
    client: {
      apiBase: e.API_BASE.replace(/\/+$/, ''),
      production: e.PRODUCTION,
      dnsPrefetchHosts: e.DNS_PREFETCH_HOSTS,
    },
  };
}

/**
 * Without AUTH_SECRET, a secret is generated once and kept in DATA_DIR so tokens survive
 * restarts. Several processes on one PostgreSQL must share it: set AUTH_SECRET there.
 */
async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  await mkdir(config.dataDir, { recursive: true });
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length < 32) {
      throw new ConfigError(`${file} holds too short a secret: delete it or set AUTH_SECRET`);
    }
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  // 'wx' loses a race with a concurrent first start cleanly: then read the winner's secret.
  try {
    await writeFile(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}

export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<Config> {
  const config = parseConfig(env);
  await mkdir(config.dataDir, { recursive: true });
  return { ...config, authSecret: await resolveAuthSecret(config) };
}
