/**
 * The first administrator, from ADMIN_EMAIL (whatever SEED_DEMO says): created only while no
 * administrator exists. Without ADMIN_PASSWORD a password is generated and written once to
 * standard error (never to the log).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '@server/auth/password';
import type { Config } from '@server/config';
import type { Database } from '@server/db/connection';
import { users } from '@server/db/schema';

export async function bootstrapAdmin(
  db: Database,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  log: FastifyBaseLogger,
): Promise<void> {
  const email = config.adminEmail;
  if (!email) return;
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin) return;

  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (existing) {
    // Someone signed up with that address already: promote them, keep their password unless
    // the operator chose one.
    await db
      .update(users)
      .set({
        role: 'admin',
        ...(config.adminPassword ? { passwordHash: await hashPassword(config.adminPassword) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    log.warn({ email }, 'Existing user promoted to administrator (ADMIN_EMAIL)');
    return;
  }

  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await db.insert(users).values({ email, passwordHash: await hashPassword(password), role: 'admin' });
  if (config.adminPassword) {
    log.info({ email }, 'Administrator created (ADMIN_EMAIL, ADMIN_PASSWORD)');
    return;
  }
  log.warn({ email }, 'Administrator created with a generated password, printed on standard error');
  // Straight to the terminal, never into the log: logs are shipped, kept and shared.
  process.stderr.write(
    `Administrator ${email} created with the generated password: ${password}\n` +
      'It is shown only this once: sign in and change it.\n',
  );
}
