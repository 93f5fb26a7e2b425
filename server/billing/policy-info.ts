/**
 * GET insured/policyinfo?submissionid: the order's policy as it reads today — the limit,
 * deductible and year's premium after every issued change (issue 19), with the fee, tax and state
 * fees the rate table charges on that premium — and what paid for it.
 */
import type { PolicyInfo } from '@shared/contract/billing';
import { callerOf } from '@server/account/plan-locations';
import type { AuthUser } from '@server/auth/user';
import { policyOf, rateTableFactors, specialityAndBroker, succeededPayment } from '@server/billing/billing-queries';
import { planOf, ratingOf } from '@server/billing/invoices';
import { retroactiveDate } from '@server/billing/retroactive-date';
import { annualPremiumAfterChanges, cancellationTable } from '@server/cancellation/cancellation-queries';
import { annualCharges } from '@server/cancellation/cancellation-rules';
import type { Queryable } from '@server/db/connection';
import { namedInsured } from '@server/documents/named-insured';
import { notFound } from '@server/http/http-error';
import { ownedSubmission } from '@server/submissions/access';

export async function policyInfo(db: Queryable, user: AuthUser, submissionId: number): Promise<PolicyInfo> {
  const order = await ownedSubmission(db, callerOf(user), submissionId);
  const policy = await policyOf(db, order.id);
  if (!policy) throw notFound(`Order ${order.number} has no policy yet`);
  const facts = await specialityAndBroker(db, order.id);
  const payment = await succeededPayment(db, order.id);
  const rating = ratingOf(order);
  const plan = planOf(rating, order.paymentTerm);
  const cover = await currentCover(db, policy, rating);
  return {
    policyId: policy.id,
    policyNumber: policy.number,
    submissionId: order.id,
    orderNumber: order.number,
    status: policy.status,
    speciality: { id: facts!.specialityId, name: facts!.speciality },
    namedInsured: (await namedInsured(db, user.id, order.id)).name,
    broker: facts!.broker,
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    retroactiveDate: retroactiveDate(policy.effectiveDate, order.applicationAnswers),
    cancellationDate: policy.status === 'cancelled' ? policy.cancellationDate : null,
    cancellationReason: policy.status === 'cancelled' ? policy.cancellationReason : null,
    limit: {
      code: policy.limitCode,
      label: cover.limitLabel,
      perClaimCents: policy.perClaimLimitCents,
      aggregateCents: policy.aggregateLimitCents,
    },
    deductible: { code: policy.deductibleCode, label: cover.deductibleLabel, amountCents: policy.deductibleCents },
    premiumCents: cover.premiumCents,
    policyFeeCents: cover.policyFeeCents,
    taxCents: cover.taxCents,
    stateFeeCents: cover.stateFeeCents,
    totalCents: cover.premiumCents + cover.policyFeeCents + cover.taxCents + cover.stateFeeCents,
    paymentTerm: { code: plan.code, name: plan.name },
    issuedAt: policy.issuedAt.toISOString(),
    payment: {
      amountCents: payment?.amountCents ?? 0,
      paidAt: (payment?.completedAt ?? policy.issuedAt).toISOString(),
      provider: payment?.provider === 'stripe' ? 'stripe' : 'sandbox',
    },
  };
}

type Rating = ReturnType<typeof ratingOf>;

/**
 * The cover as it reads after the policy's issued changes: the labels of the limit and deductible
 * it has now (from the rate table it was priced with), and the year's premium after the last
 * change with the table's charges on it. A policy never changed reads as it was sold.
 */
async function currentCover(
  db: Queryable,
  policy: { id: number; limitCode: string; deductibleCode: string },
  rating: Rating,
) {
  const changedPremium = await annualPremiumAfterChanges(db, policy.id);
  const sameOptions = policy.limitCode === rating.limit.code && policy.deductibleCode === rating.deductible.code;
  if (changedPremium === undefined && sameOptions) {
    return {
      limitLabel: rating.limit.label,
      deductibleLabel: rating.deductible.label,
      premiumCents: rating.premiumCents,
      policyFeeCents: rating.policyFeeCents,
      taxCents: rating.taxCents,
      stateFeeCents: rating.stateFeeCents,
    };
  }
  const factors = await rateTableFactors(db, rating.rateTableId);
  const labelOf = (rows: Array<{ code: string; label: string }> | undefined, code: string, fallback: string) =>
    rows?.find((row) => row.code === code)?.label ?? fallback;
  const premiumCents = changedPremium ?? rating.premiumCents;
  const table = changedPremium === undefined ? undefined : await cancellationTable(db, rating.rateTableId);
  const charges = table
    ? annualCharges(table, premiumCents)
    : { policyFeeCents: rating.policyFeeCents, taxCents: rating.taxCents, stateFeeCents: rating.stateFeeCents };
  return {
    limitLabel: labelOf(factors?.ilf, policy.limitCode, policy.limitCode),
    deductibleLabel: labelOf(factors?.dlf, policy.deductibleCode, policy.deductibleCode),
    premiumCents,
    ...charges,
  };
}
