import { parseConfig } from '../server/config';
import { measureColdStart, type ColdStart } from '../scripts/cold-start';
import { ROOT } from '../scripts/server-process';
import { report, say, settings } from './figures';

/**
 * The default start as a deployer runs it (`npm start`'s compiled server, the embedded PGlite,
 * every setting at its default but the port, host and data directory), measured from outside by
 * scripts/cold-start.ts: cold start to the first 200 of the health route, with a fresh data
 * directory (initdb, migrations and the demo data run) and with the one it left, and the server
 * process's idle RSS (VmRSS) and peak (VmHWM) `idleSeconds` after it was healthy.
 */
export const MEMORY_GOALS = { idleRssMb: 300 } as const;

/** The variables server/config.ts reads, unset so the defaults apply. */
const CONFIG_VARIABLES = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DATA_DIR',
  'PUBLIC_URL',
  'AUTH_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_JWKS_URL',
  'PAYMENT_PROVIDER',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SEED_DEMO',
  'UNDERWRITING_AUTHORITY_CENTS',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'STATIC_DIR',
  'API_BASE',
  'PRODUCTION',
  'DNS_PREFETCH_HOSTS',
  'INSURER_NAME',
  'INSURER_NAIC',
  'INSURER_AM_BEST',
  'PRODUCER_LICENSES',
  'SUPPORT_PHONE',
  'NODE_ENV',
];

function reportStart(label: string, figures: ColdStart): void {
  report({
    section: 'memory',
    name: `cold start to healthy, ${label} data dir`,
    value: `${(figures.healthyMs / 1000).toFixed(2)} s`,
    goal: '',
  });
  if (figures.idleRssMb === undefined)
    throw new Error('No /proc/<pid>/status here: idle RSS is measured on Linux only');
  report({
    section: 'memory',
    name: `idle RSS ${settings.idleSeconds} s after healthy, ${label} data dir`,
    value: `${figures.idleRssMb.toFixed(0)} MB`,
    goal: `≤ ${MEMORY_GOALS.idleRssMb} MB`,
    met: figures.idleRssMb <= MEMORY_GOALS.idleRssMb,
    note: `peak ${figures.peakRssMb?.toFixed(0) ?? 'n/a'} MB`,
  });
}

export async function memorySection(): Promise<void> {
  say(
    'default start: the compiled server as npm start runs it (rebuilt when stale), PGlite, every setting at its default but PORT, HOST and DATA_DIR',
  );
  const { fresh, existing } = await measureColdStart({ idleMs: settings.idleSeconds * 1000, unset: CONFIG_VARIABLES });
  reportStart('fresh', fresh);
  reportStart('existing', existing);
}

/** The log level of the default start: server/config.ts with nothing set. */
export function logLevelSection(): void {
  const level = parseConfig({}, ROOT).logLevel;
  report({
    section: 'config',
    name: 'log level of the default start',
    value: level,
    goal: '',
    note: 'server/config.ts, LOG_LEVEL unset',
  });
}
