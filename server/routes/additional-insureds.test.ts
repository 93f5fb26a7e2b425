import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '@shared/calendar';
import {
  additionalInsuredListSchema,
  additionalInsuredSchema,
  type AdditionalInsured,
} from '@shared/contract/additional-insureds';
import { additionalInsureds, brokers, policies, submissions } from '@server/db/schema';
import { expectError } from '@server/test/expect-error';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;
const run = promisify(execFile);

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'certificate-test-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const SAVE = 'insured/saveupdateadditionalinsured';
const listUrl = (submissionId: number) => `insured/additionalinsureds?submissionid=${submissionId}`;
const address = { address1: '500 Main St', address2: 'Suite 200', city: 'Houston', state: 'TX', zipcode: '77002' };

async function create(
  insured: Insured,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<AdditionalInsured> {
  const response = await insured.call('POST', SAVE, body, headers ? { headers } : {});
  expect(response.statusCode, response.body).toBe(201);
  return v.parse(additionalInsuredSchema, response.json());
}

async function list(insured: Insured, submissionId: number) {
  const response = await insured.call('GET', listUrl(submissionId));
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(additionalInsuredListSchema, response.json());
}

const rowsOf = (submissionId: number) =>
  t.app.db
    .select()
    .from(additionalInsureds)
    .where(eq(additionalInsureds.submissionId, submissionId))
    .orderBy(additionalInsureds.id);
const countFor = async (userId: number) =>
  (await t.app.db.select({ n: count() }).from(additionalInsureds).where(eq(additionalInsureds.userId, userId)))[0]!.n;
const setStatus = (submissionId: number, status: (typeof submissions.$inferSelect)['status']) =>
  t.app.db.update(submissions).set({ status }).where(eq(submissions.id, submissionId));

async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(scratch, `c-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout;
}

describe('GET and POST insured additional insureds', () => {
  it('adds one to a quoted order (201), stores it as the caller’s, and lists it', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const created = await create(insured, {
      submissionId: order.submissionId,
      name: '  Acme Landlord LLC ',
      relationship: 'Landlord',
      email: 'leasing@acme.example',
    });
    expect(created).toEqual({
      id: expect.any(Number),
      submissionId: order.submissionId,
      name: 'Acme Landlord LLC',
      relationship: 'Landlord',
      email: 'leasing@acme.example',
      address1: null,
      address2: null,
      city: null,
      state: null,
      zipcode: null,
    });
    const [row] = await rowsOf(order.submissionId);
    expect(row).toMatchObject({
      id: created.id,
      userId: insured.userId,
      submissionId: order.submissionId,
      idempotencyKeyHash: null,
    });

    const second = await create(insured, { submissionId: order.submissionId, name: 'Client Corp', ...address });
    expect(second).toMatchObject({ relationship: null, email: null, ...address });
    expect(await list(insured, order.submissionId)).toEqual({
      submissionId: order.submissionId,
      number: order.number,
      status: 'quoted',
      certificatesAvailable: false,
      editable: true,
      additionalInsureds: [created, second],
    });
  });

  it('updates one (200) and can clear its address; empty strings mean none', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const created = await create(insured, { submissionId: order.submissionId, name: 'Old Name', ...address });
    const response = await insured.call('POST', SAVE, {
      id: created.id,
      submissionId: order.submissionId,
      name: 'New Name',
      relationship: '',
      address1: '',
      address2: null,
      city: '',
      state: '',
      zipcode: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...created,
      name: 'New Name',
      relationship: null,
      address1: null,
      address2: null,
      city: null,
      state: null,
      zipcode: null,
    });
    expect(await countFor(insured.userId)).toBe(1);
  });

  it('refuses bad input with a 400 naming the fields, and stores nothing', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const id = order.submissionId;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ submissionId: id }, ['name']],
      [{ submissionId: id, name: '   ' }, ['name']],
      [{ name: 'No order' }, ['submissionId']],
      [{ submissionId: 'abc', name: 'x' }, ['submissionId']],
      [{ submissionId: id, name: 'x', email: 'not-an-address' }, ['email']],
      [{ submissionId: id, name: 'x', state: 'Texas' }, ['state']],
      [{ submissionId: id, name: 'x', zipcode: '7700' }, ['zipcode']],
      [{ submissionId: id, name: 'x', nickname: 'y' }, ['nickname']],
      [{ submissionId: id, name: 'x', city: 'Houston' }, ['address1', 'state', 'zipcode']],
      [{ submissionId: id, name: 'x', address2: 'Suite 1' }, ['address1', 'city', 'state', 'zipcode']],
      [{ submissionId: id, name: 'x', address1: '1 Main St', city: 'Houston', state: 'TX' }, ['zipcode']],
      [{ submissionId: id, name: 'x', ...address, zipcode: '75201', state: 'CA' }, ['zipcode']],
      [{ submissionId: id, name: 'x', ...address, state: 'ZZ' }, ['state']],
      [{ submissionId: id, name: 'x', ...address, zipcode: '00000' }, ['zipcode']],
    ];
    for (const [body, fields] of cases) {
      const error = expectError(await insured.call('POST', SAVE, body), 400);
      expect(Object.keys(error.fields ?? {}).sort(), JSON.stringify(body)).toEqual(fields.sort());
    }
    const partial = expectError(
      await insured.call('POST', SAVE, { submissionId: id, name: 'x', city: 'Houston' }),
      400,
    );
    expect(partial.message).toMatch(/address1, state, zipcode/);
    expect(partial.fields?.zipcode).toBe('is required when an address is given');
    const elsewhere = expectError(
      await insured.call('POST', SAVE, { submissionId: id, name: 'x', ...address, zipcode: '75201', state: 'CA' }),
      400,
    );
    expect(elsewhere.fields?.zipcode).toMatch(/is in Texas, not California/);
    expect(await countFor(insured.userId)).toBe(0);
  });

  it('answers 404 for a missing or someone else’s order or record, and changes nothing', async () => {
    const [owner, other] = [await newInsured(app), await newInsured(app)];
    const order = await quotedOrder(app, owner);
    const otherOrder = await quotedOrder(app, other);
    const ownersSecondOrder = await quotedOrder(app, owner);
    const record = await create(owner, { submissionId: order.submissionId, name: 'Landlord LLC' });
    const before = await rowsOf(order.submissionId);

    for (const response of [
      await other.call('GET', listUrl(order.submissionId)),
      await other.call('GET', listUrl(2_000_000_000)),
      await other.call('POST', SAVE, { submissionId: order.submissionId, name: 'Intruder' }),
      await other.call('POST', SAVE, { id: record.id, submissionId: order.submissionId, name: 'Intruder' }),
      await other.call('POST', SAVE, { id: record.id, submissionId: otherOrder.submissionId, name: 'Intruder' }),
      // The owner's own record through another of the owner's orders: records don't move between orders.
      await owner.call('POST', SAVE, { id: record.id, submissionId: ownersSecondOrder.submissionId, name: 'Moved' }),
      await owner.call('POST', SAVE, { id: 2_000_000_000, submissionId: order.submissionId, name: 'Ghost' }),
      await other.call('DELETE', `insured/deleteadditionalinsured?id=${record.id}`),
    ]) {
      const error = expectError(response, 404);
      expect(error.message).not.toMatch(/Landlord/);
    }
    expect(await rowsOf(order.submissionId)).toEqual(before);
    expect(await countFor(other.userId)).toBe(0);
    expect(await rowsOf(ownersSecondOrder.submissionId)).toEqual([]);
  });

  it('refuses changes once the order is bound, complete, declined or closed (409 naming the status)', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const record = await create(insured, { submissionId: order.submissionId, name: 'Landlord LLC' });
    for (const status of ['bound', 'complete', 'declined', 'close_lost'] as const) {
      await setStatus(order.submissionId, status);
      for (const response of [
        await insured.call('POST', SAVE, { submissionId: order.submissionId, name: 'Late Addition' }),
        await insured.call('POST', SAVE, { id: record.id, submissionId: order.submissionId, name: 'Renamed' }),
        await insured.call('DELETE', `insured/deleteadditionalinsured?id=${record.id}`),
      ]) {
        const error = expectError(response, 409);
        expect(error.fields).toEqual({ status: `is ${status}` });
        expect(error.message).toContain(`is ${status}`);
      }
      const listed = await list(insured, order.submissionId);
      expect(listed).toMatchObject({ status, editable: false, certificatesAvailable: false });
    }
    expect(await rowsOf(order.submissionId)).toEqual([
      expect.objectContaining({ id: record.id, name: 'Landlord LLC' }),
    ]);

    // Every status before binding still takes changes.
    for (const status of [
      'draft',
      'checks',
      'incomplete',
      'underwriter_review',
      'missing_info',
      'application_under_review',
      'approved',
      'awaiting_payment',
    ] as const) {
      await setStatus(order.submissionId, status);
      const response = await insured.call('POST', SAVE, {
        id: record.id,
        submissionId: order.submissionId,
        name: `Name while ${status}`,
      });
      expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
      expect((await list(insured, order.submissionId)).editable).toBe(true);
    }
  });

  it('lists certificatesAvailable once the policy is issued', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    await create(insured, { submissionId: order.submissionId, name: 'Landlord LLC' });
    await bindForTest(t.app, order.submissionId);
    expect(await list(insured, order.submissionId)).toMatchObject({
      status: 'bound',
      editable: false,
      certificatesAvailable: true,
    });
    await setStatus(order.submissionId, 'complete');
    expect(await list(insured, order.submissionId)).toMatchObject({
      status: 'complete',
      editable: false,
      certificatesAvailable: true,
    });
  });

  it('makes a create with an Idempotency-Key safe to repeat: 200 with the first record, nothing new', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const headers = { 'idempotency-key': 'ai-create-0001' };
    const first = await create(insured, { submissionId: order.submissionId, name: 'Landlord LLC' }, headers);
    const repeat = await insured.call(
      'POST',
      SAVE,
      { submissionId: order.submissionId, name: 'Landlord LLC' },
      { headers },
    );
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toEqual(first);
    // Even after the order is bound, a retry answers what the first call made.
    await setStatus(order.submissionId, 'bound');
    const late = await insured.call(
      'POST',
      SAVE,
      { submissionId: order.submissionId, name: 'Landlord LLC' },
      { headers },
    );
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toEqual(first);
    await setStatus(order.submissionId, 'quoted');
    expect(await countFor(insured.userId)).toBe(1);
    const [row] = await rowsOf(order.submissionId);
    expect(row!.idempotencyKeyHash).toMatch(/^[0-9a-f]{64}$/);

    // Another key is another record; the same key of another insured is theirs alone.
    await create(
      insured,
      { submissionId: order.submissionId, name: 'Second' },
      { 'idempotency-key': 'ai-create-0002' },
    );
    const other = await newInsured(app);
    const otherOrder = await quotedOrder(app, other);
    const theirs = await create(other, { submissionId: otherOrder.submissionId, name: 'Theirs' }, headers);
    expect(theirs.id).not.toBe(first.id);
    expect(await countFor(insured.userId)).toBe(2);

    expect(
      expectError(
        await insured.call(
          'POST',
          SAVE,
          { submissionId: order.submissionId, name: 'x' },
          { headers: { 'idempotency-key': 'short' } },
        ),
        400,
      ).fields,
    ).toHaveProperty('Idempotency-Key');
  });

  it('the same Idempotency-Key with a different request is a 422 naming it, even once the order is bound', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const other = await quotedOrder(app, insured);
    const headers = { 'idempotency-key': 'ai-reused-0001' };
    const first = await create(
      insured,
      { submissionId: order.submissionId, name: 'Landlord LLC', ...address },
      headers,
    );
    for (const body of [
      { submissionId: order.submissionId, name: 'Another LLC', ...address },
      { submissionId: order.submissionId, name: 'Landlord LLC' },
      { submissionId: other.submissionId, name: 'Landlord LLC', ...address },
    ]) {
      const error = expectError(await insured.call('POST', SAVE, body, { headers }), 422);
      expect(error.fields).toEqual({ 'Idempotency-Key': 'was used for a different request' });
    }
    await setStatus(order.submissionId, 'bound');
    expect(
      expectError(
        await insured.call('POST', SAVE, { submissionId: order.submissionId, name: 'Late LLC' }, { headers }),
        422,
      ).fields,
    ).toHaveProperty('Idempotency-Key');
    const retry = await insured.call(
      'POST',
      SAVE,
      { submissionId: order.submissionId, name: 'Landlord LLC', ...address },
      { headers },
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first);
    expect(await countFor(insured.userId)).toBe(1);
  });

  it('creates one record for 5 concurrent repeats of a create', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const headers = { 'idempotency-key': 'ai-concurrent-0001' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        insured.call('POST', SAVE, { submissionId: order.submissionId, name: 'Landlord LLC' }, { headers }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(responses.map((r) => (r.json() as AdditionalInsured).id));
    expect(ids.size).toBe(1);
    expect(await countFor(insured.userId)).toBe(1);
  });
});

describe('DELETE insured/deleteadditionalinsured', () => {
  it('removes the record and answers its id with primaryId null; a second delete is a 404', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const keep = await create(insured, { submissionId: order.submissionId, name: 'Keep' });
    const gone = await create(insured, { submissionId: order.submissionId, name: 'Gone' });
    const response = await insured.call('DELETE', `insured/deleteadditionalinsured?id=${gone.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deletedId: gone.id, primaryId: null });
    expect((await list(insured, order.submissionId)).additionalInsureds).toEqual([keep]);
    expectError(await insured.call('DELETE', `insured/deleteadditionalinsured?id=${gone.id}`), 404);
    expect(
      expectError(await insured.call('DELETE', 'insured/deleteadditionalinsured?id=abc'), 400).fields,
    ).toHaveProperty('id');
    expect(expectError(await insured.call('DELETE', 'insured/deleteadditionalinsured'), 400).fields).toHaveProperty(
      'id',
    );
  });
});

