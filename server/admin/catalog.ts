/**
 * The catalogue for administrators (issue 9): speciality categories and specialities. Created,
 * edited, and specialities retired or put back on sale — never deleted, so the orders and
 * policies a retired speciality has keep working (pricing an existing order does not ask whether
 * it is on sale: server/rating/quote-pricing.ts). Each change is one transaction with its audit
 * entry; a repeat changes and records nothing. Caches of the catalogue hear of each change from the
 * database itself (a trigger's change notice, server/db/change-notices.ts), in every process.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { AdminCatalog, AdminSpeciality, categoryRequestSchema, newSpecialityRequestSchema, specialityRequestSchema } from '@/api/contract/admin-catalog';
import { changedFields, recordAudit } from '@server/admin/audit';
import { createOnce } from '@server/admin/create-once';
import { randomCode } from '@server/admin/random-code';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { questions, rateTables, specialities, specialityCategories, submissions } from '@server/db/schema';
import { badRequest, conflict, notFound } from '@server/http/http-error';

export type CatalogAdminDeps = { db: Database; clock: Clock };
type CategoryInput = v.InferOutput<typeof categoryRequestSchema>;
type SpecialityInput = v.InferOutput<typeof specialityRequestSchema>;
type NewSpecialityInput = v.InferOutput<typeof newSpecialityRequestSchema>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

// Named in full: in a one-table select Drizzle writes a column unqualified, which inside these
// subqueries would name the subquery's own id.
const specialityRef = sql.raw('"specialities"."id"');
const categoryRef = sql.raw('"speciality_categories"."id"');

/** Categories in display order, each with how many specialities it holds; `id` narrows to one. */
async function categoryRows(db: Queryable, id?: number) {
  const rows = await db
    .select({
      id: specialityCategories.id,
      name: specialityCategories.name,
      description: specialityCategories.description,
      sortOrder: specialityCategories.sortOrder,
      specialities: sql<number>`(select count(*)::int from ${specialities} s where s.category_id = ${categoryRef})`,
    })
    .from(specialityCategories)
    .where(id === undefined ? undefined : eq(specialityCategories.id, id))
    .orderBy(asc(specialityCategories.sortOrder), asc(specialityCategories.name));
  return rows.map((row) => ({ ...row, specialities: Number(row.specialities) }));
}

/** Specialities in display order, with where each is priced, its questions and orders; `id` narrows to one. */
async function specialityRows(db: Queryable, id?: number): Promise<AdminSpeciality[]> {
  const rows = await db
    .select({
      id: specialities.id,
      categoryId: specialities.categoryId,
      name: specialities.name,
      description: specialities.description,
      code: specialities.randomCode,
      active: specialities.active,
      sortOrder: specialities.sortOrder,
      states: sql<string[] | string>`(select coalesce(json_agg(t.state_code order by t.state_code), '[]'::json) from ${rateTables} t where t.speciality_id = ${specialityRef} and t.active)`,
      questions: sql<number>`(select count(*)::int from ${questions} q where q.speciality_id = ${specialityRef} and q.active)`,
      orders: sql<number>`(select count(*)::int from ${submissions} o where o.speciality_id = ${specialityRef})`,
    })
    .from(specialities)
    .where(id === undefined ? undefined : eq(specialities.id, id))
    .orderBy(asc(specialities.sortOrder), asc(specialities.name));
  // json_agg arrives parsed from one driver and as text from another.
  return rows.map((row) => ({ ...row, questions: Number(row.questions), orders: Number(row.orders), states: typeof row.states === 'string' ? (JSON.parse(row.states) as string[]) : row.states }));
}

/** GET admin/catalog: categories and specialities in display order, with what each has. */
export async function listCatalog(db: Queryable): Promise<AdminCatalog> {
  const [categories, rows] = await Promise.all([categoryRows(db), specialityRows(db)]);
  return { categories, specialities: rows };
}

async function specialityById(db: Queryable, id: number): Promise<AdminSpeciality> {
  const [found] = await specialityRows(db, id);
  if (!found) throw notFound('No such speciality');
  return found;
}

