/**
 * The insured's documents (issue 8) on a real server: every PDF downloaded and read back with
 * the real pdftotext, the list, the owner-only rule, and the two mails with their attachments
 * and rate limits.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '@shared/calendar';
import { checkoutSchema } from '@shared/contract/billing';
import { cancellationSchema, tailPurchaseSchema } from '@shared/contract/cancellation';
import { documentListSchema } from '@shared/contract/documents';
import { endorsementSchema } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import { TestClock } from '@server/clock';
import { invoices, users } from '@server/db/schema';
import { namedInsured } from '@server/documents/named-insured';
import { usDate } from '@server/documents/pdf-layout';
import { invoiceInstalments } from '@server/instalments/instalment-sweeps';
import { newInsured, quotedOrder } from '@server/test/account-helpers';
import { mailsTo } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { invoicedOrder, paidOrder } from '@server/test/payment-helpers';
import type { Insured } from '@server/test/account-helpers';
import { setupTestApp } from '@server/test/test-app';

const run = promisify(execFile);
const t = setupTestApp();
const app = () => t.app;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'documents-test-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

let serial = 0;
async function textOf(pdf: Buffer): Promise<string> {
  const file = path.join(scratch, `document-${(serial += 1)}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.replace(/[ \t]+/g, ' ');
}

async function download(insured: Awaited<ReturnType<typeof newInsured>>, route: string, body: Record<string, unknown>) {
  const response = await insured.call('POST', `documents/${route}`, body);
  return response;
}

describe('the documents of a paid order', () => {
  it('downloads the policy, declarations, binder, invoice and order summary as PDFs naming the insured, the policy and the premium', async () => {
    const insured = await newInsured(app);
    const { order, invoice, policy } = await paidOrder(app, insured);
    const premium = formatUsd(invoice.totalCents);
    const named = (await namedInsured(t.app.db, insured.userId, order.submissionId)).name;
    expect(named.length).toBeGreaterThan(2);
    const wanted = [
      ['downloadpolicy', { documentType: 'policy' }, `policy-${policy.number.toLowerCase()}.pdf`],
      ['downloadpolicy', { documentType: 'declarations' }, `declarations-${policy.number.toLowerCase()}.pdf`],
      ['downloadpolicy', { documentType: 'application' }, `signed-application-${policy.number.toLowerCase()}.pdf`],
      ['downloadbinder', {}, `binder-${policy.number.toLowerCase()}.pdf`],
      ['downloadinvoice', {}, `invoice-${invoice.number.toLowerCase()}.pdf`],
      ['downloadordersummary', {}, `order-summary-${order.number.toLowerCase()}.pdf`],
    ] as const;
    const seen: Buffer[] = [];
    for (const [route, extra, filename] of wanted) {
      const response = await download(insured, route, { submissionid: order.submissionId, ...extra });
      expect(response.statusCode, `${route}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
      const text = await textOf(response.rawPayload);
      expect(text, route).toContain(policy.number);
      expect(text, route).toContain(premium);
      expect(text, route).toContain(named);
      seen.push(response.rawPayload);
    }
    expect(seen[0]!.length).toBeGreaterThan(seen[1]!.length);
    // The same data gives the same bytes.
    const again = await download(insured, 'downloadinvoice', { submissionid: order.submissionId });
    expect(again.rawPayload.equals(seen[4]!)).toBe(true);
    const summaryAgain = await download(insured, 'downloadordersummary', { submissionid: order.submissionId });
    expect(summaryAgain.rawPayload.equals(seen[5]!)).toBe(true);
  });

  it('lists every document of the insured’s orders: the policy’s, then an invoiced order’s invoice and summary', async () => {
    const insured = await newInsured(app);
    const { order: paid, policy } = await paidOrder(app, insured);
    const { order: invoiced } = await invoicedOrder(app, insured);
    const list = v.parse(documentListSchema, (await insured.call('GET', 'documents/list')).json());
    expect(
      list.orders.map((order) => [
        order.orderNumber,
        order.policyNumber,
        order.documents.map((document) => document.kind),
      ]),
    ).toEqual([
      // paidOrder signed the application before paying: it is listed with the policy documents.
      [paid.number, policy.number, ['policy', 'declarations', 'binder', 'application', 'invoice', 'ordersummary']],
      [invoiced.number, null, ['invoice', 'ordersummary']],
    ]);
    expect(list.orders[0]).toMatchObject({ policyId: policy.id, policyStatus: 'in_force', cancellationDate: null });
    expect(list.orders[1]).toMatchObject({ policyId: null, policyStatus: null });
    const other = await newInsured(app);
    expect((await other.call('GET', 'documents/list')).json()).toEqual({
      orders: [],
      today: businessToday(t.app.clock.now()),
    });
  });

  it('is the owner’s only (another insured gets 404), and a document not issued yet is a 409 naming the status', async () => {
    const insured = await newInsured(app);
    const { order } = await invoicedOrder(app, insured);
    expect(
      expectError(await download(insured, 'downloadpolicy', { submissionid: order.submissionId }), 409).fields,
    ).toEqual({ status: 'is awaiting_payment' });
    expect(
      expectError(await download(insured, 'downloadbinder', { submissionid: order.submissionId }), 409).fields,
    ).toEqual({ status: 'is awaiting_payment' });
    expect((await download(insured, 'downloadinvoice', { submissionid: order.submissionId })).statusCode).toBe(200);
    const quoted = await quotedOrder(app, insured);
    expect(
      expectError(await download(insured, 'downloadinvoice', { submissionid: quoted.submissionId }), 409).fields,
    ).toEqual({ status: 'is quoted' });
    expect((await download(insured, 'downloadordersummary', { submissionid: quoted.submissionId })).statusCode).toBe(
      200,
    );
    const other = await newInsured(app);
    for (const route of ['downloadpolicy', 'downloadbinder', 'downloadinvoice', 'downloadordersummary']) {
      expectError(await download(other, route, { submissionid: order.submissionId }), 404);
    }
    expect(
      expectError(
        await download(insured, 'downloadpolicy', { submissionid: order.submissionId, documentType: 'certificate' }),
        400,
      ).fields,
    ).toHaveProperty('documentType');
  });
});

/**
 * A monthly plan's second instalment invoiced by the real sweep, run on a clock of its own moved to
 * the instalment's invoice day (the app's clock, and so the insured's sign-in, stay where they are),
 * and an increase of limit waiting for its own invoice.
 */
