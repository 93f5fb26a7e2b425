/**
 * A correction of the named insured or the practice address, once issued, is the account's too
 * (issue 19): the insured's name as the documents print it (the company name), the order's
 * primary location and the master location it was copied from (or the insured's primary one), so
 * the dashboard, contacts and locations read as the reissued declarations do. The caller holds
 * the insured's row (lockOwner) and the policy's.
 */
import type { EndorsementChange } from '@shared/contract/endorsements';
import { primaryLocation, updateLocation } from '@server/account/location-queries';
import { primaryPlanLocation, updatePlanAddress } from '@server/account/plan-location-queries';
import type { Transaction } from '@server/db/connection';
import { addressFromLines } from '@server/endorsements/endorsement-addresses';
import { setInsuredName } from '@server/endorsements/endorsement-queries';

export async function applyCorrections(
  tx: Transaction,
  order: { id: number; userId: number },
  changes: EndorsementChange[],
  now: Date,
): Promise<void> {
  for (const change of changes) {
    if (change.field === 'insuredName' && typeof change.after === 'string') {
      await setInsuredName(tx, order.userId, change.after, now);
    }
    if (change.field === 'address' && typeof change.after === 'string') {
      const address = addressFromLines(change.after.split('\n'));
      if (!address) throw new Error(`A corrected address reads wrongly: ${change.after}`);
      const planned = await primaryPlanLocation(tx, order.id);
      if (planned) await updatePlanAddress(tx, planned.id, address, now);
      const masterId = planned?.locationId ?? (await primaryLocation(tx, order.userId))?.id;
      if (masterId) await updateLocation(tx, masterId, { ...address, updatedAt: now });
    }
  }
}
