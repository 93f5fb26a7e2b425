/**
 * Data the server needs before it answers: the first administrator and, when SEED_DEMO is on,
 * the demo catalogue. Runs under the start-up lock so simultaneous starts don't both insert.
 */
import type { Config } from '@server/config';
import { bootstrapAdmin } from '@server/db/seed/bootstrap-admin';
import { seedDemo } from '@server/db/seed/seed-demo';
import { namedPlugin } from '@server/plugins/named-plugin';

export const startupData = namedPlugin<{ config: Config }>(
  'startup-data',
  async (app, { config }) => {
    await app.database.exclusive(async (db) => {
      await bootstrapAdmin(db, config, app.log);
      if (config.seedDemo) await seedDemo(db, app.log);
    });
  },
  ['database'],
);
