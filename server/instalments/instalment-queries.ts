/**
 * The SQL of a payment plan's later instalments (issue 20): the policies whose plan has them,
 * their invoices, each instalment invoiced once (the order's unique key per instalment), each
 * reminder marked once (a conditional update), the notice of cancellation set and withdrawn with
 * a conditional update on the status, and what the dashboard and the broker's book read. Each
 * function is one statement; what to do when is instalment-rules.ts's, and the sweeps'.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { dayOf, yearOf } from '@shared/calendar';
import type { Queryable, Transaction } from '@server/db/connection';
import { brokers, invoices, policies, specialities, submissions, users, usStates } from '@server/db/schema';

export type InstalmentInvoiceRow = typeof invoices.$inferSelect;

/** The order's own instalments (not an endorsement's invoice). */
const ownInstalment = isNull(invoices.endorsementId);

/** Statuses a policy still collects instalments in. */
const COLLECTING = ['in_force', 'cancellation_notice'] as const;

/**
 * The policies collecting instalments whose plan has more than one: with the first invoice's
 * schedule and payment term, the order's broker (for branded links) and owner.
 */
export function collectingPolicies(db: Queryable) {
  return db
    .select({
      policyId: policies.id,
      policyNumber: policies.number,
      policyStatus: policies.status,
      expirationDate: policies.expirationDate,
      submissionId: policies.submissionId,
      userId: submissions.userId,
      schedule: invoices.schedule,
      paymentTerm: invoices.paymentTerm,
      clientUrl: brokers.clientUrl,
    })
    .from(policies)
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .innerJoin(
      invoices,
      and(eq(invoices.submissionId, policies.submissionId), eq(invoices.installmentNo, 1), ownInstalment),
    )
    .leftJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(and(inArray(policies.status, [...COLLECTING]), sql`jsonb_array_length(${invoices.schedule}) > 1`))
    .orderBy(asc(policies.id));
}

/** The instalment numbers of the orders' own invoices, by order. */
export async function invoicedInstalments(db: Queryable, submissionIds: number[]) {
  if (submissionIds.length === 0) return new Map<number, Set<number>>();
  const rows = await db
    .select({ submissionId: invoices.submissionId, installmentNo: invoices.installmentNo })
    .from(invoices)
    .where(and(inArray(invoices.submissionId, submissionIds), ownInstalment));
  const bySubmission = new Map<number, Set<number>>();
  for (const row of rows) {
    const set = bySubmission.get(row.submissionId) ?? new Set<number>();
    set.add(row.installmentNo);
    bySubmission.set(row.submissionId, set);
  }
  return bySubmission;
}

/** An order's own invoices, every instalment, in order. */
export function instalmentInvoicesOf(db: Queryable, submissionId: number) {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.submissionId, submissionId), ownInstalment))
    .orderBy(asc(invoices.installmentNo));
}

/**
 * The instalment's invoice, numbered INV-YYYY-NNNNNN, unless it exists: answers it when this
 * call made it and undefined when another (a second sweep, a retry) did first — the unique key
 * (submission_id, installment_no) of the order's own invoices decides, so it is made once.
 */
export async function insertInstalmentInvoice(
  tx: Transaction,
  values: Omit<typeof invoices.$inferInsert, 'id' | 'number'> & { createdAt: Date },
): Promise<InstalmentInvoiceRow | undefined> {
  const year = String(yearOf(dayOf(values.createdAt)));
  const [row] = await tx
    .insert(invoices)
    .values({
      ...values,
      number: sql<string>`(select 'INV-' || ${year}::text || '-' || lpad(seq.n, greatest(6, length(seq.n)), '0') from (select nextval('invoice_number_seq')::text as n) as seq)`,
    })
    .onConflictDoNothing({ target: [invoices.submissionId, invoices.installmentNo], where: ownInstalment })
    .returning();
  return row;
}

