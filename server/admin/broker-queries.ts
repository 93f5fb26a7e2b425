/**
 * The SQL of brokers' administration: brokers with what they sell and how many orders came
 * through each, the rows a change locks and writes, and the client URL's holder. Each function
 * is one statement answering plain rows; what a change does is brokers.ts's.
 */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable, Transaction } from '@server/db/connection';
import { brokerSpecialities, brokers, specialities, submissions } from '@server/db/schema';

/** Brokers (only these ids, when given) by name, with their logo. */
export function brokerRows(db: Queryable, ids?: readonly number[]) {
  return db
    .select({
      id: brokers.id,
      name: brokers.name,
      abbreviation: brokers.abbreviation,
      clientUrl: brokers.clientUrl,
      active: brokers.active,
      image: brokers.profileImage,
      imageMime: brokers.profileImageMime,
    })
    .from(brokers)
    .where(ids ? inArray(brokers.id, [...ids]) : undefined)
    .orderBy(asc(brokers.name), asc(brokers.id));
}

/** What these brokers sell (on sale or switched off), each with its code, in the catalogue's order. */
export function specialitiesSoldBy(db: Queryable, brokerIds: readonly number[]) {
  return db
    .select({
      brokerId: brokerSpecialities.brokerId,
      id: specialities.id,
      name: specialities.name,
      code: brokerSpecialities.randomCode,
      active: brokerSpecialities.active,
    })
    .from(brokerSpecialities)
    .innerJoin(specialities, eq(specialities.id, brokerSpecialities.specialityId))
    .where(inArray(brokerSpecialities.brokerId, [...brokerIds]))
    .orderBy(asc(specialities.sortOrder), asc(specialities.name));
}

/** How many orders came through each of these brokers (those with none are left out). */
export function orderCountsOf(db: Queryable, brokerIds: readonly number[]) {
  return db
    .select({ brokerId: submissions.brokerId, n: count() })
    .from(submissions)
    .where(inArray(submissions.brokerId, [...brokerIds]))
    .groupBy(submissions.brokerId);
}

/** The broker holding this client URL, other than `except` when given. */
export async function clientUrlHolder(
  db: Queryable,
  clientUrl: string,
  except?: number,
): Promise<{ id: number; name: string } | undefined> {
  const [holder] = await db
    .select({ id: brokers.id, name: brokers.name })
    .from(brokers)
    .where(and(eq(brokers.clientUrl, clientUrl), except === undefined ? undefined : ne(brokers.id, except)));
  return holder;
}

/** Inside `tx`: the broker's row FOR UPDATE, with what an edit compares; undefined when there is none. */
export async function lockBroker(tx: Transaction, id: number) {
  const [broker] = await tx
    .select({
      active: brokers.active,
      name: brokers.name,
      abbreviation: brokers.abbreviation,
      clientUrl: brokers.clientUrl,
      image: brokers.profileImage,
      mime: brokers.profileImageMime,
    })
    .from(brokers)
    .where(eq(brokers.id, id))
    .for('update');
  return broker;
}

export async function insertBroker(tx: Transaction, values: typeof brokers.$inferInsert): Promise<number> {
  const [row] = await tx.insert(brokers).values(values).returning({ id: brokers.id });
  return row!.id;
}

export async function updateBrokerRow(
  tx: Transaction,
  id: number,
  changes: Partial<typeof brokers.$inferInsert>,
): Promise<void> {
  await tx.update(brokers).set(changes).where(eq(brokers.id, id));
}

/** Which of these ids are specialities. */
export async function existingSpecialityIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const found = await db
    .select({ id: specialities.id })
    .from(specialities)
    .where(inArray(specialities.id, [...ids]));
  return found.map((row) => row.id);
}

/** Every speciality the broker sells or sold, with whether it is on sale. */
export function brokerSpecialityRows(tx: Transaction, brokerId: number) {
  return tx
    .select({
      id: brokerSpecialities.id,
      specialityId: brokerSpecialities.specialityId,
      active: brokerSpecialities.active,
    })
    .from(brokerSpecialities)
    .where(eq(brokerSpecialities.brokerId, brokerId));
}

/** Switches these broker_specialities rows on or off (their codes kept). */
export async function setBrokerSpecialitiesActive(
  tx: Transaction,
  ids: readonly number[],
  active: boolean,
): Promise<void> {
  await tx
    .update(brokerSpecialities)
    .set({ active })
    .where(inArray(brokerSpecialities.id, [...ids]));
}

/** Sells the speciality through the broker under `code`; false when another row holds that code already. */
export async function insertBrokerSpeciality(
  tx: Transaction,
  brokerId: number,
  specialityId: number,
  code: string,
): Promise<boolean> {
  const inserted = await tx
    .insert(brokerSpecialities)
    .values({ brokerId, specialityId, randomCode: code })
    .onConflictDoNothing({ target: brokerSpecialities.randomCode })
    .returning({ id: brokerSpecialities.id });
  return inserted.length > 0;
}