async function categoryById(db: Queryable, id: number) {
  const [found] = await categoryRows(db, id);
  if (!found) throw notFound('No such category');
  return found;
}

const CATEGORY_FIELDS = ['name', 'description', 'sortOrder'] as const;
const SPECIALITY_FIELDS = ['categoryId', 'name', 'description', 'sortOrder'] as const;

const nameTaken = (what: string, name: string) => conflict(`${what} "${name}" already exists`, { name: 'is already taken' });

/** POST admin/categories. The name is the natural key: the same category sent again answers it (created false). */
export async function createCategory(deps: CatalogAdminDeps, actor: AuthUser, ip: string, input: CategoryInput) {
  const earlier = async () => {
    const [same] = await deps.db.select().from(specialityCategories).where(sql`lower(${specialityCategories.name}) = lower(${input.name})`);
    if (!same) return null;
    if (same.description === input.description && same.sortOrder === input.sortOrder) return { created: false, category: await categoryById(deps.db, same.id) };
    throw nameTaken('A category', same.name);
  };
  return createOnce(earlier, async () => {
    const id = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [row] = await tx.insert(specialityCategories).values({ ...input, createdAt: now }).returning({ id: specialityCategories.id });
      await recordAudit(tx, actor, ip, now, { action: 'category.create', entity: 'category', entityId: row!.id, data: { ...input } });
      return row!.id;
    });
    return { created: true, category: await categoryById(deps.db, id) };
  });
}

/** PUT admin/categories/{id}. */
export async function updateCategory(deps: CatalogAdminDeps, actor: AuthUser, ip: string, id: number, input: CategoryInput) {
  try {
    await deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(specialityCategories).where(eq(specialityCategories.id, id)).for('update');
      if (!before) throw notFound('No such category');
      const [clash] = await tx
        .select({ id: specialityCategories.id, name: specialityCategories.name })
        .from(specialityCategories)
        .where(and(sql`lower(${specialityCategories.name}) = lower(${input.name})`, sql`${specialityCategories.id} <> ${id}`));
      if (clash) throw nameTaken('A category', clash.name);
      const changes = changedFields(before, input, CATEGORY_FIELDS);
      if (Object.keys(changes).length === 0) return;
      await tx.update(specialityCategories).set(input).where(eq(specialityCategories.id, id));
      await recordAudit(tx, actor, ip, deps.clock.now(), { action: 'category.update', entity: 'category', entityId: id, data: changes });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken('A category', input.name);
    throw error;
  }
  return categoryById(deps.db, id);
}

async function requireCategory(tx: Tx, id: number): Promise<void> {
  const [found] = await tx.select({ id: specialityCategories.id }).from(specialityCategories).where(eq(specialityCategories.id, id));
  if (!found) throw badRequest(`No category has the id ${id}`, { categoryId: 'names no category' });
}

/** Another speciality of that name in that category (compared without regard to case), if any. */
async function sameName(db: Queryable, categoryId: number, name: string, except?: number) {
  const [found] = await db
    .select({ id: specialities.id, name: specialities.name, description: specialities.description, sortOrder: specialities.sortOrder })
    .from(specialities)
    .where(and(eq(specialities.categoryId, categoryId), sql`lower(${specialities.name}) = lower(${name})`, except === undefined ? undefined : sql`${specialities.id} <> ${except}`));
  return found;
}

/** Copies what `from` is priced and asked with onto the new speciality `to`: each state's table in force (as version 1), and its questions. */
async function copyPricing(tx: Tx, from: number, to: number, actor: AuthUser, now: Date): Promise<{ states: string[]; questions: number }> {
  const tables = await tx.select().from(rateTables).where(and(eq(rateTables.specialityId, from), eq(rateTables.active, true)));
  for (const { id: _id, version: _version, createdAt: _created, createdBy: _by, specialityId: _from, ...table } of tables) {
    await tx.insert(rateTables).values({ ...table, specialityId: to, version: 1, createdBy: actor.id, createdAt: now, active: true });
  }
  const asked = await tx.select().from(questions).where(and(eq(questions.specialityId, from), eq(questions.active, true)));
  for (const { id: _id, createdAt: _created, specialityId: _from, ...question } of asked) {
    await tx.insert(questions).values({ ...question, specialityId: to, createdAt: now });
  }
  return { states: tables.map((table) => table.stateCode).sort(), questions: asked.length };
}

