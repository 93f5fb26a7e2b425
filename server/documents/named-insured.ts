/**
 * Who a document names and where: the insured as the policy names them (the company, else the
 * person, else the e-mail they sign in with) at the address the order covers (its primary plan
 * location, else the insured's own primary location). Shared by the certificate, the policy,
 * the binder, the invoice and the order summary so they never disagree.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/connection';
import { locations, planLocations, users } from '@server/db/schema';

type Address = { address1: string | null; address2: string | null; city: string | null; state: string | null; zipcode: string | null };

export type NamedParty = { name: string; addressLines: string[] };

export const addressLines = (address: Address) =>
  address.address1
    ? [address.address1, ...(address.address2 ? [address.address2] : []), `${address.city ?? ''}, ${address.state ?? ''} ${address.zipcode ?? ''}`.trim()]
    : [];

export async function namedInsured(db: Queryable, userId: number, orderId: number): Promise<NamedParty & { email: string }> {
  const [person] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, companyName: users.companyName })
    .from(users)
    .where(eq(users.id, userId));
  const fullName = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  const name = person?.companyName?.trim() || fullName || person?.email || 'Named insured';
  const [planned] = await db
    .select()
    .from(planLocations)
    .where(eq(planLocations.submissionId, orderId))
    .orderBy(desc(planLocations.isPrimary), asc(planLocations.id))
    .limit(1);
  const [own] = planned
    ? [planned]
    : await db.select().from(locations).where(and(eq(locations.userId, userId), eq(locations.isPrimary, true))).limit(1);
  return { name, addressLines: own ? addressLines(own) : [], email: person?.email ?? '' };
}

/** Every location the order covers, the primary first. */
export async function coveredLocations(db: Queryable, orderId: number): Promise<NamedParty[]> {
  const rows = await db
    .select()
    .from(planLocations)
    .where(eq(planLocations.submissionId, orderId))
    .orderBy(desc(planLocations.isPrimary), asc(planLocations.id));
  return rows.map((row) => ({ name: row.isPrimary ? 'Primary location' : 'Location', addressLines: addressLines(row) }));
}