describe('POST documents/certificateofinsurance', () => {
  const CERTIFICATE = 'documents/certificateofinsurance';

  async function boundWithHolder() {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const holder = await create(insured, {
      submissionId: order.submissionId,
      name: 'Acme Landlord LLC',
      relationship: 'Landlord',
      ...address,
    });
    const other = await create(insured, { submissionId: order.submissionId, name: 'Other Holder Inc' });
    return { insured, order, holder, other };
  }

  it('answers 409 naming the status until the policy is bound', async () => {
    const { insured, order, holder } = await boundWithHolder();
    const error = expectError(
      await insured.call('POST', CERTIFICATE, { submissionid: order.submissionId, additionalinsuredid: holder.id }),
      409,
    );
    expect(error.fields).toEqual({ status: 'is quoted' });
    expect(error.message).toMatch(/is quoted/);
    // Bound in status, but its policy not issued: still nothing to certify.
    await setStatus(order.submissionId, 'bound');
    expect(
      expectError(
        await insured.call('POST', CERTIFICATE, { submissionid: order.submissionId, additionalinsuredid: holder.id }),
        409,
      ).fields,
    ).toEqual({
      status: 'is bound',
    });
  });

  it('answers the certificate as a PDF attachment naming the holder, the policy, the insured and the limits; the same bytes every time', async () => {
    const { insured, order, holder } = await boundWithHolder();
    const policyId = await bindForTest(t.app, order.submissionId);
    const [policy] = await t.app.db.select().from(policies).where(eq(policies.id, policyId));

    const response = await insured.call('POST', CERTIFICATE, {
      submissionid: order.submissionId,
      additionalinsuredid: holder.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const fileName = `certificate-${policy!.number.toLowerCase()}-acme-landlord-llc.pdf`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(fileName).toMatch(/^[a-z0-9.-]+$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(/Certificate of insurance/);
    for (const expected of [
      'Acme Landlord LLC',
      '500 Main St',
      'Houston, TX 77002',
      policy!.number,
      'Tester Dental',
      'Dentists',
      '$1,000,000.00',
      '$3,000,000.00',
      '$1,000.00',
      // A direct sale's producer is the portal, with its configured phone.
      'Practice Shield',
      `Phone ${t.app.config.trust.supportPhone.display}`,
      'Claims-made',
    ]) {
      expect(text).toContain(expected);
    }
    // The order number is the portal's own reference, not the holder's business.
    expect(text).not.toContain(order.number);
    expect(text).not.toContain('Sold directly');
    const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    expect(text).toContain(usDay(policy!.effectiveDate));
    expect(text).toContain(usDay(policy!.expirationDate));
    expect(text).toContain(`Date issued: ${usDay(dayOf(policy!.issuedAt))}`);
    // No prior cover asked: the retroactive date is the policy's inception.
    expect(text).toContain(`Retro date: ${usDay(policy!.effectiveDate)}`);
    expect(text).not.toContain('Other Holder Inc');

    const again = await insured.call('POST', CERTIFICATE, {
      submissionid: order.submissionId,
      additionalinsuredid: holder.id,
    });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    // A form body names the same certificate, byte for byte.
    const form = await insured.call(
      'POST',
      CERTIFICATE,
      { submissionid: order.submissionId, additionalinsuredid: holder.id },
      { form: true },
    );
    expect(form.statusCode, form.body).toBe(200);
    expect(form.rawPayload.equals(response.rawPayload)).toBe(true);

    // Once complete, still available.
    await setStatus(order.submissionId, 'complete');
    const complete = await insured.call('POST', CERTIFICATE, {
      submissionid: order.submissionId,
      additionalinsuredid: holder.id,
    });
    expect(complete.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('names the broker the order came through', async () => {
    const { insured, order, holder } = await boundWithHolder();
    const [broker] = await t.app.db.select({ id: brokers.id, name: brokers.name }).from(brokers).limit(1);
    await t.app.db.update(submissions).set({ brokerId: broker!.id }).where(eq(submissions.id, order.submissionId));
    await bindForTest(t.app, order.submissionId);
    const response = await insured.call('POST', CERTIFICATE, {
      submissionid: order.submissionId,
      additionalinsuredid: holder.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(new RegExp(`PRODUCER[\\s\\S]*${broker!.name}`));
    expect(text).not.toContain('Practice Shield');
  });

  it('answers 404 for someone else’s order or additional insured, or one not on the order', async () => {
    const { insured, order, holder } = await boundWithHolder();
    await bindForTest(t.app, order.submissionId);
    const other = await newInsured(app);
    const othersOrder = await quotedOrder(app, other);
    const ownSecondOrder = await quotedOrder(app, insured);
    const foreign = await create(other, { submissionId: othersOrder.submissionId, name: 'Foreign Holder' });
    for (const response of [
      await other.call('POST', CERTIFICATE, { submissionid: order.submissionId, additionalinsuredid: holder.id }),
      await other.call('POST', CERTIFICATE, { submissionid: othersOrder.submissionId, additionalinsuredid: holder.id }),
      await insured.call('POST', CERTIFICATE, { submissionid: order.submissionId, additionalinsuredid: foreign.id }),
      await insured.call('POST', CERTIFICATE, {
        submissionid: ownSecondOrder.submissionId,
        additionalinsuredid: holder.id,
      }),
      await insured.call('POST', CERTIFICATE, { submissionid: order.submissionId, additionalinsuredid: 2_000_000_000 }),
    ]) {
      const error = expectError(response, 404);
      expect(error.message).not.toMatch(/Acme|Foreign/);
    }
    const missing = expectError(await insured.call('POST', CERTIFICATE, { submissionid: order.submissionId }), 400);
    expect(missing.fields).toHaveProperty('additionalinsuredid');
  });

  it('keeps a certificate readable when names hold characters the PDF font lacks', async () => {
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const holder = await create(insured, { submissionId: order.submissionId, name: 'Zoë Şahin 北京 Dental 🦷' });
    await bindForTest(t.app, order.submissionId);
    const response = await insured.call('POST', CERTIFICATE, {
      submissionid: order.submissionId,
      additionalinsuredid: holder.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /filename="certificate-p-test-[a-z0-9-]+-zoe-sahin-dental\.pdf"$/,
    );
    expect(await pdfText(response.rawPayload)).toContain('Zoë Sahin ?? Dental ?');
    const [row] = await t.app.db
      .select({ name: additionalInsureds.name })
      .from(additionalInsureds)
      .where(and(eq(additionalInsureds.id, holder.id), eq(additionalInsureds.userId, insured.userId)));
    expect(row!.name).toBe('Zoë Şahin 北京 Dental 🦷');
  });
});
