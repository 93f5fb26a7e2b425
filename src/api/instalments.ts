import * as v from 'valibot';
import { http } from '@/api/client';
import { checkoutSchema, type Checkout } from '@shared/contract/billing';
import {
  instalmentConfirmationSchema,
  overdueInstalmentListSchema,
  payableInstalmentSchema,
  policyInstalmentsListSchema,
  type InstalmentConfirmation,
  type OverdueInstalment,
  type PayableInstalment,
  type PolicyInstalments,
} from '@shared/contract/instalments';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * A payment plan's later instalments (shared/contract/instalments.ts, issue 20): the insured's
 * plans with their schedules, the one instalment a mailed link pays, its hosted checkout and the
 * browser's return; the broker's overdue instalments. Someone else's instalment is the server's
 * 404; one that cannot be paid (paid, or void) a 409 naming `fields.status`.
 */

/** GET insured/instalments: each policy paid by instalments, with its schedule as it stands. */
export async function getPolicyInstalments(): Promise<PolicyInstalments[]> {
  const response = await http().get('insured/instalments');
  return v.parse(policyInstalmentsListSchema, await response.json());
}

/** GET insured/instalment?invoiceid. */
export async function getInstalment(invoiceId: number): Promise<PayableInstalment> {
  const response = await http().get('insured/instalment', { searchParams: { invoiceid: invoiceId } });
  return v.parse(payableInstalmentSchema, await response.json());
}

/** POST insured/payinstalment: the hosted checkout for exactly this instalment; one key per attempt. */
export async function payInstalment(
  invoiceId: number,
  options: { clientId: string | undefined; idempotencyKey: string },
): Promise<Checkout> {
  const response = await http().post('insured/payinstalment', {
    json: { invoiceid: invoiceId, ...(options.clientId ? { clientid: options.clientId } : {}) },
    headers: { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey },
  });
  return v.parse(checkoutSchema, await response.json());
}

/** POST insured/confirminstalment: back from the checkout. */
export async function confirmInstalment(invoiceId: number, sessionId: string): Promise<InstalmentConfirmation> {
  const response = await http().post('insured/confirminstalment', {
    json: { invoiceid: invoiceId, sessionid: sessionId },
  });
  return v.parse(instalmentConfirmationSchema, await response.json());
}

/** GET broker/overdueinstalments. */
export async function getOverdueInstalments(): Promise<OverdueInstalment[]> {
  const response = await http().get('broker/overdueinstalments');
  return v.parse(overdueInstalmentListSchema, await response.json());
}
