import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  primaryInsuredSchema,
  primaryInsuredWithLocationSchema,
  type PrimaryInsured,
} from '@shared/contract/primary-insured';
import { calculateResponseSchema } from '@shared/contract/rating';
import { contacts, locations, planLocations, submissionEvents, submissions, users } from '@server/db/schema';
import {
  bindForTest,
  lockInsuredRow,
  lockOrderRow,
  lockWaiters,
  masterLocation,
  newInsured,
  quotedOrder,
  whileLocked,
  type Insured,
} from '@server/test/account-helpers';
import { caller, mailsTo, signIn, uniqueEmail } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { calculateInput, quoteApi } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

const NEW_PASSWORD = 'Another-Horse-77';

const HEAD_OFFICE = { title: 'Head office', address1: '1 Main St', city: 'Houston', state: 'TX', zipcode: '77002' };

/** Master records written straight into their tables (their own routes are another engineer's). */
const headOffice = (insured: Insured, isPrimary = true) => masterLocation(t.app, insured, HEAD_OFFICE, isPrimary);

async function masterContact(insured: Insured, isPrimary = true): Promise<number> {
  const [row] = await t.app.db
    .insert(contacts)
    .values({
      userId: insured.userId,
      title: 'Office manager',
      firstName: 'Olive',
      lastName: 'Office',
      email: 'olive@example.com',
      contactNumber: '+15125550142',
      isPrimary,
    })
    .returning({ id: contacts.id });
  return row!.id;
}

const details = async (insured: Insured): Promise<PrimaryInsured> => {
  const response = await insured.call('GET', 'insured/primaryinsureddetails');
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(primaryInsuredSchema, response.json());
};
const update = (insured: Insured, body: Record<string, unknown>) =>
  insured.call('POST', 'insured/updateprimaryinsured', body);
const userRow = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('GET insured/primaryinsureddetails', () => {
  it('answers the insured as signed up, then with their primary location and contact', async () => {
    const insured = await newInsured(app);
    expect(await details(insured)).toEqual({
      firstname: 'Pat',
      lastname: 'Tester',
      companyname: 'Tester Dental',
      insuredtype: 'business',
      gender: null,
      dob: null,
      industrycode: null,
      paymentterm: null,
      email: insured.email,
      contactnumber: null,
      hasPassword: true,
      primaryLocation: null,
      primaryContact: null,
    });
    await headOffice(insured, false);
    const locationId = await headOffice(insured);
    const contactId = await masterContact(insured);
    const answer = await details(insured);
    expect(answer.primaryLocation).toEqual({
      id: locationId,
      title: 'Head office',
      address1: '1 Main St',
      address2: null,
      city: 'Houston',
      state: 'TX',
      zipcode: '77002',
      isprimary: true,
    });
    expect(answer.primaryContact).toEqual({
      id: contactId,
      title: 'Office manager',
      firstname: 'Olive',
      lastname: 'Office',
      email: 'olive@example.com',
      contactnumber: '+15125550142',
      isprimary: true,
    });
  });

  it('without a bearer token is a 401', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/weborder/insured/primaryinsureddetails' }), 401);
  });
});

