import * as v from 'valibot';
import { http } from '@/api/client';
import {
  checkoutSchema,
  invoiceSchema,
  paymentConfirmationSchema,
  policyInfoSchema,
  type Checkout,
  type Invoice,
  type PaymentConfirmation,
  type PolicyInfo,
} from '@shared/contract/billing';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * Paying for an approved order (shared/contract/billing.ts): its invoice, the hosted checkout,
 * the confirmation once the browser is back, and the policy issued. Card details never pass
 * through here: the checkout is the provider's page. A move the order's status does not allow is
 * a 409 whose `fields.status` names the status; someone else's order is a 404.
 */

/** POST invoice/generateInvoice: approved → awaiting_payment; a repeat answers the same invoice. */
export async function generateInvoice(submissionId: number): Promise<Invoice> {
  const response = await http().post('invoice/generateInvoice', { json: { submissionid: submissionId } });
  return v.parse(invoiceSchema, await response.json());
}

/** GET invoice/details?submissionid: the order's invoice; a 404 before one was generated. */
export async function invoiceDetails(submissionId: number): Promise<Invoice> {
  const response = await http().get('invoice/details', { searchParams: { submissionid: submissionId } });
  return v.parse(invoiceSchema, await response.json());
}

export interface CheckoutOptions {
  /** The broker's client id on a branded route: the provider then returns to the branded screens. */
  clientId?: string | undefined;
  /** One per attempt to pay, kept for its retries: a lost answer must not open a second session. */
  idempotencyKey: string;
}

/** POST payments/checkout: a hosted checkout for the order's open invoice, and where to send the browser. */
export async function startCheckout(
  submissionId: number,
  { clientId, idempotencyKey }: CheckoutOptions,
): Promise<Checkout> {
  const json = { submissionid: submissionId, ...(clientId ? { clientid: clientId } : {}) };
  const response = await http().post('payments/checkout', {
    json,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return v.parse(checkoutSchema, await response.json());
}

/** POST payments/confirm: what the provider says about the session the browser came back from. Idempotent. */
export async function confirmPayment(submissionId: number, sessionId: string): Promise<PaymentConfirmation> {
  const response = await http().post('payments/confirm', {
    json: { submissionid: submissionId, sessionid: sessionId },
  });
  return v.parse(paymentConfirmationSchema, await response.json());
}

/** GET insured/policyinfo?submissionid: the order's policy; a 404 until one is issued. */
export async function policyInfo(submissionId: number): Promise<PolicyInfo> {
  const response = await http().get('insured/policyinfo', { searchParams: { submissionid: submissionId } });
  return v.parse(policyInfoSchema, await response.json());
}
