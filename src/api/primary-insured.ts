import * as v from 'valibot';
import { http } from '@/api/client';
import {
  primaryInsuredSchema,
  primaryInsuredWithLocationSchema,
  type PrimaryInsured,
  type PrimaryInsuredWithLocation,
  type UpdatePrimaryInsuredWithLocationRequest,
} from '@shared/contract/primary-insured';

/**
 * The signed-in insured's own particulars (specification §7 insured/primaryinsureddetails,
 * updateprimaryinsured, updateprimaryinsuredwithlocation), each answer parsed with the wire
 * contract (shared/contract/primary-insured.ts).
 */

/** GET insured/primaryinsureddetails: names, company, phone, and the primary location and contact. */
export async function getPrimaryInsured(): Promise<PrimaryInsured> {
  return v.parse(primaryInsuredSchema, await http().get('insured/primaryinsureddetails').json());
}

/**
 * POST insured/updateprimaryinsuredwithlocation: the insured's names and an order's named address
 * and contact in one call; with `isupdatemaster` the saved location and contact change too. A
 * quoted order whose rating address moved is priced again (`order.rerated`); an order past
 * quoting is a 409 and an address the order cannot be priced at a 422.
 */
export async function updatePrimaryInsuredWithLocation(
  request: UpdatePrimaryInsuredWithLocationRequest,
): Promise<PrimaryInsuredWithLocation> {
  const response = await http().post('insured/updateprimaryinsuredwithlocation', { json: request });
  return v.parse(primaryInsuredWithLocationSchema, await response.json());
}
