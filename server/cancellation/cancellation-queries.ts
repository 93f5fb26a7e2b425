/**
 * The SQL of cancellation with tail cover: the insured's policy with what prices its return (the
 * order's rating and answers, the rate table it was priced with and its state's option), locked
 * for a change; the policy's annual premium after its last change; its endorsements, numbered
 * after it; the policy cancelled; the notice kept. Each function is one statement answering plain
 * rows; what is allowed and what it costs are cancellation.ts's and cancellation-rules.ts's.
 */
import { and, count, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { EndorsementChange } from '@shared/contract/endorsements';
import { PENDING_CHANGE_STATUSES } from '@server/endorsements/endorsement-withdrawal';
import { policyWithOrderRow } from '@server/policies/policy-queries';
import type { Queryable, Transaction } from '@server/db/connection';
import { documents, endorsements, invoices, policies, rateTables, submissions, usStates } from '@server/db/schema';

export type EndorsementRow = Omit<typeof endorsements.$inferSelect, 'content'>;

const policyColumns = {
  id: policies.id,
  number: policies.number,
  status: policies.status,
  effectiveDate: policies.effectiveDate,
  expirationDate: policies.expirationDate,
  cancellationDate: policies.cancellationDate,
  cancellationReason: policies.cancellationReason,
  cancelledAt: policies.cancelledAt,
  submissionId: policies.submissionId,
  orderNumber: submissions.number,
  worksheet: submissions.worksheet,
  applicationAnswers: submissions.applicationAnswers,
  stateCode: submissions.stateCode,
};

/**
 * The policy with its order's rating and answers, when the order is the user's. With `lock`, the
 * policy's row is held FOR NO KEY UPDATE until the transaction ends: a second cancellation, an
 * endorsement or a certificate (FOR SHARE) on the same policy waits, then sees the cancellation.
 */
export function cancellablePolicy(db: Queryable, userId: number, policyId: number, lock = false) {
  return policyWithOrderRow(db, policyColumns, { policyId, userId }, lock ? 'no key update' : undefined);
}

export type CancellablePolicy = NonNullable<Awaited<ReturnType<typeof cancellablePolicy>>>;

/** The same, by id alone (a payment settling a tail), with the order's insured. */
export function policyById(db: Queryable, policyId: number) {
  return policyWithOrderRow(db, { ...policyColumns, userId: submissions.userId }, { policyId });
}

/** The rate table's fees, taxes and tail percentages, and its state's short-rate option. */
export async function cancellationTable(db: Queryable, rateTableId: number) {
  const [row] = await db
    .select({
      policyFeeCents: rateTables.policyFeeCents,
      taxRateBps: rateTables.taxRateBps,
      feeRateBps: rateTables.feeRateBps,
      erpPercentBps: rateTables.erpPercentBps,
      shortRate: usStates.shortRateCancellation,
    })
    .from(rateTables)
    .innerJoin(usStates, eq(usStates.code, rateTables.stateCode))
    .where(eq(rateTables.id, rateTableId));
  return row;
}

/** The annual premium after the policy's last issued change, if it has had one. */
export async function annualPremiumAfterChanges(db: Queryable, policyId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ cents: endorsements.annualPremiumAfterCents })
    .from(endorsements)
    .where(and(eq(endorsements.policyId, policyId), eq(endorsements.kind, 'change'), eq(endorsements.status, 'issued')))
    .orderBy(desc(endorsements.id))
    .limit(1);
  return row?.cents;
}

/** How many endorsements the policy has: the next is numbered one more (under the policy's lock). */
export async function endorsementCount(tx: Transaction, policyId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(endorsements).where(eq(endorsements.policyId, policyId));
  return row!.n;
}

const { content: _content, ...endorsementColumns } = getTableColumns(endorsements);

