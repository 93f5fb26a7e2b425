/**
 * The payments domain's SQL: payment rows as a checkout opens, continues and ends them, as a
 * provider's word settles them (the owner, order and payment locked in that order), the webhook
 * deliveries recorded once, and what the checkout and the confirmation mail name. Each function
 * is one statement answering plain rows; what a payment does is checkout.ts's and settle.ts's.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Queryable, Transaction } from '@server/db/connection';
import { paymentWebhookEvents, payments, specialities, submissions, users } from '@server/db/schema';
import { submissionColumns, type SubmissionRow } from '@server/submissions/access';

export type PaymentRow = typeof payments.$inferSelect;
type PaymentChanges = Partial<typeof payments.$inferInsert>;

/** The payment made under this idempotency key (hashed with its user), if any. */
export async function paymentWithKey(db: Queryable, idempotencyKey: string): Promise<PaymentRow | undefined> {
  const [earlier] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
  return earlier;
}

/** The invoice's newest payment with this provider still waiting for money, if any. */
export async function pendingPaymentOfInvoice(
  db: Queryable,
  invoiceId: number,
  provider: string,
): Promise<PaymentRow | undefined> {
  const [open] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.provider, provider), eq(payments.status, 'pending')))
    .orderBy(desc(payments.id))
    .limit(1);
  return open;
}

export async function insertPayment(tx: Transaction, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [payment] = await tx.insert(payments).values(values).returning();
  return payment!;
}

export async function updatePayment(db: Queryable, id: number, changes: PaymentChanges): Promise<void> {
  await db.update(payments).set(changes).where(eq(payments.id, id));
}

/** Changes the payment only while it is still pending (a settlement may have got there first). */
export async function updatePendingPayment(db: Queryable, id: number, changes: PaymentChanges): Promise<void> {
  await db
    .update(payments)
    .set(changes)
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
}

/** Changes the payment only while it is pending and has no provider session yet. */
export async function updatePendingPaymentWithoutSession(
  db: Queryable,
  id: number,
  changes: PaymentChanges,
): Promise<void> {
  await db
    .update(payments)
    .set(changes)
    .where(and(eq(payments.id, id), eq(payments.status, 'pending'), isNull(payments.providerRef)));
}

/** Ends the order's payments with this provider still pending; answers them with their sessions. */
export function endPendingPaymentsOfOrder(
  db: Queryable,
  submissionId: number,
  provider: string,
  changes: PaymentChanges,
) {
  return db
    .update(payments)
    .set(changes)
    .where(
      and(eq(payments.submissionId, submissionId), eq(payments.provider, provider), eq(payments.status, 'pending')),
    )
    .returning({ id: payments.id, providerRef: payments.providerRef });
}

/** Marks the invoice's other checkouts still pending superseded: they can no longer bind. */
export async function supersedePendingPayments(tx: Transaction, invoiceId: number): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'superseded' })
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'pending')));
}

/** The order's payment for this provider session, the newest if several. */
export async function paymentOfOrderSession(
  db: Queryable,
  submissionId: number,
  sessionId: string,
  provider: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.submissionId, submissionId),
        eq(payments.providerRef, sessionId),
        eq(payments.provider, provider),
      ),
    )
    .orderBy(desc(payments.id));
  return payment;
}

/** The payment a provider's session is for, if any. */
export async function paymentOfSession(
  db: Queryable,
  provider: string,
  sessionId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, sessionId)));
  return row;
}

/** The payment with this id made through this provider, if any. */
export async function paymentOfProvider(db: Queryable, id: number, provider: string): Promise<PaymentRow | undefined> {
  const [found] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.provider, provider)));
  return found;
}

/** The order's owner (null for a visitor's quote), if there is such an order. */
export async function orderOwner(db: Queryable, submissionId: number): Promise<number | null | undefined> {
  const [owner] = await db
    .select({ userId: submissions.userId })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  return owner?.userId;
}

/** Inside `tx`: the order FOR UPDATE. */
export async function lockOrderRow(tx: Transaction, submissionId: number): Promise<SubmissionRow | undefined> {
  const [order] = await tx
    .select(submissionColumns)
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .for('update');
  return order;
}

/** Inside `tx`: the payment FOR UPDATE. */
export async function lockPaymentRow(tx: Transaction, id: number): Promise<PaymentRow | undefined> {
  const [locked] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return locked;
}

/** Records a webhook delivery by its event id; false when it was recorded before (a redelivery). */
export async function insertWebhookDelivery(
  tx: Transaction,
  values: typeof paymentWebhookEvents.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentWebhookEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.id });
  return inserted.length > 0;
}

export async function setWebhookOutcome(
  tx: Transaction,
  provider: string,
  eventId: string,
  outcome: string,
): Promise<void> {
  await tx
    .update(paymentWebhookEvents)
    .set({ outcome })
    .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, eventId)));
}

/** The insured's address and first name, the order's number and speciality: what the confirmation mail says. */
export async function confirmationFacts(db: Queryable, submissionId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      number: submissions.number,
      speciality: specialities.name,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .where(eq(submissions.id, submissionId));
  return row;
}