describe('POST insured/updateprimaryinsured', () => {
  it('changes only the fields sent, and answers the insured after the change', async () => {
    const insured = await newInsured(app);
    const answer = await update(insured, {
      gender: 'female',
      dob: '1980-02-29',
      industrycode: ' 621210 ',
      paymentterm: 'quarterly',
      lastname: 'Smith',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(v.parse(primaryInsuredSchema, answer.json())).toEqual({
      ...(await details(insured)),
      firstname: 'Pat',
      lastname: 'Smith',
      companyname: 'Tester Dental',
      insuredtype: 'business',
      gender: 'female',
      dob: '1980-02-29',
      industrycode: '621210',
      paymentterm: 'quarterly',
    });
    // null clears; what is left out stays.
    const cleared = await update(insured, { companyname: null, gender: null });
    expect(cleared.json()).toMatchObject({
      companyname: null,
      gender: null,
      dob: '1980-02-29',
      lastname: 'Smith',
      paymentterm: 'quarterly',
    });
  });

  it('a date of birth in the future, a payment term not on offer and bad shapes are 400s naming the field', async () => {
    const insured = await newInsured(app);
    const before = await userRow(insured.userId);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(expectError(await update(insured, { dob: tomorrow }), 400).fields).toHaveProperty('dob');
    expect(expectError(await update(insured, { paymentterm: 'weekly' }), 400).fields).toEqual({
      paymentterm: expect.stringContaining('annual'),
    });
    expect(expectError(await update(insured, { insuredtype: 'robot' }), 400).fields).toHaveProperty('insuredtype');
    expect(expectError(await update(insured, { industrycode: 'dentist' }), 400).fields).toHaveProperty('industrycode');
    expect(await userRow(insured.userId)).toEqual(before);
  });

  it('a new e-mail address needs the current password: 400 without, 403 wrong, then changed', async () => {
    const insured = await newInsured(app);
    const email = uniqueEmail('moved');
    expect(expectError(await update(insured, { email }), 400).fields).toEqual({ currentpassword: expect.any(String) });
    expect(expectError(await update(insured, { email, currentpassword: 'Wrong-Password-1' }), 403).fields).toEqual({
      currentpassword: expect.any(String),
    });
    expect((await userRow(insured.userId)).email).toBe(insured.email);

    const changed = await update(insured, { email, currentpassword: insured.password });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ email });
    await signIn(caller(app), email, insured.password);
    // Another case of the same address is only a new spelling: no password asked.
    const spelled = await update(insured, { email: email.toUpperCase() });
    expect(spelled.statusCode, spelled.body).toBe(200);
    expect(spelled.json()).toMatchObject({ email: email.toUpperCase() });
  });

  it('an e-mail another account uses is a 409 naming email', async () => {
    const [insured, other] = [await newInsured(app), await newInsured(app)];
    const error = expectError(
      await update(insured, { email: other.email.toUpperCase(), currentpassword: insured.password }),
      409,
    );
    expect(error.fields).toEqual({ email: expect.any(String) });
    expect((await userRow(insured.userId)).email).toBe(insured.email);
  });

  it('an account without a password cannot change its e-mail address this way (400 explaining)', async () => {
    const insured = await newInsured(app);
    await t.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, insured.userId));
    const error = expectError(await update(insured, { email: uniqueEmail(), currentpassword: 'anything-1' }), 400);
    expect(error.message).toMatch(/password/i);
    expect(error.fields).toHaveProperty('email');
    expect((await details(insured)).hasPassword).toBe(false);
  });

  it('a new password ends the other sessions but keeps this one', async () => {
    const insured = await newInsured(app);
    const api = caller(app);
    const other = await signIn(api, insured.email, insured.password, true);
    expect((await api.get('insured/isLogin', other.token)).statusCode).toBe(200);

    expect(expectError(await update(insured, { password: NEW_PASSWORD }), 400).fields).toEqual({
      currentpassword: expect.any(String),
    });
    expect(
      expectError(await update(insured, { password: NEW_PASSWORD, currentpassword: 'Wrong-Password-1' }), 403).fields,
    ).toHaveProperty('currentpassword');
    expect((await api.get('insured/isLogin', other.token)).statusCode).toBe(200);

    const changed = await update(insured, { password: NEW_PASSWORD, currentpassword: insured.password });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ hasPassword: true });
    expectError(await api.get('insured/isLogin', other.token), 401);
    expectError(await api.post('refreshtoken', { refreshToken: other.refreshToken }), 401);
    // This session goes on.
    expect((await insured.call('GET', 'insured/isLogin')).statusCode).toBe(200);
    expect((await details(insured)).email).toBe(insured.email);
    // The new password signs in; the old one does not.
    await signIn(caller(app), insured.email, NEW_PASSWORD);
    expectError(
      await caller(app).post('auth/generate-token', {
        username: insured.email,
        password: insured.password,
        params: { rememberMe: false },
      }),
      401,
    );
    // The owner is told.
    expect((await mailsTo(t.app, insured.email)).map((mail) => mail.subject)).toContainEqual(
      expect.stringMatching(/password was changed/),
    );
  });
});

