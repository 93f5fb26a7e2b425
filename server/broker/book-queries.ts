/**
 * The SQL of a broker's book: the broker a user works for, the orders that came through it with
 * their insured and policy, and what its storefront sells. Each function is one statement
 * answering plain rows; what the book shows is book.ts's.
 */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { SubmissionStatus } from '@shared/contract/submissions';
import type { Queryable } from '@server/db/connection';
import { alias } from 'drizzle-orm/pg-core';
import {
  brokerSpecialities,
  brokers,
  policies,
  renewalOffers,
  specialities,
  submissions,
  users,
} from '@server/db/schema';
import { onSaleThroughBroker } from '@server/specialities/speciality-queries';

/** The broker the user works for, if any. */
export async function brokerOfUser(db: Queryable, userId: number) {
  const [broker] = await db
    .select({ id: brokers.id, name: brokers.name, abbreviation: brokers.abbreviation, clientUrl: brokers.clientUrl })
    .from(users)
    .innerJoin(brokers, eq(brokers.id, users.brokerId))
    .where(eq(users.id, userId));
  return broker;
}

/** The policy a renewal's order renews (issue 20). */
const expiring = alias(policies, 'expiring');

const ofBroker = (brokerId: number, status: SubmissionStatus | undefined): SQL =>
  and(eq(submissions.brokerId, brokerId), status ? eq(submissions.status, status) : undefined)!;

/** The broker's orders (of one status, when given), most recently changed first, `limit` from `offset`. */
export function bookRows(
  db: Queryable,
  brokerId: number,
  status: SubmissionStatus | undefined,
  limit: number,
  offset: number,
) {
  return db
    .select({
      id: submissions.id,
      number: submissions.number,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyName: users.companyName,
      specialityId: specialities.id,
      specialityName: specialities.name,
      stateCode: submissions.stateCode,
      status: submissions.status,
      premiumCents: submissions.premiumCents,
      updatedAt: submissions.updatedAt,
      policyNumber: policies.number,
      effectiveDate: policies.effectiveDate,
      expirationDate: policies.expirationDate,
      policyStatus: policies.status,
      cancellationDate: policies.cancellationDate,
      renewalOf: expiring.number,
    })
    .from(submissions)
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .leftJoin(users, eq(users.id, submissions.userId))
    .leftJoin(policies, eq(policies.submissionId, submissions.id))
    .leftJoin(renewalOffers, eq(renewalOffers.submissionId, submissions.id))
    .leftJoin(expiring, eq(expiring.id, renewalOffers.policyId))
    .where(ofBroker(brokerId, status))
    .orderBy(desc(submissions.updatedAt), desc(submissions.id))
    .limit(limit)
    .offset(offset);
}

/** How many orders bookRows pages through. */
export async function bookCount(
  db: Queryable,
  brokerId: number,
  status: SubmissionStatus | undefined,
): Promise<number> {
  const [total] = await db.select({ n: count() }).from(submissions).where(ofBroker(brokerId, status));
  return total!.n;
}

/** What the broker sells now, with its codes, in the catalogue's order. */
export function storefrontSpecialities(db: Queryable, brokerId: number) {
  return db
    .select({ id: specialities.id, name: specialities.name, code: brokerSpecialities.randomCode })
    .from(brokerSpecialities)
    .innerJoin(specialities, eq(specialities.id, brokerSpecialities.specialityId))
    .where(onSaleThroughBroker(brokerId))
    .orderBy(asc(specialities.sortOrder), asc(specialities.name));
}
