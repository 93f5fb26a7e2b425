/**
 * Issue 19, the mail of an issued endorsement: a real MIME mail through the outbox, read back
 * with postal-mime, its PDF attachment read with pdftotext — at once for a change that returns
 * premium (once, however often the request is retried), and when an increase's additional
 * premium is paid on the sandbox checkout; the order's broker gets a copy saying whose policy it is.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { checkoutSchema } from '@shared/contract/billing';
import { endorsementSchema, type Endorsement } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import { brokers, policies, submissions } from '@server/db/schema';
import { outboxDir } from '@server/mail/sender';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { mailsTo, type ReadMail } from '@server/test/auth-helpers';
import { pdfReader } from '@server/test/pdf-text';
import { paidOrder } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;
const pdf = pdfReader('endorsement-mail');
const today = () => businessToday(t.app.clock.now());

async function boundPolicy() {
  const insured = await newInsured(app);
  const order = await quotedOrder(app, insured);
  const policyId = await bindForTest(t.app, order.submissionId);
  const start = addDays(today(), -10);
  await t.app.db
    .update(policies)
    .set({ effectiveDate: start, expirationDate: addMonths(start, 12) })
    .where(eq(policies.id, policyId));
  const [policy] = await t.app.db.select().from(policies).where(eq(policies.id, policyId));
  return { insured, order, policy: policy! };
}

async function endorsed(insured: Insured, body: Record<string, unknown>, key?: string): Promise<Endorsement> {
  const response = await insured.call(
    'POST',
    'insured/endorse',
    body,
    key ? { headers: { 'idempotency-key': key } } : {},
  );
  expect([200, 201], response.body).toContain(response.statusCode);
  return v.parse(endorsementSchema, response.json());
}

/** The mails about this endorsement to `address`. */
const mailsAbout = async (address: string, endorsement: Endorsement) =>
  (await mailsTo(t.app, address)).filter((mail) => mail.subject.endsWith(`endorsement ${endorsement.number}`));

/** The mail's attachment as bytes (read again from the .eml), and its text through pdftotext. */
async function attachmentText(mail: ReadMail) {
  const raw = await readFile(path.join(outboxDir(t.app.config.dataDir), mail.file));
  const parsed = await PostalMime.parse(raw);
  expect(parsed.attachments).toHaveLength(1);
  const [attachment] = parsed.attachments;
  expect(attachment!.mimeType).toBe('application/pdf');
  const bytes = new Uint8Array(attachment!.content as ArrayBuffer);
  return { filename: attachment!.filename, text: (await pdf.textOf(bytes)).replace(/\s+/g, ' ') };
}

describe('the mail of an issued endorsement', () => {
  it('goes at once for a decrease, once however often retried, with the endorsement attached; the broker gets a copy', async () => {
    const { insured, order, policy } = await boundPolicy();
    const [broker] = await t.app.db
      .insert(brokers)
      .values({
        name: 'Gulf Coast Brokerage',
        abbreviation: 'GCB',
        clientUrl: `gcb-${process.pid}-${Date.now()}`,
        email: `desk-${Date.now()}@gulfcoast.example`,
      })
      .returning();
    await t.app.db.update(submissions).set({ brokerId: broker!.id }).where(eq(submissions.id, order.submissionId));

    const body = { policyid: policy.id, deductibleCode: '2500' };
    const endorsement = await endorsed(insured, body, 'mail-decrease');
    await endorsed(insured, body, 'mail-decrease');
    expect(endorsement).toMatchObject({ status: 'issued' });
    expect(endorsement.totalChangeCents).toBeLessThan(0);

    const mails = await mailsAbout(insured.email, endorsement);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Your policy ${policy.number} is changed: endorsement ${endorsement.number}`);
    expect(mail!.text).toContain('Deductible: $1,000');
    expect(mail!.text).toContain('to $2,500');
    expect(mail!.text).toContain(
      `A return premium of ${formatUsd(-endorsement.totalChangeCents)} is owed to you: we will credit or refund it.`,
    );
    // Through a broker: the links lead to the broker's branded site.
    expect(mail!.text).toContain(`/client/document/${broker!.clientUrl}`);
    const { filename, text } = await attachmentText(mail!);
    expect(filename).toBe(`endorsement-${endorsement.number.toLowerCase()}.pdf`);
    expect(text).toContain(endorsement.number);
    expect(text).toContain('Deductible');

    const copies = await mailsAbout(broker!.email!, endorsement);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.text).toMatch(/^Hello,\n\nA copy for you as the broker of /);
    expect((await attachmentText(copies[0]!)).text).toContain(endorsement.number);
  });

  it('goes when an increase’s additional premium is paid, not before', async () => {
    const insured = await newInsured(app);
    const { policy } = await paidOrder(app, insured);
    const endorsement = await endorsed(insured, { policyid: policy.id, limitCode: '2M/4M' });
    expect(endorsement.status).toBe('awaiting_payment');
    expect(await mailsAbout(insured.email, endorsement)).toHaveLength(0);

    const opened = await insured.call('POST', 'insured/payendorsement', { endorsementid: endorsement.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const page = new URL(v.parse(checkoutSchema, opened.json()).url);
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

    const mails = await mailsAbout(insured.email, endorsement);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`The additional premium of ${formatUsd(endorsement.totalChangeCents)} is paid.`);
    expect(mails[0]!.text).toContain('Limit of liability');
    const { text } = await attachmentText(mails[0]!);
    expect(text).toContain(endorsement.number);
    expect(text).toContain('$2,000,000');
  });
});
