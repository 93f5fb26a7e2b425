/**
 * The SQL of question sets' administration: a speciality's questions as administrators see
 * them, one question, and a question's writes. (The speciality's lock and a new question's
 * insert are catalog-queries.ts's.) Each function is one statement answering plain rows.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AdminQuestion } from '@shared/contract/admin-questions';
import type { Queryable, Transaction } from '@server/db/connection';
import { questions, specialities } from '@server/db/schema';
import { storedQuestionColumns } from '@server/rating/rating-queries';

const columns = { ...storedQuestionColumns, sortOrder: questions.sortOrder, active: questions.active };

/** The speciality's questions, retired ones too, in the order they are asked. */
export const questionSetRows = (db: Queryable, specialityId: number): Promise<AdminQuestion[]> =>
  db
    .select(columns)
    .from(questions)
    .where(eq(questions.specialityId, specialityId))
    .orderBy(asc(questions.sortOrder), asc(questions.id)) as Promise<AdminQuestion[]>;

export const questionRow = async (db: Queryable, id: number) =>
  (await db.select(columns).from(questions).where(eq(questions.id, id)))[0] as AdminQuestion | undefined;

/** The speciality's id and name, if there is one. */
export async function specialityName(db: Queryable, id: number): Promise<{ id: number; name: string } | undefined> {
  const [speciality] = await db
    .select({ id: specialities.id, name: specialities.name })
    .from(specialities)
    .where(eq(specialities.id, id));
  return speciality;
}

/** Whose set the question is in: its speciality (null for the general application's), undefined when there is no such question. */
export async function questionSpecialityId(db: Queryable, id: number): Promise<number | null | undefined> {
  const [row] = await db.select({ specialityId: questions.specialityId }).from(questions).where(eq(questions.id, id));
  return row?.specialityId;
}

export async function updateQuestionRow(
  tx: Transaction,
  id: number,
  changes: Partial<typeof questions.$inferInsert>,
): Promise<void> {
  await tx.update(questions).set(changes).where(eq(questions.id, id));
}

/** Moves the speciality's question to `sortOrder` (nothing when it is another set's). */
export async function setQuestionSortOrder(
  tx: Transaction,
  specialityId: number,
  id: number,
  sortOrder: number,
): Promise<void> {
  await tx
    .update(questions)
    .set({ sortOrder })
    .where(and(eq(questions.id, id), eq(questions.specialityId, specialityId)));
}
