/**
 * The signed application (issue 16) on a real server: the record as the insured signs it, the
 * signature (its rules, evidence and idempotency), a signature made stale by a changed answer or
 * cover, the checkout refused until the application is signed as it stands, and the signed PDF
 * among the policy documents, read back with the real pdftotext.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationSignatureSchema } from '@shared/contract/application-signature';
import { documentListSchema } from '@shared/contract/documents';
import { formatUsd } from '@shared/contract/money-format';
import { canonicalJson, recordHash } from '@server/application/canonical-json';
import { DECLARATIONS } from '@server/application/declarations';
import { TestClock } from '@server/clock';
import { applicationSignatures } from '@server/db/schema';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { readApplication, signApplicationFor, signingBody } from '@server/test/application-helpers';
import { expectError } from '@server/test/expect-error';
import { readyToBuy } from '@server/test/lifecycle-helpers';
import { approvedOrder, invoicedOrder, newKey, paidOrder } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

const run = promisify(execFile);
const clock = new TestClock();
const t = setupTestApp({ clock });
const app = () => t.app;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'signed-application-test-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

let serial = 0;
async function textOf(pdf: Buffer): Promise<string> {
  const file = path.join(scratch, `application-${(serial += 1)}.pdf`);
  await writeFile(file, pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/[ \t]+/g, ' ');
}

/** POST insured/signapplication from a known address and browser. */
function sign(
  insured: Insured,
  body: Record<string, unknown>,
  from = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (SignTest)' },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/weborder/insured/signapplication',
    remoteAddress: from.ip,
    headers: { authorization: `Bearer ${insured.token}`, 'user-agent': from.userAgent },
    payload: body,
  });
}

const signatureRows = (submissionId: number) =>
  t.app.db
    .select()
    .from(applicationSignatures)
    .where(eq(applicationSignatures.submissionId, submissionId))
    .orderBy(asc(applicationSignatures.id));

const checkout = (insured: Insured, submissionId: number) =>
  insured.call(
    'POST',
    'payments/checkout',
    { submissionid: submissionId },
    { headers: { 'idempotency-key': newKey() } },
  );

describe('GET insured/application', () => {
  it('is the record as signed: every question that shows with its answer in words, the cover, the declarations, and its hash', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const application = await readApplication(insured, order.submissionId);
    const { record } = application;
    expect(record).toMatchObject({
      submissionId: order.submissionId,
      orderNumber: order.number,
      speciality: 'Dentists',
      state: 'Texas',
      zipcode: '77002',
    });
    expect(record.sections.map((section) => section.title)).toEqual([
      'About your practice (Dentists)',
      'General application',
    ]);
    const [practice, general] = record.sections;
    expect(practice!.answers).toContainEqual({
      code: 'dnt_implants',
      question: 'Do you place implants?',
      answer: 'No',
    });
    expect(practice!.answers).toContainEqual({
      code: 'dnt_practice_type',
      question: 'What best describes your practice?',
      answer: 'General dentistry',
    });
    expect(general!.answers).toContainEqual({
      code: 'annual_revenue',
      question: 'What was your gross revenue over the last 12 months (USD)?',
      answer: '$250,000.00',
    });
    expect(general!.answers).toContainEqual({
      code: 'years_in_practice',
      question: 'How many years have you been in practice?',
      answer: '3',
    });
    // Hidden by their condition (no prior claims): not in the record at all.
    expect(general!.answers.map((answer) => answer.code)).not.toContain('prior_claims_count');
    expect(general!.answers.map((answer) => answer.code)).not.toContain('prior_claims_details');
    expect(record.cover).toEqual({
      limit: expect.any(String),
      deductible: expect.any(String),
      paymentPlan: 'Annual',
      totalCents: order.rating.totalCents,
      effectiveDate: order.effectiveDate,
    });
    expect(record.cover.limit).toBe(order.rating.limit.label);
    expect(record.declarations).toEqual([...DECLARATIONS]);
    expect(record.declarations.some((line) => /electronic records/.test(line))).toBe(true);
    expect(application.recordHash).toBe(recordHash(record));
    expect(application.recordHash).toMatch(/^[0-9a-f]{64}$/);
    expect(application.signature).toBeNull();
    // Reading it again changes nothing.
    expect((await readApplication(insured, order.submissionId)).recordHash).toBe(application.recordHash);
  });

  it('is the owner’s only (404), and a draft has nothing to sign yet (409 naming its status)', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const other = await newInsured(app);
    expectError(await other.call('GET', `insured/application?submissionid=${order.submissionId}`), 404);
    expect(expectError(await insured.call('GET', 'insured/application?submissionid=abc'), 400).fields).toHaveProperty(
      'submissionid',
    );
    const saved = await insured.call('POST', `questions/save/${order.submissionId}`, {
      answers: { dnt_practice_type: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      expectError(await insured.call('GET', `insured/application?submissionid=${order.submissionId}`), 409).fields,
    ).toEqual({ status: 'is draft' });
  });
});

