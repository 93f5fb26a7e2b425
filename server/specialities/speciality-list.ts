/**
 * The public catalogue's queries: categories, the specialities on sale (all, or one broker's with
 * the broker's own codes), each with its indicative prices, and one speciality by id. The routes
 * (server/routes/specialities.ts) only call these.
 */
import { and, asc, eq, type Column } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/connection';
import { brokerSpecialities, brokers, specialities, specialityCategories, usStates } from '@server/db/schema';
import { badRequest, notFound } from '@server/http/http-error';
import { indicativePrices, withIndicative } from '@server/rating/indicative-prices';

const specialityColumns = {
  id: specialities.id,
  categoryId: specialities.categoryId,
  name: specialities.name,
  description: specialities.description,
  speiclaityRandomCode: specialities.randomCode,
};

/** Every speciality list's order; broker details lists a broker's specialities in it too. */
export const specialityDisplayOrder = [asc(specialities.sortOrder), asc(specialities.name), asc(specialities.id)];

/**
 * What a broker sells now: its active rows whose speciality is on sale too. Deactivating either
 * side takes the speciality off the broker's site without losing the broker's code.
 */
export const onSaleThroughBroker = (brokerId: Column | number) =>
  and(eq(brokerSpecialities.brokerId, brokerId), eq(brokerSpecialities.active, true), eq(specialities.active, true));

/**
 * One broker's specialities on sale, each carrying the broker's own code (what its branded
 * `?s=` links hold). Client URLs are stored lower-case; an unknown or inactive broker is a 404.
 */
export async function brokerSpecialityList(db: Database, clientUrl: string, stateCode?: string) {
  const code = clientUrl.toLowerCase();
  const [broker] = await db
    .select({ id: brokers.id })
    .from(brokers)
    .where(and(eq(brokers.clientUrl, code), eq(brokers.active, true)));
  if (!broker) throw notFound(`No broker with client URL "${code}"`);
  const indicative = indicativePrices(db, stateCode);
  const rows = await db
    .select({
      ...specialityColumns,
      speiclaityRandomCode: brokerSpecialities.randomCode,
      indicativeFromCents: indicative.fromCents,
      indicativeToCents: indicative.toCents,
    })
    .from(brokerSpecialities)
    .innerJoin(specialities, eq(specialities.id, brokerSpecialities.specialityId))
    .leftJoin(indicative, eq(indicative.specialityId, specialities.id))
    .where(onSaleThroughBroker(broker.id))
    .orderBy(...specialityDisplayOrder);
  return rows.map(withIndicative);
}

/** Every speciality on sale, each with its indicative prices (everywhere, or in one state). */
export async function plainSpecialityList(db: Database, stateCode?: string) {
  const indicative = indicativePrices(db, stateCode);
  const rows = await db
    .select({ ...specialityColumns, indicativeFromCents: indicative.fromCents, indicativeToCents: indicative.toCents })
    .from(specialities)
    .leftJoin(indicative, eq(indicative.specialityId, specialities.id))
    .where(eq(specialities.active, true))
    .orderBy(...specialityDisplayOrder);
  return rows.map(withIndicative);
}

/**
 * A state that prices nothing may just be one we do not sell in; one that does not exist is a
 * typo, refused by name. Asked only when nothing was priced, so a good answer stays one query.
 */
export async function checkStateExists(db: Database, stateCode: string) {
  const [state] = await db.select({ code: usStates.code }).from(usStates).where(eq(usStates.code, stateCode));
  if (!state) throw badRequest(`${stateCode} is not a US state code`, { state: 'is not a US state code' });
}

/** Every speciality category, in display order. */
export function listCategories(db: Database) {
  return db
    .select({
      id: specialityCategories.id,
      name: specialityCategories.name,
      description: specialityCategories.description,
    })
    .from(specialityCategories)
    .orderBy(asc(specialityCategories.sortOrder), asc(specialityCategories.name));
}

/** One speciality by id, inactive ones too (existing orders still need their name); a 404 when none. */
export async function specialityById(db: Database, specialityId: number) {
  const [speciality] = await db.select(specialityColumns).from(specialities).where(eq(specialities.id, specialityId));
  if (!speciality) throw notFound(`No speciality with id ${specialityId}`);
  return speciality;
}

/** A speciality's id and whether it is on sale, or undefined when there is none with that id. */
export async function specialitySaleState(db: Queryable, specialityId: number): Promise<{ id: number; active: boolean } | undefined> {
  const [speciality] = await db.select({ id: specialities.id, active: specialities.active }).from(specialities).where(eq(specialities.id, specialityId));
  return speciality;
}
