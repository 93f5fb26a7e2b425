/**
 * Gathers what each document is drawn from (server/documents/document-data.ts) out of the
 * database: the order, its rating as approved, the policy as issued, the invoice, the named
 * insured and the broker, with the configured insurer (Config.trust) the caller hands in. Pure
 * reads; the PDF modules do the drawing.
 */
import { dayOf } from '@shared/calendar';
import type { Calculation } from '@shared/contract/rating';
import type { Trust } from '@shared/contract/runtime-config';
import type { Queryable } from '@server/db/connection';
import type { submissions } from '@server/db/schema';
import type {
  Broker,
  InvoiceBills,
  InvoiceDocumentData,
  OrderSummaryData,
  PolicyDocumentData,
  PriceBreakdown,
} from '@server/documents/document-data';
import { endorsementNumberAndKind, orderWithNames } from '@server/documents/documents-queries';
import { coveredLocations, namedInsured } from '@server/documents/named-insured';
import { policyOf, type InvoiceRow, type PolicyRow } from '@server/billing/billing-queries';
import { planOf } from '@server/billing/invoices';
import { retroactiveDate } from '@server/billing/retroactive-date';
import { orderQuestions } from '@server/lifecycle/required-items';
import { storedRating } from '@server/submissions/stored-rating';

export const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  quoted: 'Quoted',
  checks: 'Being checked',
  incomplete: 'Incomplete',
  underwriter_review: 'With an underwriter',
  missing_info: 'More information needed',
  application_under_review: 'Application under review',
  approved: 'Approved',
  declined: 'Declined',
  awaiting_payment: 'Awaiting payment',
  bound: 'Bound',
  complete: 'Complete',
  close_lost: 'Closed',
};

type OrderFacts = {
  order: typeof submissions.$inferSelect;
  rating: Calculation | null;
  speciality: string;
  stateName: string;
  broker: Broker | null;
};

async function orderFacts(db: Queryable, submissionId: number): Promise<OrderFacts> {
  const row = await orderWithNames(db, submissionId);
  if (!row) throw new Error(`No submission ${submissionId}`);
  return {
    order: row.order,
    rating: storedRating(row.order.worksheet),
    speciality: row.speciality,
    stateName: row.stateName ?? row.order.stateCode ?? '',
    broker: row.brokerName ? { name: row.brokerName, abbreviation: row.brokerAbbreviation } : null,
  };
}

const priceOf = (rating: Calculation): PriceBreakdown => ({
  premiumCents: rating.premiumCents,
  policyFeeCents: rating.policyFeeCents,
  taxCents: rating.taxCents,
  stateFeeCents: rating.stateFeeCents,
  totalCents: rating.totalCents,
});

export async function policyDocumentData(db: Queryable, policy: PolicyRow, trust: Trust): Promise<PolicyDocumentData> {
  const facts = await orderFacts(db, policy.submissionId);
  const rating = facts.rating!;
  const insured = await namedInsured(db, policy.userId ?? facts.order.userId!, policy.submissionId);
  return {
    policyNumber: policy.number,
    orderNumber: facts.order.number,
    specialityName: facts.speciality,
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    retroactiveDate: retroactiveDate(policy.effectiveDate, facts.order.applicationAnswers),
    issuedAt: policy.issuedAt,
    namedInsured: { name: insured.name, addressLines: insured.addressLines },
    insuredEmail: insured.email,
    locations: await coveredLocations(db, policy.submissionId),
    stateName: facts.stateName,
    broker: facts.broker,
    limit: {
      label: rating.limit.label,
      perClaimCents: policy.perClaimLimitCents,
      aggregateCents: policy.aggregateLimitCents,
    },
    deductible: { label: rating.deductible.label, amountCents: policy.deductibleCents },
    price: priceOf(rating),
    paymentTermName: planOf(rating, facts.order.paymentTerm).name,
    adjustmentBps: rating.adjustmentBps ?? null,
    trust,
  };
}