describe('POST insured/signapplication', () => {
  it('signs the record reviewed: 201 with who, when, where and the hash; a repeat answers the same signature (200)', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const { recordHash: hash, record } = await readApplication(insured, order.submissionId);
    const before = clock.now().getTime();
    const first = await sign(insured, signingBody(order.submissionId, hash, '  Dana Whitfield  '));
    expect(first.statusCode, first.body).toBe(201);
    const signature = v.parse(applicationSignatureSchema, first.json());
    expect(signature).toEqual({
      signerName: 'Dana Whitfield',
      signedAt: expect.any(String),
      ip: '203.0.113.7',
      recordHash: hash,
      current: true,
    });
    expect(Date.parse(signature.signedAt)).toBeGreaterThanOrEqual(before - 1000);

    clock.advance(60_000);
    const again = await sign(insured, signingBody(order.submissionId, hash, 'Dana Whitfield'), {
      ip: '198.51.100.9',
      userAgent: 'Other',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(signature);
    expect((await readApplication(insured, order.submissionId)).signature).toEqual(signature);

    const rows = await signatureRows(order.submissionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: insured.userId,
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (SignTest)',
      consentToElectronicRecords: true,
      agreeToDeclarations: true,
    });
    // The record kept is the record reviewed, byte for byte once made canonical, whatever jsonb did to its keys.
    expect(canonicalJson(rows[0]!.record)).toBe(canonicalJson(record));
    expect(recordHash(rows[0]!.record)).toBe(hash);
  });

  it('twenty simultaneous signings of one record make one signature (one 201, the rest 200 with the same answer)', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const { recordHash: hash } = await readApplication(insured, order.submissionId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sign(insured, signingBody(order.submissionId, hash))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await signatureRows(order.submissionId)).toHaveLength(1);
  });

  it('names the field for a missing or bad name, a box not ticked and a malformed hash (400); a stale hash is a 409 naming recordHash', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const { recordHash: hash } = await readApplication(insured, order.submissionId);
    const good = signingBody(order.submissionId, hash);
    const fieldsOf = async (body: Record<string, unknown>) =>
      Object.keys(expectError(await sign(insured, body), 400).fields ?? {});
    expect(await fieldsOf({ ...good, signerName: undefined })).toEqual(['signerName']);
    expect(await fieldsOf({ ...good, signerName: ' D ' })).toEqual(['signerName']);
    expect(await fieldsOf({ ...good, signerName: '12 34' })).toEqual(['signerName']);
    expect(await fieldsOf({ ...good, signerName: 'x'.repeat(121) })).toEqual(['signerName']);
    expect(await fieldsOf({ ...good, consentToElectronicRecords: false })).toEqual(['consentToElectronicRecords']);
    expect(await fieldsOf({ ...good, consentToElectronicRecords: 'true' })).toEqual(['consentToElectronicRecords']);
    expect(await fieldsOf({ ...good, agreeToDeclarations: undefined })).toEqual(['agreeToDeclarations']);
    expect(await fieldsOf({ ...good, recordHash: 'abc' })).toEqual(['recordHash']);
    const stale = expectError(await sign(insured, { ...good, recordHash: 'f'.repeat(64) }), 409);
    expect(stale.fields).toEqual({ recordHash: 'your application changed; review it again' });
    expect(await signatureRows(order.submissionId)).toEqual([]);
  });

  it('is the owner’s only (404), and only while the order is open: a bound order is a 409 naming its status', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const { recordHash: hash } = await readApplication(insured, order.submissionId);
    const other = await newInsured(app);
    expectError(await sign(other, signingBody(order.submissionId, hash)), 404);
    await bindForTest(t.app, order.submissionId);
    expect(expectError(await sign(insured, signingBody(order.submissionId, hash)), 409).fields).toEqual({
      status: 'is bound',
    });
    expect(await signatureRows(order.submissionId)).toEqual([]);
  });

  it('a changed answer or cover makes the signature stale; signing the new record adds a signature and the newest wins', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const first = await signApplicationFor(insured, order.submissionId, 'Dana Whitfield');

    const answered = await insured.call('POST', `questions/save/${order.submissionId}`, {
      answers: { dnt_implants: 'yes' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const changed = await readApplication(insured, order.submissionId);
    expect(changed.recordHash).not.toBe(first.recordHash);
    expect(changed.signature).toEqual({ ...first, current: false });
    expect(changed.record.sections[0]!.answers).toContainEqual({
      code: 'dnt_implants',
      question: 'Do you place implants?',
      answer: 'Yes',
    });
    // Signing with the hash once seen is refused: the insured must look again.
    expect(expectError(await sign(insured, signingBody(order.submissionId, first.recordHash)), 409).fields).toEqual({
      recordHash: 'your application changed; review it again',
    });

    clock.advance(5 * 60_000);
    const second = await signApplicationFor(insured, order.submissionId, 'Dana J. Whitfield');
    expect(second).toMatchObject({ signerName: 'Dana J. Whitfield', recordHash: changed.recordHash, current: true });
    expect(Date.parse(second.signedAt)).toBeGreaterThan(Date.parse(first.signedAt));

    const rerated = await insured.call('POST', 'insured/updaterating', {
      submissionId: order.submissionId,
      limitCode: '2M/4M',
    });
    expect(rerated.statusCode, rerated.body).toBe(200);
    const recovered = await readApplication(insured, order.submissionId);
    expect(recovered.signature).toEqual({ ...second, current: false });
    expect(recovered.record.cover.limit).not.toBe(changed.record.cover.limit);

    // Back to the first answers and cover: the newest signature is still the one that counts.
    await insured.call('POST', `questions/save/${order.submissionId}`, { answers: { dnt_implants: 'no' } });
    await insured.call('POST', 'insured/updaterating', {
      submissionId: order.submissionId,
      limitCode: order.rating.limit.code,
    });
    const back = await readApplication(insured, order.submissionId);
    expect(back.recordHash).toBe(first.recordHash);
    expect(back.signature).toEqual({ ...second, current: false });
    const third = await sign(insured, signingBody(order.submissionId, back.recordHash));
    expect(third.statusCode, third.body).toBe(201);
    expect((await signatureRows(order.submissionId)).map((row) => row.signerName)).toEqual([
      'Dana Whitfield',
      'Dana J. Whitfield',
      'Dana Whitfield',
    ]);
  });
});

