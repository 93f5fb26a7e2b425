/**
 * The insured's own (master) locations (specification §3 Location; src/api/contract/locations.ts).
 * The primary rules live in primary-records; this module knows the columns, the address check
 * (the ZIP lies in the state), and which orders keep a location from being deleted. An order's
 * plan locations are copies: only a bound one keeps the master record.
 */
import { asc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Deleted } from '@/api/contract/address';
import type { Location, saveLocationRequestSchema } from '@/api/contract/locations';
import type { Queryable } from '@server/db/connection';
import { locations, planLocations, policies, submissions } from '@server/db/schema';
import { checkAddress } from '@server/account/address-check';
import {
  deleteRecord,
  lockOrders,
  orderUseColumns,
  primaryFirst,
  saveRecord,
  type AccountDeps,
  type PrimaryRecordKind,
} from '@server/account/primary-records';

type SaveLocationInput = v.InferOutput<typeof saveLocationRequestSchema>;

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

const locationKind: PrimaryRecordKind<Location> = {
  table: locations,
  noun: 'location',
  idempotencyIndex: 'locations_idempotency_key',
  read: async (db, id) => (await db.select(locationColumns).from(locations).where(eq(locations.id, id)))[0],
  uses: (tx, id) =>
    tx
      .select(orderUseColumns)
      .from(planLocations)
      .innerJoin(submissions, eq(submissions.id, planLocations.submissionId))
      .leftJoin(policies, eq(policies.submissionId, submissions.id))
      .where(eq(planLocations.locationId, id))
      .orderBy(asc(submissions.id))
      .for(...lockOrders),
};

/** GET insured/locationlist: the primary first, then oldest first. */
export function listLocations(db: Queryable, userId: number): Promise<Location[]> {
  return db
    .select(locationColumns)
    .from(locations)
    .where(eq(locations.userId, userId))
    .orderBy(...primaryFirst(locations));
}

/** POST insured/saveupdatelocation; `created` is false for an update and for a repeated create. */
export async function saveLocation(
  deps: AccountDeps,
  userId: number,
  input: SaveLocationInput,
  idempotencyKeyHash: string | null,
): Promise<{ created: boolean; record: Location }> {
  await checkAddress(deps.db, input);
  const values = {
    title: input.title,
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    state: input.state,
    zipcode: input.zipcode,
  };
  return saveRecord(deps, locationKind, userId, { id: input.id, isprimary: input.isprimary, idempotencyKeyHash, body: input }, {
    insert: async (tx, own) => {
      const [row] = await tx
        .insert(locations)
        .values({
          ...values,
          userId: own.userId,
          isPrimary: own.isPrimary,
          idempotencyKeyHash: own.idempotencyKeyHash,
          idempotencyRequestHash: own.idempotencyRequestHash,
          createdAt: own.now,
          updatedAt: own.now,
        })
        .returning(locationColumns);
      return row!;
    },
    update: async (tx, id, own) => {
      const [row] = await tx
        .update(locations)
        .set({ ...values, isPrimary: own.isPrimary, updatedAt: own.now })
        .where(eq(locations.id, id))
        .returning(locationColumns);
      return row!;
    },
  });
}

/** DELETE insured/deletelocation?id. */
export function deleteLocation(deps: AccountDeps, userId: number, id: number): Promise<Deleted> {
  return deleteRecord(deps, locationKind, userId, id);
}
