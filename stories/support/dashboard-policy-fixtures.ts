import type { PolicyInfo } from '@shared/contract/billing';
import type { SubmissionSummary } from '@shared/contract/dashboard';
import type { PolicyHistory } from '@shared/contract/endorsements';
import { localToday } from '@/components/format/dates';
import { cancelledAhead, cancelledWithTail, changed, expired, inForce, underNotice } from './policy-history-fixtures';
import { rateOption } from './quote-fixtures';

/**
 * Ada's policies as dashboard/submissiondetails carries them (server/account/dashboard.ts): each
 * order's policy with its period, its price for the year after its issued changes (the engine's
 * total for the limit and deductible it has now, as issuing a change stores it), how many changes
 * were issued and, once cancelled, what the cancellation returned or left owing — all read from
 * the same worlds the policy page's stories show.
 */
function dashboardOrder(world: { order: SubmissionSummary; info: PolicyInfo; history: PolicyHistory }) {
  const { order, info, history } = world;
  const cancellation = history.endorsements.find((one) => one.kind === 'cancellation' && one.status === 'issued');
  return {
    ...order,
    policy: {
      ...order.policy!,
      effectiveDate: info.effectiveDate,
      expirationDate: info.expirationDate,
      premiumCents: rateOption({ limitCode: info.limit.code, deductibleCode: info.deductible.code }).totalCents,
      issuedChanges: history.endorsements.filter((one) => one.kind === 'change' && one.status === 'issued').length,
      cancellationNet:
        info.status === 'cancelled' && cancellation
          ? { netCents: -cancellation.totalChangeCents, refundPending: cancellation.returnPremiumStatus === 'owed' }
          : null,
      today: localToday(),
    },
  } satisfies SubmissionSummary;
}

export const inForceOrder = dashboardOrder(inForce);
export const changedOrder = dashboardOrder(changed);
export const underNoticeOrder = dashboardOrder(underNotice);
export const cancelledOrder = dashboardOrder(cancelledWithTail);
export const cancelledAheadOrder = dashboardOrder(cancelledAhead);
export const expiredOrder = dashboardOrder(expired);

/** Last year's policy, renewed at the end of its period: the next term is a policy of its own. */
export const renewedOrder: SubmissionSummary = {
  ...expiredOrder,
  submissionId: expiredOrder.submissionId + 100,
  number: `${expiredOrder.number}-R`,
  policy: { ...expiredOrder.policy, id: expiredOrder.policy.id! + 100, status: 'renewed' },
};

/**
 * Cancelled late in the year on a monthly plan: the instalments never paid exceed the return, so
 * the insured still owes earned premium (a negative net, nothing pending back).
 */
export const cancelledOwingOrder: SubmissionSummary = {
  ...cancelledOrder,
  submissionId: cancelledOrder.submissionId + 100,
  number: `${cancelledOrder.number}-M`,
  policy: {
    ...cancelledOrder.policy,
    id: cancelledOrder.policy.id! + 100,
    cancellationNet: { netCents: -Math.round(cancelledOrder.policy.premiumCents / 5), refundPending: false },
  },
};
