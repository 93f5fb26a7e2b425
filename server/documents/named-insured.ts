/**
 * Who a document names and where: the insured as the policy names them (the company, else the
 * person, else the e-mail they sign in with) at the address the order covers (its primary plan
 * location, else the insured's own primary location). Shared by the certificate, the policy,
 * the binder, the invoice and the order summary so they never disagree.
 */
import { primaryLocation } from '@server/account/location-queries';
import { planRows } from '@server/account/plan-location-queries';
import type { Queryable } from '@server/db/connection';
import { namesOfUser } from '@server/documents/documents-queries';

type Address = {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
};

export type NamedParty = { name: string; addressLines: string[] };

export const addressLines = (address: Address) =>
  address.address1
    ? [
        address.address1,
        ...(address.address2 ? [address.address2] : []),
        `${address.city ?? ''}, ${address.state ?? ''} ${address.zipcode ?? ''}`.trim(),
      ]
    : [];

export async function namedInsured(
  db: Queryable,
  userId: number,
  orderId: number,
): Promise<NamedParty & { email: string }> {
  const person = await namesOfUser(db, userId);
  const fullName = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  const name = person?.companyName?.trim() || fullName || person?.email || 'Named insured';
  // The order's primary plan location comes first (planRows).
  const [planned] = await planRows(db, orderId);
  const own = planned ?? (await primaryLocation(db, userId));
  return { name, addressLines: own ? addressLines(own) : [], email: person?.email ?? '' };
}

/** Every location the order covers, the primary first. */
export async function coveredLocations(db: Queryable, orderId: number): Promise<NamedParty[]> {
  const rows = await planRows(db, orderId);
  return rows.map((row) => ({
    name: row.isprimary ? 'Primary location' : 'Location',
    addressLines: addressLines(row),
  }));
}
