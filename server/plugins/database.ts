/**
 * Decorates the app with `db` (Drizzle, typed on the schema) and `database` (its handle), after
 * bringing the schema up to date; closes the connection when the app closes.
 */
import type { Config } from '@server/config';
import { openDatabase, type Database, type DatabaseHandle } from '@server/db/connection';
import { namedPlugin } from '@server/plugins/named-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

export const databasePlugin = namedPlugin<{ config: Config }>('database', async (app, { config }) => {
  const handle = await openDatabase(config, app.log);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  app.decorate('db', handle.db);
  app.decorate('database', handle);
  app.addHook('onClose', async () => {
    await handle.close();
  });
  app.log.info({ database: handle.kind }, 'Database ready');
});