/** Later instalments unpaid and due on or before `lastDueDate`, of policies still collecting. */
export function unpaidLaterInstalments(db: Queryable, lastDueDate: string) {
  return db
    .select({
      invoice: invoices,
      policyId: policies.id,
      policyNumber: policies.number,
      policyStatus: policies.status,
      noticeInvoiceId: policies.noticeInvoiceId,
      stateCode: submissions.stateCode,
      clientUrl: brokers.clientUrl,
    })
    .from(invoices)
    .innerJoin(policies, eq(policies.submissionId, invoices.submissionId))
    .innerJoin(submissions, eq(submissions.id, invoices.submissionId))
    .leftJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(
      and(
        ownInstalment,
        gt(invoices.installmentNo, 1),
        eq(invoices.status, 'open'),
        sql`${invoices.dueDate} <= ${lastDueDate}`,
        inArray(policies.status, [...COLLECTING]),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
}

/** Marks a reminder sent, once: answers false when it was marked before (by another sweep). */
export async function markReminded(
  tx: Transaction,
  invoiceId: number,
  which: 'before' | 'after',
  now: Date,
): Promise<boolean> {
  const column = which === 'before' ? invoices.remindedBeforeAt : invoices.remindedAfterAt;
  const rows = await tx
    .update(invoices)
    .set(which === 'before' ? { remindedBeforeAt: now } : { remindedAfterAt: now })
    .where(and(eq(invoices.id, invoiceId), isNull(column), eq(invoices.status, 'open')))
    .returning({ id: invoices.id });
  return rows.length === 1;
}

/** The policy's row held FOR UPDATE to the transaction's end, with its state's notice days. */
export async function lockPolicy(tx: Transaction, policyId: number) {
  const [row] = await tx
    .select({
      id: policies.id,
      number: policies.number,
      status: policies.status,
      submissionId: policies.submissionId,
      userId: submissions.userId,
      effectiveDate: policies.effectiveDate,
      expirationDate: policies.expirationDate,
      noticeInvoiceId: policies.noticeInvoiceId,
      noticeEndDate: policies.noticeEndDate,
      stateNoticeDays: usStates.nonPaymentNoticeDays,
    })
    .from(policies)
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .leftJoin(usStates, eq(usStates.code, submissions.stateCode))
    .where(eq(policies.id, policyId))
    .for('update', { of: policies });
  return row;
}

/** The notice of cancellation set, only on a policy in force (false when it was not). */
export async function setNotice(
  tx: Transaction,
  policyId: number,
  notice: { invoiceId: number; sentAt: Date; endDate: string },
): Promise<boolean> {
  const rows = await tx
    .update(policies)
    .set({
      status: 'cancellation_notice',
      noticeInvoiceId: notice.invoiceId,
      noticeSentAt: notice.sentAt,
      noticeEndDate: notice.endDate,
    })
    .where(and(eq(policies.id, policyId), eq(policies.status, 'in_force')))
    .returning({ id: policies.id });
  return rows.length === 1;
}

/** The notice withdrawn (the arrears paid): back in force, only from under the notice. */
export async function withdrawNotice(tx: Transaction, policyId: number): Promise<boolean> {
  const rows = await tx
    .update(policies)
    .set({ status: 'in_force', noticeInvoiceId: null, noticeSentAt: null, noticeEndDate: null })
    .where(and(eq(policies.id, policyId), eq(policies.status, 'cancellation_notice')))
    .returning({ id: policies.id });
  return rows.length === 1;
}

/** Policies whose notice ended on or before `today`, still under it. */
export function endedNotices(db: Queryable, today: string) {
  return db
    .select({ policyId: policies.id })
    .from(policies)
    .where(and(eq(policies.status, 'cancellation_notice'), sql`${policies.noticeEndDate} <= ${today}`))
    .orderBy(asc(policies.id));
}

/** The order's later instalments still open, voided (the policy is cancelled: they are never due). */
export async function voidOpenInstalments(tx: Transaction, submissionId: number): Promise<number[]> {
  const rows = await tx
    .update(invoices)
    .set({ status: 'void' })
    .where(
      and(
        eq(invoices.submissionId, submissionId),
        ownInstalment,
        gt(invoices.installmentNo, 1),
        eq(invoices.status, 'open'),
      ),
    )
    .returning({ id: invoices.id });
  return rows.map((row) => row.id);
}

/** The order's later instalments unpaid and due before `before` (still in arrears). */
export async function arrearsOf(tx: Queryable, submissionId: number, before: string) {
  return tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.submissionId, submissionId),
        ownInstalment,
        gt(invoices.installmentNo, 1),
        ne(invoices.status, 'paid'),
        lt(invoices.dueDate, before),
      ),
    );
}

/** The insured's policies with their plan's first invoice (schedule and term), newest first. */
export function policiesWithPlans(db: Queryable, userId: number) {
  return db
    .select({
      policyId: policies.id,
      policyNumber: policies.number,
      policyStatus: policies.status,
      noticeEndDate: policies.noticeEndDate,
      cancellationDate: policies.cancellationDate,
      submissionId: policies.submissionId,
      speciality: specialities.name,
      schedule: invoices.schedule,
      paymentTerm: invoices.paymentTerm,
      worksheet: submissions.worksheet,
      orderNumber: submissions.number,
    })
    .from(policies)
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .innerJoin(
      invoices,
      and(eq(invoices.submissionId, policies.submissionId), eq(invoices.installmentNo, 1), ownInstalment),
    )
    .where(and(eq(submissions.userId, userId), sql`jsonb_array_length(${invoices.schedule}) > 1`))
    .orderBy(desc(policies.id));
}

/** One of the order's own instalment invoices, with its policy, when the order is the user's. */
export async function usersInstalment(db: Queryable, userId: number, invoiceId: number) {
  const [row] = await db
    .select({
      invoice: invoices,
      policyId: policies.id,
      policyNumber: policies.number,
      policyStatus: policies.status,
      noticeEndDate: policies.noticeEndDate,
      submissionId: submissions.id,
      speciality: specialities.name,
    })
    .from(invoices)
    .innerJoin(submissions, eq(submissions.id, invoices.submissionId))
    .innerJoin(policies, eq(policies.submissionId, submissions.id))
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .where(and(eq(invoices.id, invoiceId), ownInstalment, eq(submissions.userId, userId)));
  return row;
}

/** The broker's policies with a later instalment unpaid past its due date, most overdue first. */
export function overdueOfBroker(db: Queryable, brokerId: number, today: string) {
  return db
    .select({
      policyId: policies.id,
      policyNumber: policies.number,
      policyStatus: policies.status,
      noticeEndDate: policies.noticeEndDate,
      submissionId: submissions.id,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      email: users.email,
      installmentNo: invoices.installmentNo,
      invoiceNumber: invoices.number,
      amountCents: invoices.totalCents,
      dueDate: invoices.dueDate,
    })
    .from(invoices)
    .innerJoin(submissions, eq(submissions.id, invoices.submissionId))
    .innerJoin(policies, eq(policies.submissionId, submissions.id))
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(
      and(
        eq(submissions.brokerId, brokerId),
        ownInstalment,
        gt(invoices.installmentNo, 1),
        eq(invoices.status, 'open'),
        sql`${invoices.dueDate} < ${today}`,
        inArray(policies.status, [...COLLECTING]),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
}
