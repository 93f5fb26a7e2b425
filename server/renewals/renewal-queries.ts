/**
 * The renewals' SQL (issue 20): the policies a sweep finds due, the offers and notices it keeps
 * once each (an insert that does nothing on the unique key answers whether this caller made it),
 * and what the renewal screen and the broker's book read. Plain rows; the rules are elsewhere.
 */
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Queryable, Transaction } from '@server/db/connection';
import { submissionColumns, type SubmissionRow } from '@server/submissions/access';
import {
  auditLog,
  brokers,
  planLocations,
  policies,
  policyNotices,
  questions,
  renewalOffers,
  specialities,
  submissions,
  users,
} from '@server/db/schema';

export type RenewalOfferRow = typeof renewalOffers.$inferSelect;
type PolicyRow = typeof policies.$inferSelect;

/**
 * Policies in force (not cancelled, not under a notice of cancellation: those are offered once the
 * notice is withdrawn, if still in time) whose period ends within the window and has no offer yet.
 */
export async function policiesDueForOffer(db: Queryable, today: string, lastDay: string, limit: number) {
  return db
    .select({ id: policies.id })
    .from(policies)
    .leftJoin(renewalOffers, eq(renewalOffers.policyId, policies.id))
    .where(
      and(
        eq(policies.status, 'in_force'),
        gt(policies.expirationDate, today),
        lte(policies.expirationDate, lastDay),
        isNull(renewalOffers.id),
      ),
    )
    .orderBy(asc(policies.expirationDate), asc(policies.id))
    .limit(limit);
}

/** Policies still current whose period ends within the window (reminders) or has ended (expiry). */
export async function currentPoliciesEndingBy(db: Queryable, lastDay: string, limit: number) {
  return db
    .select({ id: policies.id, expirationDate: policies.expirationDate })
    .from(policies)
    .where(and(inArray(policies.status, ['in_force', 'cancellation_notice']), lte(policies.expirationDate, lastDay)))
    .orderBy(asc(policies.expirationDate), asc(policies.id))
    .limit(limit);
}

/** The policy with its order, locked for the rest of the transaction (a renewal or expiry waits its turn). */
export async function lockPolicyWithOrder(tx: Transaction, policyId: number) {
  const [row] = await tx
    .select({ policy: policies, order: submissions })
    .from(policies)
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .where(eq(policies.id, policyId))
    .for('update', { of: policies });
  return row;
}

export async function policyWithOrder(db: Queryable, policyId: number) {
  const [row] = await db
    .select({ policy: policies, order: submissions })
    .from(policies)
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .where(eq(policies.id, policyId));
  return row;
}

/** Claims the one offer of this policy's period: the row when this caller made it, else undefined. */
export async function claimOffer(
  tx: Transaction,
  values: Omit<typeof renewalOffers.$inferInsert, 'id'>,
): Promise<RenewalOfferRow | undefined> {
  const [row] = await tx.insert(renewalOffers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function setOfferOrder(
  tx: Transaction,
  offerId: number,
  submissionId: number,
  asked: RenewalOfferRow['asked'],
): Promise<void> {
  await tx.update(renewalOffers).set({ submissionId, asked }).where(eq(renewalOffers.id, offerId));
}

export async function setOfferRenewed(tx: Transaction, offerId: number, renewedPolicyId: number): Promise<void> {
  await tx.update(renewalOffers).set({ renewedPolicyId }).where(eq(renewalOffers.id, offerId));
}

/** A renewal's order, as the submission rules read one. */
export async function orderRow(db: Queryable, submissionId: number): Promise<SubmissionRow | undefined> {
  const [row] = await db.select(submissionColumns).from(submissions).where(eq(submissions.id, submissionId));
  return row;
}

export async function offerOfPolicy(db: Queryable, policyId: number): Promise<RenewalOfferRow | undefined> {
  const [row] = await db.select().from(renewalOffers).where(eq(renewalOffers.policyId, policyId));
  return row;
}

export async function offerOfOrder(db: Queryable, submissionId: number): Promise<RenewalOfferRow | undefined> {
  const [row] = await db.select().from(renewalOffers).where(eq(renewalOffers.submissionId, submissionId));
  return row;
}

/** The insured's policies with an offer (newest period first): what the dashboard's card reads. */
export async function offersOfUser(db: Queryable, userId: number) {
  return db
    .select({
      offer: renewalOffers,
      policy: policies,
      orderStatus: submissions.status,
      premiumCents: submissions.premiumCents,
    })
    .from(renewalOffers)
    .innerJoin(policies, eq(policies.id, renewalOffers.policyId))
    .innerJoin(submissions, eq(submissions.id, renewalOffers.submissionId))
    .where(eq(submissions.userId, userId))
    .orderBy(asc(renewalOffers.expirationDate));
}

/** Records a notice as sent: true when this caller is the first (and so sends it). */
export async function claimNotice(tx: Transaction, policyId: number, kind: string, sentAt: Date): Promise<boolean> {
  const rows = await tx.insert(policyNotices).values({ policyId, kind, sentAt }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function setPolicyStatus(tx: Transaction, policyId: number, status: PolicyRow['status']): Promise<void> {
  await tx.update(policies).set({ status }).where(eq(policies.id, policyId));
}

/** The insured's name and address, the speciality, and the broker's address if any: who a mail goes to. */
export async function mailFacts(db: Queryable, submissionId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      speciality: specialities.name,
      brokerName: brokers.name,
      brokerEmail: brokers.email,
      clientUrl: brokers.clientUrl,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .leftJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(eq(submissions.id, submissionId));
  return row;
}

/** The order's covered locations, copied onto its renewal's order. */
export async function copyPlanLocations(tx: Transaction, fromId: number, toId: number, now: Date): Promise<void> {
  const rows = await tx.select().from(planLocations).where(eq(planLocations.submissionId, fromId));
  if (rows.length === 0) return;
  await tx.insert(planLocations).values(
    rows.map(({ id: _id, submissionId: _from, createdAt: _at, ...row }) => ({
      ...row,
      submissionId: toId,
      createdAt: now,
    })),
  );
}

/** The active questions created, edited or brought back after `since`: changed since the answers were given. */
export async function questionsChangedSince(db: Queryable, since: Date): Promise<Set<number>> {
  const created = await db.select({ id: questions.id }).from(questions).where(gt(questions.createdAt, since));
  const edited = await db
    .select({ id: auditLog.entityId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'question'),
        inArray(auditLog.action, ['question.create', 'question.update', 'question.restore']),
        gt(auditLog.createdAt, since),
      ),
    );
  return new Set([...created.map((row) => row.id), ...edited.map((row) => Number(row.id))]);
}
