/**
 * The public catalogue's SQL: categories, the specialities on sale (all, or one broker's with the
 * broker's own codes) joined to their indicative prices, one speciality, and a broker's details
 * in one query. Each function answers plain rows; what a missing one means is speciality-list.ts's
 * and broker-details.ts's.
 */
import { and, asc, eq, sql, type Column } from 'drizzle-orm';
import type { BrokerSpecialityRef } from '@shared/contract/brokers';
import type { Database, Queryable } from '@server/db/connection';
import { brokerSpecialities, brokers, specialities, specialityCategories } from '@server/db/schema';
import { indicativePrices } from '@server/rating/indicative-prices';

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

/** The broker's specialities on sale with the broker's codes and their indicative prices (everywhere, or in one state). */
export function brokerSpecialityRows(db: Database, brokerId: number, stateCode?: string) {
  const indicative = indicativePrices(db, stateCode);
  return db
    .select({
      ...specialityColumns,
      speiclaityRandomCode: brokerSpecialities.randomCode,
      indicativeFromCents: indicative.fromCents,
      indicativeToCents: indicative.toCents,
    })
    .from(brokerSpecialities)
    .innerJoin(specialities, eq(specialities.id, brokerSpecialities.specialityId))
    .leftJoin(indicative, eq(indicative.specialityId, specialities.id))
    .where(onSaleThroughBroker(brokerId))
    .orderBy(...specialityDisplayOrder);
}

/** Every speciality on sale with its indicative prices (everywhere, or in one state). */
export function specialityRowsOnSale(db: Database, stateCode?: string) {
  const indicative = indicativePrices(db, stateCode);
  return db
    .select({ ...specialityColumns, indicativeFromCents: indicative.fromCents, indicativeToCents: indicative.toCents })
    .from(specialities)
    .leftJoin(indicative, eq(indicative.specialityId, specialities.id))
    .where(eq(specialities.active, true))
    .orderBy(...specialityDisplayOrder);
}

/** Every speciality category, in display order. */
export function categoryRows(db: Database) {
  return db
    .select({
      id: specialityCategories.id,
      name: specialityCategories.name,
      description: specialityCategories.description,
    })
    .from(specialityCategories)
    .orderBy(asc(specialityCategories.sortOrder), asc(specialityCategories.name));
}

/** One speciality (on sale or not), as the catalogue shows it. */
export async function specialityRow(db: Database, specialityId: number) {
  const [speciality] = await db.select(specialityColumns).from(specialities).where(eq(specialities.id, specialityId));
  return speciality;
}

/** A speciality's id and whether it is on sale. */
export async function specialityActive(
  db: Queryable,
  specialityId: number,
): Promise<{ id: number; active: boolean } | undefined> {
  const [speciality] = await db
    .select({ id: specialities.id, active: specialities.active })
    .from(specialities)
    .where(eq(specialities.id, specialityId));
  return speciality;
}

/**
 * An active broker's name, abbreviation, logo and specialities on sale (with its codes). The
 * specialities are aggregated in a correlated subquery rather than joined, so one round trip
 * answers everything without repeating the logo on every speciality row.
 */
export async function activeBrokerDetails(db: Database, clientUrl: string) {
  const specialityRefs = db
    .select({
      refs: sql<BrokerSpecialityRef[]>`coalesce(json_agg(json_build_object(
        'id', ${specialities.id},
        'speiclaityRandomCode', ${brokerSpecialities.randomCode}
      ) order by ${sql.join(specialityDisplayOrder, sql`, `)}), '[]'::json)`,
    })
    .from(brokerSpecialities)
    .innerJoin(specialities, eq(specialities.id, brokerSpecialities.specialityId))
    .where(onSaleThroughBroker(brokers.id));
  const [broker] = await db
    .select({
      name: brokers.name,
      brokerAbbrivation: brokers.abbreviation,
      brokerProfile: brokers.profileImage,
      brokerProfileType: brokers.profileImageMime,
      brokerspecialities: sql<BrokerSpecialityRef[]>`(${specialityRefs})`,
    })
    .from(brokers)
    .where(and(eq(brokers.clientUrl, clientUrl), eq(brokers.active, true)));
  return broker;
}
