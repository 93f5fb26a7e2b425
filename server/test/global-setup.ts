/**
 * The server tests' global set-up: the seeded PGlite template, and with TEST_DATABASE_URL a
 * seeded PostgreSQL template database for this run (see database-templates.ts). Workers start
 * after this and inherit the environment variables that name them.
 */
import { pgliteTemplate, postgresTemplate } from '@server/test/database-templates';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from '@server/test/test-database';

export default async function setup(): Promise<() => Promise<void>> {
  process.env[PGLITE_TEMPLATE_ENV] = await pgliteTemplate();
  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgres = serverUrl ? await postgresTemplate(serverUrl) : undefined;
  if (postgres) process.env[POSTGRES_TEMPLATE_ENV] = postgres.name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await postgres?.drop();
  };
}
