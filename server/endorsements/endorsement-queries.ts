/**
 * The SQL of mid-term changes: the insured's policy with what its order was priced with (owned
 * through the order, as everywhere), the update lock an endorsement holds on it, the endorsements
 * themselves with their invoices, and the policy's documents as an endorsement reissues them.
 * Each function is one statement answering plain rows; the rules are endorsements.ts's.
 */
import { and, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { policyWithOrderRow } from '@server/policies/policy-queries';
import type { Queryable } from '@server/db/connection';
import { brokers, documents, endorsements, invoices, locations, policies, submissions, users } from '@server/db/schema';

export type EndorsementRow = typeof endorsements.$inferSelect;
/** An endorsement without its PDF, with its invoice's id and number when it has one. */
export type EndorsementSummary = Omit<EndorsementRow, 'content'> & {
  hasDocument: boolean;
  invoiceId: number | null;
  invoiceNumber: string | null;
};

/**
 * The policy and its order (what it was priced with), when the order is the user's. With `lock`,
 * the policy's row is held FOR UPDATE until the transaction ends, so endorsements (and a
 * cancellation) of one policy take their turns: each is priced on what the one before left.
 */
export function ownedPolicyWithOrder(db: Queryable, userId: number, policyId: number, lock = false) {
  return policyWithOrderRow(
    db,
    { policy: policies, order: submissions },
    { policyId, userId },
    lock ? 'update' : undefined,
  );
}

export type OwnedPolicyWithOrder = NonNullable<Awaited<ReturnType<typeof ownedPolicyWithOrder>>>;

/** The policy and its order, whoever owns it, its row held FOR UPDATE (issuing an endorsement). */
export function policyWithOrder(db: Queryable, policyId: number): Promise<OwnedPolicyWithOrder | undefined> {
  return policyWithOrderRow(db, { policy: policies, order: submissions }, { policyId }, 'update');
}

/** One endorsement, as stored. */
export async function endorsementRow(db: Queryable, id: number): Promise<EndorsementRow | undefined> {
  const [row] = await db.select().from(endorsements).where(eq(endorsements.id, id));
  return row;
}

const { content: _content, ...rowColumns } = getTableColumns(endorsements);
const summaryColumns = {
  ...rowColumns,
  invoiceId: invoices.id,
  invoiceNumber: invoices.number,
};

const summaryOf = (row: Omit<EndorsementSummary, 'hasDocument'>, hasDocument: boolean): EndorsementSummary => ({
  ...row,
  hasDocument,
});

/** The policy's endorsements, newest first. */
export async function endorsementsOfPolicy(db: Queryable, policyId: number): Promise<EndorsementSummary[]> {
  const rows = await db
    .select({ ...summaryColumns, hasContent: sql<boolean>`${endorsements.content} is not null` })
    .from(endorsements)
    .leftJoin(invoices, eq(invoices.endorsementId, endorsements.id))
    .where(eq(endorsements.policyId, policyId))
    .orderBy(desc(endorsements.id));
  return rows.map(({ hasContent, ...row }) => summaryOf(row, Boolean(hasContent)));
}

/** One endorsement as summarised, by id. */
export async function endorsementSummary(db: Queryable, id: number): Promise<EndorsementSummary | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, hasContent: sql<boolean>`${endorsements.content} is not null` })
    .from(endorsements)
    .leftJoin(invoices, eq(invoices.endorsementId, endorsements.id))
    .where(eq(endorsements.id, id));
  if (!row) return undefined;
  const { hasContent, ...rest } = row;
  return summaryOf(rest, Boolean(hasContent));
}

/** The endorsement the user asked for with this Idempotency-Key, if any. */
export async function endorsementWithKey(db: Queryable, userId: number, keyHash: string) {
  const [row] = await db
    .select({ id: endorsements.id, idempotencyRequestHash: endorsements.idempotencyRequestHash })
    .from(endorsements)
    .where(and(eq(endorsements.userId, userId), eq(endorsements.idempotencyKeyHash, keyHash)));
  return row;
}

/** How many history rows the policy has: the next one's number follows. */
export async function endorsementCount(db: Queryable, policyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(endorsements).where(eq(endorsements.policyId, policyId));
  return row?.n ?? 0;
}

/** The policy's endorsements waiting for their additional premium. */
export function awaitingPayment(db: Queryable, policyId: number) {
  return db
    .select({ id: endorsements.id, number: endorsements.number, totalChangeCents: endorsements.totalChangeCents })
    .from(endorsements)
    .where(and(eq(endorsements.policyId, policyId), eq(endorsements.status, 'awaiting_payment')));
}

/** The policy's issued endorsements, oldest first, with what they changed. */
export function issuedEndorsements(db: Queryable, policyId: number) {
  return db
    .select({
      number: endorsements.number,
      kind: endorsements.kind,
      effectiveDate: endorsements.effectiveDate,
      changes: endorsements.changes,
    })
    .from(endorsements)
    .where(and(eq(endorsements.policyId, policyId), eq(endorsements.status, 'issued')))
    .orderBy(endorsements.id);
}

export async function insertEndorsement(db: Queryable, values: typeof endorsements.$inferInsert): Promise<number> {
  const [row] = await db.insert(endorsements).values(values).returning({ id: endorsements.id });
  return row!.id;
}

