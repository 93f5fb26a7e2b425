/**
 * The referred path of mid-term changes (issue 19). The rule, as buy now's for an order
 * (server/lifecycle/referral-rules.ts: a premium above the automatic authority goes to an
 * underwriter): a change that raises the policy's annual premium above the automatic authority
 * (Config.underwritingAuthorityCents) is referred instead of priced for payment or issued. The
 * underwriter lists the referred changes and approves one (it proceeds as it would have: issued
 * at once, or awaiting payment of its additional premium with an invoice) or declines it with a
 * reason. The insured (and the broker) are mailed when it is referred and when it is decided.
 *
 * A decision locks as endorse does — the policy's owner (lockOwner), then the policy — and
 * repeating the same decision answers the endorsement as it stands and does nothing more; a
 * different one is a 409 naming its status.
 */
import type * as v from 'valibot';
import { businessToday } from '@shared/calendar';
import { daysInPeriod, daysRemaining } from '@shared/rating/proration';
import type { Endorsement, endorsementDecisionRequestSchema } from '@shared/contract/endorsements';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import { lockOwner } from '@server/account/primary-records';
import { insertInvoice } from '@server/billing/billing-queries';
import type { Database } from '@server/db/connection';
import { namedInsured } from '@server/documents/named-insured';
import { mailAboutEndorsement } from '@server/endorsements/endorsement-mail';
import {
  endorsementOwner,
  endorsementRow,
  endorsementSummary,
  policyWithOrder,
  referredEndorsements,
  updateEndorsement,
} from '@server/endorsements/endorsement-queries';
import {
  assertEndorsable,
  currentInsured,
  issueEndorsement,
  toWire,
  type EndorsementDeps,
} from '@server/endorsements/endorsements';
import { badRequest, conflict, notFound } from '@server/http/http-error';
import { endorsementDecisionMail } from '@server/mail/endorsement-mails';
import { referralReason } from '@server/endorsements/endorsement-referral-rule';
import { withdrawnOn } from '@server/endorsements/endorsement-withdrawal';

type DecisionInput = v.InferOutput<typeof endorsementDecisionRequestSchema>;

// ---------------------------------------------------------------------------------------------
// GET underwriting/endorsements

export async function listReferred(db: Database, authorityCents: number) {
  const rows = await referredEndorsements(db);
  return Promise.all(
    rows.map(async (row) => ({
      ...toWire(row.summary),
      policyNumber: row.policyNumber,
      insuredName: (await namedInsured(db, row.ownerId!, row.submissionId)).name,
      reason: referralReason(row.summary, authorityCents) ?? 'Referred for review.',
      // The worksheet's terms the endorsement does not keep: the underwriter checks the proration.
      authorityCents,
      policyEffectiveDate: row.period.effectiveDate,
      policyExpirationDate: row.period.expirationDate,
      daysRemaining: daysRemaining(row.period, row.summary.effectiveDate),
      daysInPeriod: daysInPeriod(row.period),
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// POST underwriting/endorsementdecision

export async function decideEndorsement(
  deps: EndorsementDeps,
  input: DecisionInput,
): Promise<{ changed: boolean; endorsement: Endorsement }> {
  const reason = input.reason?.trim() || null;
  if (input.decision === 'decline' && !reason) {
    throw badRequest('Say why the change is declined: the insured is told', { reason: 'is required to decline' });
  }
  const owner = await endorsementOwner(deps.db, input.endorsementid);
  if (!owner) throw notFound('No such endorsement');
  const answer = await deps.db.transaction(async (tx) => {
    if (owner.ownerId !== null) await lockOwner(tx, owner.ownerId);
    const owned = (await policyWithOrder(tx, owner.policyId))!;
    const row = (await endorsementRow(tx, input.endorsementid))!;
    const wanted = input.decision === 'approve' ? ['awaiting_payment', 'issued'] : ['declined'];
    if (row.status !== 'referred') {
      // Withdrawn when its policy was cancelled: neither decision can apply, whatever was asked.
      const cancelledOn = withdrawnOn(row.changes);
      if (cancelledOn) {
        throw conflict(
          `Endorsement ${row.number} was withdrawn: policy ${owned.policy.number} was cancelled from ` +
            `${formatCalendarDay(cancelledOn)}, so there is nothing to decide`,
          { status: `is withdrawn: the policy is ${owned.policy.status}` },
        );
      }
      // The same decision again (a retry): the endorsement as it stands, nothing more.
      if (wanted.includes(row.status)) return { changed: false, id: row.id };
      throw conflict(`Endorsement ${row.number} is ${row.status.replace(/_/g, ' ')}: it is decided already`, {
        status: `is ${row.status}`,
      });
    }
    const now = deps.clock.now();
    const insured = await currentInsured(tx, owned.policy, owned.order.userId!);
    const mail = (decision: 'approved' | 'declined') =>
      mailAboutEndorsement(tx, deps, owned.policy.submissionId, insured.name, (recipient, link) =>
        endorsementDecisionMail(recipient, {
          policyNumber: owned.policy.number,
          endorsementNumber: row.number,
          decision,
          reason,
          total: formatUsd(row.totalChangeCents),
          policyUrl: link('policy', `?policyid=${owned.policy.id}`),
        }),
      );
    if (input.decision === 'decline') {
      await updateEndorsement(tx, row.id, {
        status: 'declined',
        changes: [...row.changes, { field: 'declineReason', before: null, after: reason }],
      });
      await mail('declined');
      return { changed: true, id: row.id };
    }
    // Approving a change of a policy no longer in force is refused (409 naming its status).
    assertEndorsable(owned.policy);
    if (row.totalChangeCents > 0) {
      await updateEndorsement(tx, row.id, { status: 'awaiting_payment' });
      await insertInvoice(tx, {
        submissionId: owned.order.id,
        installmentNo: 1,
        premiumCents: row.premiumChangeCents,
        taxCents: row.taxChangeCents,
        feeCents: row.feeChangeCents,
        totalCents: row.totalChangeCents,
        dueDate: businessToday(now),
        status: 'open',
        endorsementId: row.id,
        createdAt: now,
      });
      await mail('approved');
    } else {
      // Issued at once: the issued mail (with the endorsement attached) says so.
      await issueEndorsement(deps, tx, row.id, now);
    }
    return { changed: true, id: row.id };
  });
  if (answer.changed) deps.mail.kick();
  return { changed: answer.changed, endorsement: toWire((await endorsementSummary(deps.db, answer.id))!) };
}
