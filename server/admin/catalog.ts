/**
 * The catalogue for administrators (issue 9): speciality categories and specialities. Created,
 * edited, and specialities retired or put back on sale — never deleted, so the orders and
 * policies a retired speciality has keep working (pricing an existing order does not ask whether
 * it is on sale: server/rating/quote-pricing.ts). Each change is one transaction with its audit
 * entry; a repeat changes and records nothing. Caches of the catalogue hear of each change from the
 * database itself (a trigger's change notice, server/db/change-notices.ts), in every process.
 */
import type * as v from 'valibot';
import type {
  AdminCatalog,
  AdminSpeciality,
  categoryRequestSchema,
  newSpecialityRequestSchema,
  specialityRequestSchema,
} from '@shared/contract/admin-catalog';
import { changedFields, recordAudit } from '@server/admin/audit';
import {
  activeQuestionsOf,
  activeRateTablesOf,
  categoryExists,
  categoryNamed,
  categoryRows,
  insertCategory,
  insertQuestionRow,
  insertRateTableRow,
  insertSpecialityUnlessCodeTaken,
  lockCategory,
  lockSpeciality,
  orderCountOfSpeciality,
  specialityExists,
  specialityNamed,
  specialityRows,
  updateCategoryRow,
  updateSpecialityRow,
} from '@server/admin/catalog-queries';
import { createOnce } from '@server/admin/create-once';
import { randomCode } from '@server/admin/random-code';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { badRequest, conflict, notFound } from '@server/http/http-error';

export type CatalogAdminDeps = { db: Database; clock: Clock };
type CategoryInput = v.InferOutput<typeof categoryRequestSchema>;
type SpecialityInput = v.InferOutput<typeof specialityRequestSchema>;
type NewSpecialityInput = v.InferOutput<typeof newSpecialityRequestSchema>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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

const nameTaken = (what: string, name: string) =>
  conflict(`${what} "${name}" already exists`, { name: 'is already taken' });

/** POST admin/categories. The name is the natural key: the same category sent again answers it (created false). */
export async function createCategory(deps: CatalogAdminDeps, actor: AuthUser, ip: string, input: CategoryInput) {
  const earlier = async () => {
    const same = await categoryNamed(deps.db, input.name);
    if (!same) return null;
    if (same.description === input.description && same.sortOrder === input.sortOrder)
      return { created: false, category: await categoryById(deps.db, same.id) };
    throw nameTaken('A category', same.name);
  };
  return createOnce(earlier, async () => {
    const id = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const id = await insertCategory(tx, { ...input, createdAt: now });
      await recordAudit(tx, actor, ip, now, {
        action: 'category.create',
        entity: 'category',
        entityId: id,
        data: { ...input },
      });
      return id;
    });
    return { created: true, category: await categoryById(deps.db, id) };
  });
}

