/**
 * Issuing a renewal's order (issue 20), inside the transaction that binds it: the new term is a
 * policies row of its own (its own order, declarations and documents, as the schema and documents
 * assume one policy per order), for the period the offer named, numbered after the first term with
 * the renewal's suffix (P-2026-000042-R1); the expiring term moves to renewed through the policy
 * lifecycle (policy.renew, by the system) and the offer keeps the new term's id.
 */
import { nextPolicyStatus } from '@shared/lifecycle/policy-lifecycle.machine';
import type { Transaction } from '@server/db/connection';
import { renewalNumber } from '@server/renewals/renewal-offers';
import { lockPolicyWithOrder, offerOfOrder, setOfferRenewed, setPolicyStatus } from '@server/renewals/renewal-queries';

type RenewalTerm = {
  offerId: number;
  expiringPolicyId: number;
  number: string;
  effectiveDate: string;
  expirationDate: string;
};

/** The term an order issues when it is a renewal's, else null (a new policy). */
export async function renewalTermOf(tx: Transaction, submissionId: number): Promise<RenewalTerm | null> {
  const offer = await offerOfOrder(tx, submissionId);
  if (!offer) return null;
  const expiring = await lockPolicyWithOrder(tx, offer.policyId);
  return {
    offerId: offer.id,
    expiringPolicyId: offer.policyId,
    number: renewalNumber(expiring!.policy.number, offer.term),
    effectiveDate: offer.effectiveDate,
    expirationDate: offer.expirationDate,
  };
}

/** After the new term is issued: the expiring one renewed (when the lifecycle allows) and the offer done. */
export async function markRenewed(tx: Transaction, term: RenewalTerm, newPolicyId: number): Promise<void> {
  const expiring = await lockPolicyWithOrder(tx, term.expiringPolicyId);
  const to = expiring && nextPolicyStatus(expiring.policy.status, { type: 'policy.renew', actor: 'system' });
  if (to) await setPolicyStatus(tx, term.expiringPolicyId, to);
  await setOfferRenewed(tx, term.offerId, newPolicyId);
}
