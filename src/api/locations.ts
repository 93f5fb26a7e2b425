import * as v from 'valibot';
import { http } from '@/api/client';
import { deletedSchema, type Deleted } from '@shared/contract/address';
import {
  locationListSchema,
  locationSchema,
  type Location,
  type SaveLocationRequest,
} from '@shared/contract/locations';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * The insured's own (master) locations (specification §7 insured/locationlist,
 * saveupdatelocation, deletelocation), parsed with shared/contract/locations.ts. The copies an
 * order covers (plan locations) have their own calls in src/api/plan-locations.ts.
 */

/** GET insured/locationlist. */
export async function listLocations(): Promise<Location[]> {
  return v.parse(locationListSchema, await http().get('insured/locationlist').json());
}

/**
 * POST insured/saveupdatelocation: creates without `id`, updates with it. A ZIP outside the
 * state is a 400 naming zipcode. `idempotencyKey` (one per "Add" dialog) is sent for creates only.
 */
export async function saveLocation(values: SaveLocationRequest, idempotencyKey?: string): Promise<Location> {
  const headers = idempotencyKey && values.id == null ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {};
  return v.parse(locationSchema, await http().post('insured/saveupdatelocation', { json: values, headers }).json());
}

/** DELETE insured/deletelocation?id: answers which location is primary now. A 409 says why it must stay. */
export async function deleteLocation(id: number): Promise<Deleted> {
  return v.parse(deletedSchema, await http().delete('insured/deletelocation', { searchParams: { id } }).json());
}
