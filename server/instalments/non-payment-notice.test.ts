/**
 * The notice of cancellation for non-payment as a document (issue 20's note): the notice sweep
 * draws its PDF, keeps it with the order's documents and attaches it to the notice mail, once —
 * a second sweep, or two at once, make no second one. Read back with the real pdftotext from the
 * mail's MIME part and from documents/downloadnotice; paying the instalment withdraws the notice
 * with the reinstatement mail as it was, and the notice stays listed to download again. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL (the two sweeps at once then truly race).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, businessToday } from '@shared/calendar';
import { checkoutSchema } from '@shared/contract/billing';
import { documentListSchema } from '@shared/contract/documents';
import { policyHistorySchema } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import { TestClock } from '@server/clock';
import { documents, invoices, policies } from '@server/db/schema';
import { namedInsured } from '@server/documents/named-insured';
import { usDate } from '@server/documents/pdf-layout';
import { invoiceInstalments, noticeUnpaidInstalments } from '@server/instalments/instalment-sweeps';
import type { ScheduledWorkContext } from '@server/jobs/scheduled-work';
import { outboxDir } from '@server/mail/sender';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { caller, freshIp, mailsTo, signIn } from '@server/test/auth-helpers';
import { newKey, paidOrder } from '@server/test/payment-helpers';
import { pdfReader } from '@server/test/pdf-text';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const app = () => t.app;
const pdf = pdfReader('non-payment-notice');
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
  const ms = Date.parse(`${day}T17:00:00Z`) - clock.now().getTime();
  if (ms > 0) clock.advance(ms);
  expect(today()).toBe(day);
}

/** A call as the insured, signed in afresh (moving the clock by weeks expires an earlier sign-in). */
async function callAs(insured: Insured, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) {
  const session = await signIn(caller(app), insured.email, insured.password);
  return t.app.inject({
    method,
    url: `/api/weborder/${url}`,
    remoteAddress: freshIp(),
    headers: { authorization: `Bearer ${session.token}`, 'idempotency-key': newKey() },
    ...(body === undefined ? {} : { payload: body }),
  });
}

/**
 * The notice mails to `to` as the .eml files hold them, each attachment's bytes exactly as sent
 * (the shared reader decodes attachments as text, which a PDF does not survive).
 */
async function noticeMailsTo(to: string) {
  await mailsTo(t.app, to);
  const dir = outboxDir(t.app.config.dataDir);
  const mails = [];
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort()) {
    const raw = await readFile(path.join(dir, file));
    const parsed = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
    if (!parsed.to?.some((one) => one.address?.toLowerCase() === to.toLowerCase())) continue;
    if (!parsed.subject?.startsWith('Notice of cancellation for non-payment')) continue;
    mails.push({ raw: raw.toString('latin1'), parsed });
  }
  return mails;
}

