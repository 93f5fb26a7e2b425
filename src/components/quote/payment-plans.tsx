import { formatUsd } from '@shared/contract/money-format';
import type { PaymentPlan } from '@shared/contract/rating';

/** Each way to pay the year, what is due at the start and after, and what it comes to in all. */
export function PaymentPlans({
  plans,
  chosen,
  onChoose,
}: {
  plans: PaymentPlan[];
  chosen: string | undefined;
  onChoose: (code: string) => void;
}) {
  return (
    <fieldset className="choices payment-plans">
      <legend>How would you like to pay?</legend>
      {plans.map((plan) => (
        <label key={plan.code} className="choice">
          <input
            type="radio"
            name="payment-plan"
            value={plan.code}
            checked={chosen === plan.code}
            onChange={() => onChoose(plan.code)}
          />
          <span>
            <span className="choice__label">
              {plan.name}: {formatUsd(plan.downPaymentCents)}
              {plan.installments > 1 ? ' today' : ''}
            </span>
            <span className="choice__hint">{describe(plan)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function describe(plan: PaymentPlan): string {
  if (plan.installments <= 1) return 'One payment for the year.';
  const later = plan.installments - 1;
  const each =
    plan.lastInstallmentCents === plan.installmentCents
      ? `${later} × ${formatUsd(plan.installmentCents)}`
      : `${later - 1} × ${formatUsd(plan.installmentCents)} and a last ${formatUsd(plan.lastInstallmentCents)}`;
  const fee = plan.installmentFeeCents ? `, each with a ${formatUsd(plan.installmentFeeCents)} installment fee` : '';
  return `Then ${each}${fee}. ${formatUsd(plan.totalPayableCents)} in all.`;
}
