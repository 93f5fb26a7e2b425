/**
 * pg-boss over the embedded PGlite: pg-boss takes any `db` with `executeSql(text, values)`, so
 * the app's own PGlite client serves it (PGlite is one connection in one process; a second
 * client on the same data directory is impossible). Both of PGlite's calls wait while a Drizzle
 * transaction holds the connection, so the engine's statements never land inside a request's
 * transaction.
 *
 * pg-boss sends its locked maintenance and its schema install as one text of several statements
 * (BEGIN; …; COMMIT;) without values: that needs PGlite's `exec` (the simple protocol), and a
 * failure half way would leave the one connection inside a failed transaction for everybody, so
 * it is rolled back here (pg gives pg-boss a fresh pooled connection instead).
 */
import type { PGlite } from '@electric-sql/pglite';

export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
};

export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values !== undefined && values.length > 0) {
        return client.query<Record<string, unknown>>(text, values);
      }
      try {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>> };
      } catch (error) {
        // Outside a transaction PostgreSQL only warns about a ROLLBACK: harmless either way.
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}