export async function insertEndorsement(
  tx: Transaction,
  values: typeof endorsements.$inferInsert,
): Promise<EndorsementRow> {
  const [row] = await tx.insert(endorsements).values(values).returning(endorsementColumns);
  return row!;
}

/** The endorsement of `kind` the user made with this Idempotency-Key, if any. */
export async function endorsementWithKey(db: Queryable, userId: number, keyHash: string) {
  const [row] = await db
    .select(endorsementColumns)
    .from(endorsements)
    .where(and(eq(endorsements.userId, userId), eq(endorsements.idempotencyKeyHash, keyHash)));
  return row;
}

export async function endorsementById(db: Queryable, id: number) {
  const [row] = await db.select(endorsementColumns).from(endorsements).where(eq(endorsements.id, id));
  return row;
}

/** A tail paid for: issued now, with its PDF. */
export async function markTailIssued(tx: Transaction, id: number, content: Buffer, now: Date): Promise<void> {
  await tx
    .update(endorsements)
    .set({ status: 'issued', issuedAt: now, content })
    .where(and(eq(endorsements.id, id), eq(endorsements.status, 'awaiting_payment')));
}

/** The policy's tail still standing (any but a declined one), if it has one. */
export async function standingTail(db: Queryable, policyId: number) {
  const [row] = await db
    .select(endorsementColumns)
    .from(endorsements)
    .where(and(eq(endorsements.policyId, policyId), eq(endorsements.kind, 'tail'), ne(endorsements.status, 'declined')))
    .limit(1);
  return row;
}

/** The policy's cancellation (its issued endorsement of kind cancellation), if it is cancelled. */
export async function cancellationEndorsement(db: Queryable, policyId: number) {
  const [row] = await db
    .select(endorsementColumns)
    .from(endorsements)
    .where(
      and(
        eq(endorsements.policyId, policyId),
        eq(endorsements.kind, 'cancellation'),
        eq(endorsements.status, 'issued'),
      ),
    )
    .orderBy(desc(endorsements.id))
    .limit(1);
  return row;
}

/** The invoice billing an endorsement. */
export async function invoiceOfEndorsement(db: Queryable, endorsementId: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.endorsementId, endorsementId));
  return row;
}

/**
 * The policy's changes still pending — with the underwriter (referred) or waiting for their
 * additional premium — withdrawn: declined, their history gaining `withdrawal` (why, in the
 * insured's words), and the open invoice of any voided. A cancelled policy takes no more changes
 * (server/endorsements/endorsement-withdrawal.ts). Answers their numbers.
 */
export async function declinePendingChanges(
  tx: Transaction,
  policyId: number,
  withdrawal: EndorsementChange[],
): Promise<string[]> {
  const rows = await tx
    .update(endorsements)
    .set({ status: 'declined', changes: sql`${endorsements.changes} || ${JSON.stringify(withdrawal)}::jsonb` })
    .where(
      and(
        eq(endorsements.policyId, policyId),
        eq(endorsements.kind, 'change'),
        inArray(endorsements.status, [...PENDING_CHANGE_STATUSES]),
      ),
    )
    .returning({ id: endorsements.id, number: endorsements.number });
  if (rows.length) {
    await tx
      .update(invoices)
      .set({ status: 'void' })
      .where(
        and(
          inArray(
            invoices.endorsementId,
            rows.map((row) => row.id),
          ),
          eq(invoices.status, 'open'),
        ),
      );
  }
  return rows.map((row) => row.number);
}

/** The policy cancelled from `cancellationDate`. */
export async function markCancelled(
  tx: Transaction,
  policyId: number,
  values: { cancellationDate: string; cancellationReason: string | null; cancelledAt: Date },
): Promise<void> {
  await tx
    .update(policies)
    .set({ status: 'cancelled', ...values })
    .where(eq(policies.id, policyId));
}

export async function insertDocument(tx: Transaction, values: typeof documents.$inferInsert): Promise<void> {
  await tx.insert(documents).values(values);
}
