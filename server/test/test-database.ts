/**
 * A brand-new, empty database for one test file: PGlite in a temporary DATA_DIR by default, or,
 * when TEST_DATABASE_URL is set, a uniquely named database created on that PostgreSQL server
 * and dropped afterwards. Either way the server under test migrates and seeds it itself.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

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

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { kind: 'pglite', dataDir, databaseUrl: undefined, dispose: removeDataDir };
  }

  // Names are identifiers we build ourselves (never input), hence safe to interpolate.
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      // WITH (FORCE) (PostgreSQL ≥ 13) ends connections a failed test may have left behind.
      await onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
      await removeDataDir();
    },
  };
}
