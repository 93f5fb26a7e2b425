/**
 * POST invoice/generateInvoice and GET invoice/details: an approved order's one invoice, for the
 * first installment of the payment plan it was quoted with, numbered INV-YYYY-NNNNNN, moving the
 * order to awaiting_payment (order.generateInvoice, by the insured) in the same transaction.
 * Repeating it answers the same invoice and writes nothing.
 */
import { businessToday, dayOf } from '@shared/calendar';
import type { Invoice } from '@shared/contract/billing';
import type { Calculation } from '@shared/contract/rating';
import type { LifecycleEvent } from '@shared/lifecycle/order-lifecycle.machine';
import { insertInvoice, invoiceOf, type InvoiceRow } from '@server/billing/billing-queries';
import { coverStart, installmentSchedule } from '@server/billing/installment-schedule';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/connection';
import { conflict, notFound } from '@server/http/http-error';
import { lockedOrder } from '@server/lifecycle/locked-order';
import { ownedSubmission, type SubmissionRow } from '@server/submissions/access';
import { illegalMove, moveSubmission } from '@server/submissions/lifecycle';
import { storedRating } from '@server/submissions/stored-rating';
import { callerOf } from '@server/account/plan-locations';

export type BillingDeps = { db: Database; clock: Clock };

export type { InvoiceRow };

const GENERATE: LifecycleEvent = { type: 'order.generateInvoice', actor: 'insured' };

/** Where an invoice exists and still stands: a repeat answers it. */
const INVOICED = new Set(['awaiting_payment', 'bound', 'complete']);

/** The rating the order was approved at: what is invoiced. A rated order always has one. */
export function ratingOf(row: Pick<SubmissionRow, 'worksheet' | 'number'>): Calculation {
  const rating = storedRating(row.worksheet);
  if (!rating)
    throw conflict(`Order ${row.number} has no price to invoice: change the quote to price it again`, {
      status: 'is not rated',
    });
  return rating;
}

export function planOf(rating: Calculation, paymentTerm: string | null) {
  return rating.paymentPlans.find((plan) => plan.code === paymentTerm) ?? rating.paymentPlans[0]!;
}

export function invoiceView(
  order: Pick<SubmissionRow, 'id' | 'number' | 'status' | 'version' | 'worksheet' | 'paymentTerm'>,
  invoice: InvoiceRow,
): Invoice {
  const rating = ratingOf(order);
  const plan = planOf(rating, invoice.paymentTerm ?? order.paymentTerm);
  return {
    invoiceId: invoice.id,
    number: invoice.number,
    submissionId: order.id,
    orderNumber: order.number,
    status: invoice.status === 'paid' ? 'paid' : 'open',
    orderStatus: order.status,
    orderVersion: order.version,
    paymentTerm: { code: plan.code, name: plan.name },
    premiumCents: rating.premiumCents,
    policyFeeCents: rating.policyFeeCents,
    taxCents: rating.taxCents,
    stateFeeCents: rating.stateFeeCents,
    totalCents: rating.totalCents,
    amountDueCents: invoice.totalCents,
    currency: 'USD',
    dueDate: invoice.dueDate ?? dayOf(invoice.createdAt),
    schedule: invoice.schedule,
    createdAt: invoice.createdAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    lastPaymentFailure: invoice.status === 'paid' ? null : invoice.lastFailure,
  };
}

export async function generateInvoice(deps: BillingDeps, user: AuthUser, submissionId: number): Promise<Invoice> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedOrder(tx, user, submissionId);
    const existing = await invoiceOf(tx, row.id);
    if (existing && INVOICED.has(row.status)) return invoiceView(row, existing);
    if (row.status !== 'approved') throw illegalMove(row, GENERATE.type);
    const now = deps.clock.now();
    const rating = ratingOf(row);
    const plan = planOf(rating, row.paymentTerm);
    const today = businessToday(now);
    const schedule = installmentSchedule(plan, today, coverStart(row.effectiveDate, today));
    const invoice = await insertInvoice(tx, {
      submissionId: row.id,
      installmentNo: 1,
      premiumCents: rating.premiumCents,
      feeCents: rating.policyFeeCents + rating.stateFeeCents,
      taxCents: rating.taxCents,
      totalCents: schedule[0]!.amountCents,
      dueDate: today,
      paymentTerm: plan.code,
      schedule,
      createdAt: now,
    });
    const moved = await moveSubmission(tx, user, row, now, {
      event: GENERATE,
      data: { invoiceId: invoice.id, invoiceNumber: invoice.number, amountDueCents: invoice.totalCents },
    });
    return invoiceView({ ...row, ...moved }, invoice);
  });
}

export async function invoiceDetails(deps: BillingDeps, user: AuthUser, submissionId: number): Promise<Invoice> {
  const row = await ownedSubmission(deps.db, callerOf(user), submissionId);
  const invoice = await invoiceOf(deps.db, row.id);
  if (!invoice) throw notFound(`Order ${row.number} has no invoice yet`);
  return invoiceView(row, invoice);
}
