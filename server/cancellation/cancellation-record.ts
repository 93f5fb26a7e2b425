/**
 * One cancellation rule for every cause (issue 20): an insured's own cancellation and the cancel
 * sweep's for non-payment both record it here, inside their transaction, with the policy's row
 * locked. The return is cancellation-rules.ts's (pro rata, short rate where the state says so for
 * an insured's own, flat from the first day) less the payment plan's premium still unpaid
 * (nonPaymentReturn): without it an insured a month into a monthly plan could cancel and be owed
 * back eleven months never paid — and walk out of a notice of non-payment the same way. A net below
 * nothing is earned premium the insured still owes; the plan's open instalments are voided, since
 * they will never fall due.
 */
import type { CalendarDay } from '@shared/calendar';
import type { ReturnPremium, TailOption } from '@shared/contract/cancellation';
import { formatUsd } from '@shared/contract/money-format';
import type { Trust } from '@shared/contract/runtime-config';
import { planOf, ratingOf } from '@server/billing/invoices';
import { retroactiveDate } from '@server/billing/retroactive-date';
import {
  declinePendingChanges,
  endorsementCount,
  insertDocument,
  insertEndorsement,
  markCancelled,
  type CancellablePolicy,
  type EndorsementRow,
} from '@server/cancellation/cancellation-queries';
import { cancellationReturn, tailOffer, type CancellationTable } from '@server/cancellation/cancellation-rules';
import type { Queryable, Transaction } from '@server/db/connection';
import { cancellationNoticeFileName, cancellationNoticePdf } from '@server/documents/cancellation-notice-pdf';
import { namedInsured } from '@server/documents/named-insured';
import { withdrawalChanges } from '@server/endorsements/endorsement-withdrawal';
import { instalmentInvoicesOf, voidOpenInstalments } from '@server/instalments/instalment-queries';
import { nonPaymentReturn } from '@server/instalments/instalment-rules';
import { confirmationFacts } from '@server/payments/payment-queries';

/** Why the policy is cancelled: the insured asked, or a notice of non-payment ended unpaid. */
export type CancellationCause = 'insured' | 'non_payment';

export const NON_PAYMENT_REASON = 'Non-payment of premium';

/** The return and the plan's unpaid premium set against it (0 for a policy paid in full). */
export type CancellationFigures = { returned: ReturnPremium; unpaidCents: number; netCents: number };

/**
 * What cancelling from `date` returns, less the premium the payment plan has not collected: every
 * later instalment not paid, without its instalment fee (nonPaymentReturn).
 */
export async function cancellationFigures(
  db: Queryable,
  policy: CancellablePolicy,
  date: CalendarDay,
  annualPremiumCents: number,
  table: CancellationTable,
): Promise<CancellationFigures> {
  const period = { effectiveDate: policy.effectiveDate, expirationDate: policy.expirationDate };
  const returned = cancellationReturn(period, date, annualPremiumCents, table);
  const invoices = await instalmentInvoicesOf(db, policy.submissionId);
  const first = invoices[0];
  if (!first) return { returned, unpaidCents: 0, netCents: returned.totalCents };
  const plan = planOf(ratingOf({ worksheet: policy.worksheet, number: policy.orderNumber }), first.paymentTerm);
  const paid = new Set(invoices.filter((one) => one.status === 'paid').map((one) => one.installmentNo));
  return nonPaymentReturn(returned, first.schedule, paid, plan.installmentFeeCents);
}

/** The figures a cancellation's endorsement recorded: the unpaid premium is 0 when it recorded none. */
export function recordedFigures(row: EndorsementRow, returned: ReturnPremium): CancellationFigures {
  const unpaid = row.changes.find((change) => change.field === 'unpaidPremiumCents')?.after;
  const unpaidCents = typeof unpaid === 'number' ? unpaid : 0;
  return { returned, unpaidCents, netCents: returned.totalCents - unpaidCents };
}

/** The notice's "reason": the cause's words, and what the unpaid premium leaves, either way. */
function reasonText(cause: CancellationCause, reason: string | null, figures: CancellationFigures): string | null {
  const words = cause === 'non_payment' ? NON_PAYMENT_REASON : reason;
  if (cause !== 'non_payment' && figures.unpaidCents === 0) return words;
  const { unpaidCents, netCents } = figures;
  const net = `the return premium less ${formatUsd(unpaidCents)} unpaid leaves ${formatUsd(Math.abs(netCents))} ${netCents >= 0 ? 'owed to the insured' : 'earned premium due from the insured'}`;
  return words ? `${words}: ${net}` : net.charAt(0).toUpperCase() + net.slice(1);
}

