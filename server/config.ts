/**
 * Server configuration from the environment (DESIGN.md §3). Parsing is pure; loadConfig adds
 * the one side effect (the generated AUTH_SECRET kept in DATA_DIR).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';

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
  logLevel: LogLevel;
  /**
   * Fastify's trustProxy (TRUST_PROXY): false by default; true, a hop count, or the proxies'
   * addresses/CIDRs. Behind a load balancer it makes request.ip the client's, which the
   * per-address rate limits need.
   */
  trustProxy: boolean | number | string[];
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
    AUTH_SECRET: v.optional(
      v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters long')),
    ),
    SMTP_URL: v.optional(
      v.pipe(v.string(), v.trim(), v.regex(/^smtps?:\/\//i, 'must be an smtp:// or smtps:// URL')),
    ),
    MAIL_FROM: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(3)),
      'Practice Shield <no-reply@localhost>',
    ),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_JWKS_URL: v.optional(httpUrl, 'https://www.googleapis.com/oauth2/v3/certs'),
    PAYMENT_PROVIDER: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.toLowerCase(),
        v.picklist(['sandbox', 'stripe'], 'must be sandbox or stripe'),
      ),
      'sandbox',
    ),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: v.optional(httpUrl),
    ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.email('must be an e-mail address'))),
    ADMIN_PASSWORD: v.optional(
      v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters long')),
    ),
    SEED_DEMO: v.optional(flag),
    UNDERWRITING_AUTHORITY_CENTS: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,13}$/, 'must be a whole number of cents, such as 2500000 for $25,000'),
        v.transform(Number),
      ),
      '2500000',
    ),
    LOG_LEVEL: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.toLowerCase(),
        v.picklist(logLevels, `must be one of ${logLevels.join(', ')}`),
      ),
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
            v.regex(
              /^(https?:)?(\/\/)?[a-z0-9.-]+(:\d+)?$/i,
              'must be a comma-separated list of host names',
            ),
          ),
        ),
      ),
      '',
    ),
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
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
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
