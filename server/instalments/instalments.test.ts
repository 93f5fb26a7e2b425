/**
 * A monthly plan walked through its year with a TestClock (issue 20): the sweeps called directly,
 * as the job engine runs them. Each later instalment invoiced once on its day even with two sweeps
 * at once, the reminders once each, a missed instalment → notice → cancelled at the notice's end
 * with the return premium worked out here to the cent, and paying during the notice reinstating.
 * The mails are read back from the outbox.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, businessToday, daysBetween } from '@shared/calendar';
import { checkoutSchema } from '@shared/contract/billing';
import { cancellationQuoteSchema, cancellationSchema } from '@shared/contract/cancellation';
import {
  instalmentConfirmationSchema,
  payableInstalmentSchema,
  policyInstalmentsListSchema,
} from '@shared/contract/instalments';
import { formatUsd } from '@shared/contract/money-format';
import { TestClock } from '@server/clock';
import {
  endorsements,
  invoices,
  policies,
  rateTables,
  submissions,
  usStates,
  type ScheduledInstallment,
} from '@server/db/schema';
import {
  cancelUnpaidPolicies,
  invoiceInstalments,
  noticeUnpaidInstalments,
  remindInstalments,
} from '@server/instalments/instalment-sweeps';
import type { ScheduledWorkContext } from '@server/jobs/scheduled-work';
import { standingOn } from '@server/certificates/policy-standing';
import { storedRating } from '@server/submissions/stored-rating';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { caller, freshIp, linkIn, mailsTo, signIn } from '@server/test/auth-helpers';
import { newKey, paidOrder } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const app = () => t.app;
const today = () => businessToday(clock.now());

const ctx = (): ScheduledWorkContext => ({
  db: t.app.db,
  clock,
  config: t.app.config,
  log: t.app.log,
  mail: t.app.mail,
});

/** Moves the clock to midday (New York) of `day`; never back. */
function moveTo(day: string) {
  const target = Date.parse(`${day}T17:00:00Z`);
  const ms = target - clock.now().getTime();
  if (ms < 0 && today() !== day) throw new Error(`The clock is already past ${day}`);
  if (ms > 0) clock.advance(ms);
  expect(today()).toBe(day);
}

/** A new insured's policy bought on the monthly plan (25% down, nine monthly payments), paid through the sandbox. */
async function monthlyPolicy() {
  const insured = await newInsured(app);
  const { order, policy } = await paidOrder(app, insured, { paymentTerm: 'monthly' });
  const [first] = await t.app.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.submissionId, order.submissionId), eq(invoices.installmentNo, 1)));
  expect(first!.schedule).toHaveLength(10);
  return { insured, submissionId: order.submissionId, policy, schedule: first!.schedule };
}

const orderInvoices = (submissionId: number) =>
  t.app.db.select().from(invoices).where(eq(invoices.submissionId, submissionId)).orderBy(invoices.installmentNo);

const policyRow = async (id: number) => (await t.app.db.select().from(policies).where(eq(policies.id, id)))[0]!;

const subjects = async (insured: Insured, pattern: RegExp) =>
  (await mailsTo(t.app, insured.email)).filter((mail) => pattern.test(mail.subject));

/**
 * A call as the insured, signed in afresh: moving the clock by weeks expires any earlier sign-in,
 * as it would for a real insured coming back from a mailed link.
 */