async function orderWithSeveralInvoices(insured: Insured) {
  const { order, policy } = await paidOrder(app, insured, { paymentTerm: 'monthly' });
  const rows = () =>
    t.app.db.select().from(invoices).where(eq(invoices.submissionId, order.submissionId)).orderBy(invoices.id);
  const [first] = await rows();
  const second = first!.schedule[1]!;
  const sweepClock = new TestClock();
  const ms = Date.parse(`${addDays(second.dueDate, -14)}T17:00:00Z`) - sweepClock.now().getTime();
  if (ms > 0) sweepClock.advance(ms);
  const ctx = { db: t.app.db, clock: sweepClock, config: t.app.config, log: t.app.log, mail: t.app.mail };
  expect(await invoiceInstalments(ctx)).toBeGreaterThanOrEqual(1);
  const today = businessToday(t.app.clock.now());
  const effectiveDate = policy.effectiveDate > today ? policy.effectiveDate : today;
  const endorsed = await insured.call(
    'POST',
    'insured/endorse',
    { policyid: policy.id, limitCode: '2M/4M', effectiveDate },
    { headers: { 'idempotency-key': `several-invoices-${order.submissionId}` } },
  );
  expect(endorsed.statusCode, endorsed.body).toBe(201);
  const endorsement = v.parse(endorsementSchema, endorsed.json());
  expect(endorsement.invoiceId).not.toBeNull();
  const all = await rows();
  expect(all.map((row) => [row.installmentNo, row.endorsementId])).toEqual([
    [1, null],
    [2, null],
    [1, endorsement.id],
  ]);
  return { order, policy, first: all[0]!, instalment: all[1]!, endorsementInvoice: all[2]!, endorsement };
}

