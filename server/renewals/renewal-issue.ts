/**
 * Issuing a renewal's order (issue 20), inside the transaction that binds it: the new term is a
 * policies row of its own (its own order, declarations and documents, as the schema and documents
 * assume one policy per order), for the period the offer named, numbered after the first term with
 * the renewal's suffix (P-2026-000042-R1), and the offer keeps the new term's id.
 *
 * The expiring term is left as it is: it still covers the insured (and still owes its instalments)
 * until its end date, when the expiry sweep moves it to renewed instead of expired (expiries.ts).
 * The broker the policy came through is mailed in the same transaction, so once: a payment settled
 * again (a webhook redelivered, the browser's return) finds it bound and issues nothing.
 */
import { formatUsd } from '@shared/contract/money-format';
import type { PolicyRow } from '@server/billing/billing-queries';
import type { Transaction } from '@server/db/connection';
import { enqueueMail } from '@server/mail/outbox';
import { renewalBoundMail } from '@server/mail/templates';
import { renewalNumber } from '@server/renewals/renewal-offers';
import { lockPolicyWithOrder, mailFacts, offerOfOrder, setOfferRenewed } from '@server/renewals/renewal-queries';

type RenewalTerm = {
  offerId: number;
  expiringPolicyId: number;
  expiringNumber: string;
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
    expiringNumber: expiring!.policy.number,
    number: renewalNumber(expiring!.policy.number, offer.term),
    effectiveDate: offer.effectiveDate,
    expirationDate: offer.expirationDate,
  };
}

/**
 * Why a payment for this order must not bind it, or null when it may (any order that is not a
 * renewal's may). A renewal continues its policy: once that was cancelled there is nothing to
 * continue, and under a notice of cancellation for non-payment the arrears come first (accepting
 * is refused then too). A policy that expired meanwhile is renewed from the day it is paid
 * (issuePolicy starts cover no earlier than today), as a carrier reinstates a short lapse.
 * Locks the expiring policy, as issuing the renewal would.
 */
export async function renewalRefusal(tx: Transaction, submissionId: number): Promise<string | null> {
  const offer = await offerOfOrder(tx, submissionId);
  if (!offer || offer.renewedPolicyId) return null;
  const expiring = await lockPolicyWithOrder(tx, offer.policyId);
  if (!expiring) return null;
  const { number, status } = expiring.policy;
  if (status === 'cancelled')
    return `Policy ${number} was cancelled before this payment arrived, so it was not renewed: we will refund it.`;
  if (status === 'cancellation_notice')
    return (
      `Policy ${number} is under a notice of cancellation, so it was not renewed: we will refund this payment. ` +
      'Pay what is overdue, then accept the renewal again.'
    );
  return null;
}

/**
 * After the new term is issued: the offer marked renewed by it (the expiring term is, on its end
 * date), and the broker the policy came through told (the insured has the confirmation mail).
 * Queued in the binding transaction (`now`, the settlement's clock): it goes when that commits.
 */
export async function markRenewed(
  tx: Transaction,
  term: RenewalTerm,
  issued: Pick<PolicyRow, 'id' | 'submissionId' | 'effectiveDate' | 'expirationDate' | 'premiumCents'>,
  now: Date,
): Promise<void> {
  await setOfferRenewed(tx, term.offerId, issued.id);
  const facts = await mailFacts(tx, issued.submissionId);
  if (!facts?.brokerEmail) return;
  const mail = renewalBoundMail({
    to: facts.brokerEmail,
    insuredEmail: facts.email,
    speciality: facts.speciality,
    policyNumber: term.expiringNumber,
    renewalNumber: term.number,
    effectiveDate: issued.effectiveDate,
    expirationDate: issued.expirationDate,
    total: formatUsd(issued.premiumCents),
  });
  await enqueueMail(tx, mail, now);
}
