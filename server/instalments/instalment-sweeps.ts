/**
 * The instalments' scheduled work (issue 20), four sweeps the job engine runs (and tests call
 * directly), each idempotent on its own and taking "now" from ctx.clock:
 *
 * - invoice: each later instalment invoiced on its invoice day, its mail queued in the same
 *   transaction; the order's unique key per instalment makes a second sweep (or a retry after a
 *   crash) insert nothing and mail nothing.
 * - remind: the reminder before and the one after the due date, each marked by a conditional
 *   update (… where reminded_x_at is null) in the transaction that queues its mail.
 * - notice: unpaid past the grace, the policy moves in_force → cancellation_notice
 *   (policy.sendCancellationNotice, by the system) under its row lock, with the day cover ends
 *   (the state's notice days, else the configured default), and the notice is mailed with its
 *   PDF (non-payment-notice-pdf.ts), kept with the order's documents in the same transaction.
 * - cancel: a notice ended unpaid, the policy moves → cancelled (policy.noticeEnds) from the
 *   notice's end date, through the same cancellation rule as an insured's own (pro rata here),
 *   less what is unpaid; its notice PDF kept and mailed, its open instalments voided.
 *
 * A crash half-way loses nothing and doubles nothing: each thing done is one transaction.
 */
import { addDays, businessToday } from '@shared/calendar';
import { formatUsd } from '@shared/contract/money-format';
import { nextPolicyStatus, type PolicyEvent } from '@shared/lifecycle/policy-lifecycle.machine';
import { insertAuditEntry } from '@server/admin/audit-queries';
import { ratingOf } from '@server/billing/invoices';
import {
  annualPremiumAfterChanges,
  cancellablePolicy,
  cancellationTable,
  insertDocument,
} from '@server/cancellation/cancellation-queries';
import { recordCancellation } from '@server/cancellation/cancellation-record';
import { namedInsured } from '@server/documents/named-insured';
import {
  nonPaymentNoticeFileName,
  nonPaymentNoticePdf,
  nonPaymentNoticeType,
} from '@server/documents/non-payment-notice-pdf';
import type { ScheduledInstallment } from '@server/db/schema';
import {
  collectingPolicies,
  endedNotices,
  insertInstalmentInvoice,
  instalmentInvoicesOf,
  invoicedInstalments,
  lockPolicy,
  markReminded,
  setNotice,
  unpaidLaterInstalments,
  withdrawNotice,
} from '@server/instalments/instalment-queries';
import {
  instalmentsToInvoice,
  noticeEndDay,
  reminderAfterDay,
  reminderBeforeDay,
  type InstalmentSettings,
} from '@server/instalments/instalment-rules';
import type { ScheduledWork, ScheduledWorkContext } from '@server/jobs/scheduled-work';
import {
  instalmentInvoiceMail,
  instalmentReminderMail,
  nonPaymentCancellationMail,
  nonPaymentNoticeMail,
} from '@server/mail/templates';
import { confirmationFacts } from '@server/payments/payment-queries';

const NOTICE: PolicyEvent = { type: 'policy.sendCancellationNotice', actor: 'system' };
const NOTICE_ENDS: PolicyEvent = { type: 'policy.noticeEnds', actor: 'system' };
const SETTLE: PolicyEvent = { type: 'policy.settleArrears', actor: 'system' };

/** Whether the policy still collects its instalments (invoiced and reminded): in force or under a notice. */
const collecting = (status: string) => status === 'in_force' || status === 'cancellation_notice';

/** The page that pays exactly this instalment (screen pay-instalment), branded when the order came through a broker. */
export function instalmentPayUrl(publicUrl: string, clientUrl: string | null, invoiceId: number): string {
  return clientUrl
    ? `${publicUrl}/client/policy/instalment/${clientUrl}?invoiceid=${invoiceId}`
    : `${publicUrl}/policy/instalment?invoiceid=${invoiceId}`;
}

/** "2 of 10". */
export const instalmentOf = (installmentNo: number, schedule: readonly ScheduledInstallment[]) =>
  `${installmentNo} of ${schedule.length}`;

const settingsOf = (ctx: ScheduledWorkContext): InstalmentSettings => ctx.config.instalments;
const publicUrlOf = (ctx: ScheduledWorkContext) => ctx.config.publicUrl;

// ---------------------------------------------------------------------------------------------