describe('every invoice of an order (documents/downloadinvoice with invoiceid)', () => {
  it('lists each invoice with what it is for, its amount and status, and downloads each one; without invoiceid, the first as before', async () => {
    const insured = await newInsured(app);
    const { order, policy, first, instalment, endorsementInvoice, endorsement } =
      await orderWithSeveralInvoices(insured);
    const list = v.parse(documentListSchema, (await insured.call('GET', 'documents/list')).json());
    // The order is listed once, however many invoices it has (an endorsement's invoice is also number 1).
    const entries = list.orders.filter((one) => one.submissionId === order.submissionId);
    expect(entries).toHaveLength(1);
    const listed = entries[0]!;
    expect(listed.invoices).toEqual([
      {
        id: first.id,
        number: first.number,
        purpose: 'order',
        description: 'Installment 1 of 10, with the year’s schedule',
        totalCents: first.totalCents,
        status: 'paid',
        dueDate: first.dueDate,
        filename: `invoice-${first.number.toLowerCase()}.pdf`,
      },
      {
        id: instalment.id,
        number: instalment.number,
        purpose: 'instalment',
        description: 'Installment 2 of 10',
        totalCents: instalment.totalCents,
        status: 'open',
        dueDate: instalment.dueDate,
        filename: `invoice-${instalment.number.toLowerCase()}.pdf`,
      },
      {
        id: endorsementInvoice.id,
        number: endorsementInvoice.number,
        purpose: 'endorsement',
        description: `Endorsement ${endorsement.number}`,
        totalCents: endorsementInvoice.totalCents,
        status: 'open',
        dueDate: endorsementInvoice.dueDate,
        filename: `invoice-${endorsementInvoice.number.toLowerCase()}.pdf`,
      },
    ]);
    // The spec's call, no invoice named: the first invoice, byte for byte the same as naming it.
    const plain = await download(insured, 'downloadinvoice', { submissionid: order.submissionId });
    expect(plain.statusCode, plain.body.slice(0, 200)).toBe(200);
    expect(plain.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${first.number.toLowerCase()}.pdf"`,
    );
    const named = await download(insured, 'downloadinvoice', { submissionid: order.submissionId, invoiceid: first.id });
    expect(named.rawPayload.equals(plain.rawPayload)).toBe(true);

    // A later instalment, named as a form would send it (strings).
    const second = await insured.call(
      'POST',
      'documents/downloadinvoice',
      { submissionid: String(order.submissionId), invoiceid: String(instalment.id) },
      { form: true },
    );
    expect(second.statusCode, second.body.slice(0, 200)).toBe(200);
    expect(second.headers['content-type']).toBe('application/pdf');
    expect(second.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${instalment.number.toLowerCase()}.pdf"`,
    );
    const secondText = await textOf(second.rawPayload);
    expect(secondText).toContain(instalment.number);
    expect(secondText).toContain('Installment 2 of 10');
    expect(secondText).toContain(policy.number);
    expect(secondText).toMatch(new RegExp(`This invoice: Due ${usDate(instalment.dueDate!)}`));
    expect(secondText).toContain(`Amount due ${formatUsd(instalment.totalCents)}`);
    expect(secondText).not.toContain(first.number);

    const extra = await download(insured, 'downloadinvoice', {
      submissionid: order.submissionId,
      invoiceid: endorsementInvoice.id,
    });
    expect(extra.statusCode).toBe(200);
    const extraText = await textOf(extra.rawPayload);
    expect(extraText).toContain(endorsementInvoice.number);
    expect(extraText).toContain(`Endorsement ${endorsement.number}`);
    expect(extraText).toContain(`Premium for the rest of the period ${formatUsd(endorsementInvoice.premiumCents)}`);
    expect(extraText).toContain(`Total ${formatUsd(endorsementInvoice.totalCents)}`);
    expect(extraText).not.toContain('Installment schedule');
    // A paid plan, the sweep, an endorsement and several PDFs: slow on a loaded machine.
  }, 90_000);

  it('another insured’s invoice is a 404, an invoice of another order a 404, a bad id a 400 naming invoiceid', async () => {
    const insured = await newInsured(app);
    const { order, instalment } = await orderWithSeveralInvoices(insured);
    const { order: otherOrder, invoice: otherInvoice } = await invoicedOrder(app, insured);
    // Another order of the same insured: its invoice does not belong to this order, nor this one's to it.
    expectError(
      await download(insured, 'downloadinvoice', {
        submissionid: order.submissionId,
        invoiceid: otherInvoice.invoiceId,
      }),
      404,
    );
    expectError(
      await download(insured, 'downloadinvoice', { submissionid: otherOrder.submissionId, invoiceid: instalment.id }),
      404,
    );
    expectError(
      await download(insured, 'downloadinvoice', { submissionid: order.submissionId, invoiceid: 2_000_000_000 }),
      404,
    );
    // Another insured: the order and the invoice alike are a 404, named or not.
    const stranger = await newInsured(app);
    expectError(
      await download(stranger, 'downloadinvoice', { submissionid: order.submissionId, invoiceid: instalment.id }),
      404,
    );
    const { order: strangersOrder } = await invoicedOrder(app, stranger);
    expectError(
      await download(stranger, 'downloadinvoice', {
        submissionid: strangersOrder.submissionId,
        invoiceid: instalment.id,
      }),
      404,
    );
    for (const invoiceid of ['abc', 0, -3, 1.5, '']) {
      const fields = expectError(
        await download(insured, 'downloadinvoice', { submissionid: order.submissionId, invoiceid }),
        400,
      ).fields;
      expect(Object.keys(fields ?? {}), String(invoiceid)).toEqual(['invoiceid']);
    }
    // And the notice of non-payment's download, for an order that has none.
    expectError(
      await download(insured, 'downloadnotice', { submissionid: order.submissionId, invoiceid: instalment.id }),
      404,
    );
    expectError(
      await download(stranger, 'downloadnotice', { submissionid: order.submissionId, invoiceid: instalment.id }),
      404,
    );
    expect(
      Object.keys(
        expectError(await download(insured, 'downloadnotice', { submissionid: order.submissionId }), 400).fields ?? {},
      ),
    ).toEqual(['invoiceid']);
  }, 90_000);
});

