/**
 * The checks an address needs beyond its shape (shared/contract/address.ts): the state is one
 * we know, and the ZIP exists and lies in that state. Errors are 400s naming the field.
 */
import { usState } from '@server/account/location-queries';
import type { Queryable } from '@server/db/connection';
import { lookupZip } from '@server/geo/zip-codes';
import { badRequest } from '@server/http/http-error';

export type AddressInput = { state: string; zipcode: string };

/** Field names as the request spells them, for the 400's `fields` (prefix for nested forms). */
export async function checkAddress(db: Queryable, address: AddressInput, prefix = ''): Promise<void> {
  const state = await usState(db, address.state);
  if (!state) {
    throw badRequest(`${address.state} is not a US state code`, { [`${prefix}state`]: 'is not a US state code' });
  }
  const zip = lookupZip(address.zipcode);
  if (!zip) {
    throw badRequest(`ZIP code ${address.zipcode} does not exist`, { [`${prefix}zipcode`]: 'is not a known ZIP code' });
  }
  if (zip.stateCode !== state.code) {
    throw badRequest(`ZIP code ${address.zipcode} is in ${zip.stateName}, not ${state.name}`, {
      [`${prefix}zipcode`]: `is in ${zip.stateName}, not ${state.name}`,
    });
  }
}