export type RecordCancellation = {
  /** The policy, its row locked by the caller in this transaction. */
  policy: CancellablePolicy;
  userId: number;
  cause: CancellationCause;
  /** The insured's words (cause 'insured'); the non-payment reason otherwise. */
  reason: string | null;
  date: CalendarDay;
  annualPremiumCents: number;
  rateTableId: number;
  /** The rate table's figures, with the short-rate option this cause takes. */
  table: CancellationTable;
  now: Date;
  idempotency: { keyHash: string; requestHash: string } | null;
};

export type RecordedCancellation = CancellationFigures & {
  row: EndorsementRow;
  tails: TailOption[];
  filename: string;
  pdf: Buffer;
};

/**
 * Cancels the locked policy from `date`: its cancellation endorsement (issued, its total the net
 * with the sign of what comes back), the policy marked cancelled, its pending changes withdrawn,
 * its open instalments voided and its notice PDF kept. The caller mails the notice (each cause
 * has its own words) and answers.
 */
export async function recordCancellation(
  tx: Transaction,
  deps: { trust: Trust },
  input: RecordCancellation,
): Promise<RecordedCancellation> {
  const { policy, date, now, cause } = input;
  const figures = await cancellationFigures(tx, policy, date, input.annualPremiumCents, input.table);
  const { returned, unpaidCents, netCents } = figures;
  const number = `${policy.number}-E${String((await endorsementCount(tx, policy.id)) + 1).padStart(2, '0')}`;
  const facts = (await confirmationFacts(tx, policy.submissionId))!;
  const tails = tailOffer(input.annualPremiumCents, input.table, date);
  const pdf = Buffer.from(
    await cancellationNoticePdf({
      policyNumber: policy.number,
      endorsementNumber: number,
      specialityName: facts.speciality,
      effectiveDate: policy.effectiveDate,
      expirationDate: policy.expirationDate,
      retroactiveDate: retroactiveDate(policy.effectiveDate, policy.applicationAnswers),
      cancellationDate: date,
      reason: reasonText(cause, input.reason, figures),
      namedInsured: await namedInsured(tx, input.userId, policy.submissionId),
      returnPremium: returned,
      tailOffer: tails,
      cancelledAt: now,
      trust: deps.trust,
    }),
  );
  // A deduction is recorded with its parts, so the figures can be read back (a retried request's answer).
  const deducted = cause !== 'insured' || unpaidCents > 0;
  const row = await insertEndorsement(tx, {
    policyId: policy.id,
    userId: input.userId,
    number,
    kind: 'cancellation',
    status: 'issued',
    effectiveDate: date,
    changes: [
      { field: 'status', before: policy.status, after: 'cancelled' },
      { field: 'cancellationDate', before: policy.cancellationDate, after: date },
      { field: 'returnMethod', before: null, after: returned.method },
      ...(deducted
        ? [
            { field: 'cause', before: null, after: cause },
            { field: 'returnPremiumCents', before: null, after: returned.totalCents },
            { field: 'unpaidPremiumCents', before: null, after: unpaidCents },
          ]
        : []),
    ],
    annualPremiumBeforeCents: input.annualPremiumCents,
    annualPremiumAfterCents: 0,
    rateTableId: input.rateTableId,
    // The total is the net: the return with the unpaid premium set against it.
    premiumChangeCents: -returned.premiumCents + unpaidCents,
    taxChangeCents: -returned.taxCents,
    feeChangeCents: -(returned.policyFeeCents + returned.stateFeeCents),
    totalChangeCents: -netCents,
    returnPremiumStatus: netCents > 0 ? 'owed' : null,
    content: pdf,
    idempotencyKeyHash: input.idempotency?.keyHash ?? null,
    idempotencyRequestHash: input.idempotency?.requestHash ?? null,
    createdAt: now,
    issuedAt: now,
  });
  await markCancelled(tx, policy.id, {
    cancellationDate: date,
    cancellationReason: cause === 'non_payment' ? NON_PAYMENT_REASON : input.reason,
    cancelledAt: now,
  });
  // Its pending changes withdrawn, saying why; the notice is the only mail.
  await declinePendingChanges(tx, policy.id, withdrawalChanges(date));
  await voidOpenInstalments(tx, policy.submissionId);
  const filename = cancellationNoticeFileName(policy.number);
  await insertDocument(tx, {
    submissionId: policy.submissionId,
    policyId: policy.id,
    type: 'cancellation_notice',
    filename,
    content: pdf,
    createdAt: now,
  });
  return { ...figures, row, tails, filename, pdf };
}