describe('the notice of cancellation for non-payment, as a PDF', () => {
  it('is drawn once, kept with the order’s documents, attached to the notice mail, and stays after payment withdraws the notice', async () => {
    const insured = await newInsured(app);
    const { order, policy } = await paidOrder(app, insured, { paymentTerm: 'monthly' });
    const [first] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.submissionId, order.submissionId), eq(invoices.installmentNo, 1)));
    const second = first!.schedule[1]!;
    moveTo(addDays(second.dueDate, -14));
    await invoiceInstalments(ctx());
    const [invoice] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.submissionId, order.submissionId), eq(invoices.installmentNo, 2)));

    // Past its grace: two sweeps at once, then a third, notice it once.
    const noticeDay = addDays(second.dueDate, 11);
    moveTo(noticeDay);
    const made = await Promise.all([noticeUnpaidInstalments(ctx()), noticeUnpaidInstalments(ctx())]);
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await noticeUnpaidInstalments(ctx())).toBe(0);
    const [noticed] = await t.app.db.select().from(policies).where(eq(policies.id, policy.id));
    const coverEnds = noticed!.noticeEndDate!;
    expect(noticed!.status).toBe('cancellation_notice');

    const kept = await t.app.db.select().from(documents).where(eq(documents.submissionId, order.submissionId));
    const notices = kept.filter((row) => row.type.startsWith('nonpayment_notice'));
    const filename = `notice-of-non-payment-${policy.number.toLowerCase()}-${invoice!.number.toLowerCase()}.pdf`;
    expect(notices.map((row) => [row.type, row.filename, row.policyId])).toEqual([
      [`nonpayment_notice:${invoice!.id}`, filename, policy.id],
    ]);

    // What it says, read back as a person's viewer would.
    const text = (await pdf.textOf(notices[0]!.content)).replace(/[ \t]+/g, ' ');
    const named = await namedInsured(t.app.db, insured.userId, order.submissionId);
    expect(text).toContain('Notice of cancellation for non-payment');
    expect(text).toContain(policy.number);
    expect(text).toContain(named.name);
    for (const line of named.addressLines) expect(text).toContain(line);
    expect(text).toContain('Instalment 2 of 10');
    expect(text).toContain(invoice!.number);
    expect(text).toContain(`Amount due ${formatUsd(invoice!.totalCents)}`);
    expect(text).toContain(`Due date ${usDate(second.dueDate)}`);
    expect(text).toContain(`Cover ends ${usDate(coverEnds)}, 12:01 a.m., unless paid before then`);
    expect(text).toContain('HOW TO PAY');
    expect(text).toContain(`/policy/instalment?invoiceid=${invoice!.id}`);
    expect(text).toContain(t.app.config.trust.supportPhone.display);

    // One mail, the PDF a real MIME part: application/pdf, an attachment by name, the same bytes.
    const mails = await noticeMailsTo(insured.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.parsed.text).toContain(`12:01 a.m. on`);
    expect(mail!.parsed.attachments.map((part) => [part.filename, part.mimeType, part.disposition])).toEqual([
      [filename, 'application/pdf', 'attachment'],
    ]);
    expect(mail!.raw).toMatch(/Content-Type: multipart\/mixed/i);
    expect(mail!.raw).toMatch(
      new RegExp(`Content-Disposition: attachment;\\s+filename=${filename.replace('.', '\\.')}`, 'i'),
    );
    const attached = Buffer.from(mail!.parsed.attachments[0]!.content as ArrayBuffer);
    expect(attached.equals(notices[0]!.content)).toBe(true);

    // Listed with the order's documents, downloaded again by the instalment's invoice.
    const list = v.parse(documentListSchema, (await callAs(insured, 'GET', 'documents/list')).json());
    const listed = list.orders.find((one) => one.submissionId === order.submissionId)!;
    expect(listed.documents.filter((entry) => entry.kind === 'nonpaymentnotice')).toEqual([
      { kind: 'nonpaymentnotice', title: 'Notice of cancellation for non-payment', filename, invoiceId: invoice!.id },
    ]);
    // Beside it, the policy's standing today: under the notice.
    expect(listed).toMatchObject({ policyId: policy.id, policyStatus: 'cancellation_notice', cancellationDate: null });
    // The policy's history lists the notice among its events, with what downloadnotice asks for.
    const history = v.parse(
      policyHistorySchema,
      (await callAs(insured, 'GET', `insured/policyhistory?policyid=${policy.id}`)).json(),
    );
    expect(history.notices).toEqual([
      {
        submissionId: order.submissionId,
        invoiceId: invoice!.id,
        invoiceNumber: invoice!.number,
        dueDate: invoice!.dueDate,
        sentAt: notices[0]!.createdAt.toISOString(),
        filename,
      },
    ]);
    const downloaded = await callAs(insured, 'POST', 'documents/downloadnotice', {
      submissionid: order.submissionId,
      invoiceid: invoice!.id,
    });
    expect(downloaded.statusCode, downloaded.body.slice(0, 200)).toBe(200);
    expect(downloaded.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect(downloaded.rawPayload.equals(notices[0]!.content)).toBe(true);
    const stranger = await newInsured(app);
    const refused = await callAs(stranger, 'POST', 'documents/downloadnotice', {
      submissionid: order.submissionId,
      invoiceid: invoice!.id,
    });
    expect(refused.statusCode).toBe(404);
    const otherInvoice = await callAs(insured, 'POST', 'documents/downloadnotice', {
      submissionid: order.submissionId,
      invoiceid: first!.id,
    });
    expect(otherInvoice.statusCode).toBe(404);

    // Paid: the notice is withdrawn with the reinstatement mail as it was (no attachment), and the
    // notice stays among the documents.
    const opened = await callAs(insured, 'POST', 'insured/payinstalment', { invoiceid: invoice!.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const checkout = v.parse(checkoutSchema, opened.json());
    const paid = await t.app.inject({
      method: 'POST',
      url: new URL(checkout.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Dana Whitfield',
        number: '4242424242424242',
        expiry: '12/35',
        cvc: '123',
      }).toString(),
    });
    expect(paid.statusCode, paid.body).toBe(303);
    const confirmed = await callAs(insured, 'POST', 'insured/confirminstalment', {
      invoiceid: invoice!.id,
      sessionid: checkout.sessionId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [back] = await t.app.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(back!.status).toBe('in_force');
    const reinstated = (await mailsTo(t.app, insured.email)).filter((one) => /is back in force/.test(one.subject));
    expect(reinstated).toHaveLength(1);
    expect(reinstated[0]!.attachments).toEqual([]);
    expect(reinstated[0]!.text).toContain('The notice of cancellation is withdrawn');
    expect(await noticeUnpaidInstalments(ctx())).toBe(0);
    const after = await t.app.db.select().from(documents).where(eq(documents.submissionId, order.submissionId));
    expect(after.filter((row) => row.type.startsWith('nonpayment_notice'))).toHaveLength(1);
    expect(await noticeMailsTo(insured.email)).toHaveLength(1);
    // Withdrawn, the notice stays in the policy's history, and the policy reads in force again.
    const historyAfter = v.parse(
      policyHistorySchema,
      (await callAs(insured, 'GET', `insured/policyhistory?policyid=${policy.id}`)).json(),
    );
    expect(historyAfter.notices?.map((notice) => notice.invoiceId)).toEqual([invoice!.id]);
    const listAfter = v.parse(documentListSchema, (await callAs(insured, 'GET', 'documents/list')).json());
    expect(listAfter.orders.find((one) => one.submissionId === order.submissionId)?.policyStatus).toBe('in_force');
  }, 120_000);
});
