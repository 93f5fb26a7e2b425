/**
 * The insured's own (master) locations (specification §3 Location; shared/contract/locations.ts).
 * The primary rules live in primary-records; this module knows the columns, the address check
 * (the ZIP lies in the state), and which orders keep a location from being deleted. An order's
 * plan locations are copies: only a bound one keeps the master record.
 */
import type * as v from 'valibot';
import type { Deleted } from '@shared/contract/address';
import type { Location, saveLocationRequestSchema } from '@shared/contract/locations';
import type { Queryable } from '@server/db/connection';
import { checkAddress } from '@server/account/address-check';
import {
  insertLocation,
  locationById,
  locationsOf,
  locationUses,
  updateLocation,
} from '@server/account/location-queries';
import {
  deleteRecord,
  ownColumns,
  saveRecord,
  type AccountDeps,
  type PrimaryRecordKind,
} from '@server/account/primary-records';
import { locations } from '@server/db/schema';

type SaveLocationInput = v.InferOutput<typeof saveLocationRequestSchema>;

const locationKind: PrimaryRecordKind<Location> = {
  table: locations,
  noun: 'location',
  idempotencyIndex: 'locations_idempotency_key',
  read: locationById,
  uses: locationUses,
};

/** GET insured/locationlist: the primary first, then oldest first. */
export function listLocations(db: Queryable, userId: number): Promise<Location[]> {
  return locationsOf(db, userId);
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
  return saveRecord(
    deps,
    locationKind,
    userId,
    { id: input.id, isprimary: input.isprimary, idempotencyKeyHash, body: input },
    {
      insert: (tx, own) => insertLocation(tx, { ...values, ...ownColumns(own) }),
      update: (tx, id, own) => updateLocation(tx, id, { ...values, isPrimary: own.isPrimary, updatedAt: own.now }),
    },
  );
}

/** DELETE insured/deletelocation?id. */
export function deleteLocation(deps: AccountDeps, userId: number, id: number): Promise<Deleted> {
  return deleteRecord(deps, locationKind, userId, id);
}
