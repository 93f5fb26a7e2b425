/** The PostgreSQL side of openDatabase: it never waits for ever, and never pools a broken lock holder. */
import { createServer, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CONNECTION_TIMEOUT_MS, openDatabase, type DatabaseHandle } from '@server/db/connection';
import { createTestDatabase, type TestDatabase } from '@server/test/test-database';

const log = Fastify().log;

describe('connecting to PostgreSQL', () => {
  it('gives up after the connection timeout when the server does not answer', async () => {
    // Accepts connections and never says a word, like a firewall that drops packets.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    try {
      await expect(
        openDatabase({ databaseUrl: `postgres://nobody@127.0.0.1:${port}/none`, dataDir: '/nonexistent' }, log),
      ).rejects.toThrow(/Cannot connect to DATABASE_URL: .*timeout/i);
      expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECTION_TIMEOUT_MS - 100);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 20_000);
});

const STARTUP_LOCK_KEY = 727_301_944;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the start-up lock on PostgreSQL', () => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;

  afterAll(async () => {
    try {
      await handle?.close();
    } finally {
      await database?.dispose();
    }
  });

  it('destroys a connection whose unlock failed instead of pooling it with the lock held', async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir }, log);

    // The task leaves a failed transaction behind: the unlock on that connection fails too.
    const failing = handle.exclusive(async (db) => {
      await db.execute(sql`begin`);
      await db.execute(sql`select 1/0`);
    });
    await expect(failing).rejects.toSatisfy((error: Error) => /division by zero/.test(String(error.cause ?? error)));

    // Nobody holds the lock any more...
    const other = new pg.Client({ connectionString: database.databaseUrl });
    await other.connect();
    try {
      const { rows } = await other.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        STARTUP_LOCK_KEY,
      ]);
      expect(rows[0]?.locked).toBe(true);
      await other.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    } finally {
      await other.end();
    }
    // ...and the next start-up task runs on a healthy connection.
    await expect(handle.exclusive((db) => db.execute(sql`select 1`))).resolves.toBeDefined();
  });
});
