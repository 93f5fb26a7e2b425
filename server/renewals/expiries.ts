/**
 * A policy's end (issue 20): reminders before it ends unrenewed, at each of EXPIRY_REMINDER_DAYS
 * (default 30 and 7 days before), to the insured and the broker; and on the end date, the expiry
 * through the lifecycle (policy.expire, by the system), with its notice. A policy whose renewal is
 * bound stays in force to its end date (it still covers the insured and still collects its
 * instalments), is not reminded, and on that date moves to renewed (policy.renew) with no notice.
 *
 * Each notice is sent once: its unique key (policy, kind) is claimed in the same transaction as
 * the mail is queued, so a second sweep or a retry after a crash finds it claimed. A sweep that
 * first runs late (a policy found 5 days before its end) sends only the nearest reminder: the
 * farther ones are claimed with it, unsent, since they would say less.
 */
import { addDays, businessToday, daysBetween } from '@shared/calendar';
import { nextPolicyStatus } from '@shared/lifecycle/policy-lifecycle.machine';
import type { Transaction } from '@server/db/connection';
import type { ScheduledWorkContext } from '@server/jobs/scheduled-work';
import { expiryReminderMail, policyExpiredMail } from '@server/mail/templates';
import { renewalUrl } from '@server/renewals/renewal-offers';
import {
  claimNotice,
  currentPoliciesEndingBy,
  lockPolicyWithOrder,
  mailFacts,
  offerOfPolicy,
  setPolicyStatus,
} from '@server/renewals/renewal-queries';

const BATCH = 5_000;

const EXPIRE = { type: 'policy.expire', actor: 'system' } as const;
const RENEW = { type: 'policy.renew', actor: 'system' } as const;

type Ended = 'reminded' | 'expired' | 'renewed' | 'nothing';

/** The policy's page, where the expiry notice sends the insured (branded for a broker's client). */
function policyPageUrl(publicUrl: string, policyId: number, clientUrl: string | null | undefined): string {
  return clientUrl
    ? `${publicUrl}/client/policy/${encodeURIComponent(clientUrl)}?policyid=${policyId}`
    : `${publicUrl}/policy?policyid=${policyId}`;
}

/** One policy, in its own transaction: its due reminder, or its expiry. */
export async function endOfPolicy(ctx: ScheduledWorkContext, tx: Transaction, policyId: number): Promise<Ended> {
  const now = ctx.clock.now();
  const today = businessToday(now);
  const found = await lockPolicyWithOrder(tx, policyId);
  if (!found) return 'nothing';
  const { policy, order } = found;
  if ((await offerOfPolicy(tx, policy.id))?.renewedPolicyId) {
    if (policy.expirationDate > today) return 'nothing';
    // Under a notice on its last day the lifecycle has no renew (the notice belongs to this term):
    // the term ends as expired, still without a notice, since its next term is in force.
    const to = nextPolicyStatus(policy.status, RENEW) ?? nextPolicyStatus(policy.status, EXPIRE);
    if (!to) return 'nothing';
    await setPolicyStatus(tx, policy.id, to);
    return 'renewed';
  }
  const facts = order.userId ? await mailFacts(tx, order.id) : undefined;
  const link = renewalUrl(ctx.config.publicUrl, policy.id, facts?.clientUrl);
  if (policy.expirationDate <= today) {
    const to = nextPolicyStatus(policy.status, EXPIRE);
    if (!to) return 'nothing';
    await setPolicyStatus(tx, policy.id, to);
    if (!(await claimNotice(tx, policy.id, 'expired', now)) || !facts) return 'expired';
    const policyUrl = policyPageUrl(ctx.config.publicUrl, policy.id, facts.clientUrl);
    const mail = {
      firstName: facts.firstName,
      policyNumber: policy.number,
      expirationDate: policy.expirationDate,
      policyUrl,
    };
    await ctx.mail.enqueue(tx, policyExpiredMail({ ...mail, to: facts.email }));
    if (facts.brokerEmail)
      await ctx.mail.enqueue(
        tx,
        policyExpiredMail({ ...mail, to: facts.brokerEmail, broker: { insuredEmail: facts.email } }),
      );
    return 'expired';
  }
  const daysLeft = daysBetween(today, policy.expirationDate);
  // Farthest first, so the nearest one claimed now is the one mailed.
  const due = [...ctx.config.renewals.reminderDays].sort((a, b) => b - a).filter((days) => daysLeft <= days);
  let nearest: number | null = null;
  for (const days of due) if (await claimNotice(tx, policy.id, `expiry_${days}`, now)) nearest = days;
  if (nearest === null || !facts) return 'nothing';
  const mail = {
    firstName: facts.firstName,
    policyNumber: policy.number,
    expirationDate: policy.expirationDate,
    daysLeft,
    renewalUrl: link,
  };
  await ctx.mail.enqueue(tx, expiryReminderMail({ ...mail, to: facts.email }));
  if (facts.brokerEmail)
    await ctx.mail.enqueue(
      tx,
      expiryReminderMail({ ...mail, to: facts.brokerEmail, broker: { insuredEmail: facts.email } }),
    );
  return 'reminded';
}

/** The sweep: every current policy within the farthest reminder of its end, or past it. */
export async function remindAndExpire(ctx: ScheduledWorkContext): Promise<Record<Ended | 'failed', number>> {
  const counts = { reminded: 0, expired: 0, renewed: 0, nothing: 0, failed: 0 };
  const today = businessToday(ctx.clock.now());
  const farthest = Math.max(0, ...ctx.config.renewals.reminderDays);
  // One read: a reminded policy stays current, so paging by offset would skip or repeat; what is
  // left past the bound is picked up on the next run.
  for (const { id } of await currentPoliciesEndingBy(ctx.db, addDays(today, farthest), BATCH)) {
    try {
      counts[await ctx.db.transaction((tx) => endOfPolicy(ctx, tx, id))]++;
    } catch (error) {
      counts.failed++;
      ctx.log.error({ err: error, policyId: id }, 'A policy end notice or expiry failed: tried again on the next run');
    }
  }
  if (counts.reminded + counts.expired > 0) ctx.mail.kick();
  return counts;
}
