/**
 * Adding or removing a covered location by endorsement (issue 19). The order's plan locations
 * (server/account/plan-locations.ts) are the policy's covered locations, the declarations list
 * them; the primary one is the practice address the policy is rated on (its ZIP's territory), so
 * it cannot be removed — a correction of the practice address changes it instead. Another
 * location does not change the premium: the rating engine prices one practice address.
 *
 * Asking checks the change and describes it (the address as printed); issuing it writes it: an
 * added location becomes a master location of the insured's (or takes the one at that address)
 * and a plan location of the order, a removed one leaves the order (the master record stays).
 */
import type { EndorsementChange } from '@shared/contract/endorsements';
import type { PlanLocation } from '@shared/contract/locations';
import { checkAddress } from '@server/account/address-check';
import { insertLocation, primaryLocation } from '@server/account/location-queries';
import { deletePlanLocationOn, insertPlanLocationIfFree, planRows } from '@server/account/plan-location-queries';
import type { Queryable, Transaction } from '@server/db/connection';
import {
  addressFromLines,
  assertSingleLines,
  printedAddress,
  type AddressParts,
} from '@server/endorsements/endorsement-addresses';
import { locationAt } from '@server/endorsements/endorsement-queries';
import { badRequest } from '@server/http/http-error';

export const LOCATION_ADDED = 'locationAdded';
export const LOCATION_REMOVED = 'locationRemoved';

type LocationInput = {
  addLocation?: Partial<AddressParts> & { address2?: string | null };
  removeLocationId?: number;
};

/** The location changes asked for, checked against the order's covered locations; 400 naming the field. */
export async function locationChanges(
  db: Queryable,
  order: { id: number; stateCode: string | null },
  input: LocationInput,
): Promise<EndorsementChange[]> {
  if (!input.addLocation && input.removeLocationId === undefined) return [];
  const covered = await planRows(db, order.id);
  const changes: EndorsementChange[] = [];
  if (input.removeLocationId !== undefined) {
    const removed = covered.find((row) => row.id === input.removeLocationId);
    if (!removed) {
      throw badRequest('That location is not one this policy covers', {
        removeLocationId: `must be one of the policy’s locations: ${covered.map((row) => row.id).join(', ') || 'none'}`,
      });
    }
    if (removed.isprimary || covered.length === 1) {
      throw badRequest('The practice address cannot be removed: correct it instead', {
        removeLocationId: removed.isprimary
          ? 'is the primary location (the practice address the policy is rated on)'
          : 'is the policy’s only location',
      });
    }
    changes.push({ field: LOCATION_REMOVED, before: printedAddress(removed), after: null });
  }
  if (input.addLocation) {
    const address = assertSingleLines(input.addLocation, 'addLocation.');
    if (address.state !== order.stateCode) {
      throw badRequest(`A location added to this policy is in ${order.stateCode}: the policy is written there`, {
        'addLocation.state': `must be ${order.stateCode}`,
      });
    }
    await checkAddress(db, address, 'addLocation.');
    const printed = printedAddress(address);
    if (covered.some((row: PlanLocation) => printedAddress(row) === printed)) {
      throw badRequest('The policy covers that location already', {
        'addLocation.address1': 'is already one of the policy’s locations',
      });
    }
    changes.push({ field: LOCATION_ADDED, before: null, after: printed });
  }
  return changes;
}

/**
 * Writes the endorsement's location changes to the order (and an added one to the account). The
 * caller holds the insured's and the policy's rows. An order that never listed its locations
 * first takes the insured's primary location as its primary, so the added one is never read as
 * the practice address.
 */
export async function applyLocationChanges(
  tx: Transaction,
  order: { id: number; userId: number },
  changes: EndorsementChange[],
  now: Date,
): Promise<void> {
  const asked = changes.filter((change) => change.field === LOCATION_ADDED || change.field === LOCATION_REMOVED);
  if (!asked.length) return;
  let covered = await planRows(tx, order.id);
  if (!covered.length) {
    const primary = await primaryLocation(tx, order.userId);
    if (primary) {
      const { id, title: _title, isprimary: _primary, ...address } = primary;
      await insertPlanLocationIfFree(tx, { submissionId: order.id, locationId: id, ...address, isPrimary: true });
      covered = await planRows(tx, order.id);
    }
  }
  for (const change of asked) {
    if (change.field === LOCATION_REMOVED) {
      const removed = covered.find((row) => !row.isprimary && printedAddress(row) === change.before);
      if (removed) await deletePlanLocationOn(tx, order.id, removed.id);
      continue;
    }
    const address = addressFromLines(String(change.after).split('\n'));
    if (!address) throw new Error(`An added location reads wrongly: ${String(change.after)}`);
    const master =
      (await locationAt(tx, order.userId, address)) ??
      (await insertLocation(tx, {
        userId: order.userId,
        ...address,
        isPrimary: false,
        createdAt: now,
        updatedAt: now,
      }));
    await insertPlanLocationIfFree(tx, {
      submissionId: order.id,
      locationId: master.id,
      ...address,
      isPrimary: false,
      createdAt: now,
      updatedAt: now,
    });
  }
}