describe('paying needs the application signed as it stands', () => {
  it('refuses a checkout without a signature (409 naming signature), and opens one once signed', async () => {
    const insured = await newInsured(app);
    const { order } = await invoicedOrder(app, insured);
    expect(expectError(await checkout(insured, order.submissionId), 409).fields).toEqual({
      signature: 'must sign the application',
    });
    await signApplicationFor(insured, order.submissionId);
    const opened = await checkout(insured, order.submissionId);
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('an answer changed after signing refuses the checkout until the insured signs again', async () => {
    const insured = await newInsured(app);
    const order = await readyToBuy(app, insured);
    await signApplicationFor(insured, order.submissionId);
    const saved = await insured.call('POST', `questions/save/${order.submissionId}`, {
      answers: { dnt_sedation: 'no', dnt_implants: 'yes' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const bought = await insured.call('PUT', 'insured/buynow', { submissionid: order.submissionId });
    expect(bought.json().status, bought.body).toBe('approved');
    const invoiced = await insured.call('POST', 'invoice/generateInvoice', { submissionid: order.submissionId });
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    expect((await readApplication(insured, order.submissionId)).signature?.current).toBe(false);
    expect(expectError(await checkout(insured, order.submissionId), 409).fields).toEqual({
      signature: 'must sign the application again: it changed since you signed',
    });
    // Signing is still possible while awaiting payment; then the checkout opens.
    const signed = await signApplicationFor(insured, order.submissionId);
    expect(signed.current).toBe(true);
    expect((await checkout(insured, order.submissionId)).statusCode).toBe(200);
  });

  it('the status comes first: an approved order not yet invoiced is refused for its status, signed or not', async () => {
    const insured = await newInsured(app);
    const order = await approvedOrder(app, insured);
    await signApplicationFor(insured, order.submissionId);
    expect(expectError(await checkout(insured, order.submissionId), 409).fields).toEqual({ status: 'is approved' });
  });
});

describe('the signed application among the policy documents', () => {
  it('is listed once the policy is issued and downloads (documentType application) with the answers, signer, time, address and hash', async () => {
    const insured = await newInsured(app);
    const { order: invoiced } = await invoicedOrder(app, insured);
    await signApplicationFor(insured, invoiced.submissionId);
    expect(
      expectError(
        await insured.call('POST', 'documents/downloadpolicy', {
          submissionid: invoiced.submissionId,
          documentType: 'application',
        }),
        409,
      ).fields,
    ).toEqual({
      status: 'is awaiting_payment',
    });

    const { order, policy } = await paidOrder(app, insured);
    const list = v.parse(documentListSchema, (await insured.call('GET', 'documents/list')).json());
    const entries = list.orders.find((one) => one.submissionId === order.submissionId)!.documents;
    expect(entries.map((entry) => entry.kind)).toEqual([
      'policy',
      'declarations',
      'binder',
      'application',
      'invoice',
      'ordersummary',
    ]);
    const filename = `signed-application-${policy.number.toLowerCase()}.pdf`;
    expect(entries.find((entry) => entry.kind === 'application')).toEqual({
      kind: 'application',
      title: 'Signed application',
      filename,
    });
    // Not listed for the order still awaiting payment.
    expect(
      list.orders.find((one) => one.submissionId === invoiced.submissionId)!.documents.map((entry) => entry.kind),
    ).toEqual(['invoice', 'ordersummary']);

    const [signature] = await signatureRows(order.submissionId);
    const application = await readApplication(insured, order.submissionId);
    const response = await insured.call(
      'POST',
      'documents/downloadpolicy',
      { submissionid: order.submissionId, documentType: 'application' },
      { form: true },
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    const text = await textOf(response.rawPayload);
    expect(text).toContain('Signed application');
    expect(text).toContain(order.number);
    expect(text).toContain(policy.number);
    for (const section of application.record.sections) {
      expect(text).toContain(section.title.toUpperCase());
      for (const answer of section.answers) {
        expect(text).toContain(answer.question.slice(0, 30));
        expect(text).toContain(answer.answer);
      }
    }
    expect(text).toContain(formatUsd(application.record.cover.totalCents));
    expect(text).toMatch(/Signed electronically by Dana Whitfield/);
    expect(text).toContain(signature!.signedAt.toISOString());
    expect(text).toMatch(/\d{2}:\d{2}:\d{2} UTC/);
    expect(text).toMatch(new RegExp(`From IP address ${signature!.ip.replace(/\./g, '\\.')}`));
    expect(text).toContain(`Record SHA-256 ${signature!.recordHash}`);
    expect(text).toContain('ESIGN Act');
    // The same signature gives the same bytes.
    const again = await insured.call('POST', 'documents/downloadpolicy', {
      submissionid: order.submissionId,
      documentType: 'application',
    });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    // Someone else's: 404.
    const other = await newInsured(app);
    expectError(
      await other.call('POST', 'documents/downloadpolicy', {
        submissionid: order.submissionId,
        documentType: 'application',
      }),
      404,
    );
  });
});
