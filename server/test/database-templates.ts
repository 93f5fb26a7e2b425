/**
 * Migrated and demo-seeded databases made once, copied for each test file or test server.
 *
 * Why: a fresh PGlite costs ~6 s (initdb in a child process, every migration, the demo seed)
 * and an existing one ~0.4 s; with ~120 test files and a dozen browser-test servers, making each
 * from scratch was most of CI's time. A copy is what the server would have made itself: the
 * server still runs its migrations and seed on start, which find nothing to do.
 *
 * - PGlite: the cluster directory is kept under .tmp/test-templates/<hash>, where the hash covers
 *   everything that shapes it (the migrations, the seed's code, PGlite's version), so it is made
 *   once per change and reused across runs; a run that changes a migration makes a new one.
 * - PostgreSQL: a template database made once per run and dropped at its end; each test file's
 *   database is `CREATE DATABASE … TEMPLATE` it, a file copy on the server.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@server/test/test-database';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** What makes two templates the same: the migrations, the seed's code and PGlite itself. */
async function templateHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = [
    ...(await filesUnder(path.join(ROOT, 'server/db/migrations'))),
    ...(await filesUnder(path.join(ROOT, 'server/db/seed'))).filter((file) => !file.endsWith('.test.ts')),
    path.join(ROOT, 'server/db/schema.ts'),
    path.join(ROOT, 'server/db/pglite-client.ts'),
    // PGlite's own entry point: another version is another file.
    createRequire(import.meta.url).resolve('@electric-sql/pglite'),
  ];
  for (const file of files) {
    hash.update(path.relative(ROOT, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The server, migrated and seeded into `env`'s database, then closed. */
async function migrateAndSeed(env: Record<string, string>): Promise<void> {
  // Imported here, not at the top: the PostgreSQL path of a run without TEST_DATABASE_URL, and
  // the browser tests' set-up, need none of the server's modules otherwise.
  const { buildApp } = await import('@server/app');
  const { loadConfig } = await import('@server/config');
  const dataDir = env.DATA_DIR ?? '';
  const config = await loadConfig({
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    PORT: '0',
    STATIC_DIR: path.join(dataDir, 'no-client-build'),
    ...env,
  });
  // The job engine's timers off, as in the tests; started once all the same, so the template
  // already holds the engine's own tables (installed on its first start).
  const app = await buildApp(config, { logLevel: 'silent', mailPollIntervalMs: 0, jobs: { pollIntervalSeconds: 0 } });
  await app.ready();
  await app.jobs.start();
  await app.close();
}

/** The seeded PGlite cluster's directory, made now unless an identical one was made before. */
export async function pgliteTemplate(): Promise<string> {
  const cache = path.join(ROOT, '.tmp/test-templates');
  const template = path.join(cache, await templateHash());
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  await mkdir(cache, { recursive: true });
  // Built beside its final place (one filesystem, so the rename below is atomic) under a dotted
  // name that the sweep of old templates leaves alone.
  const dataDir = await mkdtemp(path.join(cache, '.building-'));
  try {
    await migrateAndSeed({ DATA_DIR: dataDir });
    const { pgliteDir } = await import('@server/db/pglite-client');
    // Renamed into place whole, so a run stopped half way leaves no half-made template; when two
    // runs race, the first one's stays (the same bytes, by the hash).
    await rename(pgliteDir(dataDir), template).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  // Older templates are what earlier migrations made: of no further use.
  for (const entry of await readdir(cache)) {
    if (entry !== path.basename(template) && !entry.startsWith('.')) {
      await rm(path.join(cache, entry), { recursive: true, force: true });
    }
  }
  return template;
}

/** A migrated, seeded database on the PostgreSQL server `serverUrl` for this run; returns its name and how to drop it. */
export async function postgresTemplate(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const database = await createTestDatabase();
  try {
    await migrateAndSeed({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? serverUrl });
  } catch (error) {
    await database.dispose();
    throw error;
  }
  const name = new URL(database.databaseUrl ?? '').pathname.slice(1);
  return { name, drop: () => database.dispose() };
}
