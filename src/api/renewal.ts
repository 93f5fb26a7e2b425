import * as v from 'valibot';
import { http } from '@/api/client';
import {
  renewalAcceptSchema,
  renewalQuoteSchema,
  renewalSchema,
  renewalSummariesSchema,
  type Renewal,
  type RenewalSummary,
  type RenewalAccept,
  type RenewalAcceptRequest,
  type RenewalQuote,
  type RenewalQuoteRequest,
} from '@shared/contract/renewal';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * Renewals (shared/contract/renewal.ts): the offer of one of the insured's policies as the renewal
 * screen shows it, and accepting and paying it in one step. Someone else's policy is the server's
 * 404; a policy no longer current a 409 naming `fields.status`.
 */

/** GET insured/renewal?policyid: where the renewal stands, the offer, what changed and the questions asked. */
export async function getRenewal(policyId: number): Promise<Renewal> {
  const response = await http().get('insured/renewal', { searchParams: { policyid: policyId } });
  return v.parse(renewalSchema, await response.json());
}

/**
 * POST insured/renewalquote: the renewal priced with the answers given, by the rule accepting
 * prices with, writing nothing. `signal` aborts it when a newer answer makes it moot.
 */
export async function previewRenewal(request: RenewalQuoteRequest, signal?: AbortSignal): Promise<RenewalQuote> {
  const response = await http().post('insured/renewalquote', { json: request, ...(signal ? { signal } : {}) });
  return v.parse(renewalQuoteSchema, await response.json());
}

/**
 * POST insured/renewalaccept. One Idempotency-Key per acceptance: a retry after a lost answer gets
 * the same checkout back, and never a second one.
 */
export async function acceptRenewal(request: RenewalAcceptRequest, idempotencyKey: string): Promise<RenewalAccept> {
  const response = await http().post('insured/renewalaccept', {
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return v.parse(renewalAcceptSchema, await response.json());
}

/** GET insured/renewals: the insured's renewals to act on (or with an underwriter), for the dashboard. */
export async function getRenewals(): Promise<RenewalSummary[]> {
  const response = await http().get('insured/renewals');
  return v.parse(renewalSummariesSchema, await response.json());
}
