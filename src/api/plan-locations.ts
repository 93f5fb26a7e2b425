import * as v from 'valibot';
import { http } from '@/api/client';
import { planLocationsSchema, type PlanLocations } from '@shared/contract/locations';

/**
 * The locations one order covers (specification §7 insured/locations, addlocation,
 * updateplanlocation, deleteplanlocation). Every call answers the order's locations after the
 * change and its price, `rerated` when the order's rating address moved and it was priced again.
 * Plan locations change only while the order is a draft, quoted or incomplete (409 naming the
 * status otherwise); an address the order cannot be priced at is a 422.
 */

/** GET insured/locations?submissionid: the order's locations and price; someone else's order is a 404. */
export async function getPlanLocations(submissionId: number): Promise<PlanLocations> {
  const response = await http().get('insured/locations', { searchParams: { submissionid: submissionId } });
  return v.parse(planLocationsSchema, await response.json());
}

/**
 * POST insured/addlocation: copies the insured's saved locations `add` onto the order and takes
 * `remove` (saved location ids too) off it. The first location an order gets becomes its
 * primary, so callers list the one they mean to rate at first. Adding one already there changes
 * nothing, so a retry is safe.
 */
export async function addLocations(
  submissionId: number,
  add: readonly number[],
  remove: readonly number[] = [],
): Promise<PlanLocations> {
  const json = { submissionid: submissionId, addLocationsIds: [...add], removeLocationsIds: [...remove] };
  return v.parse(planLocationsSchema, await http().post('insured/addlocation', { json }).json());
}

/** DELETE insured/deleteplanlocation: takes one location off the order (by the plan location's id). */
export async function deletePlanLocation(planLocationId: number, submissionId: number): Promise<PlanLocations> {
  const searchParams = { planlocationid: planLocationId, submissionid: submissionId };
  return v.parse(planLocationsSchema, await http().delete('insured/deleteplanlocation', { searchParams }).json());
}
