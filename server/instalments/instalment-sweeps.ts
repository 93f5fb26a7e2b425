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
 *   (the state's notice days, else the configured default), and the notice is mailed.
 * - cancel: a notice ended unpaid, the policy moves → cancelled (policy.noticeEnds) from the
 *   notice's end date, through the same cancellation rule as an insured's own (pro rata here),
 *   less what is unpaid; its notice PDF kept and mailed, its open instalments voided.
 *
 * A crash half-way loses nothing and doubles nothing: each thing done is one transaction.
 */
import { addDays, businessToday, type CalendarDay } from '@shared/calendar';
import { formatUsd } from '@shared/contract/money-format';
import { nextPolicyStatus, type PolicyEvent } from '@shared/lifecycle/policy-lifecycle.machine';
import { insertAuditEntry } from '@server/admin/audit-queries';
import { planOf, ratingOf } from '@server/billing/invoices';
import { retroactiveDate } from '@server/billing/retroactive-date';
import {
  annualPremiumAfterChanges,
  cancellablePolicy,
  cancellationTable,
  declinePendingChanges,
  endorsementCount,
  insertDocument,
  insertEndorsement,
  markCancelled,
} from '@server/cancellation/cancellation-queries';
import { cancellationReturn, tailOffer, type CancellationTable } from '@server/cancellation/cancellation-rules';
import type { Transaction } from '@server/db/connection';
import type { ScheduledInstallment } from '@server/db/schema';
import { cancellationNoticeFileName, cancellationNoticePdf } from '@server/documents/cancellation-notice-pdf';
import { namedInsured } from '@server/documents/named-insured';
import { withdrawalChanges } from '@server/endorsements/endorsement-withdrawal';
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
  voidOpenInstalments,
} from '@server/instalments/instalment-queries';
import {
  instalmentsToInvoice,
  nonPaymentReturn,
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
export const NON_PAYMENT_REASON = 'Non-payment of premium';

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
      await ctx.mail.enqueue(
        tx,
        nonPaymentNoticeMail({
          to: facts.email,
          firstName: facts.firstName,
          policyNumber: policy.number,
          which: instalmentOf(invoice.installmentNo, invoice.schedule),
          amount: formatUsd(invoice.totalCents),
          dueDate: invoice.dueDate!,
          invoiceNumber: invoice.number,
          payUrl: instalmentPayUrl(publicUrlOf(ctx), row.clientUrl, invoice.id),
          coverEnds: endDate,
        }),
      );
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

/** What a non-payment cancellation from `date` returns, for a policy locked in `tx`. */
export async function nonPaymentFigures(tx: Transaction, policyId: number, userId: number, date: CalendarDay) {
  const policy = (await cancellablePolicy(tx, userId, policyId))!;
  const rating = ratingOf({ worksheet: policy.worksheet, number: policy.orderNumber });
  const row = (await cancellationTable(tx, rating.rateTableId))!;
  // Non-payment is cancelled pro rata whatever the state's short-rate option for an insured's own.
  const table: CancellationTable = { ...row, erpPercentBps: row.erpPercentBps, shortRate: false };
  const annualPremiumCents = (await annualPremiumAfterChanges(tx, policy.id)) ?? rating.premiumCents;
  const period = { effectiveDate: policy.effectiveDate, expirationDate: policy.expirationDate };
  const returned = cancellationReturn(period, date, annualPremiumCents, table);
  const invoices = await instalmentInvoicesOf(tx, policy.submissionId);
  const schedule = invoices[0]!.schedule;
  const plan = planOf(rating, invoices[0]!.paymentTerm);
  const paid = new Set(invoices.filter((one) => one.status === 'paid').map((one) => one.installmentNo));
  return {
    policy,
    rating,
    table,
    annualPremiumCents,
    ...nonPaymentReturn(returned, schedule, paid, plan.installmentFeeCents),
  };
}

/** Policies whose notice ended unpaid, cancelled from the notice's end date. Answers how many. */
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
      // Cover ends on the notice's end date; a notice running past the period's end ends with it.
      const date = locked.noticeEndDate < locked.expirationDate ? locked.noticeEndDate : locked.expirationDate;
      const figures = await nonPaymentFigures(tx, policyId, locked.userId, date);
      const { policy, returned, unpaidCents, netCents } = figures;
      const number = `${policy.number}-E${String((await endorsementCount(tx, policy.id)) + 1).padStart(2, '0')}`;
      const facts = (await confirmationFacts(tx, policy.submissionId))!;
      const tails = tailOffer(figures.annualPremiumCents, figures.table, date);
      const pdf = Buffer.from(
        await cancellationNoticePdf({
          policyNumber: policy.number,
          endorsementNumber: number,
          specialityName: facts.speciality,
          effectiveDate: policy.effectiveDate,
          expirationDate: policy.expirationDate,
          retroactiveDate: retroactiveDate(policy.effectiveDate, policy.applicationAnswers),
          cancellationDate: date,
          reason: `${NON_PAYMENT_REASON}: the return premium less ${formatUsd(unpaidCents)} unpaid leaves ${formatUsd(Math.abs(netCents))} ${netCents >= 0 ? 'owed to the insured' : 'earned premium due from the insured'}`,
          namedInsured: await namedInsured(tx, locked.userId, policy.submissionId),
          returnPremium: returned,
          tailOffer: tails,
          cancelledAt: now,
          trust: ctx.config.trust,
        }),
      );
      // The endorsement's total is the net: the pro rata return with the unpaid premium set against it.
      await insertEndorsement(tx, {
        policyId: policy.id,
        userId: locked.userId,
        number,
        kind: 'cancellation',
        status: 'issued',
        effectiveDate: date,
        changes: [
          { field: 'status', before: policy.status, after: 'cancelled' },
          { field: 'cancellationDate', before: policy.cancellationDate, after: date },
          { field: 'returnMethod', before: null, after: returned.method },
          { field: 'cause', before: null, after: 'non_payment' },
          { field: 'returnPremiumCents', before: null, after: returned.totalCents },
          { field: 'unpaidPremiumCents', before: null, after: unpaidCents },
        ],
        annualPremiumBeforeCents: figures.annualPremiumCents,
        annualPremiumAfterCents: 0,
        rateTableId: figures.rating.rateTableId,
        premiumChangeCents: -returned.premiumCents + unpaidCents,
        taxChangeCents: -returned.taxCents,
        feeChangeCents: -(returned.policyFeeCents + returned.stateFeeCents),
        totalChangeCents: -netCents,
        returnPremiumStatus: netCents > 0 ? 'owed' : null,
        content: pdf,
        idempotencyKeyHash: null,
        idempotencyRequestHash: null,
        createdAt: now,
        issuedAt: now,
      });
      await markCancelled(tx, policy.id, {
        cancellationDate: date,
        cancellationReason: NON_PAYMENT_REASON,
        cancelledAt: now,
      });
      await declinePendingChanges(tx, policy.id, withdrawalChanges(date));
      await voidOpenInstalments(tx, policy.submissionId);
      const filename = cancellationNoticeFileName(policy.number);
      await insertDocument(tx, {
        submissionId: policy.submissionId,
        policyId: policy.id,
        type: 'cancellation_notice',
        filename,
        content: pdf,
        createdAt: now,
      });
      await insertAuditEntry(tx, {
        actorUserId: null,
        action: 'policy.noticeEnds',
        entity: 'policy',
        entityId: String(policy.id),
        data: { cancellationDate: date, returnedCents: returned.totalCents, unpaidCents, netCents },
        createdAt: now,
      });
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
