/**
 * Builds the real app (no mocks) on a fresh test database, for `app.inject`. One app per test
 * file: a fresh PGlite costs seconds, so tests in a file share it and keep their data apart.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions, type LogStream } from '@server/app';
import type { Clock } from '@server/clock';
import { loadConfig, type Config, type LogLevel } from '@server/config';
import { createTestDatabase, type TestDatabase } from '@server/test/test-database';

export type TestAppOptions = {
  /** Extra environment, on top of the test defaults (e.g. STATIC_DIR, ADMIN_EMAIL). */
  env?: Record<string, string>;
  /** Registered inside the app's encapsulated context (see BuildAppOptions.plugins). */
  plugins?: FastifyPluginAsync[];
  /** A TestClock to move time forward (token, lock and rate-limit expiry) without sleeping. */
  clock?: Clock;
  /** The mail sender's own timer; off by default in tests (kicks and flushOutbox() still deliver). */
  mailPollIntervalMs?: number;
  /** The job engine's settings and work; its timers are off by default (app.jobs.runNow runs work). */
  jobs?: BuildAppOptions['jobs'];
  /** Log at this level into this stream instead of staying silent (tests that read the log). */
  log?: { level: LogLevel; stream: LogStream };
};

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /** Closes the app and builds a new one on the same database (migrations and seed run again). */
  restart(): Promise<FastifyInstance>;
  /** Closes the app and drops the database. */
  close(): Promise<void>;
};

/**
 * The test environment is built from scratch, not from process.env, so a developer's
 * DATABASE_URL or SEED_DEMO can't leak in. The demo seed is on for both database kinds.
 */
function testEnv(database: TestDatabase, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    PORT: '0',
    // No client build unless a test provides one.
    STATIC_DIR: path.join(database.dataDir, 'no-client-build'),
    ...extra,
  };
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // The demo seed is on unless a test turns it off: those start from the seeded template.
  const database = await createTestDatabase({ seeded: (options.env?.SEED_DEMO ?? '1') === '1' });
  try {
    const config = await loadConfig(testEnv(database, options.env ?? {}));
    const build = () =>
      buildApp(config, {
        logLevel: options.log?.level ?? 'silent',
        logStream: options.log?.stream,
        validateResponses: true,
        plugins: options.plugins ?? [],
        clock: options.clock,
        mailPollIntervalMs: options.mailPollIntervalMs ?? 0,
        jobs: { pollIntervalSeconds: 0, ...options.jobs },
      });
    const testApp: TestApp = {
      app: await build(),
      config,
      database,
      async restart() {
        await testApp.app.close();
        testApp.app = await build();
        return testApp.app;
      },
      async close() {
        try {
          await testApp.app.close();
        } finally {
          await database.dispose();
        }
      },
    };
    return testApp;
  } catch (error) {
    await database.dispose();
    throw error;
  }
}

/**
 * For a test file: starts the app before its tests and closes it after. Read `.app` inside
 * tests (it changes after `restart()`).
 */
export function setupTestApp(options: TestAppOptions = {}) {
  let testApp: TestApp | undefined;
  let starting: Promise<TestApp> | undefined;
  beforeAll(async () => {
    starting = startTestApp(options);
    testApp = await starting;
  });
  // Waits for the start itself, not for `testApp`: when beforeAll timed out, the start may
  // still finish later, and what it opened (the database above all) must still be dropped.
  afterAll(() =>
    starting?.then(
      (started) => started.close(),
      () => undefined, // A failed start cleaned up after itself (and beforeAll reported it).
    ),
  );
  const current = () => {
    if (!testApp) throw new Error('The test app is not started: use it inside tests or hooks');
    return testApp;
  };
  return {
    get app() {
      return current().app;
    },
    get testApp() {
      return current();
    },
  };
}
