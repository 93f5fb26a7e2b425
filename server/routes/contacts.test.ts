import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { deletedSchema } from '@shared/contract/address';
import { contactListSchema, contactSchema, type Contact } from '@shared/contract/contacts';
import { contacts, policies, submissions } from '@server/db/schema';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

const contactBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Office manager',
  firstname: 'Dana',
  lastname: 'Reyes',
  email: 'dana@example.com',
  contactnumber: '(512) 555-0142',
  ...overrides,
});

const save = (insured: Insured, body: unknown, key?: string) =>
  insured.call('POST', 'insured/saveupdatecontact', body, key ? { headers: { 'idempotency-key': key } } : {});

async function create(insured: Insured, overrides: Record<string, unknown> = {}): Promise<Contact> {
  const response = await save(insured, contactBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return v.parse(contactSchema, response.json());
}

async function list(insured: Insured): Promise<Contact[]> {
  const response = await insured.call('GET', 'insured/contactlist');
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(contactListSchema, response.json());
}

const remove = (insured: Insured, id: number | string) => insured.call('DELETE', `insured/deletecontacts?id=${id}`);

const rowsOf = (userId: number) =>
  t.app.db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(contacts.id);

describe('GET insured/contactlist', () => {
  it('needs a signed-in user', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/weborder/insured/contactlist' }), 401);
  });

  it('is empty for a new insured, then lists the primary first and the rest oldest first', async () => {
    const insured = await newInsured(app);
    expect(await list(insured)).toEqual([]);
    const first = await create(insured, { firstname: 'First' });
    const second = await create(insured, { firstname: 'Second' });
    const third = await create(insured, { firstname: 'Third', isprimary: true });
    expect((await list(insured)).map((c) => [c.id, c.isprimary])).toEqual([
      [third.id, true],
      [first.id, false],
      [second.id, false],
    ]);
  });
});

