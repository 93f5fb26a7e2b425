/** The SQL of the insured's dashboard: their orders with their speciality, most recently changed first. */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SubmissionStatus } from '@shared/contract/submissions';
import type { Queryable } from '@server/db/connection';
import { endorsements, policies, renewalOffers, specialities, submissions } from '@server/db/schema';

/** A policy's cancellation: issued at once, and at most one (a cancelled policy cannot be cancelled again). */
const cancellation = alias(endorsements, 'cancellation');

/** The user's orders, only those in `statuses` when given, at most `limit` when given. */
export async function orderSummaryRows(
  db: Queryable,
  userId: number,
  statuses?: readonly SubmissionStatus[],
  limit?: number,
) {
  const query = db
    .select({
      id: submissions.id,
      number: submissions.number,
      specialityId: submissions.specialityId,
      specialityName: specialities.name,
      status: submissions.status,
      premiumCents: submissions.premiumCents,
      stateCode: submissions.stateCode,
      effectiveDate: submissions.effectiveDate,
      updatedAt: submissions.updatedAt,
      policyId: policies.id,
      policyNumber: policies.number,
      policyStatus: policies.status,
      cancellationDate: policies.cancellationDate,
      policyEffectiveDate: policies.effectiveDate,
      policyExpirationDate: policies.expirationDate,
      policyPremiumCents: policies.premiumCents,
      issuedChanges: sql<number>`(select count(*)::int from ${endorsements} where ${endorsements.policyId} = ${policies.id} and ${endorsements.kind} = 'change' and ${endorsements.status} = 'issued')`,
      cancellationTotalCents: cancellation.totalChangeCents,
      returnPremiumStatus: cancellation.returnPremiumStatus,
    })
    .from(submissions)
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .leftJoin(policies, eq(policies.submissionId, submissions.id))
    .leftJoin(
      cancellation,
      and(
        eq(cancellation.policyId, policies.id),
        eq(cancellation.kind, 'cancellation'),
        eq(cancellation.status, 'issued'),
      ),
    )
    // Issue 20: a renewal's order is the renewal card's until it is bound (then it is the new term's order).
    .leftJoin(renewalOffers, eq(renewalOffers.submissionId, submissions.id))
    .where(
      and(
        eq(submissions.userId, userId),
        statuses && inArray(submissions.status, [...statuses]),
        or(isNull(renewalOffers.id), inArray(submissions.status, ['bound', 'complete'])),
      ),
    )
    // The id breaks ties between orders changed in the same instant, so the order is stable.
    .orderBy(desc(submissions.updatedAt), desc(submissions.id));
  return limit === undefined ? query : query.limit(limit);
}
