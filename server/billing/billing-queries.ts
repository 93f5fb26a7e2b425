/**
 * The billing domain's SQL: invoices and policies as they are read, numbered and written, the
 * documents issuance keeps, and what the policy info reads beside them. Each function is one
 * statement answering plain rows; what to invoice or issue is the rules' concern (invoices.ts,
 * issue-policy.ts, policy-info.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { dayOf, yearOf } from '@shared/calendar';
import type { Queryable, Transaction } from '@server/db/connection';
import {
  brokers,
  documents,
  invoices,
  payments,
  policies,
  rateTables,
  specialities,
  submissions,
} from '@server/db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type PolicyRow = typeof policies.$inferSelect;

/** INV-2026-000007: the year it was made and a sequence number. */
const nextInvoiceNumber = (year: number) =>
  sql<string>`(select 'INV-' || ${String(year)}::text || '-' || lpad(seq.n, greatest(6, length(seq.n)), '0') from (select nextval('invoice_number_seq')::text as n) as seq)`;

/** P-2026-000007: likewise, from the policies' own sequence. */
const nextPolicyNumber = (year: number) =>
  sql<string>`(select 'P-' || ${String(year)}::text || '-' || lpad(seq.n, greatest(6, length(seq.n)), '0') from (select nextval('policy_number_seq')::text as n) as seq)`;

/** The order's invoice (its first installment's), if it has one: not an endorsement's (issue 19). */
export async function invoiceOf(db: Queryable, submissionId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.submissionId, submissionId), eq(invoices.installmentNo, 1), isNull(invoices.endorsementId)));
  return row;
}

/** One invoice, by id (a payment's: the order's or an endorsement's). */
export async function invoiceById(db: Queryable, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** The invoice of an endorsement of the order's policy (issue 19), if it has one. */
export async function endorsementInvoice(
  db: Queryable,
  submissionId: number,
  endorsementId: number,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.submissionId, submissionId), eq(invoices.endorsementId, endorsementId)));
  return row;
}

/** Inserts an invoice, numbered INV-YYYY-NNNNNN in the year it is created. */
export async function insertInvoice(
  tx: Transaction,
  values: Omit<typeof invoices.$inferInsert, 'id' | 'number'> & { createdAt: Date },
): Promise<InvoiceRow> {
  const [invoice] = await tx
    .insert(invoices)
    .values({ ...values, number: nextInvoiceNumber(yearOf(dayOf(values.createdAt))) })
    .returning();
  return invoice!;
}

/** The invoice paid at `now`, its last failure forgotten. */
export async function markInvoicePaid(tx: Transaction, id: number, now: Date): Promise<void> {
  await tx.update(invoices).set({ status: 'paid', paidAt: now, lastFailure: null }).where(eq(invoices.id, id));
}

/** Keeps why a payment of the invoice failed, for the payment screen to say; a paid invoice keeps none. */
export async function noteInvoiceFailure(tx: Transaction, id: number, message: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ lastFailure: message })
    .where(and(eq(invoices.id, id), sql`${invoices.status} <> 'paid'`));
}

/** A rate table's factors (where its limits and deductibles are). */
export async function rateTableFactors(db: Queryable, rateTableId: number) {
  const [table] = await db
    .select({ factors: rateTables.factors })
    .from(rateTables)
    .where(eq(rateTables.id, rateTableId));
  return table?.factors;
}

/** The policy issued for the order, if any. */
export async function policyOf(db: Queryable, submissionId: number): Promise<PolicyRow | undefined> {
  const [policy] = await db.select().from(policies).where(eq(policies.submissionId, submissionId));
  return policy;
}

/** Inserts a policy, numbered P-YYYY-NNNNNN in the year it is issued. */
export async function insertPolicy(
  tx: Transaction,
  values: Omit<typeof policies.$inferInsert, 'id' | 'number'> & { issuedAt: Date },
  /** A renewal's term keeps its first term's number with a suffix (issue 20); otherwise the next. */
  number?: string,
): Promise<PolicyRow> {
  const [policy] = await tx
    .insert(policies)
    .values({ ...values, number: number ?? nextPolicyNumber(yearOf(dayOf(values.issuedAt))) })
    .returning();
  return policy!;
}

/** Keeps the documents issued with a policy. */
export async function insertDocuments(tx: Transaction, rows: (typeof documents.$inferInsert)[]): Promise<void> {
  await tx.insert(documents).values(rows);
}

/** The order's speciality and broker, by name. */
export async function specialityAndBroker(db: Queryable, submissionId: number) {
  const [facts] = await db
    .select({ specialityId: specialities.id, speciality: specialities.name, broker: brokers.name })
    .from(submissions)
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .leftJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(eq(submissions.id, submissionId));
  return facts;
}

/** The order's succeeded payment, if any. */
export async function succeededPayment(db: Queryable, submissionId: number) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.submissionId, submissionId), eq(payments.status, 'succeeded')));
  return payment;
}
