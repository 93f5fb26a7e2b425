/**
 * The SQL of certificates on demand: the insured's policy (owned through its order, as
 * everywhere), the share lock an issue holds on it, the certificates themselves, and the public
 * lookup by verification code. Each function is one statement answering plain rows; what may be
 * issued and what the public may see are certificates.ts's.
 */
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { policyWithOrderRow } from '@server/policies/policy-queries';
import type { Queryable } from '@server/db/connection';
import { certificates, policies, submissions } from '@server/db/schema';

export type CertificateRow = typeof certificates.$inferSelect;
/** A certificate without its PDF, with its policy's number: what lists and answers need. */
export type CertificateSummary = Omit<CertificateRow, 'content'> & { policyNumber: string };

const policyColumns = {
  id: policies.id,
  number: policies.number,
  status: policies.status,
  effectiveDate: policies.effectiveDate,
  expirationDate: policies.expirationDate,
  cancellationDate: policies.cancellationDate,
  perClaimLimitCents: policies.perClaimLimitCents,
  aggregateLimitCents: policies.aggregateLimitCents,
  deductibleCents: policies.deductibleCents,
  submissionId: policies.submissionId,
  orderNumber: submissions.number,
  orderStatus: submissions.status,
  /** The prior-acts answers the claims-made retroactive date comes from. */
  applicationAnswers: submissions.applicationAnswers,
};

/**
 * The policy with its order's number and status, when the order is the user's. With `lock`, the
 * policy's row is held FOR SHARE until the transaction ends: a cancellation committing meanwhile
 * waits, so no certificate is issued on a policy cancelled under it.
 */
export function ownedPolicy(db: Queryable, userId: number, policyId: number, lock = false) {
  return policyWithOrderRow(db, policyColumns, { policyId, userId }, lock ? 'share' : undefined);
}

export type OwnedPolicy = NonNullable<Awaited<ReturnType<typeof ownedPolicy>>>;

const summaryColumns = {
  id: certificates.id,
  policyId: certificates.policyId,
  userId: certificates.userId,
  code: certificates.code,
  holderName: certificates.holderName,
  holderAddress1: certificates.holderAddress1,
  holderAddress2: certificates.holderAddress2,
  holderCity: certificates.holderCity,
  holderState: certificates.holderState,
  holderZipcode: certificates.holderZipcode,
  additionalInsured: certificates.additionalInsured,
  additionalInsuredWording: certificates.additionalInsuredWording,
  description: certificates.description,
  idempotencyKeyHash: certificates.idempotencyKeyHash,
  idempotencyRequestHash: certificates.idempotencyRequestHash,
  issuedAt: certificates.issuedAt,
  policyNumber: policies.number,
};

/** The policy's certificates, newest first. */
export function certificatesOfPolicy(db: Queryable, policyId: number): Promise<CertificateSummary[]> {
  return db
    .select(summaryColumns)
    .from(certificates)
    .innerJoin(policies, eq(policies.id, certificates.policyId))
    .where(eq(certificates.policyId, policyId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
}

/** The certificate the user issued with this Idempotency-Key, if any. */
export async function certificateWithKey(
  db: Queryable,
  userId: number,
  keyHash: string,
): Promise<CertificateSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(certificates)
    .innerJoin(policies, eq(policies.id, certificates.policyId))
    .where(and(eq(certificates.userId, userId), eq(certificates.idempotencyKeyHash, keyHash)));
  return row;
}

export async function insertCertificate(
  db: Queryable,
  values: typeof certificates.$inferInsert,
): Promise<Omit<CertificateRow, 'content'>> {
  const { content: _content, ...columns } = getTableColumns(certificates);
  const [row] = await db.insert(certificates).values(values).returning(columns);
  return row!;
}

/** The certificate's PDF and what its file is named after, when its policy's order is the user's. */
export async function ownedCertificateFile(db: Queryable, userId: number, certificateId: number) {
  const [row] = await db
    .select({
      content: certificates.content,
      code: certificates.code,
      holderName: certificates.holderName,
      policyNumber: policies.number,
    })
    .from(certificates)
    .innerJoin(policies, eq(policies.id, certificates.policyId))
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .where(and(eq(certificates.id, certificateId), eq(submissions.userId, userId)));
  return row;
}

/** The public lookup: only what a certificate's page may show, by verification code. */
export async function certificateByCode(db: Queryable, code: string) {
  const [row] = await db
    .select({
      holderName: certificates.holderName,
      status: policies.status,
      effectiveDate: policies.effectiveDate,
      expirationDate: policies.expirationDate,
      cancellationDate: policies.cancellationDate,
      perClaimLimitCents: policies.perClaimLimitCents,
      aggregateLimitCents: policies.aggregateLimitCents,
    })
    .from(certificates)
    .innerJoin(policies, eq(policies.id, certificates.policyId))
    .where(eq(certificates.code, code));
  return row;
}
