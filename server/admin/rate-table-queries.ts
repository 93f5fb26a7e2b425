/**
 * The SQL of rating tables' administration: every version of one speciality's table in one
 * state with who made it and how many quotes were priced with it, the table in force locked for
 * a change, a new version, and one version with its speciality's name for the CSV. Each function
 * is one statement answering plain rows; what a change does is rate-tables.ts's.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Queryable, Transaction } from '@server/db/connection';
import { rateTables, specialities, submissions, usStates, users } from '@server/db/schema';
import { tablePriceColumns } from '@server/rating/rating-queries';

export type RateTableRow = typeof rateTables.$inferSelect;

const ofTable = (specialityId: number, stateCode: string) =>
  and(eq(rateTables.specialityId, specialityId), eq(rateTables.stateCode, stateCode));

/** Every version of the table, newest first, with its maker's id and address. */
export function versionRows(db: Queryable, specialityId: number, stateCode: string) {
  return db
    .select({
      id: rateTables.id,
      version: rateTables.version,
      active: rateTables.active,
      createdAt: rateTables.createdAt,
      creatorId: users.id,
      creatorEmail: users.email,
      ...tablePriceColumns,
      erpPercentBps: rateTables.erpPercentBps,
    })
    .from(rateTables)
    .leftJoin(users, eq(users.id, rateTables.createdBy))
    .where(ofTable(specialityId, stateCode))
    .orderBy(desc(rateTables.version));
}

/** How many quotes each version of the table priced (versions with none are left out). */
export function quoteCountsByVersion(db: Queryable, specialityId: number, stateCode: string) {
  return db
    .select({ tableId: submissions.rateTableId, n: count() })
    .from(submissions)
    .innerJoin(rateTables, eq(rateTables.id, submissions.rateTableId))
    .where(ofTable(specialityId, stateCode))
    .groupBy(submissions.rateTableId);
}

/** Whether the state code is a state we know. */
export async function stateExists(db: Queryable, stateCode: string): Promise<boolean> {
  const [state] = await db.select({ code: usStates.code }).from(usStates).where(eq(usStates.code, stateCode));
  return state !== undefined;
}

/** Inside `tx`: the table in force FOR UPDATE; undefined when none prices there. */
export async function lockTableInForce(
  tx: Transaction,
  specialityId: number,
  stateCode: string,
): Promise<RateTableRow | undefined> {
  const [current] = await tx
    .select()
    .from(rateTables)
    .where(and(ofTable(specialityId, stateCode), eq(rateTables.active, true)))
    .for('update');
  return current;
}

/** The table's highest version number, if it has any. */
export async function latestVersion(
  db: Queryable,
  specialityId: number,
  stateCode: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ latest: rateTables.version })
    .from(rateTables)
    .where(ofTable(specialityId, stateCode))
    .orderBy(desc(rateTables.version))
    .limit(1);
  return row?.latest;
}

export async function retireRateTable(tx: Transaction, id: number): Promise<void> {
  await tx.update(rateTables).set({ active: false }).where(eq(rateTables.id, id));
}

export async function insertRateTableVersion(
  tx: Transaction,
  values: typeof rateTables.$inferInsert,
): Promise<{ id: number; version: number }> {
  const [made] = await tx
    .insert(rateTables)
    .values(values)
    .returning({ id: rateTables.id, version: rateTables.version });
  return made!;
}

/** One version of the table (the one in force when none is named), with its speciality's name. */
export async function tableVersion(
  db: Queryable,
  specialityId: number,
  stateCode: string,
  version: number | undefined,
) {
  const [row] = await db
    .select({ table: rateTables, speciality: specialities.name })
    .from(rateTables)
    .innerJoin(specialities, eq(specialities.id, rateTables.specialityId))
    .where(
      and(
        ofTable(specialityId, stateCode),
        version === undefined ? eq(rateTables.active, true) : eq(rateTables.version, version),
      ),
    );
  return row;
}
