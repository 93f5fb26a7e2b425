/** Invariants the database itself keeps, whatever code writes to it (on PGlite and PostgreSQL). */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { brokers } from '@server/db/schema';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp({ env: { SEED_DEMO: '0' } });

/** Drizzle wraps the driver's error: the constraint's name is in the chain somewhere. */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
    return messages.join(' / ');
  }
  throw new Error('expected the statement to fail');
}

const broker = (clientUrl: string) => ({ name: 'Test broker', abbreviation: 'TB', clientUrl });

describe('brokers.client_url', () => {
  it('is stored lower-case only', async () => {
    expect(await failure(t.app.db.insert(brokers).values(broker('Mixed-Case')))).toContain(
      'brokers_client_url_lower_case',
    );
    const [row] = await t.app.db.insert(brokers).values(broker('lower-case-1')).returning();
    expect(
      await failure(t.app.db.update(brokers).set({ clientUrl: 'LOWER-CASE-1' }).where(eq(brokers.id, row!.id))),
    ).toContain('brokers_client_url_lower_case');
  });
});

describe('the lower-case migration', () => {
  it('lower-cases rows written before it, then adds the constraint', async () => {
    const all = fileURLToPath(new URL('./migrations', import.meta.url));
    const before = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'));
    try {
      // The migrations as they were before this one.
      await cp(all, before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const index = journal.entries.findIndex((entry) => entry.tag === '0001_brokers_client_url_lower_case');
      expect(index).toBeGreaterThan(0);
      journal.entries = journal.entries.slice(0, index);
      await writeFile(journalFile, JSON.stringify(journal));

      const client = new PGlite();
      try {
        const db = drizzle({ client });
        await migrate(db, { migrationsFolder: before });
        await db.insert(brokers).values(broker('Old-Mixed-Case'));
        await migrate(db, { migrationsFolder: all });
        expect((await db.select({ clientUrl: brokers.clientUrl }).from(brokers)).map((b) => b.clientUrl)).toEqual([
          'old-mixed-case',
        ]);
        expect(await failure(db.insert(brokers).values(broker('New-Mixed-Case')))).toContain(
          'brokers_client_url_lower_case',
        );
      } finally {
        await client.close();
      }
    } finally {
      await rm(before, { recursive: true, force: true });
    }
  });
});
