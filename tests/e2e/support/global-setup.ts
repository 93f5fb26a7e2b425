/**
 * The browser tests' global set-up: the migrated, demo-seeded PGlite that each test server's
 * fresh data directory starts from (scripts/server-process.ts, server/test/database-templates.ts).
 */
import { pgliteTemplate } from '@server/test/database-templates';
import { PGLITE_TEMPLATE_ENV } from '@server/test/test-database';

export default async function setup(): Promise<void> {
  process.env[PGLITE_TEMPLATE_ENV] = await pgliteTemplate();
}
