/** ADMIN_EMAIL creates the first administrator whatever SEED_DEMO says, and only once. */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '@server/auth/password';
import { specialities, users } from '@server/db/schema';
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
