/**
 * Issue 16, "ask each fact once": what sign-up already knows (names, e-mail, phone, the
 * practice's street address and the quote's ZIP) becomes the account's primary contact and
 * primary location, and a saved quote for the same ZIP takes that location as its own — so a new
 * insured's order passes buy now's required-items check with nothing more to add.
 */
import type { Queryable } from '@server/db/connection';
import { lookupZip } from '@server/geo/zip-codes';
import { badRequest } from '@server/http/http-error';
import { insertContact } from '@server/account/contact-queries';
import { insertLocation, primaryLocationAtOrderZip } from '@server/account/location-queries';
import { normalisePhone } from '@server/account/phone';
import { insertPlanLocationIfFree, planLocationCount } from '@server/account/plan-location-queries';
import { copyOf } from '@server/account/plan-locations';

export type FirstRecordsInput = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string | null;
  contactNumber: string | null | undefined;
  address1: string | null | undefined;
  address2: string | null | undefined;
  zipcode: string | null | undefined;
  now: Date;
};

/** The street address's place, from its ZIP; checked before anything is written (a 400 naming the field). */
export function placeOfAddress(input: Pick<FirstRecordsInput, 'address1' | 'zipcode'>) {
  if (!input.address1) {
    if (input.zipcode)
      throw badRequest('A ZIP code needs the street address it belongs to', {
        address1: 'is required with a ZIP code',
      });
    return null;
  }
  if (!input.zipcode)
    throw badRequest('The street address needs its ZIP code', { zipcode: 'is required with a street address' });
  const zip = lookupZip(input.zipcode);
  if (!zip) throw badRequest(`ZIP code ${input.zipcode} does not exist`, { zipcode: 'is not a known ZIP code' });
  return { city: zip.city ?? zip.county, state: zip.stateCode, zipcode: zip.zipcode };
}

/** Everything sign-up's first records could refuse, checked before any write (or the slow hash). */
export function checkFirstRecords(input: Pick<FirstRecordsInput, 'address1' | 'zipcode' | 'contactNumber'>): void {
  placeOfAddress(input);
  normalisePhone(input.contactNumber);
}

/**
 * A new account's primary contact when sign-up gave a phone number (the sign-up screen asks for
 * one; an API caller that sends none keeps the account's contacts its own to add), and its
 * primary location when a street address was given.
 */
export async function createFirstRecords(db: Queryable, input: FirstRecordsInput): Promise<void> {
  const place = placeOfAddress(input);
  const phone = normalisePhone(input.contactNumber);
  const stamps = { userId: input.userId, isPrimary: true, createdAt: input.now, updatedAt: input.now };
  if (phone)
    await insertContact(db, {
      ...stamps,
      title: null,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      contactNumber: phone,
    });
  if (place) {
    await insertLocation(db, {
      ...stamps,
      title: input.companyName,
      address1: input.address1!,
      address2: input.address2 ?? null,
      ...place,
    });
  }
}

/**
 * An order with no location yet takes the insured's primary location when it is at the ZIP the
 * order was priced for (another ZIP would re-rate it: that is the insured's choice to make, on
 * the order). Answers whether the order has a location now.
 */
export async function placeOrderAtPrimaryLocation(
  db: Queryable,
  userId: number,
  submissionId: number,
  now: Date,
): Promise<boolean> {
  if ((await planLocationCount(db, submissionId)) > 0) return true;
  const location = await primaryLocationAtOrderZip(db, userId, submissionId);
  if (!location) return false;
  await insertPlanLocationIfFree(db, {
    submissionId,
    locationId: location.id,
    ...copyOf(location),
    isPrimary: true,
    createdAt: now,
    updatedAt: now,
  });
  return true;
}