export async function updateEndorsement(
  db: Queryable,
  id: number,
  changes: Partial<typeof endorsements.$inferInsert>,
): Promise<void> {
  await db.update(endorsements).set(changes).where(eq(endorsements.id, id));
}

export async function updatePolicy(
  db: Queryable,
  id: number,
  changes: Partial<typeof policies.$inferInsert>,
): Promise<typeof policies.$inferSelect> {
  const [row] = await db.update(policies).set(changes).where(eq(policies.id, id)).returning();
  return row!;
}

/**
 * Keeps a new version of one of the order's documents (declarations, policy): the one current
 * copy of its kind is replaced. With `onlyIfPresent`, a kind the order never had is not added.
 */
export async function replaceDocument(
  db: Queryable,
  values: { submissionId: number; policyId: number; type: string; filename: string; content: Buffer; createdAt: Date },
  onlyIfPresent = false,
): Promise<void> {
  const { submissionId, type, ...rest } = values;
  const updated = await db
    .update(documents)
    .set(rest)
    .where(and(eq(documents.submissionId, submissionId), eq(documents.type, type)))
    .returning({ id: documents.id });
  if (updated.length || onlyIfPresent) return;
  await db.insert(documents).values(values);
}

/** The endorsement's order, number and status, when its policy's order is the user's. */
export async function ownedEndorsement(db: Queryable, userId: number, endorsementId: number) {
  const [row] = await db
    .select({
      number: endorsements.number,
      status: endorsements.status,
      kind: endorsements.kind,
      policyId: endorsements.policyId,
      submissionId: submissions.id,
    })
    .from(endorsements)
    .innerJoin(policies, eq(policies.id, endorsements.policyId))
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .where(and(eq(endorsements.id, endorsementId), eq(submissions.userId, userId)));
  return row;
}

/** The endorsement's PDF and number, when its policy's order is the user's. */
export async function ownedEndorsementFile(db: Queryable, userId: number, endorsementId: number) {
  const [row] = await db
    .select({ content: endorsements.content, number: endorsements.number })
    .from(endorsements)
    .innerJoin(policies, eq(policies.id, endorsements.policyId))
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .where(and(eq(endorsements.id, endorsementId), eq(submissions.userId, userId)));
  return row;
}

/** The user's master location at exactly this address, if they have one. */
export async function locationAt(
  db: Queryable,
  userId: number,
  address: { address1: string; address2: string | null; city: string; state: string; zipcode: string },
) {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.userId, userId),
        eq(locations.address1, address.address1),
        address.address2 === null ? isNull(locations.address2) : eq(locations.address2, address.address2),
        eq(locations.city, address.city),
        eq(locations.state, address.state),
        eq(locations.zipcode, address.zipcode),
      ),
    )
    .orderBy(desc(locations.isPrimary), locations.id)
    .limit(1);
  return row;
}

/** Where an order's mail goes: its insured's address and first name, and its broker's, if any. */
export async function orderMailTargets(db: Queryable, submissionId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      brokerEmail: brokers.email,
      clientUrl: brokers.clientUrl,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .leftJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(eq(submissions.id, submissionId));
  return row;
}

/** The insured's name as their account keeps it for the policy (the company name the documents print). */
export async function setInsuredName(db: Queryable, userId: number, name: string, now: Date): Promise<void> {
  await db.update(users).set({ companyName: name, updatedAt: now }).where(eq(users.id, userId));
}

/** The policy's change waiting for its premium or for the underwriter, if any. */
export function pendingChanges(db: Queryable, policyId: number) {
  return db
    .select({ id: endorsements.id, number: endorsements.number, status: endorsements.status })
    .from(endorsements)
    .where(
      and(eq(endorsements.policyId, policyId), inArray(endorsements.status, ['awaiting_payment', 'referred'] as const)),
    );
}

/** Every referred endorsement, oldest first, with its policy's number, order and owner. */
export async function referredEndorsements(db: Queryable) {
  const rows = await db
    .select({
      ...summaryColumns,
      hasContent: sql<boolean>`${endorsements.content} is not null`,
      policyNumber: policies.number,
      policyEffectiveDate: policies.effectiveDate,
      policyExpirationDate: policies.expirationDate,
      submissionId: policies.submissionId,
      ownerId: submissions.userId,
    })
    .from(endorsements)
    .innerJoin(policies, eq(policies.id, endorsements.policyId))
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .leftJoin(invoices, eq(invoices.endorsementId, endorsements.id))
    .where(eq(endorsements.status, 'referred'))
    .orderBy(endorsements.id);
  return rows.map(
    ({ hasContent, policyNumber, policyEffectiveDate, policyExpirationDate, submissionId, ownerId, ...row }) => ({
      summary: summaryOf(row, Boolean(hasContent)),
      policyNumber,
      period: { effectiveDate: policyEffectiveDate, expirationDate: policyExpirationDate },
      submissionId,
      ownerId,
    }),
  );
}

/** The endorsement's policy and that policy's owner (whoever it is), for the underwriter's decision. */
export async function endorsementOwner(db: Queryable, id: number) {
  const [row] = await db
    .select({ policyId: endorsements.policyId, ownerId: submissions.userId })
    .from(endorsements)
    .innerJoin(policies, eq(policies.id, endorsements.policyId))
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .where(eq(endorsements.id, id));
  return row;
}
