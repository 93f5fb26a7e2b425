/**
 * How a year's total is paid under each payment term: a down payment at binding, the rest in
 * equal installments (the last one takes the rounding), each later payment carrying the term's
 * installment fee.
 */
import type { PaymentPlan } from '@shared/contract/rating';
import { applyBps } from '@shared/rating/money';

export interface PaymentTermRow {
  code: string;
  name: string;
  /** Payments in the year, the down payment included. */
  installments: number;
  downPaymentBps: number;
  installmentFeeCents: number;
}

export function paymentPlan(totalCents: number, term: PaymentTermRow): PaymentPlan {
  if (term.installments <= 1) {
    return {
      code: term.code,
      name: term.name,
      installments: 1,
      downPaymentCents: totalCents,
      installmentCents: 0,
      lastInstallmentCents: 0,
      installmentFeeCents: 0,
      totalPayableCents: totalCents,
    };
  }
  const downPayment = applyBps(totalCents, term.downPaymentBps);
  const later = term.installments - 1;
  const rest = totalCents - downPayment;
  const each = Math.floor(rest / later);
  const last = rest - each * (later - 1);
  return {
    code: term.code,
    name: term.name,
    installments: term.installments,
    downPaymentCents: downPayment,
    installmentCents: each + term.installmentFeeCents,
    lastInstallmentCents: last + term.installmentFeeCents,
    installmentFeeCents: term.installmentFeeCents,
    totalPayableCents: totalCents + later * term.installmentFeeCents,
  };
}

export function paymentPlans(totalCents: number, terms: readonly PaymentTermRow[]): PaymentPlan[] {
  return terms.map((term) => paymentPlan(totalCents, term));
}