/**
 * A paid policy changed once (a decrease, issued at once), cancelled a few days later, and its
 * tail bought and paid through the sandbox's hosted checkout: every endorsement issued.
 */
async function changedCancelledPolicy(insured: Insured) {
  const { order, policy } = await paidOrder(app, insured);
  const today = businessToday(t.app.clock.now());
  const changeDate = policy.effectiveDate > today ? policy.effectiveDate : today;
  const headers = (name: string) => ({ headers: { 'idempotency-key': `${name}-${order.submissionId}` } });
  const changed = await insured.call(
    'POST',
    'insured/endorse',
    { policyid: policy.id, limitCode: '500K/1M', deductibleCode: '2500', effectiveDate: changeDate },
    headers('documents-change'),
  );
  expect(changed.statusCode, changed.body).toBe(201);
  const change = v.parse(endorsementSchema, changed.json());
  expect(change.status).toBe('issued');
  const cancellationDate = addDays(changeDate, 5);
  const cancelled = await insured.call(
    'POST',
    'insured/cancelpolicy',
    { policyid: policy.id, cancellationDate },
    headers('documents-cancel'),
  );
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const cancellation = v.parse(cancellationSchema, cancelled.json());
  const bought = await insured.call(
    'POST',
    'insured/buytail',
    { policyid: policy.id, years: 1 },
    headers('documents-tail'),
  );
  expect(bought.statusCode, bought.body).toBe(201);
  const tail = v.parse(tailPurchaseSchema, bought.json());
  const opened = await insured.call(
    'POST',
    'insured/payendorsement',
    { endorsementid: tail.endorsement.id },
    headers('documents-pay-tail'),
  );
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
  return { order, policy, change, changeDate, cancellation, cancellationDate, tail };
}