/** Each later instalment whose invoice day has come, invoiced and mailed once. Answers how many this run made. */
export async function invoiceInstalments(ctx: ScheduledWorkContext): Promise<number> {
  const now = ctx.clock.now();
  const today = businessToday(now);
  const settings = settingsOf(ctx);
  const plans = await collectingPolicies(ctx.db);
  const invoiced = await invoicedInstalments(
    ctx.db,
    plans.map((plan) => plan.submissionId),
  );
  let made = 0;
  for (const plan of plans) {
    const due = instalmentsToInvoice(
      plan.schedule,
      invoiced.get(plan.submissionId) ?? new Set(),
      today,
      plan.expirationDate,
      settings,
    );
    for (const item of due) {
      const inserted = await ctx.db.transaction(async (tx) => {
        // Locked first (as every instalment step does): a policy cancelled since it was read gets no invoice and no mail.
        const policy = await lockPolicy(tx, plan.policyId);
        if (!policy || !collecting(policy.status)) return false;
        const [first] = await instalmentInvoicesOf(tx, plan.submissionId);
        const invoice = await insertInstalmentInvoice(tx, {
          submissionId: plan.submissionId,
          installmentNo: item.installmentNo,
          // The year's figures as the first invoice states them; what this one asks is its total.
          premiumCents: first!.premiumCents,
          feeCents: first!.feeCents,
          taxCents: first!.taxCents,
          totalCents: item.amountCents,
          dueDate: item.dueDate,
          paymentTerm: plan.paymentTerm,
          schedule: plan.schedule,
          createdAt: now,
        });
        // Another sweep made it first: it mailed it too.
        if (!invoice) return false;
        const facts = (await confirmationFacts(tx, plan.submissionId))!;
        await ctx.mail.enqueue(
          tx,
          instalmentInvoiceMail({
            to: facts.email,
            firstName: facts.firstName,
            policyNumber: plan.policyNumber,
            which: instalmentOf(item.installmentNo, plan.schedule),
            amount: formatUsd(item.amountCents),
            dueDate: item.dueDate,
            invoiceNumber: invoice.number,
            payUrl: instalmentPayUrl(publicUrlOf(ctx), plan.clientUrl, invoice.id),
          }),
        );
        return true;
      });
      if (inserted) made += 1;
    }
  }
  if (made > 0) {
    ctx.mail.kick();
    ctx.log.info({ made }, 'Instalments invoiced');
  }
  return made;
}

// ---------------------------------------------------------------------------------------------

/** The reminders due today (before and after the due date), each sent once. Answers how many this run sent. */
export async function remindInstalments(ctx: ScheduledWorkContext): Promise<number> {
  const now = ctx.clock.now();
  const today = businessToday(now);
  const settings = settingsOf(ctx);
  // Everything whose reminder before could be due: due within the reminder's days from today.
  const rows = await unpaidLaterInstalments(ctx.db, addDays(today, settings.reminderDaysBefore));
  let sent = 0;
  for (const row of rows) {
    const { invoice } = row;
    const dueDate = invoice.dueDate!;
    const which: Array<'before' | 'after'> = [];
    // Before: from its day up to the due date itself (a late invoice skips to the one after).
    if (!invoice.remindedBeforeAt && reminderBeforeDay(dueDate, settings) <= today && today <= dueDate)
      which.push('before');
    // After: once the policy is under notice, the notice says more than a reminder would.
    if (!invoice.remindedAfterAt && reminderAfterDay(dueDate, settings) <= today && row.policyStatus === 'in_force')
      which.push('after');
    for (const when of which) {
      const done = await ctx.db.transaction(async (tx) => {
        const policy = await lockPolicy(tx, row.policyId);
        if (!policy || !collecting(policy.status)) return false;
        if (!(await markReminded(tx, invoice.id, when, now))) return false;
        const facts = (await confirmationFacts(tx, invoice.submissionId))!;
        await ctx.mail.enqueue(
          tx,
          instalmentReminderMail({
            when,
            to: facts.email,
            firstName: facts.firstName,
            policyNumber: row.policyNumber,
            which: instalmentOf(invoice.installmentNo, invoice.schedule),
            amount: formatUsd(invoice.totalCents),
            dueDate,
            invoiceNumber: invoice.number,
            payUrl: instalmentPayUrl(publicUrlOf(ctx), row.clientUrl, invoice.id),
          }),
        );
        return true;
      });
      if (done) sent += 1;
    }
  }
  if (sent > 0) ctx.mail.kick();
  return sent;
}

