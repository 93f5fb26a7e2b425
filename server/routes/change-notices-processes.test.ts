/**
 * Issue 17: "A catalogue change made through one server process is answered by a second process
 * on the same PostgreSQL at once" — and a revoked session or a changed role is refused there too.
 * Process A is this test's app; process B is a real server process (server/main.ts) on the same
 * database, which has cached what it answered before the change. Nothing sleeps for a fixed
 * time: B is asked again until its answer changes, within a bound. PGlite has one process by
 * construction (its data directory is locked to it): PostgreSQL only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The helpers that start the real server for the browser tests and the bench; no alias reaches scripts/.
// eslint-disable-next-line no-restricted-imports
import { freePort, ROOT, terminate, waitUntilReady } from '../../scripts/server-process';
import { LISTENER_APPLICATION_NAME } from '@server/db/change-notices';
import { specialities, users } from '@server/db/schema';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { caller, signIn } from '@server/test/auth-helpers';
import { specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

/** Far beyond NOTIFY's delivery (milliseconds); only a broken bus would come near it. */
const BOUND_MS = 5_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a second server process on the same PostgreSQL', () => {
  const t = setupTestApp();
  const app = () => t.app;
  let second: { url: string; child: ChildProcess; dataDir: string; log: () => string } | undefined;
  let admin: Insured;
  let dentists: number;

  beforeAll(async () => {
    const { config, database } = t.testApp;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-second-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.databaseUrl,
        // The same deployment: tokens A issues are B's to check.
        AUTH_SECRET: config.authSecret,
        PUBLIC_URL: config.publicUrl,
        STATIC_DIR: path.join(dataDir, 'no-client-build'),
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout?.on('data', (chunk) => (log += chunk));
    child.stderr?.on('data', (chunk) => (log += chunk));
    second = { url: `http://127.0.0.1:${port}/api/weborder`, child, dataDir, log: () => log };
    await waitUntilReady(`${second.url}/health`, child, () => log);

    admin = await newInsured(app);
    await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    dentists = await specialityId(t.app);
  }, 90_000);

  afterAll(async () => {
    if (!second) return;
    const code = await terminate(second.child);
    await rm(second.dataDir, { recursive: true, force: true });
    expect(code, second.log()).toBe(0);
  });

  const onB = (url: string, token?: string) =>
    fetch(`${second!.url}/${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const namesOnB = async () =>
    ((await (await onB('auth/specialitylist')).json()) as Array<{ name: string }>).map((entry) => entry.name);

  /** Asks B again until `done` holds; answers how long that took. Fails past the bound. */
  async function untilB(done: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    while (!(await done())) {
      if (performance.now() - started > BOUND_MS)
        throw new Error(`process B still answered as before after ${BOUND_MS} ms:\n${second!.log()}`);
    }
    return performance.now() - started;
  }

  it('answers a speciality renamed and then retired through A', async () => {
    const [row] = await t.app.db.select().from(specialities).where(eq(specialities.id, dentists));
    const body = {
      categoryId: row!.categoryId,
      name: row!.name,
      description: row!.description,
      sortOrder: row!.sortOrder,
    };
    // B answers, and keeps, the catalogue as it is.
    const before = await onB('auth/specialitylist');
    expect(before.headers.get('etag')).toMatch(/^W\/"/);
    expect(await namesOnB()).toContain('Dentists');
    expect((await onB('auth/specialitylist', undefined)).headers.get('etag')).toBe(before.headers.get('etag'));
    try {
      expect(
        (await admin.call('PUT', `admin/specialities/${dentists}`, { ...body, name: 'Dental surgeons' })).statusCode,
      ).toBe(200);
      await untilB(async () => (await namesOnB()).includes('Dental surgeons'));
      expect(await namesOnB()).not.toContain('Dentists');
      expect((await onB('auth/specialitylist')).headers.get('etag')).not.toBe(before.headers.get('etag'));

      expect((await admin.call('PUT', `admin/specialities/${dentists}/active`, { active: false })).statusCode).toBe(
        200,
      );
      await untilB(async () => !(await namesOnB()).includes('Dental surgeons'));
    } finally {
      await admin.call('PUT', `admin/specialities/${dentists}/active`, { active: true });
      await admin.call('PUT', `admin/specialities/${dentists}`, body);
    }
    await untilB(async () => (await namesOnB()).includes('Dentists'));
  });

  it('refuses a session signed out through A', async () => {
    const someone = await newInsured(app);
    const session = await signIn(caller(app), someone.email, someone.password);
    // B checks the session once and keeps the answer.
    expect((await onB('insured/isLogin', session.token)).status).toBe(200);
    expect((await onB('insured/isLogin', session.token)).status).toBe(200);
    expect((await caller(app).post('auth/signout', { refreshToken: session.refreshToken })).statusCode).toBe(200);
    await untilB(async () => (await onB('insured/isLogin', session.token)).status === 401);
  });

  it('applies a role changed through A', async () => {
    const someone = await newInsured(app);
    expect((await onB('admin/users', someone.token)).status).toBe(403);
    expect((await admin.call('PUT', `admin/users/${someone.userId}/role`, { role: 'admin' })).statusCode).toBe(200);
    await untilB(async () => (await onB('admin/users', someone.token)).status === 200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the listening connection on PostgreSQL', () => {
  const t = setupTestApp();

  it('when it drops, the caches are emptied and bypassed until it is back, then emptied again', async () => {
    const events: string[] = [];
    const unsubscribe = t.app.changeNotices.subscribe((event) => {
      if (event === 'reset') events.push(t.app.changeNotices.live ? 'up' : 'down');
    });
    try {
      await t.app.inject({ url: '/api/weborder/auth/specialitycategory' });
      expect(t.app.publicCatalogue.size).toBeGreaterThan(0);
      const ended = await t.app.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
      expect(Array.isArray(ended) ? ended.length : (ended as unknown as { rowCount: number }).rowCount).toBe(1);
      const started = performance.now();
      while (!events.includes('up')) {
        if (performance.now() - started > BOUND_MS) throw new Error(`not reconnected: ${events.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(events).toEqual(['down', 'up']);
      expect(t.app.changeNotices.live).toBe(true);
      expect(t.app.publicCatalogue.size).toBe(0);
    } finally {
      unsubscribe();
    }
  });
});
