/** The test helpers clean up after themselves, even when things go wrong. */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '@server/test/test-app';
import { createTestDatabase } from '@server/test/test-database';

const serverUrl = process.env.TEST_DATABASE_URL;

async function onServer<T>(task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

const databaseExists = (name: string) =>
  onServer(
    async (client) => (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );

const databaseName = (url: string | undefined) => new URL(url ?? 'postgres://x/').pathname.slice(1);

describe('startTestApp', () => {
  it('drops the database even when closing the app fails', async () => {
    const testApp = await startTestApp({ env: { SEED_DEMO: '0' } });
    const app = testApp.app;
    const realClose = app.close.bind(app);
    app.close = (async () => {
      await realClose();
      throw new Error('close failed');
    }) as unknown as typeof app.close;
    await expect(testApp.close()).rejects.toThrow('close failed');
    expect(existsSync(testApp.database.dataDir)).toBe(false);
    if (testApp.database.kind === 'postgres') {
      expect(await databaseExists(databaseName(testApp.database.databaseUrl))).toBe(false);
    }
  });
});

describe.skipIf(!serverUrl)('createTestDatabase on PostgreSQL', () => {
  it('names databases by their creation time', async () => {
    const database = await createTestDatabase();
    try {
      const name = databaseName(database.databaseUrl);
      expect(name).toMatch(/^portal_test_\d{10}_[0-9a-f]{8}$/);
      const created = Number(name.split('_')[2]);
      expect(Math.abs(created - Date.now() / 1000)).toBeLessThan(600);
    } finally {
      await database.dispose();
    }
  });

  it('sweeps test databases older than two hours, and only those', async () => {
    const now = await onServer(async (client) =>
      Number((await client.query('select floor(extract(epoch from now()))::bigint as now')).rows[0].now),
    );
    const stale = `portal_test_${now - 2 * 3600 - 60}_deadbeef`;
    const young = `portal_test_${now - 2 * 3600 + 600}_cafebabe`;
    const other = `portal_test_${now - 5 * 3600}_not_ours`;
    await onServer(async (client) => {
      for (const name of [stale, young, other]) await client.query(`create database "${name}"`);
    });
    try {
      const database = await createTestDatabase();
      await database.dispose();
      expect(await databaseExists(stale)).toBe(false);
      expect(await databaseExists(young)).toBe(true);
      expect(await databaseExists(other)).toBe(true);
    } finally {
      await onServer(async (client) => {
        for (const name of [stale, young, other]) await client.query(`drop database if exists "${name}"`);
      });
    }
  });
});