describe('every document a policy was sent: its endorsements, the cancellation notice, the tail', () => {
  it('lists each issued endorsement with its number and date beside the policy’s status today, and downloads each again', async () => {
    const insured = await newInsured(app);
    const { order, policy, change, changeDate, cancellation, cancellationDate, tail } =
      await changedCancelledPolicy(insured);
    const list = v.parse(documentListSchema, (await insured.call('GET', 'documents/list')).json());
    expect(list.today).toBe(businessToday(t.app.clock.now()));
    const [listed] = list.orders.filter((one) => one.submissionId === order.submissionId);
    expect(listed).toMatchObject({
      policyId: policy.id,
      policyNumber: policy.number,
      policyStatus: 'cancelled',
      cancellationDate,
    });
    const sent = listed!.documents.filter((entry) => entry.endorsementId !== undefined);
    expect(sent).toEqual([
      {
        kind: 'endorsement',
        title: 'Endorsement (change to the policy)',
        filename: `endorsement-${change.number.toLowerCase()}.pdf`,
        endorsementId: change.id,
        endorsementNumber: `${policy.number}-E01`,
        effectiveDate: changeDate,
      },
      {
        kind: 'cancellationnotice',
        title: 'Notice of cancellation',
        filename: `endorsement-${policy.number.toLowerCase()}-e02.pdf`,
        endorsementId: cancellation.endorsement.id,
        endorsementNumber: `${policy.number}-E02`,
        effectiveDate: cancellationDate,
      },
      {
        kind: 'tailendorsement',
        title: 'Extended reporting period (tail) endorsement',
        filename: `endorsement-${policy.number.toLowerCase()}-e03.pdf`,
        endorsementId: tail.endorsement.id,
        endorsementNumber: `${policy.number}-E03`,
        effectiveDate: cancellationDate,
      },
    ]);
    // The declarations are still listed once: the current (reissued) copy.
    expect(listed!.documents.filter((entry) => entry.kind === 'declarations')).toHaveLength(1);

    const wanted = {
      endorsement: [change.number, 'Endorsement'],
      cancellationnotice: [`${policy.number}-E02`, 'cancel'],
      tailendorsement: [`${policy.number}-E03`, 'Extended reporting period endorsement'],
    } as const;
    for (const entry of sent) {
      const response = await download(insured, 'downloadendorsement', { endorsementid: entry.endorsementId });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${entry.filename}"`);
      const text = (await textOf(response.rawPayload)).replace(/\s+/g, ' ');
      const [number, words] = wanted[entry.kind as keyof typeof wanted];
      expect(text, entry.kind).toContain(number);
      expect(text, entry.kind).toContain(policy.number);
      expect(text.toLowerCase(), entry.kind).toContain(words.toLowerCase());
    }

    // Another insured: each of them a 404, and none listed.
    const stranger = await newInsured(app);
    for (const entry of sent) {
      expectError(await download(stranger, 'downloadendorsement', { endorsementid: entry.endorsementId }), 404);
    }
    expect(v.parse(documentListSchema, (await stranger.call('GET', 'documents/list')).json()).orders).toEqual([]);
    for (const endorsementid of ['abc', 0, -3, 1.5]) {
      const fields = expectError(await download(insured, 'downloadendorsement', { endorsementid }), 400).fields;
      expect(Object.keys(fields ?? {}), String(endorsementid)).toEqual(['endorsementid']);
    }
  }, 120_000);

  it('lists only what was sent: a change awaiting its payment is not listed until it is issued', async () => {
    const insured = await newInsured(app);
    const { order, endorsement } = await orderWithSeveralInvoices(insured);
    expect(endorsement.status).toBe('awaiting_payment');
    const list = v.parse(documentListSchema, (await insured.call('GET', 'documents/list')).json());
    const [listed] = list.orders.filter((one) => one.submissionId === order.submissionId);
    expect(listed!.policyStatus).toBe('in_force');
    expect(listed!.documents.map((entry) => entry.kind)).not.toContain('endorsement');
  }, 90_000);
});