/** PUT admin/categories/{id}. */
export async function updateCategory(
  deps: CatalogAdminDeps,
  actor: AuthUser,
  ip: string,
  id: number,
  input: CategoryInput,
) {
  try {
    await deps.db.transaction(async (tx) => {
      const before = await lockCategory(tx, id);
      if (!before) throw notFound('No such category');
      const clash = await categoryNamed(tx, input.name, id);
      if (clash) throw nameTaken('A category', clash.name);
      const changes = changedFields(before, input, CATEGORY_FIELDS);
      if (Object.keys(changes).length === 0) return;
      await updateCategoryRow(tx, id, input);
      await recordAudit(tx, actor, ip, deps.clock.now(), {
        action: 'category.update',
        entity: 'category',
        entityId: id,
        data: changes,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken('A category', input.name);
    throw error;
  }
  return categoryById(deps.db, id);
}

async function requireCategory(tx: Tx, id: number): Promise<void> {
  if (!(await categoryExists(tx, id)))
    throw badRequest(`No category has the id ${id}`, { categoryId: 'names no category' });
}

/** Copies what `from` is priced and asked with onto the new speciality `to`: each state's table in force (as version 1), and its questions. */
async function copyPricing(
  tx: Tx,
  from: number,
  to: number,
  actor: AuthUser,
  now: Date,
): Promise<{ states: string[]; questions: number }> {
  const tables = await activeRateTablesOf(tx, from);
  for (const {
    id: _id,
    version: _version,
    createdAt: _created,
    createdBy: _by,
    specialityId: _from,
    ...table
  } of tables) {
    await insertRateTableRow(tx, {
      ...table,
      specialityId: to,
      version: 1,
      createdBy: actor.id,
      createdAt: now,
      active: true,
    });
  }
  const asked = await activeQuestionsOf(tx, from);
  for (const { id: _id, createdAt: _created, specialityId: _from, ...question } of asked) {
    await insertQuestionRow(tx, { ...question, specialityId: to, createdAt: now });
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
    const same = await specialityNamed(deps.db, input.categoryId, input.name);
    if (!same) return null;
    if (same.description === input.description && same.sortOrder === input.sortOrder)
      return { created: false, speciality: await specialityById(deps.db, same.id) };
    throw nameTaken('A speciality', same.name);
  };
  return createOnce(earlier, async () => {
    const id = await deps.db.transaction(async (tx) => {
      await requireCategory(tx, input.categoryId);
      if (input.copyFrom !== null) {
        if (!(await specialityExists(tx, input.copyFrom)))
          throw badRequest(`No speciality has the id ${input.copyFrom}`, { copyFrom: 'names no speciality' });
      }
      const now = deps.clock.now();
      const { copyFrom, ...values } = input;
      let made: number | undefined;
      // Codes are unique; a collision (1 in 32^8 per pair) draws again.
      while (made === undefined) {
        made = await insertSpecialityUnlessCodeTaken(tx, {
          ...values,
          randomCode: randomCode(),
          createdAt: now,
          updatedAt: now,
        });
      }
      const copied = copyFrom === null ? null : await copyPricing(tx, copyFrom, made, actor, now);
      await recordAudit(tx, actor, ip, now, {
        action: 'speciality.create',
        entity: 'speciality',
        entityId: made,
        data: { ...input, ...(copied ? { copied } : {}) },
      });
      return made;
    });
    return { created: true, speciality: await specialityById(deps.db, id) };
  });
}

/** PUT admin/specialities/{id}: category, name, description, order. Its code never changes. */
export async function updateSpeciality(
  deps: CatalogAdminDeps,
  actor: AuthUser,
  ip: string,
  id: number,
  input: SpecialityInput,
): Promise<AdminSpeciality> {
  await deps.db.transaction(async (tx) => {
    const before = await lockSpeciality(tx, id);
    if (!before) throw notFound('No such speciality');
    await requireCategory(tx, input.categoryId);
    const clash = await specialityNamed(tx, input.categoryId, input.name, id);
    if (clash) throw nameTaken('A speciality', clash.name);
    const changes = changedFields(before, input, SPECIALITY_FIELDS);
    if (Object.keys(changes).length === 0) return;
    const now = deps.clock.now();
    await updateSpecialityRow(tx, id, { ...input, updatedAt: now });
    await recordAudit(tx, actor, ip, now, {
      action: 'speciality.update',
      entity: 'speciality',
      entityId: id,
      data: changes,
    });
  });
  return specialityById(deps.db, id);
}

/** PUT admin/specialities/{id}/active: retired (no longer sold; its orders keep working) or back on sale. */
export async function setSpecialityActive(
  deps: CatalogAdminDeps,
  actor: AuthUser,
  ip: string,
  id: number,
  active: boolean,
): Promise<AdminSpeciality> {
  await deps.db.transaction(async (tx) => {
    const before = await lockSpeciality(tx, id);
    if (!before) throw notFound('No such speciality');
    if (before.active === active) return;
    const now = deps.clock.now();
    await updateSpecialityRow(tx, id, { active, updatedAt: now });
    const orders = await orderCountOfSpeciality(tx, id);
    await recordAudit(tx, actor, ip, now, {
      action: active ? 'speciality.restore' : 'speciality.retire',
      entity: 'speciality',
      entityId: id,
      data: { active, orders },
    });
  });
  return specialityById(deps.db, id);
}
