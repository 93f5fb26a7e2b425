/**
 * The renewal sweep (issue 20, DESIGN.md "The policy after the sale"): RENEWAL_OFFER_DAYS before a
 * policy's period ends, each policy in force gets one renewal offer — an order of its own for the
 * next period, starting the day this one ends: last year's answers carried over, priced on the rate
 * table in force now (not the policy's), with its worksheet; the questions new or changed since are
 * the only ones asked, and when one of them must be answered before a price can be given the order
 * waits as a draft. The insured is mailed a link to the renewal screen; the broker is told.
 *
 * Exactly once: each policy is offered in its own transaction that locks the policy's row and
 * claims the offer's unique key (one per policy period) before anything else, so two sweeps at once
 * make one offer, and a sweep that dies half-way leaves nothing (its transaction never commits) for
 * the next run to find done. Policies under a notice of cancellation are not offered until the
 * notice is withdrawn; cancelled ones never.
 */
import { addDays, addMonths, businessToday } from '@shared/calendar';
import type { Calculation } from '@shared/contract/rating';
import { formatUsd } from '@shared/contract/money-format';
import { PRIOR_ACTS_DATE, PRIOR_COVERAGE, retroactiveDate } from '@server/billing/retroactive-date';
import type { Transaction } from '@server/db/connection';
import type { ScheduledWorkContext } from '@server/jobs/scheduled-work';
import { renewalOfferMail } from '@server/mail/templates';
import { createRatingCatalog } from '@server/rating/rating-catalog';
import { loadQuestionSet } from '@server/rating/question-sets';
import { askedQuestions, carriedAnswers } from '@server/renewals/renewal-questions';
import {
  claimOffer,
  copyPlanLocations,
  lockPolicyWithOrder,
  mailFacts,
  policiesDueForOffer,
  questionsChangedSince,
  setOfferOrder,
} from '@server/renewals/renewal-queries';
import { insertSubmission, insertSubmissionEvent } from '@server/submissions/submission-queries';
import { priceQuote } from '@server/submissions/submission-pricing';
import type { Answers } from '@shared/rating/answers';

/** Policies offered per transaction batch read; the sweep reads again until none are left. */
const BATCH = 50;

/** P-2026-000042 → 1; P-2026-000042-R1 → 2: the term the next period is. */
export function nextTerm(policyNumber: string): number {
  const match = /-R(\d+)$/.exec(policyNumber);
  return match ? Number(match[1]) + 1 : 1;
}

/** The renewal's policy number: the first term's number with the term's suffix (P-2026-000042-R1). */
export const renewalNumber = (policyNumber: string, term: number) => `${policyNumber.replace(/-R\d+$/, '')}-R${term}`;

/** The renewal screen's address, plain or under the broker's client prefix. */
export function renewalUrl(publicUrl: string, policyId: number, clientUrl: string | null | undefined): string {
  return clientUrl
    ? `${publicUrl}/client/policy/renewal/${encodeURIComponent(clientUrl)}?policyid=${policyId}`
    : `${publicUrl}/policy/renewal?policyid=${policyId}`;
}

/**
 * Continuous cover keeps its retroactive date: the renewal's application says prior cover is
 * carried (this policy) since the retroactive date the expiring term has, where those questions
 * are asked — otherwise the new term's declarations would start claims-made cover afresh.
 */
function withContinuousCover(
  answers: Answers,
  questions: readonly { code: string }[],
  policy: { effectiveDate: string },
): Answers {
  const codes = new Set(questions.map((question) => question.code));
  if (!codes.has(PRIOR_COVERAGE) || !codes.has(PRIOR_ACTS_DATE)) return answers;
  return { ...answers, [PRIOR_COVERAGE]: 'yes', [PRIOR_ACTS_DATE]: retroactiveDate(policy.effectiveDate, answers) };
}

export type OfferOutcome = 'offered' | 'unpriced' | 'not_offered' | 'exists';