describe('documents by mail', () => {
  it('mails the order summary and the order confirmation with their PDFs to the address given', async () => {
    const insured = await newInsured(app);
    const { order, policy } = await paidOrder(app, insured);
    const to = `accountant-${Date.now()}@example.com`;
    const shared = await insured.call(
      'POST',
      'documents/shareOrderSummary',
      { submissionid: order.submissionId, to },
      { form: true },
    );
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toEqual({
      queued: true,
      to,
      attachments: [`order-summary-${order.number.toLowerCase()}.pdf`],
    });
    const confirmed = await insured.call(
      'POST',
      'emailtemplate/sendemailwithorderconfirmation',
      { submissionid: order.submissionId, to },
      { form: true },
    );
    expect(confirmed.json().attachments).toEqual([
      `declarations-${policy.number.toLowerCase()}.pdf`,
      `binder-${policy.number.toLowerCase()}.pdf`,
    ]);
    const mails = await mailsTo(t.app, to);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining(`Order summary ${order.number}`),
      `Order confirmation ${order.number}, policy ${policy.number}`,
    ]);
    expect(mails[0]!.text).toContain(insured.email);
    for (const mail of mails)
      for (const attachment of mail.attachments) expect(attachment.content.startsWith('%PDF-')).toBe(true);
  });

  it('names a bad address (400), refuses the confirmation before a policy (409), and limits how often one address is sent to (429)', async () => {
    const insured = await newInsured(app);
    const { order } = await invoicedOrder(app, insured);
    expect(
      expectError(
        await insured.call('POST', 'documents/shareOrderSummary', {
          submissionid: order.submissionId,
          to: 'not-an-address',
        }),
        400,
      ).fields,
    ).toHaveProperty('to');
    expectError(
      await insured.call('POST', 'emailtemplate/sendemailwithorderconfirmation', {
        submissionid: order.submissionId,
        to: 'a@example.com',
      }),
      409,
    );
    const to = `manager-${Date.now()}@example.com`;
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1)
      codes.push(
        (await insured.call('POST', 'documents/shareOrderSummary', { submissionid: order.submissionId, to }))
          .statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await insured.call('POST', 'documents/shareOrderSummary', { submissionid: order.submissionId, to });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect((await mailsTo(t.app, to)).length).toBe(3);
    const stranger = await newInsured(app);
    expectError(
      await stranger.call('POST', 'documents/shareOrderSummary', {
        submissionid: order.submissionId,
        to: 'x@example.com',
      }),
      404,
    );
  });

  it('limits one address across every sender (new accounts are cheap), and keeps what the sender typed out of the subject', async () => {
    const to = `victim-${Date.now()}@example.com`;
    const codes: number[] = [];
    for (let sender = 0; sender < 4; sender += 1) {
      const insured = await newInsured(app);
      await app().db.update(users).set({ firstName: 'URGENT: call +1-555-0100' }).where(eq(users.id, insured.userId));
      const { submissionId } = await quotedOrder(app, insured);
      for (let i = 0; i < 2; i += 1)
        codes.push(
          (await insured.call('POST', 'documents/shareOrderSummary', { submissionid: submissionId, to })).statusCode,
        );
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const mails = await mailsTo(t.app, to);
    expect(mails).toHaveLength(6);
    for (const mail of mails) expect(mail.subject).toMatch(/^Order summary Q-\d{4}-\d+ from Practice Shield$/);
  });
});