async function callAs(
  insured: Insured,
  method: 'GET' | 'POST',
  url: string,
  body?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const session = await signIn(caller(app), insured.email, insured.password);
  return t.app.inject({
    method,
    url: `/api/weborder/${url}`,
    remoteAddress: freshIp(),
    headers: { authorization: `Bearer ${session.token}`, ...headers },
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** Pays an instalment through its checkout with the sandbox's success card, then the browser's return. */
async function payThroughCheckout(insured: Insured, invoiceId: number) {
  const opened = await callAs(
    insured,
    'POST',
    'insured/payinstalment',
    { invoiceid: invoiceId },
    { 'idempotency-key': newKey() },
  );
  expect(opened.statusCode, opened.body).toBe(200);
  const checkout = v.parse(checkoutSchema, opened.json());
  const page = new URL(checkout.url);
  const paid = await t.app.inject({
    method: 'POST',
    url: page.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      name: 'Dana Whitfield',
      number: '4242424242424242',
      expiry: '12/35',
      cvc: '123',
    }).toString(),
  });
  expect(paid.statusCode, paid.body).toBe(303);
  expect(paid.headers.location).toContain(`/policy/instalment?invoiceid=${invoiceId}&sessionid=${checkout.sessionId}`);
  const confirmed = await callAs(insured, 'POST', 'insured/confirminstalment', {
    invoiceid: invoiceId,
    sessionid: checkout.sessionId,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return v.parse(instalmentConfirmationSchema, confirmed.json());
}

describe('a monthly plan through its year', () => {
  it('invoices each later instalment once on its day (two sweeps at once), mails its pay link, reminds once before, and takes its payment', async () => {
    const { insured, submissionId, policy, schedule } = await monthlyPolicy();
    const second = schedule[1]!;
    // Due a month after the effective date; invoiced 14 days before, reminded 3 days before.
    expect(second.dueDate > policy.effectiveDate).toBe(true);

    moveTo(addDays(second.dueDate, -15));
    await invoiceInstalments(ctx());
    expect((await orderInvoices(submissionId)).map((row) => row.installmentNo)).toEqual([1]);

    moveTo(addDays(second.dueDate, -14));
    await Promise.all([invoiceInstalments(ctx()), invoiceInstalments(ctx())]);
    await invoiceInstalments(ctx());
    const rows = await orderInvoices(submissionId);
    expect(rows.map((row) => row.installmentNo)).toEqual([1, 2]);
    const invoice = rows[1]!;
    expect(invoice).toMatchObject({ status: 'open', dueDate: second.dueDate, totalCents: second.amountCents });

    const invoiced = await subjects(insured, /^Instalment 2 of 10/);
    expect(invoiced).toHaveLength(1);
    expect(invoiced[0]!.subject).toContain(formatUsd(second.amountCents));
    const link = linkIn(invoiced[0]!, `${t.app.config.publicUrl}/policy/instalment?invoiceid=`);
    expect(link).toBe(`${t.app.config.publicUrl}/policy/instalment?invoiceid=${invoice.id}`);

    // What the link's page reads: exactly that instalment, payable.
    const read = await callAs(insured, 'GET', `insured/instalment?invoiceid=${invoice.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(v.parse(payableInstalmentSchema, read.json())).toMatchObject({
      installmentNo: 2,
      installments: 10,
      amountCents: second.amountCents,
      status: 'open',
      payable: true,
      policyNumber: policy.number,
    });

    moveTo(addDays(second.dueDate, -4));
    await remindInstalments(ctx());
    expect(await subjects(insured, /^Reminder:/)).toHaveLength(0);
    moveTo(addDays(second.dueDate, -3));
    await Promise.all([remindInstalments(ctx()), remindInstalments(ctx())]);
    moveTo(addDays(second.dueDate, -2));
    await remindInstalments(ctx());
    const reminders = await subjects(insured, /^Reminder:/);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(`/policy/instalment?invoiceid=${invoice.id}`);

    const confirmation = await payThroughCheckout(insured, invoice.id);
    expect(confirmation).toMatchObject({ outcome: 'paid', instalment: { status: 'paid', payable: false } });
    expect((await orderInvoices(submissionId))[1]!.status).toBe('paid');
    expect(await subjects(insured, /^Payment received: instalment 2 of 10/)).toHaveLength(1);

    // Paid: no reminder after the due date, no notice.
    moveTo(addDays(second.dueDate, 12));
    await remindInstalments(ctx());
    await noticeUnpaidInstalments(ctx());
    expect(await subjects(insured, /^Overdue:|Notice of cancellation/)).toHaveLength(0);
    expect((await policyRow(policy.id)).status).toBe('in_force');

    // The dashboard's schedule: 1 and 2 paid, 3 invoiced (its day has come), the rest scheduled.
    const listed = v.parse(policyInstalmentsListSchema, (await callAs(insured, 'GET', 'insured/instalments')).json());
    const mine = listed.find((plan) => plan.policyId === policy.id)!;
    expect(mine.schedule.map((item) => item.status)).toEqual([
      'paid',
      'paid',
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
    ]);
    expect(mine.paymentTerm.code).toBe('monthly');

    // Someone else's instalment, and the first (paid with the order), are a 404.
    const stranger = await newInsured(app);
    expect((await callAs(stranger, 'GET', `insured/instalment?invoiceid=${invoice.id}`)).statusCode).toBe(404);
    expect((await callAs(insured, 'GET', `insured/instalment?invoiceid=${rows[0]!.id}`)).statusCode).toBe(404);
    // Paid: paying again is a 409 naming the status.
    const again = await callAs(insured, 'POST', 'insured/payinstalment', { invoiceid: invoice.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ status: 'is paid' });
  });

  it('a missed instalment: reminded once after, noticed past the grace, cancelled pro rata at the notice’s end less what is unpaid', async () => {
    const { insured, submissionId, policy, schedule } = await monthlyPolicy();
    const second = schedule[1]!;
    moveTo(addDays(second.dueDate, -14));
    await invoiceInstalments(ctx());
    const invoice = (await orderInvoices(submissionId))[1]!;

    moveTo(addDays(second.dueDate, 3));
    await Promise.all([remindInstalments(ctx()), remindInstalments(ctx())]);
    await remindInstalments(ctx());
    expect(await subjects(insured, /^Overdue:/)).toHaveLength(1);

    // The grace's last day: no notice yet.
    moveTo(addDays(second.dueDate, 10));
    await noticeUnpaidInstalments(ctx());
    expect((await policyRow(policy.id)).status).toBe('in_force');

    const noticeDay = addDays(second.dueDate, 11);
    moveTo(noticeDay);
    await Promise.all([noticeUnpaidInstalments(ctx()), noticeUnpaidInstalments(ctx())]);
    const noticed = await policyRow(policy.id);
    // The state sets no notice days of its own: the default 10.
    const noticeEnd = addDays(noticeDay, 10);
    expect(noticed).toMatchObject({
      status: 'cancellation_notice',
      noticeInvoiceId: invoice.id,
      noticeEndDate: noticeEnd,
    });
    const notices = await subjects(insured, /^Notice of cancellation for non-payment/);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('cancelled for non-payment from 12:01 a.m.');
    expect(notices[0]!.text).toContain(`/policy/instalment?invoiceid=${invoice.id}`);

    // The dashboard and the link's page say so.
    const listed = v.parse(policyInstalmentsListSchema, (await callAs(insured, 'GET', 'insured/instalments')).json());
    const mine = listed.find((plan) => plan.policyId === policy.id)!;
    expect(mine).toMatchObject({ policyStatus: 'cancellation_notice', noticeEndDate: noticeEnd });
    expect(mine.schedule[1]!.status).toBe('overdue');

    moveTo(addDays(noticeEnd, -1));
    await cancelUnpaidPolicies(ctx());
    expect((await policyRow(policy.id)).status).toBe('cancellation_notice');

    moveTo(noticeEnd);
    await invoiceInstalments(ctx());
    await Promise.all([cancelUnpaidPolicies(ctx()), cancelUnpaidPolicies(ctx())]);
    const cancelled = await policyRow(policy.id);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancellationDate: noticeEnd,
      cancellationReason: 'Non-payment of premium',
    });
    expect(standingOn(cancelled, noticeEnd).standing).toBe('cancelled');

    // By hand: the year's premium, fee, tax and state fees back for the days from the notice's end
    // to the expiration (pro rata), less every later instalment unpaid (without its $3.00 fee).
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, submissionId));
    const rating = storedRating(order!.worksheet)!;
    const [table] = await t.app.db.select().from(rateTables).where(eq(rateTables.id, rating.rateTableId));
    const days = daysBetween(policy.effectiveDate, policy.expirationDate);
    const left = daysBetween(noticeEnd, policy.expirationDate);
    const share = (cents: number) => Math.round((cents * left) / days);
    const taxable = rating.premiumCents + table!.policyFeeCents;
    const premiumBack = share(rating.premiumCents);
    const inProportion = (cents: number) => Math.round((cents * premiumBack) / rating.premiumCents);
    const returned =
      premiumBack +
      inProportion(table!.policyFeeCents) +
      inProportion(Math.round((taxable * table!.taxRateBps) / 10_000)) +
      inProportion(Math.round((taxable * table!.feeRateBps) / 10_000));
    const unpaid = schedule.slice(1).reduce((sum, item) => sum + item.amountCents - 300, 0);
    const net = returned - unpaid;

    const [endorsement] = await t.app.db
      .select()
      .from(endorsements)
      .where(and(eq(endorsements.policyId, policy.id), eq(endorsements.kind, 'cancellation')));
    expect(endorsement!.totalChangeCents).toBe(-net);
    expect(endorsement!.effectiveDate).toBe(noticeEnd);
    expect(endorsement!.changes).toEqual(
      expect.arrayContaining([
        { field: 'cause', before: null, after: 'non_payment' },
        { field: 'returnPremiumCents', before: null, after: returned },
        { field: 'unpaidPremiumCents', before: null, after: unpaid },
      ]),
    );
    expect(endorsement!.returnPremiumStatus).toBe(net > 0 ? 'owed' : null);

    const cancellationMails = await subjects(insured, /is cancelled for non-payment$/);
    expect(cancellationMails).toHaveLength(1);
    expect(cancellationMails[0]!.text).toContain(formatUsd(returned));
    expect(cancellationMails[0]!.text).toContain(formatUsd(unpaid));
    expect(cancellationMails[0]!.text).toContain(formatUsd(Math.abs(net)));
    expect(cancellationMails[0]!.attachments.map((a) => a.mimeType)).toEqual(['application/pdf']);

    // The open instalments are void: paying the missed one now is refused.
    const rows = await orderInvoices(submissionId);
    expect(rows.filter((row) => row.installmentNo > 1).map((row) => row.status)).toEqual(['void', 'void']);
    const late = await callAs(insured, 'POST', 'insured/payinstalment', { invoiceid: invoice.id });
    expect(late.statusCode).toBe(409);
    // Once cancelled, nothing more is invoiced.
    moveTo(addDays(schedule[3]!.dueDate, -14));
    await invoiceInstalments(ctx());
    expect(await orderInvoices(submissionId)).toHaveLength(3);
  });

  it('paying during the notice reinstates the policy: back in force, mailed, and the notice’s end cancels nothing', async () => {
    const { insured, submissionId, policy, schedule } = await monthlyPolicy();
    // This state gives 15 days' notice.
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, submissionId));
    await t.app.db.update(usStates).set({ nonPaymentNoticeDays: 15 }).where(eq(usStates.code, order!.stateCode!));
    try {
      const second = schedule[1]!;
      moveTo(addDays(second.dueDate, -14));
      await invoiceInstalments(ctx());
      const noticeDay = addDays(second.dueDate, 11);
      moveTo(noticeDay);
      await noticeUnpaidInstalments(ctx());
      expect(await policyRow(policy.id)).toMatchObject({
        status: 'cancellation_notice',
        noticeEndDate: addDays(noticeDay, 15),
      });
      const invoice = (await orderInvoices(submissionId))[1]!;

      moveTo(addDays(noticeDay, 5));
      const paid = await payThroughCheckout(insured, invoice.id);
      expect(paid).toMatchObject({ outcome: 'paid', instalment: { status: 'paid', policyStatus: 'in_force' } });
      expect(await policyRow(policy.id)).toMatchObject({
        status: 'in_force',
        noticeInvoiceId: null,
        noticeEndDate: null,
      });
      const back = await subjects(insured, /is back in force/);
      expect(back).toHaveLength(1);
      expect(back[0]!.text).toContain('The notice of cancellation is withdrawn');

      moveTo(addDays(noticeDay, 15));
      await cancelUnpaidPolicies(ctx());
      expect((await policyRow(policy.id)).status).toBe('in_force');
    } finally {
      await t.app.db.update(usStates).set({ nonPaymentNoticeDays: null }).where(eq(usStates.code, order!.stateCode!));
    }
  });
});

/** The sum the plan has not collected: each later instalment not in `paid`, less its $3.00 instalment fee. */
const unpaidOf = (schedule: ScheduledInstallment[], paid: number[] = []) =>
  schedule
    .filter((item) => item.installmentNo > 1 && !paid.includes(item.installmentNo))
    .reduce((sum, item) => sum + item.amountCents - 300, 0);

/**
 * A sweep's context whose first transaction is preceded by `between`: something that happens after
 * the sweep has read its work and before it acts on it (a race, made to happen every time).
 */
function ctxWithRace(between: () => Promise<unknown>): ScheduledWorkContext {
  const db = t.app.db;
  let pending: (() => Promise<unknown>) | null = between;
  const raced = new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return async (...args: Parameters<typeof db.transaction>) => {
          const run = pending;
          pending = null;
          if (run) await run();
          return target.transaction(...args);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...ctx(), db: raced };
}

describe('issue 20’s review: one cancellation rule, the notice and the sweeps’ locks', () => {
  it('an insured’s own cancellation deducts the instalments never paid (the quote says what would still be owed) and voids the open ones', async () => {
    const { insured, submissionId, policy, schedule } = await monthlyPolicy();
    const second = schedule[1]!;
    moveTo(addDays(second.dueDate, -14));
    await invoiceInstalments(ctx());
    expect((await orderInvoices(submissionId)).map((row) => row.status)).toEqual(['paid', 'open']);
    const unpaid = unpaidOf(schedule);

    // Tomorrow: most of the year comes back, less the nine instalments never paid.
    const soon = await callAs(insured, 'POST', 'insured/cancellationquote', {
      policyid: policy.id,
      cancellationDate: addDays(today(), 1),
    });
    expect(soon.statusCode, soon.body).toBe(200);
    const early = v.parse(cancellationQuoteSchema, soon.json());
    expect(early.unpaidPremium).toEqual({
      unpaidCents: unpaid,
      netCents: early.returnPremium.totalCents - unpaid,
    });

    // Late in the year on 25% down: the days covered cost more than was paid — earned premium owed.
    const date = addDays(policy.effectiveDate, 200);
    const later = v.parse(
      cancellationQuoteSchema,
      (
        await callAs(insured, 'POST', 'insured/cancellationquote', { policyid: policy.id, cancellationDate: date })
      ).json(),
    );
    const net = later.returnPremium.totalCents - unpaid;
    expect(net).toBeLessThan(0);
    expect(later.unpaidPremium).toEqual({ unpaidCents: unpaid, netCents: net });

    const response = await callAs(
      insured,
      'POST',
      'insured/cancelpolicy',
      { policyid: policy.id, cancellationDate: date, reason: 'Closing the practice' },
      { 'idempotency-key': newKey() },
    );
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = v.parse(cancellationSchema, response.json());
    expect(cancelled).toMatchObject({ status: 'cancelled', returnPremium: later.returnPremium });
    expect(cancelled.unpaidPremium).toEqual({ unpaidCents: unpaid, netCents: net });
    expect(cancelled.endorsement.totalChangeCents).toBe(-net);

    const [endorsement] = await t.app.db
      .select()
      .from(endorsements)
      .where(and(eq(endorsements.policyId, policy.id), eq(endorsements.kind, 'cancellation')));
    expect(endorsement).toMatchObject({ totalChangeCents: -net, returnPremiumStatus: null });
    expect(endorsement!.changes).toEqual(
      expect.arrayContaining([
        { field: 'cause', before: null, after: 'insured' },
        { field: 'returnPremiumCents', before: null, after: later.returnPremium.totalCents },
        { field: 'unpaidPremiumCents', before: null, after: unpaid },
      ]),
    );
    expect((await orderInvoices(submissionId)).map((row) => row.status)).toEqual(['paid', 'void']);
    expect(await policyRow(policy.id)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Closing the practice',
    });
  });

  it('paying the noticed instalment withdraws the notice though a later one is a day late, still in its grace', async () => {
    const { insured, submissionId, policy, schedule } = await monthlyPolicy();
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, submissionId));
    // A long notice, so the third instalment falls due while it runs.
    await t.app.db.update(usStates).set({ nonPaymentNoticeDays: 40 }).where(eq(usStates.code, order!.stateCode!));
    try {
      const [, second, third] = schedule;
      moveTo(addDays(second!.dueDate, -14));
      await invoiceInstalments(ctx());
      moveTo(addDays(second!.dueDate, 11));
      await noticeUnpaidInstalments(ctx());
      const noticed = await policyRow(policy.id);
      expect(noticed.status).toBe('cancellation_notice');
      expect(noticed.noticeEndDate! > addDays(third!.dueDate, 1)).toBe(true);
      moveTo(addDays(third!.dueDate, -14));
      await invoiceInstalments(ctx());

      moveTo(addDays(third!.dueDate, 1));
      const [, invoice2] = await orderInvoices(submissionId);
      const paid = await payThroughCheckout(insured, invoice2!.id);
      expect(paid).toMatchObject({ outcome: 'paid', instalment: { policyStatus: 'in_force' } });
      expect(await policyRow(policy.id)).toMatchObject({ status: 'in_force', noticeInvoiceId: null });
    } finally {
      await t.app.db.update(usStates).set({ nonPaymentNoticeDays: null }).where(eq(usStates.code, order!.stateCode!));
    }
  });

  it('the notice’s end cancels nothing when its instalment was paid: the notice is withdrawn and the other instalment noticed in its own time', async () => {
    const { insured, submissionId, policy, schedule } = await monthlyPolicy();
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, submissionId));
    await t.app.db.update(usStates).set({ nonPaymentNoticeDays: 60 }).where(eq(usStates.code, order!.stateCode!));
    try {
      const [, second, third] = schedule;
      moveTo(addDays(second!.dueDate, -14));
      await invoiceInstalments(ctx());
      moveTo(addDays(second!.dueDate, 11));
      await noticeUnpaidInstalments(ctx());
      const noticeEnd = (await policyRow(policy.id)).noticeEndDate!;
      moveTo(addDays(third!.dueDate, -14));
      await invoiceInstalments(ctx());
      const [, invoice2, invoice3] = await orderInvoices(submissionId);

      // The third past its grace too: paying the noticed one leaves the policy under the notice.
      moveTo(addDays(third!.dueDate, 11));
      await payThroughCheckout(insured, invoice2!.id);
      expect(await policyRow(policy.id)).toMatchObject({
        status: 'cancellation_notice',
        noticeInvoiceId: invoice2!.id,
      });

      moveTo(noticeEnd);
      await cancelUnpaidPolicies(ctx());
      expect(await policyRow(policy.id)).toMatchObject({ status: 'in_force', noticeInvoiceId: null });
      expect(await subjects(insured, /is cancelled for non-payment$/)).toHaveLength(0);
      const open = await t.app.db
        .select()
        .from(endorsements)
        .where(and(eq(endorsements.policyId, policy.id), eq(endorsements.kind, 'cancellation')));
      expect(open).toHaveLength(0);

      // The unpaid third gets a notice of its own, with its full notice period.
      await noticeUnpaidInstalments(ctx());
      expect(await policyRow(policy.id)).toMatchObject({
        status: 'cancellation_notice',
        noticeInvoiceId: invoice3!.id,
        noticeEndDate: addDays(noticeEnd, 60),
      });
    } finally {
      await t.app.db.update(usStates).set({ nonPaymentNoticeDays: null }).where(eq(usStates.code, order!.stateCode!));
    }
  });

  it('a cancellation between the invoice sweep’s read and its write: no invoice and no “pay here” mail for the cancelled policy', async () => {
    const { insured, submissionId, policy, schedule } = await monthlyPolicy();
    moveTo(addDays(schedule[1]!.dueDate, -14));
    // Other tests' policies may be invoiced in the same run: this order is what is looked at.
    await invoiceInstalments(
      ctxWithRace(async () => {
        const response = await callAs(
          insured,
          'POST',
          'insured/cancelpolicy',
          { policyid: policy.id, cancellationDate: today() },
          { 'idempotency-key': newKey() },
        );
        expect(response.statusCode, response.body).toBe(200);
      }),
    );
    expect((await policyRow(policy.id)).status).toBe('cancelled');
    expect((await orderInvoices(submissionId)).map((row) => row.installmentNo)).toEqual([1]);
    expect(await subjects(insured, /^Instalment 2 of 10/)).toHaveLength(0);
  });

  it('a policy that ends between the reminder sweep’s read and its write is not reminded', async () => {
    const { insured, submissionId, policy, schedule } = await monthlyPolicy();
    const second = schedule[1]!;
    moveTo(addDays(second.dueDate, -14));
    await invoiceInstalments(ctx());
    moveTo(addDays(second.dueDate, -3));
    // Ended without touching its invoices (as the end of a period does): only the policy's status tells.
    await remindInstalments(
      ctxWithRace(() => t.app.db.update(policies).set({ status: 'expired' }).where(eq(policies.id, policy.id))),
    );
    expect(await subjects(insured, /^Reminder:/)).toHaveLength(0);
    expect((await orderInvoices(submissionId))[1]!.remindedBeforeAt).toBeNull();
  });
});
