/**
 * The demo seed on a real database, started twice: the second start adds nothing and keeps
 * what was written in between.
 */
import { count, eq, sql } from 'drizzle-orm';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '@server/auth/password';
import type { Database } from '@server/db/connection';
import * as schema from '@server/db/schema';
import { demoBrokers, demoSpecialities, demoUsers } from '@server/db/seed/demo-data';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();

const seededTables = {
  specialityCategories: schema.specialityCategories,
  specialities: schema.specialities,
  brokers: schema.brokers,
  brokerSpecialities: schema.brokerSpecialities,
  usStates: schema.usStates,
  questions: schema.questions,
  rateTables: schema.rateTables,
  paymentTerms: schema.paymentTerms,
  users: schema.users,
};

async function counts(db: Database) {
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(seededTables)) {
    const [row] = await db.select({ n: count() }).from(table);
    result[name] = row?.n ?? 0;
  }
  return result;
}

describe('demo seed', () => {
  it('loads the catalogue, brokers, states, questions, rates, terms and users', async () => {
    const n = await counts(t.app.db);
    expect(n.specialityCategories).toBeGreaterThanOrEqual(3);
    expect(n.specialities).toBe(12);
    expect(n.brokers).toBe(3);
    expect(n.brokerSpecialities).toBe(demoBrokers.reduce((sum, b) => sum + b.specialities.length, 0));
    expect(n.usStates).toBe(51);
    expect(n.paymentTerms).toBe(4);
    expect(n.users).toBe(demoUsers.length);
    expect(n.rateTables).toBeGreaterThanOrEqual(12 * 3);

    const general = await t.app.db
      .select({ code: schema.questions.code })
      .from(schema.questions)
      .where(sql`${schema.questions.specialityId} is null`);
    expect(general.map((q) => q.code)).toEqual(
      expect.arrayContaining(['years_in_practice', 'annual_revenue', 'staff_count', 'prior_claims']),
    );
    for (const speciality of demoSpecialities) {
      const [row] = await t.app.db
        .select({ n: count() })
        .from(schema.questions)
        .innerJoin(schema.specialities, eq(schema.specialities.id, schema.questions.specialityId))
        .where(eq(schema.specialities.randomCode, speciality.code));
      expect(row?.n, speciality.name).toBeGreaterThanOrEqual(3);
    }
  });

  it('stores the demo users with the documented passwords', async () => {
    for (const user of demoUsers) {
      const [row] = await t.app.db
        .select()
        .from(schema.users)
        .where(eq(sql`lower(${schema.users.email})`, user.email));
      expect(row?.role).toBe(user.role);
      expect(await verifyPassword(user.password, row?.passwordHash ?? '')).toBe(true);
    }
  });

  it('gives each broker its own 96×96 PNG logo', async () => {
    const rows = await t.app.db.select().from(schema.brokers);
    const logos = new Set<string>();
    for (const broker of rows) {
      expect(broker.profileImageMime).toBe('image/png');
      const png = Buffer.from(broker.profileImage ?? '', 'base64');
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.readUInt32BE(16)).toBe(96);
      expect(png.readUInt32BE(20)).toBe(96);
      const idatLength = png.readUInt32BE(33);
      expect(inflateSync(png.subarray(41, 41 + idatLength))).toHaveLength((96 * 4 + 1) * 96);
      logos.add(broker.profileImage ?? '');
    }
    expect(logos.size).toBe(rows.length);
  });

  it('keeps counts and later edits when the server starts again on the same database', async () => {
    const before = await counts(t.app.db);
    const [category] = await t.app.db
      .insert(schema.specialityCategories)
      .values({ name: 'Written between starts', description: 'kept' })
      .returning();
    await t.app.db
      .update(schema.specialities)
      .set({ description: 'Edited by an administrator' })
      .where(eq(schema.specialities.randomCode, 'UY5EL3R2'));

    await t.testApp.restart();
    await t.testApp.restart();

    const after = await counts(t.app.db);
    expect(after).toEqual({ ...before, specialityCategories: (before.specialityCategories ?? 0) + 1 });
    const [kept] = await t.app.db
      .select()
      .from(schema.specialityCategories)
      .where(eq(schema.specialityCategories.id, category?.id ?? 0));
    expect(kept?.name).toBe('Written between starts');
    const [edited] = await t.app.db
      .select({ description: schema.specialities.description })
      .from(schema.specialities)
      .where(eq(schema.specialities.randomCode, 'UY5EL3R2'));
    expect(edited?.description).toBe('Edited by an administrator');

    const response = await t.app.inject({ method: 'GET', url: '/api/weborder/auth/specialitycategory' });
    expect(response.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Written between starts' })]),
    );
  });
});