/** One policy's offer, inside its own transaction; 'exists' when another sweep made it first. */
export async function offerRenewal(
  ctx: ScheduledWorkContext,
  tx: Transaction,
  policyId: number,
): Promise<OfferOutcome> {
  const now = ctx.clock.now();
  const found = await lockPolicyWithOrder(tx, policyId);
  if (!found || found.policy.status !== 'in_force') return 'not_offered';
  const { policy, order } = found;
  const term = nextTerm(policy.number);
  const effectiveDate = policy.expirationDate;
  const offer = await claimOffer(tx, {
    policyId,
    term,
    effectiveDate,
    expirationDate: addMonths(effectiveDate, 12),
    createdAt: now,
  });
  if (!offer) return 'exists';

  const catalog = createRatingCatalog(tx);
  const entry = order.stateCode ? await catalog.get(order.specialityId, order.stateCode) : null;
  // No longer sold in the state (or the speciality retired): the offer stands empty, and the
  // policy runs to its end with the reminders and the expiry that follow.
  if (!entry?.table || !entry.onSale) {
    ctx.log.warn({ policyId }, 'Renewal not offered: the speciality is no longer sold in the state');
    return 'not_offered';
  }
  const specialitySet = await loadQuestionSet(tx, order.specialityId);
  const applicationSet = await loadQuestionSet(tx, null);
  const changed = await questionsChangedSince(tx, policy.issuedAt);
  const answers = carriedAnswers(specialitySet, order.answers);
  const applicationAnswers = withContinuousCover(
    carriedAnswers(applicationSet, order.applicationAnswers),
    applicationSet,
    policy,
  );
  const asked = [
    ...askedQuestions(specialitySet, answers, changed, false),
    ...askedQuestions(applicationSet, applicationAnswers, changed, true),
  ];
  const paymentTerm = entry.paymentTerms.some((plan) => plan.code === order.paymentTerm)
    ? order.paymentTerm
    : (entry.paymentTerms[0]?.code ?? null);
  let rating: Calculation | null = null;
  try {
    rating = await priceQuote(
      { db: tx, catalog },
      {
        specialityId: order.specialityId,
        state: order.stateCode,
        zipcode: order.zipcode,
        answers,
        applicationAnswers,
        limitCode: policy.limitCode,
        deductibleCode: policy.deductibleCode,
        paymentTerm,
        existing: true,
      },
    );
  } catch (error) {
    // A question that must be answered first (or a limit no longer sold): priced once answered.
    ctx.log.info({ policyId, err: error }, 'Renewal offered unpriced until its questions are answered');
  }
  const row = await insertSubmission(tx, {
    userId: order.userId,
    brokerId: order.brokerId,
    specialityId: order.specialityId,
    stateCode: order.stateCode,
    zipcode: order.zipcode,
    answers,
    applicationAnswers,
    limitCode: policy.limitCode,
    deductibleCode: policy.deductibleCode,
    paymentTerm,
    effectiveDate,
    worksheet: rating,
    premiumCents: rating?.totalCents ?? null,
    rateTableId: rating?.rateTableId ?? null,
    contactId: order.contactId,
    status: rating ? 'quoted' : 'draft',
    statusChangedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await insertSubmissionEvent(tx, {
    submissionId: row.id,
    actorUserId: null,
    actor: 'system',
    event: 'renewal.offer',
    fromStatus: null,
    toStatus: row.status,
    reason: `Renewal of policy ${policy.number}`,
    data: { policyId, policyNumber: policy.number, term, asked },
    createdAt: now,
  });
  await copyPlanLocations(tx, order.id, row.id, now);
  await setOfferOrder(tx, offer.id, row.id, asked);
  await offerMails(ctx, tx, { policyId, policyNumber: policy.number, orderId: order.id }, offer, rating, asked.length);
  return rating ? 'offered' : 'unpriced';
}

async function offerMails(
  ctx: ScheduledWorkContext,
  tx: Transaction,
  policy: { policyId: number; policyNumber: string; orderId: number },
  offer: { effectiveDate: string; expirationDate: string },
  rating: Calculation | null,
  asked: number,
) {
  const facts = await mailFacts(tx, policy.orderId);
  if (!facts) return;
  const common = {
    firstName: facts.firstName,
    policyNumber: policy.policyNumber,
    speciality: facts.speciality,
    effectiveDate: offer.effectiveDate,
    expirationDate: offer.expirationDate,
    premium: rating ? formatUsd(rating.totalCents) : null,
    asked,
    renewalUrl: renewalUrl(ctx.config.publicUrl, policy.policyId, facts.clientUrl),
  };
  await ctx.mail.enqueue(tx, renewalOfferMail({ ...common, to: facts.email }));
  if (facts.brokerEmail) {
    await ctx.mail.enqueue(
      tx,
      renewalOfferMail({ ...common, to: facts.brokerEmail, broker: { insuredEmail: facts.email } }),
    );
  }
}

/** The sweep: every policy due, each in its own transaction; one that fails is tried again next run. */
export async function offerRenewals(ctx: ScheduledWorkContext): Promise<Record<OfferOutcome | 'failed', number>> {
  const counts = { offered: 0, unpriced: 0, not_offered: 0, exists: 0, failed: 0 };
  const today = businessToday(ctx.clock.now());
  const lastDay = addDays(today, ctx.config.renewals.offerDays);
  const failed = new Set<number>();
  for (;;) {
    const due = (await policiesDueForOffer(ctx.db, today, lastDay, BATCH + failed.size)).filter(
      (row) => !failed.has(row.id),
    );
    if (due.length === 0) break;
    for (const { id } of due) {
      try {
        counts[await ctx.db.transaction((tx) => offerRenewal(ctx, tx, id))]++;
      } catch (error) {
        failed.add(id);
        counts.failed++;
        ctx.log.error({ err: error, policyId: id }, 'A renewal offer failed: it is tried again on the next run');
      }
    }
  }
  if (counts.offered + counts.unpriced > 0) ctx.mail.kick();
  return counts;
}