/**
 * POST admin/specialities. Its public code is made here. The same speciality sent again (same
 * category, name, description and order) answers it with created false; another of that name in
 * the category is a 409 naming name.
 */
export async function createSpeciality(deps: CatalogAdminDeps, actor: AuthUser, ip: string, input: NewSpecialityInput) {
  const earlier = async () => {
    const same = await sameName(deps.db, input.categoryId, input.name);
    if (!same) return null;
    if (same.description === input.description && same.sortOrder === input.sortOrder) return { created: false, speciality: await specialityById(deps.db, same.id) };
    throw nameTaken('A speciality', same.name);
  };
  return createOnce(earlier, async () => {
    const id = await deps.db.transaction(async (tx) => {
      await requireCategory(tx, input.categoryId);
      if (input.copyFrom !== null) {
        const [source] = await tx.select({ id: specialities.id }).from(specialities).where(eq(specialities.id, input.copyFrom));
        if (!source) throw badRequest(`No speciality has the id ${input.copyFrom}`, { copyFrom: 'names no speciality' });
      }
      const now = deps.clock.now();
      const { copyFrom, ...values } = input;
      let made: number | undefined;
      // Codes are unique; a collision (1 in 32^8 per pair) draws again.
      while (made === undefined) {
        const [row] = await tx
          .insert(specialities)
          .values({ ...values, randomCode: randomCode(), createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: specialities.randomCode })
          .returning({ id: specialities.id });
        made = row?.id;
      }
      const copied = copyFrom === null ? null : await copyPricing(tx, copyFrom, made, actor, now);
      await recordAudit(tx, actor, ip, now, { action: 'speciality.create', entity: 'speciality', entityId: made, data: { ...input, ...(copied ? { copied } : {}) } });
      return made;
    });
    return { created: true, speciality: await specialityById(deps.db, id) };
  });
}

/** PUT admin/specialities/{id}: category, name, description, order. Its code never changes. */
export async function updateSpeciality(deps: CatalogAdminDeps, actor: AuthUser, ip: string, id: number, input: SpecialityInput): Promise<AdminSpeciality> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ categoryId: specialities.categoryId, name: specialities.name, description: specialities.description, sortOrder: specialities.sortOrder })
      .from(specialities)
      .where(eq(specialities.id, id))
      .for('update');
    if (!before) throw notFound('No such speciality');
    await requireCategory(tx, input.categoryId);
    const clash = await sameName(tx, input.categoryId, input.name, id);
    if (clash) throw nameTaken('A speciality', clash.name);
    const changes = changedFields(before, input, SPECIALITY_FIELDS);
    if (Object.keys(changes).length === 0) return;
    const now = deps.clock.now();
    await tx.update(specialities).set({ ...input, updatedAt: now }).where(eq(specialities.id, id));
    await recordAudit(tx, actor, ip, now, { action: 'speciality.update', entity: 'speciality', entityId: id, data: changes });
  });
  return specialityById(deps.db, id);
}

/** PUT admin/specialities/{id}/active: retired (no longer sold; its orders keep working) or back on sale. */
export async function setSpecialityActive(deps: CatalogAdminDeps, actor: AuthUser, ip: string, id: number, active: boolean): Promise<AdminSpeciality> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ active: specialities.active }).from(specialities).where(eq(specialities.id, id)).for('update');
    if (!before) throw notFound('No such speciality');
    if (before.active === active) return;
    const now = deps.clock.now();
    await tx.update(specialities).set({ active, updatedAt: now }).where(eq(specialities.id, id));
    const [orders] = await tx.select({ n: count() }).from(submissions).where(eq(submissions.specialityId, id));
    await recordAudit(tx, actor, ip, now, { action: active ? 'speciality.restore' : 'speciality.retire', entity: 'speciality', entityId: id, data: { active, orders: orders?.n ?? 0 } });
  });
  return specialityById(deps.db, id);
}

