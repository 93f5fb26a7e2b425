/**
 * Several server processes starting at once on one PostgreSQL must not race their migrations
 * or seeds (the advisory start-up lock). PGlite has one process by construction: PostgreSQL only.
 */
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { specialities, users } from '@server/db/schema';
import { demoUsers } from '@server/db/seed/demo-data';
import { createTestDatabase, type TestDatabase } from '@server/test/test-database';

describe.skipIf(!process.env.TEST_DATABASE_URL)('simultaneous start on PostgreSQL', () => {
  let database: TestDatabase | undefined;
  let apps: FastifyInstance[] = [];

  afterAll(async () => {
    try {
      await Promise.all(apps.map((app) => app.close()));
    } finally {
      await database?.dispose();
    }
  });

  it('migrates and seeds once while four servers start together', async () => {
    database = await createTestDatabase();
    const config = await loadConfig({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      SEED_DEMO: '1',
      STATIC_DIR: database.dataDir,
    });
    const started = await Promise.allSettled(Array.from({ length: 4 }, () => buildApp(config, { logLevel: 'silent' })));
    // Close whatever did start, even when another start failed.
    apps = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
    const [first] = apps;
    const [catalogue] = await first!.db.select({ n: count() }).from(specialities);
    const [people] = await first!.db.select({ n: count() }).from(users);
    expect(catalogue?.n).toBe(12);
    expect(people?.n).toBe(demoUsers.length);
    for (const app of apps) {
      expect((await app.inject({ url: '/api/weborder/health' })).statusCode).toBe(200);
    }
  });
});
