/** ADMIN_EMAIL creates the first administrator whatever SEED_DEMO says, and only once. */
import { count, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '@server/auth/password';
import { specialities, users } from '@server/db/schema';
import { bootstrapAdmin } from '@server/db/seed/bootstrap-admin';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp({
  env: { SEED_DEMO: '0', ADMIN_EMAIL: 'Root@Example.com', ADMIN_PASSWORD: 'first-admin-password' },
});

describe('first administrator', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD, without demo data', async () => {
    const admins = await t.app.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    expect(admins[0]?.email).toBe('Root@Example.com');
    expect(await verifyPassword('first-admin-password', admins[0]?.passwordHash ?? '')).toBe(true);
    const [catalogue] = await t.app.db.select({ n: count() }).from(specialities);
    expect(catalogue?.n).toBe(0);
  });

  it('is not created again on the next start', async () => {
    await t.testApp.restart();
    const [row] = await t.app.db.select({ n: count() }).from(users);
    expect(row?.n).toBe(1);
  });
});

describe('a generated administrator password', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is written to standard error only, never into the log', async () => {
    // Start over without an administrator (this file's app made one).
    await t.app.db.delete(users);
    const logLines: string[] = [];
    const logger = Fastify({ logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } } });
    const stderr: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr.push(String(chunk));
      return true;
    });

    await bootstrapAdmin(t.app.db, { adminEmail: 'ops@example.com', adminPassword: undefined }, logger.log);
    await logger.close();

    const printed = /generated password: (\S+)/.exec(stderr.join(''))?.[1];
    expect(printed).toBeDefined();
    const [admin] = await t.app.db.select().from(users).where(eq(users.email, 'ops@example.com'));
    expect(await verifyPassword(printed!, admin?.passwordHash ?? '')).toBe(true);
    expect(logLines.join('')).toContain('ops@example.com');
    expect(logLines.join('')).not.toContain(printed);
  });
});
