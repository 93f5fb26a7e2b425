/**
 * The SQL on the claims the insured reports: numbered C-YYYY-NNNNNN, read with their policy and
 * speciality, and the policies a claim may be reported on. Each function is one statement
 * answering plain rows; what may be reported is claims.ts's.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { dayOf, yearOf } from '@shared/calendar';
import type { ClaimablePolicy } from '@shared/contract/claims';
import type { SubmissionStatus } from '@shared/contract/submissions';
import type { Queryable } from '@server/db/connection';
import { claims, policies, specialities, submissions } from '@server/db/schema';

/** C-2026-000042: the year it was reported and a sequence number (more digits when it outgrows six). */
const nextClaimNumber = (year: number) =>
  sql<string>`(select 'C-' || ${String(year)}::text || '-' || lpad(seq.n, greatest(6, length(seq.n)), '0') from (select nextval('claim_number_seq')::text as n) as seq)`;

const claimColumns = {
  id: claims.id,
  number: claims.number,
  policyId: claims.policyId,
  policyNumber: policies.number,
  specialityName: specialities.name,
  dateOfLoss: claims.claimDate,
  description: claims.description,
  status: claims.status,
  createdAt: claims.createdAt,
};

/** Claims with their policy and speciality; only claims on a policy are listed (reportclaim writes no other kind). */
function claimsWhere(db: Queryable, where: SQL) {
  return db
    .select(claimColumns)
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .where(where);
}

export type ClaimRow = Awaited<ReturnType<typeof claimsWhere>>[number];

/** The user's claims, most recently reported first. */
export function claimsOfUser(db: Queryable, userId: number): Promise<ClaimRow[]> {
  return claimsWhere(db, eq(claims.userId, userId)).orderBy(desc(claims.createdAt), desc(claims.id));
}

export async function claimById(db: Queryable, id: number): Promise<ClaimRow | undefined> {
  const [claim] = await claimsWhere(db, eq(claims.id, id));
  return claim;
}

/** The claim the user reported with this key, with the hash of the request that did. */
export async function claimWithKey(db: Queryable, userId: number, keyHash: string) {
  const [row] = await db
    .select({ id: claims.id, requestHash: claims.idempotencyRequestHash })
    .from(claims)
    .where(and(eq(claims.userId, userId), eq(claims.idempotencyKeyHash, keyHash)));
  return row;
}

/** The user's policies whose orders are in these statuses, newest period first. */
export function policiesOfUserIn(
  db: Queryable,
  userId: number,
  statuses: readonly SubmissionStatus[],
): Promise<ClaimablePolicy[]> {
  return db
    .select({
      id: policies.id,
      number: policies.number,
      specialityName: specialities.name,
      effectiveDate: policies.effectiveDate,
      expirationDate: policies.expirationDate,
    })
    .from(policies)
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .where(and(eq(submissions.userId, userId), inArray(submissions.status, [...statuses])))
    .orderBy(desc(policies.effectiveDate), desc(policies.id));
}

/** The policy with its order's number and status, when the order is the user's. */
export async function usersPolicy(db: Queryable, userId: number, policyId: number) {
  const [policy] = await db
    .select({
      id: policies.id,
      number: policies.number,
      effectiveDate: policies.effectiveDate,
      submissionId: policies.submissionId,
      orderNumber: submissions.number,
      status: submissions.status,
    })
    .from(policies)
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .where(and(eq(policies.id, policyId), eq(submissions.userId, userId)));
  return policy;
}

/** Inserts a claim, numbered in the year it is reported; answers its id. */
export async function insertClaim(
  db: Queryable,
  values: Omit<typeof claims.$inferInsert, 'id' | 'number'> & { createdAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(claims)
    .values({ ...values, number: nextClaimNumber(yearOf(dayOf(values.createdAt))) })
    .returning({ id: claims.id });
  return row!.id;
}
