/**
 * The SQL of the catalogue's administration: categories and specialities with what each has,
 * the rows a change locks and writes, names compared without regard to case, and what a new
 * speciality copies (tables in force, questions asked). Each function is one statement answering
 * plain rows; what a change does is catalog.ts's.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AdminSpeciality } from '@shared/contract/admin-catalog';
import type { Queryable, Transaction } from '@server/db/connection';
import { questions, rateTables, specialities, specialityCategories, submissions } from '@server/db/schema';

// Named in full: in a one-table select Drizzle writes a column unqualified, which inside these
// subqueries would name the subquery's own id.
const specialityRef = sql.raw('"specialities"."id"');
const categoryRef = sql.raw('"speciality_categories"."id"');

/** Categories in display order, each with how many specialities it holds; `id` narrows to one. */
export async function categoryRows(db: Queryable, id?: number) {
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
export async function specialityRows(db: Queryable, id?: number): Promise<AdminSpeciality[]> {
  const rows = await db
    .select({
      id: specialities.id,
      categoryId: specialities.categoryId,
      name: specialities.name,
      description: specialities.description,
      code: specialities.randomCode,
      active: specialities.active,
      sortOrder: specialities.sortOrder,
      states: sql<
        string[] | string
      >`(select coalesce(json_agg(t.state_code order by t.state_code), '[]'::json) from ${rateTables} t where t.speciality_id = ${specialityRef} and t.active)`,
      questions: sql<number>`(select count(*)::int from ${questions} q where q.speciality_id = ${specialityRef} and q.active)`,
      orders: sql<number>`(select count(*)::int from ${submissions} o where o.speciality_id = ${specialityRef})`,
    })
    .from(specialities)
    .where(id === undefined ? undefined : eq(specialities.id, id))
    .orderBy(asc(specialities.sortOrder), asc(specialities.name));
  // json_agg arrives parsed from one driver and as text from another.
  return rows.map((row) => ({
    ...row,
    questions: Number(row.questions),
    orders: Number(row.orders),
    states: typeof row.states === 'string' ? (JSON.parse(row.states) as string[]) : row.states,
  }));
}

/** The category of this name (in any case), other than `except` when given. */
export async function categoryNamed(db: Queryable, name: string, except?: number) {
  const [same] = await db
    .select()
    .from(specialityCategories)
    .where(
      and(
        sql`lower(${specialityCategories.name}) = lower(${name})`,
        except === undefined ? undefined : sql`${specialityCategories.id} <> ${except}`,
      ),
    );
  return same;
}

export async function insertCategory(
  tx: Transaction,
  values: typeof specialityCategories.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(specialityCategories).values(values).returning({ id: specialityCategories.id });
  return row!.id;
}

/** Inside `tx`: the category FOR UPDATE; undefined when there is none. */
export async function lockCategory(tx: Transaction, id: number) {
  const [before] = await tx.select().from(specialityCategories).where(eq(specialityCategories.id, id)).for('update');
  return before;
}

export async function updateCategoryRow(
  tx: Transaction,
  id: number,
  changes: Partial<typeof specialityCategories.$inferInsert>,
): Promise<void> {
  await tx.update(specialityCategories).set(changes).where(eq(specialityCategories.id, id));
}

export async function categoryExists(db: Queryable, id: number): Promise<boolean> {
  const [found] = await db
    .select({ id: specialityCategories.id })
    .from(specialityCategories)
    .where(eq(specialityCategories.id, id));
  return found !== undefined;
}

/** The speciality of that name (in any case) in that category, other than `except` when given. */
export async function specialityNamed(db: Queryable, categoryId: number, name: string, except?: number) {
  const [found] = await db
    .select({
      id: specialities.id,
      name: specialities.name,
      description: specialities.description,
      sortOrder: specialities.sortOrder,
    })
    .from(specialities)
    .where(
      and(
        eq(specialities.categoryId, categoryId),
        sql`lower(${specialities.name}) = lower(${name})`,
        except === undefined ? undefined : sql`${specialities.id} <> ${except}`,
      ),
    );
  return found;
}

export async function specialityExists(db: Queryable, id: number): Promise<boolean> {
  const [source] = await db.select({ id: specialities.id }).from(specialities).where(eq(specialities.id, id));
  return source !== undefined;
}

/** Inserts a speciality; undefined when another holds its code already (nothing written). */
export async function insertSpecialityUnlessCodeTaken(
  tx: Transaction,
  values: typeof specialities.$inferInsert,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(specialities)
    .values(values)
    .onConflictDoNothing({ target: specialities.randomCode })
    .returning({ id: specialities.id });
  return row?.id;
}

/** Inside `tx`: the speciality FOR UPDATE, with what an edit compares; undefined when there is none. */
export async function lockSpeciality(tx: Transaction, id: number) {
  const [before] = await tx
    .select({
      categoryId: specialities.categoryId,
      name: specialities.name,
      description: specialities.description,
      sortOrder: specialities.sortOrder,
      active: specialities.active,
    })
    .from(specialities)
    .where(eq(specialities.id, id))
    .for('update');
  return before;
}

export async function updateSpecialityRow(
  tx: Transaction,
  id: number,
  changes: Partial<typeof specialities.$inferInsert>,
): Promise<void> {
  await tx.update(specialities).set(changes).where(eq(specialities.id, id));
}

/** How many orders are of the speciality. */
export async function orderCountOfSpeciality(db: Queryable, id: number): Promise<number> {
  const [orders] = await db.select({ n: count() }).from(submissions).where(eq(submissions.specialityId, id));
  return orders?.n ?? 0;
}

/** The speciality's rate tables in force (whole rows). */
export function activeRateTablesOf(db: Queryable, specialityId: number) {
  return db
    .select()
    .from(rateTables)
    .where(and(eq(rateTables.specialityId, specialityId), eq(rateTables.active, true)));
}

export async function insertRateTableRow(tx: Transaction, values: typeof rateTables.$inferInsert): Promise<void> {
  await tx.insert(rateTables).values(values);
}

/** The speciality's questions asked now (whole rows). */
export function activeQuestionsOf(db: Queryable, specialityId: number) {
  return db
    .select()
    .from(questions)
    .where(and(eq(questions.specialityId, specialityId), eq(questions.active, true)));
}

export async function insertQuestionRow(tx: Transaction, values: typeof questions.$inferInsert): Promise<number> {
  const [row] = await tx.insert(questions).values(values).returning({ id: questions.id });
  return row!.id;
}