// ---------------------------------------------------------------------------------------------

/** Policies with an instalment unpaid past its grace put under a notice of cancellation. Answers how many. */
export async function noticeUnpaidInstalments(ctx: ScheduledWorkContext): Promise<number> {
  const now = ctx.clock.now();
  const today = businessToday(now);
  const settings = settingsOf(ctx);
  // Due on or before the last day whose grace has ended by today.
  const rows = await unpaidLaterInstalments(ctx.db, addDays(today, -(settings.graceDays + 1)));
  let noticed = 0;
  const seen = new Set<number>();
  for (const row of rows) {
    if (row.policyStatus !== 'in_force' || seen.has(row.policyId)) continue;
    seen.add(row.policyId);
    const done = await ctx.db.transaction(async (tx) => {
      const policy = await lockPolicy(tx, row.policyId);
      // Paid or noticed since it was read, or no longer in force: nothing to do.
      if (!policy || nextPolicyStatus(policy.status, NOTICE) !== 'cancellation_notice') return false;
      const [invoice] = (await instalmentInvoicesOf(tx, policy.submissionId)).filter(
        (one) => one.id === row.invoice.id,
      );
      if (!invoice || invoice.status !== 'open') return false;
      const endDate = noticeEndDay(today, policy.stateNoticeDays, settings);
      if (!(await setNotice(tx, policy.id, { invoiceId: invoice.id, sentAt: now, endDate }))) return false;
      await insertAuditEntry(tx, {
        actorUserId: null,
        action: 'policy.sendCancellationNotice',
        entity: 'policy',
        entityId: String(policy.id),
        data: { invoiceNumber: invoice.number, dueDate: invoice.dueDate, noticeEndDate: endDate },
        createdAt: now,
      });
      const facts = (await confirmationFacts(tx, policy.submissionId))!;
      const which = instalmentOf(invoice.installmentNo, invoice.schedule);
      const payUrl = instalmentPayUrl(publicUrlOf(ctx), row.clientUrl, invoice.id);
      // The notice's PDF, kept with the order's documents (to download again) and attached to its mail.
      const pdf = Buffer.from(
        await nonPaymentNoticePdf({
          policyNumber: policy.number,
          specialityName: facts.speciality,
          effectiveDate: policy.effectiveDate,
          expirationDate: policy.expirationDate,
          namedInsured: await namedInsured(tx, policy.userId!, policy.submissionId),
          instalment: {
            which,
            invoiceNumber: invoice.number,
            amountCents: invoice.totalCents,
            dueDate: invoice.dueDate!,
          },
          coverEnds: endDate,
          payUrl,
          sentAt: now,
          trust: ctx.config.trust,
        }),
      );
      const filename = nonPaymentNoticeFileName(policy.number, invoice.number);
      await insertDocument(tx, {
        submissionId: policy.submissionId,
        policyId: policy.id,
        type: nonPaymentNoticeType(invoice.id),
        filename,
        content: pdf,
        createdAt: now,
      });
      await ctx.mail.enqueue(tx, {
        ...nonPaymentNoticeMail({
          to: facts.email,
          firstName: facts.firstName,
          policyNumber: policy.number,
          which,
          amount: formatUsd(invoice.totalCents),
          dueDate: invoice.dueDate!,
          invoiceNumber: invoice.number,
          payUrl,
          coverEnds: endDate,
        }),
        attachments: [{ filename, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      });
      return true;
    });
    if (done) noticed += 1;
  }
  if (noticed > 0) {
    ctx.mail.kick();
    ctx.log.info({ noticed }, 'Notices of cancellation for non-payment sent');
  }
  return noticed;
}

// ---------------------------------------------------------------------------------------------

/**
 * Policies whose notice ended unpaid, cancelled from the notice's end date through the one
 * cancellation rule (cancellation-record.ts), pro rata, less what is unpaid. A notice whose
 * instalment was paid meanwhile (while another, past its grace, kept the policy under it) cancels
 * nothing: it is withdrawn, and the other instalment gets a notice of its own from the notice
 * sweep, with its full notice period. Answers how many were cancelled.
 */
export async function cancelUnpaidPolicies(ctx: ScheduledWorkContext): Promise<number> {
  const now = ctx.clock.now();
  const today = businessToday(now);
  let cancelled = 0;
  for (const { policyId } of await endedNotices(ctx.db, today)) {
    const done = await ctx.db.transaction(async (tx) => {
      const locked = await lockPolicy(tx, policyId);
      // Paid (back in force) or cancelled since it was read: nothing to do.
      if (!locked || nextPolicyStatus(locked.status, NOTICE_ENDS) !== 'cancelled') return false;
      if (!locked.noticeEndDate || locked.noticeEndDate > today || !locked.userId) return false;
      const noticed = (await instalmentInvoicesOf(tx, locked.submissionId)).find(
        (one) => one.id === locked.noticeInvoiceId,
      );
      if (noticed?.status !== 'open') {
        if (nextPolicyStatus(locked.status, SETTLE) === 'in_force' && (await withdrawNotice(tx, locked.id))) {
          await insertAuditEntry(tx, {
            actorUserId: null,
            action: 'policy.settleArrears',
            entity: 'policy',
            entityId: String(locked.id),
            data: { noticeInvoiceId: locked.noticeInvoiceId, noticeInvoiceStatus: noticed?.status ?? null },
            createdAt: now,
          });
        }
        return false;
      }
      // Cover ends on the notice's end date; a notice running past the period's end ends with it.
      const date = locked.noticeEndDate < locked.expirationDate ? locked.noticeEndDate : locked.expirationDate;
      const policy = (await cancellablePolicy(tx, locked.userId, policyId))!;
      const rating = ratingOf({ worksheet: policy.worksheet, number: policy.orderNumber });
      const row = (await cancellationTable(tx, rating.rateTableId))!;
      const annualPremiumCents = (await annualPremiumAfterChanges(tx, policy.id)) ?? rating.premiumCents;
      const recorded = await recordCancellation(tx, ctx.config, {
        policy,
        userId: locked.userId,
        cause: 'non_payment',
        reason: null,
        date,
        annualPremiumCents,
        rateTableId: rating.rateTableId,
        // Non-payment is cancelled pro rata whatever the state's short-rate option for an insured's own.
        table: { ...row, erpPercentBps: row.erpPercentBps, shortRate: false },
        now,
        idempotency: null,
      });
      const { returned, unpaidCents, netCents, filename, pdf } = recorded;
      await insertAuditEntry(tx, {
        actorUserId: null,
        action: 'policy.noticeEnds',
        entity: 'policy',
        entityId: String(policy.id),
        data: { cancellationDate: date, returnedCents: returned.totalCents, unpaidCents, netCents },
        createdAt: now,
      });
      const facts = (await confirmationFacts(tx, policy.submissionId))!;
      await ctx.mail.enqueue(tx, {
        ...nonPaymentCancellationMail({
          to: facts.email,
          firstName: facts.firstName,
          policyNumber: policy.number,
          cancellationDate: date,
          returned: formatUsd(returned.totalCents),
          unpaid: formatUsd(unpaidCents),
          net: formatUsd(Math.abs(netCents)),
          owedToInsured: netCents >= 0,
          documentsUrl: `${publicUrlOf(ctx)}/document`,
        }),
        attachments: [{ filename, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      });
      return true;
    });
    if (done) cancelled += 1;
  }
  if (cancelled > 0) {
    ctx.mail.kick();
    ctx.log.info({ cancelled }, 'Policies cancelled for non-payment');
  }
  return cancelled;
}

/** The registry's rows (server/jobs/scheduled-work.ts). */
export const instalmentWork: ScheduledWork[] = [
  {
    name: 'instalments.invoice',
    description: 'Invoices and mails each later instalment of a payment plan ahead of its due date.',
    everyMinutes: 60,
    run: async (ctx) => void (await invoiceInstalments(ctx)),
  },
  {
    name: 'instalments.remind',
    description: 'Reminds the insured of an instalment before and after its due date, once each.',
    everyMinutes: 60,
    run: async (ctx) => void (await remindInstalments(ctx)),
  },
  {
    name: 'instalments.notice',
    description: 'Sends a notice of cancellation for non-payment when an instalment is unpaid past its grace.',
    everyMinutes: 60,
    run: async (ctx) => void (await noticeUnpaidInstalments(ctx)),
  },
  {
    name: 'instalments.cancel',
    description: 'Cancels, pro rata from the notice’s end, a policy whose notice of non-payment ended unpaid.',
    everyMinutes: 60,
    run: async (ctx) => void (await cancelUnpaidPolicies(ctx)),
  },
];
