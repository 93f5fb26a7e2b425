/**
 * The documents domain's SQL: an order with the names its documents print, the documents kept at
 * issuance, the orders the documents screen lists, and a user's names. Each function is one
 * statement answering plain rows; what a document says is document-sources.ts's and the PDF
 * modules'.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SubmissionStatus } from '@shared/contract/submissions';
import type { Queryable } from '@server/db/connection';
import {
  brokers,
  documents,
  endorsements,
  invoices,
  policies,
  specialities,
  submissions,
  users,
  usStates,
} from '@server/db/schema';

/** The order (whole row) with its speciality's and state's names and its broker, if any. */
export async function orderWithNames(db: Queryable, submissionId: number) {
  const [row] = await db
    .select({
      order: submissions,
      speciality: specialities.name,
      stateName: usStates.name,
      brokerName: brokers.name,
      brokerAbbreviation: brokers.abbreviation,
    })
    .from(submissions)
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .leftJoin(usStates, eq(usStates.code, submissions.stateCode))
    .leftJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(eq(submissions.id, submissionId));
  return row;
}

/** The document of this kind kept for the order, if one was issued. */
export async function issuedDocument(
  db: Queryable,
  submissionId: number,
  type: string,
): Promise<{ filename: string; content: Buffer } | undefined> {
  const [document] = await db
    .select({ filename: documents.filename, content: documents.content })
    .from(documents)
    .where(and(eq(documents.submissionId, submissionId), eq(documents.type, type)));
  return document;
}

/** The user's orders in these statuses that have an invoice, with their policy if any, newest first. */
export function invoicedOrders(db: Queryable, userId: number, statuses: readonly SubmissionStatus[]) {
  return db
    .select({
      id: submissions.id,
      number: submissions.number,
      speciality: specialities.name,
      invoiceNumber: invoices.number,
      policyId: policies.id,
      policyNumber: policies.number,
      policyStatus: policies.status,
      cancellationDate: policies.cancellationDate,
      effectiveDate: policies.effectiveDate,
      expirationDate: policies.expirationDate,
      issuedAt: policies.issuedAt,
      invoicedAt: invoices.createdAt,
    })
    .from(submissions)
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .innerJoin(
      invoices,
      // The order's own first invoice: an endorsement's or tail's invoice is also number 1.
      and(eq(invoices.submissionId, submissions.id), eq(invoices.installmentNo, 1), isNull(invoices.endorsementId)),
    )
    .leftJoin(policies, eq(policies.submissionId, submissions.id))
    .where(and(eq(submissions.userId, userId), inArray(submissions.status, [...statuses])))
    .orderBy(desc(policies.issuedAt), desc(invoices.createdAt));
}

/** Every invoice of these orders (their own instalments, their policies' endorsements and tails), oldest first. */
export function invoicesOfOrders(db: Queryable, submissionIds: readonly number[]) {
  return db
    .select({
      id: invoices.id,
      submissionId: invoices.submissionId,
      number: invoices.number,
      installmentNo: invoices.installmentNo,
      totalCents: invoices.totalCents,
      status: invoices.status,
      dueDate: invoices.dueDate,
      scheduleLength: sql<number>`jsonb_array_length(${invoices.schedule})`.mapWith(Number),
      endorsementNumber: endorsements.number,
      endorsementKind: endorsements.kind,
    })
    .from(invoices)
    .leftJoin(endorsements, eq(endorsements.id, invoices.endorsementId))
    .where(inArray(invoices.submissionId, [...submissionIds]))
    .orderBy(asc(invoices.id));
}

/**
 * The issued endorsements of these orders' policies that have their PDF (mid-term changes,
 * cancellations with their notice, tails), oldest first: what the insured was sent and
 * documents/downloadendorsement answers. Pending, referred and declined ones were never sent.
 */
export function issuedEndorsementsOfOrders(db: Queryable, submissionIds: readonly number[]) {
  return db
    .select({
      id: endorsements.id,
      submissionId: policies.submissionId,
      number: endorsements.number,
      kind: endorsements.kind,
      effectiveDate: endorsements.effectiveDate,
    })
    .from(endorsements)
    .innerJoin(policies, eq(policies.id, endorsements.policyId))
    .where(
      and(
        inArray(policies.submissionId, [...submissionIds]),
        eq(endorsements.status, 'issued'),
        isNotNull(endorsements.content),
      ),
    )
    .orderBy(asc(endorsements.id));
}

/** One invoice, only if it is this order's (its own, or its policy's endorsement's or tail's). */
export async function invoiceOfOrder(db: Queryable, submissionId: number, invoiceId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.submissionId, submissionId)));
  return row;
}

/** The number and kind of the endorsement an invoice bills. */
export async function endorsementNumberAndKind(db: Queryable, endorsementId: number) {
  const [row] = await db
    .select({ number: endorsements.number, kind: endorsements.kind })
    .from(endorsements)
    .where(eq(endorsements.id, endorsementId));
  return row;
}

/** The documents kept under types starting with `prefix` for these orders (each notice of non-payment), oldest first. */
export function documentsOfType(db: Queryable, submissionIds: readonly number[], prefix: string) {
  return db
    .select({
      submissionId: documents.submissionId,
      type: documents.type,
      filename: documents.filename,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(and(inArray(documents.submissionId, [...submissionIds]), sql`starts_with(${documents.type}, ${prefix})`))
    .orderBy(asc(documents.id));
}

/** Which kinds of document were kept for these orders. */
export function issuedDocumentKinds(db: Queryable, submissionIds: readonly number[]) {
  return db
    .select({ submissionId: documents.submissionId, type: documents.type })
    .from(documents)
    .where(inArray(documents.submissionId, [...submissionIds]));
}

/** The user's e-mail address, names and company, as documents and mails name them. */
export async function namesOfUser(db: Queryable, userId: number) {
  const [person] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
    })
    .from(users)
    .where(eq(users.id, userId));
  return person;
}
