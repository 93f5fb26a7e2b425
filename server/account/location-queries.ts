/**
 * The SQL on the insured's own (master) locations: as the API answers them, the orders
 * covering one, the writes of locations.ts, first-records.ts and the address updates, and the
 * US states an address is checked against. Each function is one statement answering plain rows;
 * the primary rules are primary-records.ts's.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Location } from '@shared/contract/locations';
import { lockOrders, orderUseColumns, primaryFirst } from '@server/account/primary-record-queries';
import type { Queryable, Transaction } from '@server/db/connection';
import { locations, planLocations, policies, submissions, usStates } from '@server/db/schema';

export type LocationRow = typeof locations.$inferSelect;

/** A location as the API answers it. */
const locationColumns = {
  id: locations.id,
  title: locations.title,
  address1: locations.address1,
  address2: locations.address2,
  city: locations.city,
  state: locations.state,
  zipcode: locations.zipcode,
  isprimary: locations.isPrimary,
};

export async function locationById(db: Queryable, id: number): Promise<Location | undefined> {
  return (await db.select(locationColumns).from(locations).where(eq(locations.id, id)))[0];
}

/** The user's locations, the primary first, then oldest first. */
export function locationsOf(db: Queryable, userId: number): Promise<Location[]> {
  return db
    .select(locationColumns)
    .from(locations)
    .where(eq(locations.userId, userId))
    .orderBy(...primaryFirst(locations));
}

/** The user's primary location, if any. */
export async function primaryLocation(db: Queryable, userId: number): Promise<Location | undefined> {
  const [location] = await db
    .select(locationColumns)
    .from(locations)
    .where(and(eq(locations.userId, userId), eq(locations.isPrimary, true)));
  return location;
}

/** The user's locations among these ids (whole rows); missing and others' ids are left out. */
export function usersLocations(db: Queryable, userId: number, ids: readonly number[]): Promise<LocationRow[]> {
  return db
    .select()
    .from(locations)
    .where(and(eq(locations.userId, userId), inArray(locations.id, [...ids])));
}

/** The user's primary location when it is at the ZIP the order was priced for. */
export async function primaryLocationAtOrderZip(
  db: Queryable,
  userId: number,
  submissionId: number,
): Promise<LocationRow | undefined> {
  const [match] = await db
    .select({ location: locations })
    .from(locations)
    .innerJoin(submissions, eq(submissions.id, submissionId))
    .where(
      and(eq(locations.userId, userId), eq(locations.isPrimary, true), eq(locations.zipcode, submissions.zipcode)),
    );
  return match?.location;
}

/** The orders covering the location, oldest first, their rows locked FOR SHARE (lockOrders). */
export function locationUses(tx: Transaction, id: number) {
  return tx
    .select(orderUseColumns)
    .from(planLocations)
    .innerJoin(submissions, eq(submissions.id, planLocations.submissionId))
    .leftJoin(policies, eq(policies.submissionId, submissions.id))
    .where(eq(planLocations.locationId, id))
    .orderBy(asc(submissions.id))
    .for(...lockOrders);
}

export async function insertLocation(db: Queryable, values: typeof locations.$inferInsert): Promise<Location> {
  const [row] = await db.insert(locations).values(values).returning(locationColumns);
  return row!;
}

export async function updateLocation(
  tx: Transaction,
  id: number,
  changes: Partial<typeof locations.$inferInsert>,
): Promise<Location> {
  const [row] = await tx.update(locations).set(changes).where(eq(locations.id, id)).returning(locationColumns);
  return row!;
}

/** Changes the user's location with this id (nothing when it is not theirs). */
export async function updateUsersLocation(
  tx: Transaction,
  userId: number,
  id: number,
  changes: Partial<typeof locations.$inferInsert>,
): Promise<void> {
  await tx
    .update(locations)
    .set(changes)
    .where(and(eq(locations.id, id), eq(locations.userId, userId)));
}

/** The US state with this code, if we know it. */
export async function usState(db: Queryable, code: string): Promise<{ code: string; name: string } | undefined> {
  const [state] = await db
    .select({ code: usStates.code, name: usStates.name })
    .from(usStates)
    .where(eq(usStates.code, code));
  return state;
}
