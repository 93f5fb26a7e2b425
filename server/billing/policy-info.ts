/** GET insured/policyinfo?submissionid: the order's policy as issued, and what paid for it. */
import type { PolicyInfo } from '@shared/contract/billing';
import { callerOf } from '@server/account/plan-locations';
import type { AuthUser } from '@server/auth/user';
import { policyOf, specialityAndBroker, succeededPayment } from '@server/billing/billing-queries';
import { planOf, ratingOf } from '@server/billing/invoices';
import { retroactiveDate } from '@server/billing/retroactive-date';
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
      label: rating.limit.label,
      perClaimCents: policy.perClaimLimitCents,
      aggregateCents: policy.aggregateLimitCents,
    },
    deductible: { code: policy.deductibleCode, label: rating.deductible.label, amountCents: policy.deductibleCents },
    premiumCents: rating.premiumCents,
    policyFeeCents: rating.policyFeeCents,
    taxCents: rating.taxCents,
    stateFeeCents: rating.stateFeeCents,
    totalCents: rating.totalCents,
    paymentTerm: { code: plan.code, name: plan.name },
    issuedAt: policy.issuedAt.toISOString(),
    payment: {
      amountCents: payment?.amountCents ?? 0,
      paidAt: (payment?.completedAt ?? policy.issuedAt).toISOString(),
      provider: payment?.provider === 'stripe' ? 'stripe' : 'sandbox',
    },
  };
}
