/**
 * A brand-new database for one test file: PGlite in a temporary DATA_DIR by default, or, when
 * TEST_DATABASE_URL is set, a uniquely named database created on that PostgreSQL server and
 * dropped afterwards. Empty, the server under test migrates and seeds it itself; `seeded`, it
 * starts as a copy of the run's migrated, demo-seeded template where the global set-up made one
 * (database-templates.ts), and the server's own migrations and seed find nothing left to do.
 * Creating one also sweeps the test databases of runs killed more than two hours ago.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pgliteDir } from '@server/db/pglite-client';

/** Environment variables through which test workers and test servers find the seeded templates. */
export const PGLITE_TEMPLATE_ENV = 'PORTAL_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'PORTAL_TEST_POSTGRES_TEMPLATE';

export type TestDatabase = {
  kind: 'pglite' | 'postgres';
  /** Always a fresh temporary directory (PGlite's files, the auth secret, the mail outbox). */
  dataDir: string;
  /** Set for PostgreSQL. */
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
};

async function onServer<T>(serverUrl: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/** Test databases are named `portal_test_<creation time in epoch seconds>_<random>`. */
const NAME_PATTERN = /^portal_test_(\d{10})_[0-9a-f]{8}$/;
/** Older than any run lasts: what a killed run left behind. Younger ones may be in use. */
const STALE_AFTER_SECONDS = 2 * 60 * 60;

/**
 * Drops test databases a killed run left behind. Runs on other machines share the server, so
 * ages come from the server's clock, and a database that is not stale is never touched.
 */
async function dropStaleDatabases(client: pg.Client, now: number): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    "select datname from pg_database where datname like 'portal\\_test\\_%'",
  );
  for (const { datname } of rows) {
    const created = NAME_PATTERN.exec(datname)?.[1];
    if (created === undefined || now - Number(created) < STALE_AFTER_SECONDS) continue;
    try {
      await client.query(`drop database if exists "${datname}" with (force)`);
    } catch {
      // Another run is sweeping it at the same moment: its problem now.
    }
  }
}

export async function createTestDatabase(options: { seeded?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = options.seeded ? process.env[PGLITE_TEMPLATE_ENV] : undefined;
    if (template) await cp(template, pgliteDir(dataDir), { recursive: true });
    return { kind: 'pglite', dataDir, databaseUrl: undefined, dispose: removeDataDir };
  }
  const template = options.seeded ? process.env[POSTGRES_TEMPLATE_ENV] : undefined;

  let name: string;
  try {
    name = await onServer(serverUrl, async (client) => {
      const { rows } = await client.query<{ now: string }>('select floor(extract(epoch from now()))::bigint as now');
      const now = Number(rows[0]?.now);
      await dropStaleDatabases(client, now);
      // Names are identifiers we build ourselves (never input), hence safe to interpolate.
      const created = `portal_test_${now}_${randomBytes(4).toString('hex')}`;
      // A copy of the template is a file copy on the server, far quicker than migrating and seeding.
      await client.query(`create database "${created}"${template ? ` template "${template}"` : ''}`);
      return created;
    });
  } catch (error) {
    await removeDataDir();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      try {
        // WITH (FORCE) (PostgreSQL ≥ 13) ends connections a failed test may have left behind.
        await onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
      } finally {
        await removeDataDir();
      }
    },
  };
}