describe('POST insured/saveupdatecontact', () => {
  it('creates a contact (201) in the wire shape, its phone in E.164, the first one primary', async () => {
    const insured = await newInsured(app);
    const response = await save(insured, contactBody());
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as Contact;
    // Exactly these keys: nothing of the row (user id, key hash, timestamps) leaks.
    expect(body).toEqual({
      id: expect.any(Number) as number,
      title: 'Office manager',
      firstname: 'Dana',
      lastname: 'Reyes',
      email: 'dana@example.com',
      contactnumber: '+15125550142',
      isprimary: true,
    });
    expect(await list(insured)).toEqual([body]);
    const [row] = await rowsOf(insured.userId);
    expect(row).toMatchObject({
      id: body.id,
      contactNumber: '+15125550142',
      isPrimary: true,
      idempotencyKeyHash: null,
    });
  });

  it('normalises phone numbers however they are typed, trims text, and stores empty optional fields as null', async () => {
    const insured = await newInsured(app);
    for (const typed of ['512.555.0142', '+1 512 555 0142', '1-512-555-0142', '5125550142']) {
      expect((await create(insured, { contactnumber: typed })).contactnumber, typed).toBe('+15125550142');
    }
    expect((await create(insured, { contactnumber: '+44 20 7946 0958' })).contactnumber).toBe('+442079460958');
    const bare = await create(insured, {
      title: '  ',
      firstname: '  Ann ',
      lastname: ' Lee ',
      email: '',
      contactnumber: '',
    });
    expect(bare).toMatchObject({
      title: null,
      firstname: 'Ann',
      lastname: 'Lee',
      email: null,
      contactnumber: null,
      isprimary: false,
    });
    const omitted = await create(insured, { title: undefined, email: undefined, contactnumber: undefined });
    expect(omitted).toMatchObject({ title: null, email: null, contactnumber: null });
  });

  it('updates a contact by id (200), keeping it primary or not when isprimary is left out', async () => {
    const insured = await newInsured(app);
    const primary = await create(insured);
    const other = await create(insured, { firstname: 'Other' });
    const response = await save(
      insured,
      contactBody({ id: other.id, firstname: 'Renamed', email: null, contactnumber: '512 555 0199' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(v.parse(contactSchema, response.json())).toEqual({
      ...other,
      firstname: 'Renamed',
      email: null,
      contactnumber: '+15125550199',
    });
    const again = await save(insured, contactBody({ id: primary.id, lastname: 'Changed' }));
    expect(again.statusCode).toBe(200);
    expect(v.parse(contactSchema, again.json())).toMatchObject({
      id: primary.id,
      lastname: 'Changed',
      isprimary: true,
    });
    expect(await rowsOf(insured.userId)).toHaveLength(2);
  });

  it('isprimary true makes the contact primary and unmarks the old one, on create and on update', async () => {
    const insured = await newInsured(app);
    const a = await create(insured);
    const b = await create(insured, { isprimary: true });
    expect(b.isprimary).toBe(true);
    expect((await list(insured)).map((c) => [c.id, c.isprimary])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const marked = await save(insured, contactBody({ id: a.id, isprimary: 'true' }));
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await list(insured)).map((c) => [c.id, c.isprimary])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    // Marking the primary primary again changes nothing.
    expect((await save(insured, contactBody({ id: a.id, isprimary: true }))).statusCode).toBe(200);
    expect((await list(insured)).map((c) => c.id)).toEqual([a.id, b.id]);
  });

  it('the first contact is primary even when sent with isprimary false', async () => {
    const insured = await newInsured(app);
    expect((await create(insured, { isprimary: false })).isprimary).toBe(true);
    expect((await create(insured, { isprimary: false })).isprimary).toBe(false);
  });

  it('isprimary false on the primary is a 409 naming isprimary, and changes nothing', async () => {
    const insured = await newInsured(app);
    const primary = await create(insured);
    await create(insured, { firstname: 'Other' });
    const before = await rowsOf(insured.userId);
    const body = expectError(
      await save(insured, contactBody({ id: primary.id, firstname: 'Changed', isprimary: false })),
      409,
    );
    expect(body.fields).toEqual({ isprimary: 'mark another contact primary instead' });
    expect(body.message).toContain('mark another contact primary instead');
    expect(await rowsOf(insured.userId)).toEqual(before);
    // On a contact that is not primary, false is what it already is.
    const other = before.find((row) => !row.isPrimary)!;
    expect((await save(insured, contactBody({ id: other.id, isprimary: false }))).statusCode).toBe(200);
  });

  describe('refuses bad input with a 400 naming the field, and changes nothing', () => {
    it.each([
      ['an e-mail address that is not one', { email: 'dana-at-example' }, 'email', 'must be an e-mail address'],
      [
        'a phone number that cannot exist',
        { contactnumber: '555 0142' },
        'contactnumber',
        'is not a valid phone number',
      ],
      [
        'a phone number with letters',
        { contactnumber: '512-CALL-NOW' },
        'contactnumber',
        'may hold only digits, spaces and + ( ) - .',
      ],
      ['a phone number too long', { contactnumber: '1'.repeat(31) }, 'contactnumber', 'must be at most 30 characters'],
      ['no first name', { firstname: undefined }, 'firstname', 'is required'],
      ['a blank last name', { lastname: '   ' }, 'lastname', 'is required'],
      ['a first name too long', { firstname: 'x'.repeat(101) }, 'firstname', 'must be at most 100 characters'],
      ['a title that is not text', { title: 7 }, 'title', 'must be text'],
      ['an unknown field', { nickname: 'Dee' }, 'nickname', 'is not a known field'],
      ['isprimary that is not a flag', { isprimary: 'maybe' }, 'isprimary', 'must be true or false'],
      ['an id that is not one', { id: 0 }, 'id', 'must be at least 1'],
      ['an id past the database range', { id: 2 ** 31 }, 'id', 'is too large'],
    ])('%s', async (_, overrides, field, message) => {
      const insured = await newInsured(app);
      const existing = await create(insured);
      const before = await rowsOf(insured.userId);
      const onCreate = expectError(await save(insured, contactBody(overrides)), 400);
      expect(onCreate.fields?.[field]).toBe(message);
      if (field !== 'id') {
        const onUpdate = expectError(await save(insured, contactBody({ ...overrides, id: existing.id })), 400);
        expect(onUpdate.fields?.[field]).toBe(message);
      }
      expect(await rowsOf(insured.userId)).toEqual(before);
    });

    it('a body that is not an object', async () => {
      const insured = await newInsured(app);
      expect(expectError(await save(insured, [contactBody()]), 400).fields).toEqual({
        body: 'must be an object, not an array',
      });
      expect(await rowsOf(insured.userId)).toEqual([]);
    });

    it('a malformed Idempotency-Key', async () => {
      const insured = await newInsured(app);
      const body = expectError(await save(insured, contactBody(), 'short'), 400);
      expect(body.fields).toEqual({ 'Idempotency-Key': 'must be 8 to 128 visible ASCII characters' });
      expect(await rowsOf(insured.userId)).toEqual([]);
    });
  });

  describe('with an Idempotency-Key', () => {
    it('a repeated create answers the same contact (200) and creates nothing', async () => {
      const insured = await newInsured(app);
      const key = `contact-${insured.userId}-a`;
      const first = await save(insured, contactBody(), key);
      expect(first.statusCode, first.body).toBe(201);
      const again = await save(insured, contactBody(), key);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await rowsOf(insured.userId)).toHaveLength(1);
      // Another key is another contact.
      expect((await save(insured, contactBody(), `contact-${insured.userId}-b`)).statusCode).toBe(201);
      expect(await rowsOf(insured.userId)).toHaveLength(2);
    });

    it('five repeats at the same moment create one contact', async () => {
      const insured = await newInsured(app);
      const key = `contact-race-${insured.userId}`;
      const answers = await Promise.all(Array.from({ length: 5 }, () => save(insured, contactBody(), key)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((r) => (r.json() as Contact).id)).size).toBe(1);
      expect(await rowsOf(insured.userId)).toHaveLength(1);
    });

    it('the same key with a different request is a 422 naming Idempotency-Key, and changes nothing', async () => {
      const insured = await newInsured(app);
      const key = `contact-${insured.userId}-reused`;
      const first = await save(insured, contactBody(), key);
      expect(first.statusCode, first.body).toBe(201);
      const other = expectError(await save(insured, contactBody({ firstname: 'Someone', lastname: 'Else' }), key), 422);
      expect(other.fields).toEqual({ 'Idempotency-Key': 'was used for a different request' });
      expect(other.message).toMatch(/Idempotency-Key/);
      expect(await rowsOf(insured.userId)).toHaveLength(1);
      // Compared as the contract reads it: the same request sent as a form is the same request.
      const retry = await insured.call('POST', 'insured/saveupdatecontact', contactBody(), {
        form: true,
        headers: { 'idempotency-key': key },
      });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toEqual(first.json());
    });

    it('a contact saved before request hashes were kept answers any repeat of its key, as it did', async () => {
      const insured = await newInsured(app);
      const key = `contact-${insured.userId}-legacy`;
      const [legacy] = await t.app.db
        .insert(contacts)
        .values({
          userId: insured.userId,
          firstName: 'Old',
          lastName: 'Row',
          isPrimary: true,
          idempotencyKeyHash: createHash('sha256').update(key).digest('hex'),
        })
        .returning({ id: contacts.id });
      const again = await save(insured, contactBody(), key);
      expect(again.statusCode, again.body).toBe(200);
      expect(v.parse(contactSchema, again.json())).toMatchObject({ id: legacy!.id, firstname: 'Old' });
      expect(await rowsOf(insured.userId)).toHaveLength(1);
    });

    it('keys belong to their insured: the same key from another insured creates their own contact', async () => {
      const [one, two] = [await newInsured(app), await newInsured(app)];
      const key = 'the-same-key-for-both';
      const mine = v.parse(contactSchema, (await save(one, contactBody(), key)).json());
      const theirs = await save(two, contactBody(), key);
      expect(theirs.statusCode).toBe(201);
      expect(v.parse(contactSchema, theirs.json()).id).not.toBe(mine.id);
    });
  });
});

describe('text with NUL characters, and a field named __proto__', () => {
  it('a NUL in any text field is a 400 naming it, as JSON and as a form, and nothing is saved', async () => {
    const insured = await newInsured(app);
    const json = expectError(await save(insured, contactBody({ lastname: 'Re\u0000yes' })), 400);
    expect(json.fields).toEqual({ lastname: 'must not contain NUL characters' });
    const form = await insured.call(
      'POST',
      'insured/saveupdatecontact',
      contactBody({ title: 'Boss\u0000', email: 'nul\u0000@example.com' }),
      { form: true },
    );
    expect(expectError(form, 400).fields).toEqual({
      title: 'must not contain NUL characters',
      email: 'must not contain NUL characters',
    });
    expect(await rowsOf(insured.userId)).toEqual([]);
  });

  it('a query parameter named __proto__ is a 400 that names it', async () => {
    const insured = await newInsured(app);
    const response = await insured.call('GET', 'insured/contactlist?__proto__=1');
    expectError(response, 400);
    const fields = (response.json() as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toBe('is not a known parameter');
  });
});

describe('DELETE insured/deletecontacts', () => {
  it('deletes a contact, answering the id and the primary now', async () => {
    const insured = await newInsured(app);
    const primary = await create(insured);
    const other = await create(insured, { firstname: 'Other' });
    const response = await remove(insured, other.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deletedId: other.id, primaryId: primary.id });
    expect((await list(insured)).map((c) => c.id)).toEqual([primary.id]);
  });

  it('deleting the primary promotes the oldest remaining contact; deleting the last leaves none', async () => {
    const insured = await newInsured(app);
    const a = await create(insured);
    const b = await create(insured);
    const c = await create(insured);
    await save(insured, contactBody({ id: c.id, isprimary: true }));
    expect(v.parse(deletedSchema, (await remove(insured, c.id)).json())).toEqual({ deletedId: c.id, primaryId: a.id });
    expect((await list(insured)).map((x) => [x.id, x.isprimary])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    expect(v.parse(deletedSchema, (await remove(insured, a.id)).json())).toEqual({ deletedId: a.id, primaryId: b.id });
    expect(v.parse(deletedSchema, (await remove(insured, b.id)).json())).toEqual({ deletedId: b.id, primaryId: null });
    expect(await list(insured)).toEqual([]);
    // The next contact is the first again: primary.
    expect((await create(insured)).isprimary).toBe(true);
  });

  it('a missing id is a 404, and the id is checked', async () => {
    const insured = await newInsured(app);
    const gone = await create(insured);
    await remove(insured, gone.id);
    expect(expectError(await remove(insured, gone.id), 404).message).toBe('No such contact (or it is not yours)');
    expect(expectError(await insured.call('DELETE', 'insured/deletecontacts'), 400).fields).toEqual({
      id: 'is required',
    });
    expect(expectError(await remove(insured, 'abc'), 400).fields).toEqual({ id: 'must be a positive whole number' });
  });

  it('a contact named on a bound policy cannot be deleted: 409 naming the policy and order; the contact stays', async () => {
    const insured = await newInsured(app);
    const contact = await create(insured);
    const spare = await create(insured);
    const order = await quotedOrder(app, insured);
    await t.app.db.update(submissions).set({ contactId: contact.id }).where(eq(submissions.id, order.submissionId));
    const policyId = await bindForTest(t.app, order.submissionId);
    const [policy] = await t.app.db.select({ number: policies.number }).from(policies).where(eq(policies.id, policyId));
    const before = await rowsOf(insured.userId);
    const body = expectError(await remove(insured, contact.id), 409);
    expect(body.message).toBe(
      `This contact is used by policy ${policy!.number} (order ${order.number}), so it cannot be deleted`,
    );
    expect(body.fields).toEqual({ id: `is used by policy ${policy!.number} (order ${order.number})` });
    expect(await rowsOf(insured.userId)).toEqual(before);
    // Editing it is still allowed; so is deleting the other one.
    expect((await save(insured, contactBody({ id: contact.id, title: 'Owner' }))).statusCode).toBe(200);
    expect((await remove(insured, spare.id)).statusCode).toBe(200);
  });

  it('a complete order, or an issued policy whatever the order says, keeps its contact too', async () => {
    const insured = await newInsured(app);
    const [complete, issued] = [await create(insured), await create(insured)];
    for (const [contact, status] of [
      [complete, 'complete'],
      [issued, 'bound'],
    ] as const) {
      const order = await quotedOrder(app, insured);
      await t.app.db.update(submissions).set({ contactId: contact.id }).where(eq(submissions.id, order.submissionId));
      await bindForTest(t.app, order.submissionId, status);
      if (contact === issued) {
        await t.app.db.update(submissions).set({ status: 'approved' }).where(eq(submissions.id, order.submissionId));
      }
      expect(expectError(await remove(insured, contact.id), 409).message).toContain(order.number);
    }
    expect(await rowsOf(insured.userId)).toHaveLength(2);
  });

  it('an order not yet bound does not keep its contact: it is deleted and the order forgets it', async () => {
    const insured = await newInsured(app);
    const contact = await create(insured);
    const order = await quotedOrder(app, insured);
    await t.app.db.update(submissions).set({ contactId: contact.id }).where(eq(submissions.id, order.submissionId));
    expect((await remove(insured, contact.id)).json()).toEqual({ deletedId: contact.id, primaryId: null });
    const [row] = await t.app.db
      .select({ contactId: submissions.contactId })
      .from(submissions)
      .where(eq(submissions.id, order.submissionId));
    expect(row!.contactId).toBeNull();
  });
});

describe('another insured’s contacts', () => {
  it('are not listed, and updating or deleting one is the 404 of a missing id; the row is unchanged', async () => {
    const [owner, other] = [await newInsured(app), await newInsured(app)];
    const theirs = await create(owner);
    await create(other);
    const before = await rowsOf(owner.userId);
    expect((await list(other)).map((c) => c.id)).not.toContain(theirs.id);

    const missing = 2_000_000_000;
    for (const id of [theirs.id, missing]) {
      const update = expectError(await save(other, contactBody({ id, firstname: 'Mallory' })), 404);
      expect(update.message).toBe('No such contact (or it is not yours)');
      const promote = expectError(await save(other, contactBody({ id, isprimary: true })), 404);
      expect(promote.message).toBe('No such contact (or it is not yours)');
      const del = expectError(await remove(other, id), 404);
      expect(del.message).toBe('No such contact (or it is not yours)');
    }
    expect(await rowsOf(owner.userId)).toEqual(before);
    expect((await list(other)).filter((c) => c.isprimary)).toHaveLength(1);
  });
});

describe('the OpenAPI document', () => {
  it('lists the contact routes as needing a bearer token, with the headers and errors they use', async () => {
    type Operation = {
      security?: unknown[];
      parameters?: { name: string; in: string }[];
      responses: Record<string, unknown>;
    };
    const response = await t.app.inject({ method: 'GET', url: '/api/weborder/openapi.json' });
    const doc = response.json() as { paths: Record<string, Record<string, Operation>> };
    const saveOp = doc.paths['/api/weborder/insured/saveupdatecontact']!.post!;
    expect(saveOp.security).toBeUndefined();
    expect(saveOp.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]);
    expect(Object.keys(saveOp.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '404', '409']));
    expect(doc.paths['/api/weborder/insured/contactlist']!.get!.security).toBeUndefined();
    expect(Object.keys(doc.paths['/api/weborder/insured/deletecontacts']!.delete!.responses)).toEqual(
      expect.arrayContaining(['200', '404', '409']),
    );
  });
});
