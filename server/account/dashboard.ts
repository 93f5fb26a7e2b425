/**
 * The insured's dashboard: every order with what they can do next, and the open order to
 * resume. The next step is decided here, from the status alone, so every screen that links to
 * an order words it the same way.
 */
import { businessToday } from '@shared/calendar';
import { formatCalendarDay } from '@shared/contract/date-format';
import { submissionStatuses } from '@shared/contract/enums';
import type { NextStepAction, SubmissionSummary } from '@shared/contract/dashboard';
import { type SubmissionStatus } from '@shared/contract/submissions';
import { isOpenStatus } from '@shared/lifecycle/order-lifecycle.machine';
import type { ScreenName } from '@shared/screens';
import { orderSummaryRows } from '@server/account/dashboard-queries';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/connection';

export type DashboardDeps = { db: Database; clock: Clock };

type NextStep = { action: NextStepAction; label: string; screen: ScreenName | null };

/**
 * The statuses the insured or an underwriter can still move on, as the lifecycle machine says
 * (isOpenStatus): only these are resumed. A bound order is not open: its documents come
 * without anyone acting.
 */
export const OPEN_STATUSES: readonly SubmissionStatus[] = submissionStatuses.filter(isOpenStatus);

/** Typed as a full record: a status added to the lifecycle cannot be forgotten here. */
export const NEXT_STEPS: Record<SubmissionStatus, NextStep> = {
  draft: { action: 'answer', label: 'Answer the remaining questions', screen: 'questionlist' },
  quoted: { action: 'buy', label: 'Review and buy', screen: 'order' },
  checks: { action: 'wait', label: 'We are checking your order', screen: 'order' },
  incomplete: { action: 'supply', label: 'Add what is missing', screen: 'incomplete-order' },
  underwriter_review: {
    action: 'wait',
    label: 'An underwriter is reviewing your order',
    screen: 'incomplete-review-underwriter',
  },
  missing_info: {
    action: 'supply',
    label: 'Send the information the underwriter asked for',
    screen: 'incomplete-missing-info',
  },
  application_under_review: {
    action: 'wait',
    label: 'We are reviewing the information you sent',
    screen: 'application-under-review',
  },
  approved: { action: 'pay', label: 'Pay to bind your policy', screen: 'payment' },
  awaiting_payment: { action: 'pay', label: 'Pay to bind your policy', screen: 'payment' },
  // Bound: covered, the documents are still being issued; the order-complete screen says so.
  bound: { action: 'documents', label: 'See your policy', screen: 'complete-order' },
  complete: { action: 'documents', label: 'Download your documents', screen: 'document' },
  declined: { action: 'none', label: 'This order was declined', screen: null },
  close_lost: { action: 'none', label: 'This order was closed', screen: null },
};

/** A cancelled policy's order says so, with the day cover ends; its documents (the notice among them) stay. */
const cancelledStep = (cancellationDate: string | null): NextStep => ({
  action: 'documents',
  label: cancellationDate ? `Policy cancelled from ${formatCalendarDay(cancellationDate)}` : 'Policy cancelled',
  screen: 'document',
});

async function summaries(
  { db, clock }: DashboardDeps,
  user: AuthUser,
  statuses?: readonly SubmissionStatus[],
  limit?: number,
): Promise<SubmissionSummary[]> {
  const rows = await orderSummaryRows(db, user.id, statuses, limit);
  const today = businessToday(clock.now());
  return rows.map((row) => ({
    submissionId: row.id,
    number: row.number,
    speciality: { id: row.specialityId, name: row.specialityName },
    status: row.status,
    // A draft's price is not a price yet (it no longer prices, or never did).
    totalCents: row.status === 'draft' ? null : row.premiumCents,
    stateCode: row.stateCode,
    effectiveDate: row.effectiveDate,
    updatedAt: row.updatedAt.toISOString(),
    open: isOpenStatus(row.status),
    nextStep: row.policyStatus === 'cancelled' ? cancelledStep(row.cancellationDate) : NEXT_STEPS[row.status],
    policy:
      row.policyId !== null && row.policyNumber && row.policyStatus
        ? {
            // The policy's page takes its id: the dashboard links to it at first paint.
            id: row.policyId,
            number: row.policyNumber,
            status: row.policyStatus,
            cancellationDate: row.policyStatus === 'cancelled' ? row.cancellationDate : null,
            effectiveDate: row.policyEffectiveDate!,
            expirationDate: row.policyExpirationDate!,
            // Each issued change reprices the policy's year (issueEndorsement): the order's price is as bought.
            premiumCents: row.policyPremiumCents!,
            issuedChanges: row.issuedChanges,
            cancellationNet:
              row.policyStatus === 'cancelled' && row.cancellationTotalCents !== null
                ? // The cancellation's total is signed as a premium (negative: returned); the insured reads the other way.
                  { netCents: -row.cancellationTotalCents, refundPending: row.returnPremiumStatus === 'owed' }
                : null,
            today,
          }
        : null,
  }));
}

/** Every order of the insured's, most recently changed first. */
export function submissionSummaries(deps: DashboardDeps, user: AuthUser): Promise<SubmissionSummary[]> {
  return summaries(deps, user);
}

/** The open order changed most recently, to resume; null when none is open. */
export async function existingOpenOrder(deps: DashboardDeps, user: AuthUser): Promise<SubmissionSummary | null> {
  const [order] = await summaries(deps, user, OPEN_STATUSES, 1);
  return order ?? null;
}
