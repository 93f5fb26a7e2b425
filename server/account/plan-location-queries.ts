/**
 * The SQL on an order's plan locations (its copies of the insured's master locations) and the
 * order row a plan change claims and answers. Each function is one statement answering plain
 * rows; which location is primary and when the order is priced again is plan-locations.ts's.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { PlanLocation } from '@shared/contract/locations';
import type { Queryable, Transaction } from '@server/db/connection';
import { locations, planLocations, submissions } from '@server/db/schema';

export type PlanLocationRow = typeof planLocations.$inferSelect;
type NewPlanLocation = typeof planLocations.$inferInsert;
type Address = Pick<PlanLocationRow, 'address1' | 'address2' | 'city' | 'state' | 'zipcode'>;

const planColumns = {
  id: planLocations.id,
  locationId: planLocations.locationId,
  title: locations.title,
  address1: planLocations.address1,
  address2: planLocations.address2,
  city: planLocations.city,
  state: planLocations.state,
  zipcode: planLocations.zipcode,
  isprimary: planLocations.isPrimary,
};

/** The order's locations as the API answers them, the primary first, then as they were added. */
export function planRows(db: Queryable, submissionId: number): Promise<PlanLocation[]> {
  return db
    .select(planColumns)
    .from(planLocations)
    .leftJoin(locations, eq(locations.id, planLocations.locationId))
    .where(eq(planLocations.submissionId, submissionId))
    .orderBy(desc(planLocations.isPrimary), asc(planLocations.id));
}

/** How many locations the order has. */
export async function planLocationCount(db: Queryable, submissionId: number): Promise<number> {
  const [present] = await db
    .select({ n: count() })
    .from(planLocations)
    .where(eq(planLocations.submissionId, submissionId));
  return present?.n ?? 0;
}

/** The order's plan location with this id (whole row), if it is on this order. */
export async function planLocationOn(
  db: Queryable,
  submissionId: number,
  id: number,
): Promise<PlanLocationRow | undefined> {
  const [plan] = await db
    .select()
    .from(planLocations)
    .where(and(eq(planLocations.id, id), eq(planLocations.submissionId, submissionId)));
  return plan;
}

/** The order's primary plan location (whole row), if any. */
export async function primaryPlanLocation(db: Queryable, submissionId: number): Promise<PlanLocationRow | undefined> {
  const [primary] = await db
    .select()
    .from(planLocations)
    .where(and(eq(planLocations.submissionId, submissionId), eq(planLocations.isPrimary, true)));
  return primary;
}

/** The id of the order's oldest plan location, if any. */
export async function oldestPlanLocationId(tx: Transaction, submissionId: number): Promise<number | undefined> {
  const [oldest] = await tx
    .select({ id: planLocations.id })
    .from(planLocations)
    .where(eq(planLocations.submissionId, submissionId))
    .orderBy(asc(planLocations.createdAt), asc(planLocations.id))
    .limit(1);
  return oldest?.id;
}

export async function markPlanLocationPrimary(tx: Transaction, id: number): Promise<void> {
  await tx.update(planLocations).set({ isPrimary: true }).where(eq(planLocations.id, id));
}

/** Which master locations the order covers, and which of them is primary. */
export function planLocationLinks(tx: Transaction, submissionId: number) {
  return tx
    .select({ locationId: planLocations.locationId, isPrimary: planLocations.isPrimary })
    .from(planLocations)
    .where(eq(planLocations.submissionId, submissionId));
}

/** Adds copies to orders; a copy of a master location the order already has stays as it is (a retry). */
export async function addPlanLocations(tx: Transaction, rows: NewPlanLocation[]): Promise<void> {
  await tx
    .insert(planLocations)
    .values(rows)
    .onConflictDoNothing({ target: [planLocations.submissionId, planLocations.locationId] });
}

export async function insertPlanLocation(tx: Transaction, row: NewPlanLocation): Promise<void> {
  await tx.insert(planLocations).values(row);
}

/** Inserts a plan location unless it would clash with one there already (any unique index). */
export async function insertPlanLocationIfFree(db: Queryable, row: NewPlanLocation): Promise<void> {
  await db.insert(planLocations).values(row).onConflictDoNothing();
}

export async function updatePlanAddress(tx: Transaction, id: number, address: Address, now: Date): Promise<void> {
  await tx
    .update(planLocations)
    .set({ ...address, updatedAt: now })
    .where(eq(planLocations.id, id));
}

/**
 * The order's copy of this master location takes `address` and becomes primary; answers its id,
 * or undefined when the order has no copy of it.
 */
export async function makeLinkedPlanPrimary(
  tx: Transaction,
  submissionId: number,
  locationId: number,
  address: Address,
  now: Date,
): Promise<number | undefined> {
  const [linked] = await tx
    .update(planLocations)
    .set({ ...address, isPrimary: true, updatedAt: now })
    .where(and(eq(planLocations.submissionId, submissionId), eq(planLocations.locationId, locationId)))
    .returning({ id: planLocations.id });
  return linked?.id;
}

/** Removes the order's copies of these master locations; answers whether each was primary. */
export function deletePlanLocationsOf(tx: Transaction, submissionId: number, locationIds: readonly number[]) {
  return tx
    .delete(planLocations)
    .where(and(eq(planLocations.submissionId, submissionId), inArray(planLocations.locationId, [...locationIds])))
    .returning({ isPrimary: planLocations.isPrimary });
}

/** Removes the order's plan location with this id; false when it has none such. */
export async function deletePlanLocationOn(tx: Transaction, submissionId: number, id: number): Promise<boolean> {
  const [deleted] = await tx
    .delete(planLocations)
    .where(and(eq(planLocations.id, id), eq(planLocations.submissionId, submissionId)))
    .returning({ id: planLocations.id });
  return deleted !== undefined;
}

/** Inside `tx`: the order's row FOR UPDATE while it is still at `version`; false when it moved on. */
export async function claimSubmissionVersion(tx: Transaction, submissionId: number, version: number): Promise<boolean> {
  const [claimed] = await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), eq(submissions.version, version)))
    .for('update');
  return claimed !== undefined;
}

/** What a plan change answers of the order itself. */
export async function planOrderRow(db: Queryable, submissionId: number) {
  const [row] = await db
    .select({
      id: submissions.id,
      number: submissions.number,
      status: submissions.status,
      version: submissions.version,
      stateCode: submissions.stateCode,
      zipcode: submissions.zipcode,
      premiumCents: submissions.premiumCents,
    })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  return row;
}