describe('POST insured/updateprimaryinsuredwithlocation', () => {
  const body = (submissionId: number, extra: Record<string, unknown> = {}) => ({
    firstname: 'Dana',
    lastname: 'Dentist',
    companyname: 'Bright Smiles',
    insuredtype: 'business',
    contactnumber: '(512) 555-0199',
    address1: '10 Travis St',
    address2: null,
    city: 'Houston',
    state: 'TX',
    zipcode: '77002',
    submissionId,
    ...extra,
  });
  const send = (insured: Insured, payload: Record<string, unknown>) =>
    insured.call('POST', 'insured/updateprimaryinsuredwithlocation', payload);
  const masters = async (insured: Insured) => ({
    locations: await t.app.db
      .select()
      .from(locations)
      .where(eq(locations.userId, insured.userId))
      .orderBy(asc(locations.id)),
    contacts: await t.app.db
      .select()
      .from(contacts)
      .where(eq(contacts.userId, insured.userId))
      .orderBy(asc(contacts.id)),
  });

  it('without isupdatemaster: the insured and the order change, the master records do not', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const [locationId, contactId] = [await headOffice(insured), await masterContact(insured)];
    const before = await masters(insured);

    const response = await send(insured, body(quote.submissionId, { locationId, contactId }));
    expect(response.statusCode, response.body).toBe(200);
    const answer = v.parse(primaryInsuredWithLocationSchema, response.json());
    expect(answer.insured).toMatchObject({
      firstname: 'Dana',
      lastname: 'Dentist',
      companyname: 'Bright Smiles',
      contactnumber: '+15125550199',
    });
    const [plan] = await t.app.db
      .select()
      .from(planLocations)
      .where(eq(planLocations.submissionId, quote.submissionId));
    expect(answer.order).toEqual({
      submissionId: quote.submissionId,
      number: quote.number,
      status: 'quoted',
      version: 2,
      stateCode: 'TX',
      zipcode: '77002',
      totalCents: quote.rating.totalCents,
      previousTotalCents: quote.rating.totalCents,
      rerated: false,
      locations: [
        {
          id: plan!.id,
          locationId,
          title: 'Head office',
          address1: '10 Travis St',
          address2: null,
          city: 'Houston',
          state: 'TX',
          zipcode: '77002',
          isprimary: true,
        },
      ],
    });
    expect(
      (
        await t.app.db
          .select({ contactId: submissions.contactId })
          .from(submissions)
          .where(eq(submissions.id, quote.submissionId))
      )[0]!.contactId,
    ).toBe(contactId);
    expect(await masters(insured)).toEqual(before);
    expect(answer.insured).toEqual(await details(insured));
  });

  it('with isupdatemaster: the master location takes the address and the master contact the names and phone', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const [locationId, contactId] = [await headOffice(insured), await masterContact(insured)];
    const response = await send(
      insured,
      body(quote.submissionId, { locationId: String(locationId), contactId, isupdatemaster: true }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const {
      locations: [location],
      contacts: [contact],
    } = await masters(insured);
    expect(location).toMatchObject({
      title: 'Head office',
      address1: '10 Travis St',
      address2: null,
      city: 'Houston',
      state: 'TX',
      zipcode: '77002',
      isPrimary: true,
    });
    expect(contact).toMatchObject({
      firstName: 'Dana',
      lastName: 'Dentist',
      contactNumber: '+15125550199',
      email: 'olive@example.com',
      title: 'Office manager',
    });
    expect(v.parse(primaryInsuredWithLocationSchema, response.json()).insured.primaryContact).toMatchObject({
      firstname: 'Dana',
      lastname: 'Dentist',
    });
  });

  it('an address in another ZIP re-rates the quoted order, and a repeat changes nothing more', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const calculated = await quoteApi(app).post('auth/calculate', await calculateInput(t.app, { zipcode: '75201' }));
    const expected = v.parse(calculateResponseSchema, calculated.json()).totalCents;
    const dallas = body(quote.submissionId, { address1: '2 Elm St', city: 'Dallas', zipcode: '75201' });
    const first = v.parse(primaryInsuredWithLocationSchema, (await send(insured, dallas)).json());
    expect(first.order).toMatchObject({
      zipcode: '75201',
      rerated: true,
      totalCents: expected,
      previousTotalCents: quote.rating.totalCents,
      version: 2,
    });
    expect(first.order.locations).toEqual([
      expect.objectContaining({ locationId: null, title: null, city: 'Dallas', isprimary: true }),
    ]);
    const again = v.parse(primaryInsuredWithLocationSchema, (await send(insured, dallas)).json());
    expect(again.order).toEqual({ ...first.order, previousTotalCents: expected, rerated: false });
    const events = await t.app.db
      .select({ event: submissionEvents.event })
      .from(submissionEvents)
      .where(eq(submissionEvents.submissionId, quote.submissionId));
    expect(events.map((event) => event.event)).toEqual(['quote', 'locations']);
  });

  it('another insured’s order, location or contact is a 404, and nothing changes', async () => {
    const [insured, other] = [await newInsured(app), await newInsured(app)];
    const quote = await quotedOrder(app, insured);
    const otherQuote = await quotedOrder(app, other);
    const [otherLocation, otherContact] = [await headOffice(other), await masterContact(other)];
    const snapshot = async () => ({
      user: await userRow(insured.userId),
      otherUser: await userRow(other.userId),
      orders: await t.app.db.select().from(submissions).where(eq(submissions.userId, insured.userId)),
      otherOrders: await t.app.db.select().from(submissions).where(eq(submissions.userId, other.userId)),
      plan: await t.app.db.select().from(planLocations).where(eq(planLocations.submissionId, quote.submissionId)),
      otherMasters: await masters(other),
    });
    const before = await snapshot();
    for (const payload of [
      body(otherQuote.submissionId),
      body(quote.submissionId, { locationId: otherLocation, isupdatemaster: true }),
      body(quote.submissionId, { contactId: otherContact, isupdatemaster: true }),
    ]) {
      expectError(await send(insured, payload), 404);
    }
    expect(await snapshot()).toEqual(before);
  });

  // Races: meaningful on PostgreSQL only (see whileLocked); on PGlite the calls just run in turn.
  it('racing a delete of a location the order uses: both land, no deadlock (one lock order: the insured, then the order)', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const [kept, doomed] = [await headOffice(insured), await headOffice(insured, false)];
    const added = await insured.call('POST', 'insured/addlocation', {
      submissionid: quote.submissionId,
      addLocationsIds: [kept, doomed],
    });
    expect(added.statusCode, added.body).toBe(200);
    let update: Promise<Awaited<ReturnType<Insured['call']>>> | undefined;
    let deletion: Promise<Awaited<ReturnType<Insured['call']>>> | undefined;
    // The test holds the order's row: the update queues on it, then the delete (which takes the
    // orders using the location FOR SHARE) too. Updating the insured's row with the order held,
    // while the delete held the insured's row and waited for the order, was a deadlock (a 500).
    await whileLocked(t.app, lockOrderRow(quote.submissionId), async () => {
      update = send(insured, body(quote.submissionId, { locationId: kept }));
      await lockWaiters(t.app, 1);
      deletion = insured.call('DELETE', `insured/deletelocation?id=${doomed}`);
      await lockWaiters(t.app, 2);
    });
    const [updated, deleted] = [await update!, await deletion!];
    expect(updated.statusCode, updated.body).toBe(200);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await masters(insured)).locations.map((location) => location.id)).toEqual([kept]);
    expect((await userRow(insured.userId)).firstName).toBe('Dana');
  });

  it('a contact deleted while the update waits for the insured is a 404, not a foreign-key failure', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    const contactId = await masterContact(insured);
    const before = await t.app.db.select().from(submissions).where(eq(submissions.id, quote.submissionId));
    let deletion: Promise<Awaited<ReturnType<Insured['call']>>> | undefined;
    let update: Promise<Awaited<ReturnType<Insured['call']>>> | undefined;
    // The test holds the insured's row: the delete queues first, the update (its checks passed) after it.
    await whileLocked(t.app, lockInsuredRow(insured), async () => {
      deletion = insured.call('DELETE', `insured/deletecontacts?id=${contactId}`);
      await lockWaiters(t.app, 1);
      update = send(insured, body(quote.submissionId, { contactId }));
      await lockWaiters(t.app, 2);
    });
    const [deleted, updated] = [await deletion!, await update!];
    expect(deleted.statusCode, deleted.body).toBe(200);
    if (t.testApp.database.kind === 'postgres') {
      expect(expectError(updated, 404).message).toMatch(/contact/);
      expect(await t.app.db.select().from(submissions).where(eq(submissions.id, quote.submissionId))).toEqual(before);
    } else {
      expect([200, 404], updated.body).toContain(updated.statusCode);
    }
  });

  it('a bound order is a 409 naming its status; a ZIP of another state a 400', async () => {
    const insured = await newInsured(app);
    const quote = await quotedOrder(app, insured);
    expect(expectError(await send(insured, body(quote.submissionId, { zipcode: '10001' })), 400).fields).toHaveProperty(
      'zipcode',
    );
    await bindForTest(t.app, quote.submissionId);
    expect(expectError(await send(insured, body(quote.submissionId)), 409).fields).toEqual({ status: 'is bound' });
    expect((await details(insured)).firstname).toBe('Pat');
  });
});
