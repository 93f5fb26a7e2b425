/**
 * Opens the database: PGlite in DATA_DIR/pgdata without DATABASE_URL (same SQL, nothing to
 * install), otherwise a `pg` pool on PostgreSQL. Callers see one Drizzle type for both.
 */
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { pgliteNoticeSource, postgresNoticeSource, type NoticeSource } from '@server/db/change-notices';
import { lockDataDir } from '@server/db/data-dir-lock';
import { openPgliteClient, pgliteDir } from '@server/db/pglite-client';
import * as schema from '@server/db/schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  kind: DatabaseKind;
  db: Database;
  /**
   * Runs `task` while no other server process runs its own start-up task: on PostgreSQL it
   * holds an advisory lock on one connection and hands `task` a Drizzle bound to it.
   */
  exclusive<T>(task: (db: Database) => Promise<T>): Promise<T>;
  /** Applies pending migrations (under the same lock). */
  migrate(): Promise<void>;
  /** Where this database's change notices are heard (server/db/change-notices.ts). */
  notices: NoticeSource;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary but fixed: every process of this application contends for the same key. */
const STARTUP_LOCK_KEY = 727_301_944;

/** A server that cannot reach PostgreSQL says so instead of waiting for ever. */
export const CONNECTION_TIMEOUT_MS = 5_000;

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  // Throws DataDirInUseError while another server has this DATA_DIR open.
  const unlock = await lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await openPgliteClient(pgliteDir(dataDir));
  } catch (error) {
    await unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  // One connection, one process (the lock sees to that): there is nobody to race.
  return {
    kind: 'pglite',
    db,
    exclusive: (task) => task(db),
    migrate: () => migratePglite(db, { migrationsFolder }),
    notices: pgliteNoticeSource(client),
    close: async () => {
      try {
        await client.close();
      } finally {
        await unlock();
      }
    },
  };
}

async function openPostgres(url: string, log: FastifyBaseLogger): Promise<DatabaseHandle> {
  // Each connection of the pool listens for its own writes' change notices as it opens.
  const notices = postgresNoticeSource(url, CONNECTION_TIMEOUT_MS);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    onConnect: notices.onConnect,
  });
  // An idle client losing its connection emits here; unhandled, it would crash the process.
  pool.on('error', (error) => log.error({ err: error }, 'PostgreSQL connection error'));
  const db = drizzlePg({ client: pool, schema });

  /**
   * The advisory lock belongs to the session: a connection whose unlock failed (a task left a
   * failed transaction behind, the link broke) may still hold it, so it is destroyed, which
   * releases the lock, rather than handed back to the pool to block every later start.
   */
  async function withLock<T>(task: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      } catch (error) {
        broken = error as Error;
        throw error;
      }
      try {
        return await task(client);
      } finally {
        try {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        } catch (error) {
          // Not thrown: destroying the connection releases the lock, and the task's own
          // outcome (its result or its error) is what the caller needs.
          broken = error as Error;
          log.warn({ err: error }, 'Could not release the start-up lock; closing that connection');
        }
      }
    } finally {
      client.release(broken);
    }
  }

  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot connect to DATABASE_URL: ${(error as Error).message}`, { cause: error });
  }

  return {
    kind: 'postgres',
    db,
    exclusive: (task) => withLock((client) => task(drizzlePg({ client, schema }))),
    migrate: () => withLock((client) => migratePg(drizzlePg({ client, schema }), { migrationsFolder })),
    notices,
    close: () => pool.end(),
  };
}

export function openDatabase(
  options: { databaseUrl: string | undefined; dataDir: string },
  log: FastifyBaseLogger,
): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, log) : openPglite(options.dataDir);
}

/** The handle Drizzle gives a transaction callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Where a query may run: the database, or a transaction in progress. */
export type Queryable = Database | Transaction;

/** Whether the database answers a query (the health route's readiness); throws when it does not. */
export async function databaseAnswers(db: Queryable): Promise<void> {
  await db.execute(sql`select 1`);
}