/** What the invoice bills when it is not the order's first (an endorsement's, a tail's, a later instalment). */
async function invoiceBills(db: Queryable, invoice: InvoiceRow): Promise<InvoiceBills | undefined> {
  if (invoice.endorsementId !== null) {
    const endorsement = await endorsementNumberAndKind(db, invoice.endorsementId);
    return {
      kind: endorsement?.kind === 'tail' ? 'tail' : 'endorsement',
      endorsementNumber: endorsement?.number ?? '',
      premiumCents: invoice.premiumCents,
      feeCents: invoice.feeCents,
      taxCents: invoice.taxCents,
    };
  }
  return invoice.installmentNo > 1 ? { kind: 'instalment', installmentNo: invoice.installmentNo } : undefined;
}

export async function invoiceDocumentData(
  db: Queryable,
  invoice: InvoiceRow,
  trust: Trust,
): Promise<InvoiceDocumentData> {
  const facts = await orderFacts(db, invoice.submissionId);
  const rating = facts.rating!;
  const policy = await policyOf(db, invoice.submissionId);
  const insured = await namedInsured(db, facts.order.userId!, invoice.submissionId);
  const effective = policy?.effectiveDate ?? facts.order.effectiveDate ?? invoice.dueDate ?? '';
  const bills = await invoiceBills(db, invoice);
  return {
    invoiceNumber: invoice.number,
    orderNumber: facts.order.number,
    policyNumber: policy?.number ?? null,
    specialityName: facts.speciality,
    createdAt: invoice.createdAt,
    dueDate: invoice.dueDate ?? dayOf(invoice.createdAt),
    // The order's first invoice is never voided; the others say so when they are.
    status: invoice.status === 'paid' ? 'paid' : bills && invoice.status === 'void' ? 'void' : 'open',
    paidAt: invoice.paidAt,
    billTo: { name: insured.name, addressLines: insured.addressLines },
    broker: facts.broker,
    effectiveDate: effective,
    expirationDate: policy?.expirationDate ?? '',
    price: priceOf(rating),
    paymentTermName: planOf(rating, invoice.paymentTerm ?? facts.order.paymentTerm).name,
    amountDueCents: invoice.totalCents,
    schedule: invoice.schedule,
    ...(bills ? { bills } : {}),
    trust,
  };
}

const answerText = (value: unknown, options: Array<{ value: string; label: string }>): string => {
  const label = (one: unknown) => options.find((option) => option.value === String(one))?.label ?? String(one);
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return label(value);
};

export async function orderSummaryData(db: Queryable, submissionId: number, trust: Trust): Promise<OrderSummaryData> {
  const facts = await orderFacts(db, submissionId);
  const { order, rating } = facts;
  const insured = await namedInsured(db, order.userId!, order.id);
  const policy = await policyOf(db, order.id);
  const questions = await orderQuestions(db, order);
  const sets = [
    [questions.speciality, order.answers],
    [questions.application, order.applicationAnswers],
  ] as const;
  const answers = sets.flatMap(([set, given]) =>
    set
      .filter(
        (question) =>
          given[question.code] !== undefined && given[question.code] !== null && given[question.code] !== '',
      )
      .map((question) => ({ question: question.text, answer: answerText(given[question.code], question.options) })),
  );
  return {
    orderNumber: order.number,
    statusLabel: STATUS_LABELS[order.status] ?? order.status,
    policyNumber: policy?.number ?? null,
    specialityName: facts.speciality,
    asOf: order.updatedAt,
    namedInsured: { name: insured.name, addressLines: insured.addressLines },
    insuredEmail: insured.email,
    broker: facts.broker,
    stateName: facts.stateName,
    zipcode: order.zipcode ?? '',
    effectiveDate: policy?.effectiveDate ?? order.effectiveDate,
    limitLabel: rating?.limit.label ?? null,
    deductibleLabel: rating?.deductible.label ?? null,
    paymentTermName: rating ? planOf(rating, order.paymentTerm).name : null,
    price: rating ? priceOf(rating) : null,
    locations: await coveredLocations(db, order.id),
    answers,
    trust,
  };
}
