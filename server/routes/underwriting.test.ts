import { and, asc, count, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReferralReason, RequiredItem } from '@shared/contract/lifecycle';
import type { SubmissionStatus } from '@shared/contract/submissions';
import {
  decisionResultSchema,
  queueSchema,
  reviewSchema,
  type Queue,
  type Review,
} from '@shared/contract/underwriting';
import { brokers, files, planLocations, rateTables, submissionEvents, submissions, users } from '@server/db/schema';
import { demoUsers } from '@server/db/seed/demo-data';
import { newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { caller, mailsTo, signIn } from '@server/test/auth-helpers';
import { UNDERWRITING_ROUTES } from '@server/test/account-routes';
import { expectError } from '@server/test/expect-error';
import { answersFor, specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

const demo = (role: 'underwriter' | 'admin' | 'broker' | 'insured') => demoUsers.find((user) => user.role === role)!;

/** Bearer tokens of the demo underwriter, admin and broker (the test app seeds them). */
const tokens = { underwriter: '', admin: '', broker: '' };
let insured: Insured;

beforeAll(async () => {
  const api = caller(app);
  for (const role of ['underwriter', 'admin', 'broker'] as const) {
    tokens[role] = (await signIn(api, demo(role).email, demo(role).password)).token;
  }
  insured = await newInsured(app);
});

type Role = keyof typeof tokens;

function desk(method: 'GET' | 'POST', url: string, body: unknown, token: string | undefined) {
  return app().inject({
    method,
    url: `/api/weborder/underwriting/${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}
const get = (url: string, role: Role = 'underwriter') => desk('GET', url, undefined, tokens[role]);
const post = (url: string, body: Record<string, unknown>, role: Role = 'underwriter') =>
  desk('POST', url, body, tokens[role]);

async function queue(filters = ''): Promise<Queue> {
  const response = await get(`queue${filters}`);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(queueSchema, response.json());
}
async function review(submissionId: number, role: Role = 'underwriter'): Promise<Review> {
  const response = await get(`submission?submissionid=${submissionId}`, role);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(reviewSchema, response.json());
}
async function decided(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(decisionResultSchema, response.json());
}

const orderRow = async (id: number) => (await app().db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
const eventCount = async (id: number) =>
  (await app().db.select({ n: count() }).from(submissionEvents).where(eq(submissionEvents.submissionId, id)))[0]!.n;
const lastEvent = async (id: number) =>
  (
    await app()
      .db.select()
      .from(submissionEvents)
      .where(eq(submissionEvents.submissionId, id))
      .orderBy(asc(submissionEvents.id))
  ).at(-1)!;

const reasonA: ReferralReason = {
  code: 'referral_answer',
  label: 'An answer needs an underwriter',
  detail: 'dnt_practice_type: Oral surgery',
};
const reasonB: ReferralReason = { code: 'prior_claims', label: 'Prior claims', detail: '2 claims' };
const itemA: RequiredItem = {
  kind: 'document',
  code: 'document:loss_runs',
  label: 'Upload your loss runs',
  screen: 'incomplete-order',
  field: null,
};

/**
 * Puts an order in a status the way buy now and the insured's calls would (their code is
 * another helper's): the status written directly, and, with reasons, the `order.refer` event
 * buy now records (data `{ reasons, requiredItems }`).
 */
async function putIn(
  submissionId: number,
  status: SubmissionStatus,
  options: { since?: Date; reasons?: ReferralReason[]; requiredItems?: RequiredItem[]; brokerId?: number } = {},
) {
  await app()
    .db.update(submissions)
    .set({
      status,
      statusChangedAt: options.since ?? new Date(),
      version: sql`${submissions.version} + 1`,
      ...(options.brokerId === undefined ? {} : { brokerId: options.brokerId }),
    })
    .where(eq(submissions.id, submissionId));
  if (options.reasons) {
    await app()
      .db.insert(submissionEvents)
      .values({
        submissionId,
        actor: 'system',
        event: 'order.refer',
        fromStatus: 'checks',
        toStatus: 'underwriter_review',
        data: { reasons: options.reasons, requiredItems: options.requiredItems ?? [] },
      });
  }
}

/** A quoted order of `who` put in `status` (Dentists in Houston unless overridden). */
async function orderIn(
  status: SubmissionStatus,
  options: Parameters<typeof putIn>[2] & { who?: Insured; quote?: Record<string, unknown> } = {},
) {
  const quote = await quotedOrder(app, options.who ?? insured, options.quote ?? {});
  await putIn(quote.submissionId, status, options);
  return { id: quote.submissionId, number: quote.number, quote, version: (await orderRow(quote.submissionId)).version };
}

const brokerId = async (clientUrl: string) =>
  (await app().db.select({ id: brokers.id }).from(brokers).where(eq(brokers.clientUrl, clientUrl)))[0]!.id;

describe('who may use the desk', () => {
  const someId = 1;
  const call = (route: string, token: string | undefined) => {
    const [method, path] = route.split(' ') as ['GET' | 'POST', string];
    const url = path.replace('/api/weborder/underwriting/', '');
    // Deliberately bad input: the role is refused before any of it is read.
    return method === 'GET'
      ? desk('GET', `${url}?submissionid=not-a-number`, undefined, token)
      : desk('POST', url, { submissionid: 'x', adjustmentBps: 'lots' }, token);
  };

  it.each(UNDERWRITING_ROUTES)(
    '%s: 403 for an insured and a broker, whatever they send; 401 without a token',
    async (route) => {
      for (const token of [insured.token, tokens.broker]) {
        const body = expectError(await call(route, token), 403);
        expect(body.message).toBe('You may not do this');
      }
      expectError(await call(route, undefined), 401);
    },
  );

  it('refuses an insured even on their own order, and changes nothing', async () => {
    const order = await orderIn('underwriter_review');
    const before = await eventCount(order.id);
    expectError(await desk('POST', 'approve', { submissionid: order.id }, insured.token), 403);
    expectError(await desk('GET', `submission?submissionid=${order.id}`, undefined, insured.token), 403);
    expect((await orderRow(order.id)).status).toBe('underwriter_review');
    expect(await eventCount(order.id)).toBe(before);
  });

  it('refuses an underwriter deciding on their own order (403), changing nothing', async () => {
    const own = await newInsured(app);
    const order = await orderIn('underwriter_review', { who: own });
    await app().db.update(users).set({ role: 'underwriter' }).where(eq(users.id, own.userId));
    for (const [url, body] of [
      ['approve', {}],
      ['decline', { reason: 'Mine.' }],
      ['requestinfo', { message: 'Mine.' }],
      ['closelost', { reason: 'Mine.' }],
    ] as const) {
      const response = await desk('POST', url, { submissionid: order.id, ...body }, own.token);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toContain('your own order');
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'underwriter_review', version: order.version });
  });

  it('lets an admin in as well as an underwriter; bad input from them is a 400 naming the field', async () => {
    expect((await get('queue', 'admin')).statusCode).toBe(200);
    expect(expectError(await get('submission?submissionid=abc'), 400).fields).toHaveProperty('submissionid');
    expect(expectError(await get('queue?status=quoted'), 400).fields).toHaveProperty('status');
    expect(
      expectError(await post('approve', { submissionid: someId, adjustmentBps: 20_000, reason: 'x' }), 400).fields,
    ).toHaveProperty('adjustmentBps');
    expect(expectError(await post('decline', { submissionid: someId, reason: '  ' }), 400).fields).toHaveProperty(
      'reason',
    );
  });
});

describe('GET underwriting/queue', () => {
  it('lists referred, missing-info and under-review orders oldest first, with reasons, insured and broker', async () => {
    const harbor = await brokerId('harbor-risk');
    const other = await newInsured(app);
    await app().db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, other.userId));
    const newest = await orderIn('underwriter_review', { since: new Date('2001-01-03T00:00:00Z'), reasons: [reasonA] });
    const oldest = await orderIn('missing_info', { since: new Date('2001-01-01T00:00:00Z'), who: other });
    const middle = await orderIn('application_under_review', {
      since: new Date('2001-01-02T00:00:00Z'),
      brokerId: harbor,
    });
    // Same moment as `middle`: the id decides.
    const tie = await orderIn('underwriter_review', { since: new Date('2001-01-02T00:00:00Z') });
    const notWaiting = await Promise.all([
      orderIn('quoted'),
      orderIn('approved'),
      orderIn('declined'),
      orderIn('incomplete'),
    ]);
    // A second referral later: the latest one's reasons count.
    await putIn(newest.id, 'underwriter_review', { since: new Date('2001-01-03T00:00:00Z'), reasons: [reasonB] });

    const all = await queue();
    const ids = all.items.map((item) => item.submissionId);
    for (const order of notWaiting) expect(ids).not.toContain(order.id);
    const mine = ids.filter((id) => [newest.id, oldest.id, middle.id, tie.id].includes(id));
    expect(mine).toEqual([oldest.id, middle.id, tie.id, newest.id]);
    // Oldest first across the whole queue too.
    const times = all.items.map((item) => item.waitingSince);
    expect(times).toEqual([...times].sort());

    const item = (id: number) => all.items.find((entry) => entry.submissionId === id)!;
    expect(item(newest.id)).toMatchObject({
      number: newest.number,
      status: 'underwriter_review',
      waitingSince: '2001-01-03T00:00:00.000Z',
      insuredName: 'Pat Tester',
      companyName: 'Tester Dental',
      broker: null,
      speciality: { name: 'Dentists' },
      stateCode: 'TX',
      premiumCents: newest.quote.rating.totalCents,
      reasons: [reasonB],
    });
    expect(item(oldest.id)).toMatchObject({ insuredName: other.email, reasons: [] });
    expect(item(middle.id).broker).toEqual({ id: harbor, name: expect.any(String) });
    // The filter choices are the brokers and specialities of the whole queue.
    const brokerIds = [...new Set(all.items.flatMap((entry) => (entry.broker ? [entry.broker.id] : [])))].sort();
    expect(all.brokers.map((broker) => broker.id).sort()).toEqual(brokerIds);
    expect(all.brokers.map((broker) => broker.id)).toContain(harbor);
    const specialityIds = [...new Set(all.items.map((entry) => entry.speciality.id))].sort();
    expect(all.specialities.map((speciality) => speciality.id).sort()).toEqual(specialityIds);
  });

  it('filters by status, broker and speciality, keeping the choices of the whole queue', async () => {
    const harbor = await brokerId('harbor-risk');
    const architects = await specialityId(app(), 'Architects');
    const dentistry = await orderIn('missing_info', { since: new Date('2002-01-01T00:00:00Z') });
    const brokered = await orderIn('underwriter_review', {
      brokerId: harbor,
      quote: { specialityId: architects, ...(await answersFor(app(), architects)) },
    });

    const missing = await queue('?status=missing_info');
    expect(missing.items.length).toBeGreaterThan(0);
    expect(missing.items.every((entry) => entry.status === 'missing_info')).toBe(true);
    expect(missing.items.map((entry) => entry.submissionId)).toContain(dentistry.id);
    // Harbor's order is not missing info, yet Harbor stays a choice.
    expect(missing.brokers.map((broker) => broker.id)).toContain(harbor);
    expect(missing.specialities.map((speciality) => speciality.id)).toContain(architects);

    const byBroker = await queue(`?brokerId=${harbor}`);
    expect(byBroker.items.map((entry) => entry.submissionId)).toContain(brokered.id);
    expect(byBroker.items.every((entry) => entry.broker?.id === harbor)).toBe(true);

    const bySpeciality = await queue(`?specialityId=${architects}&status=underwriter_review`);
    expect(bySpeciality.items.map((entry) => entry.submissionId)).toEqual([brokered.id]);
    expect(bySpeciality.items[0]!.speciality.name).toBe('Architects');

    expect(
      (await queue(`?brokerId=${harbor}&specialityId=${await specialityId(app())}&status=missing_info`)).items,
    ).toEqual([]);
  });
});

describe('GET underwriting/submission', () => {
  it('shows the order, insured, answers in words with their effects, locations, reasons, files and what may be done', async () => {
    const { answers } = await answersFor(app(), await specialityId(app()));
    const order = await orderIn('underwriter_review', {
      quote: { answers: { ...answers, dnt_practice_type: 'oral_surgery', dnt_sedation: 'yes' } },
      reasons: [reasonA],
      requiredItems: [itemA],
    });
    await app().db.insert(planLocations).values({
      submissionId: order.id,
      address1: '1 Main St',
      city: 'Houston',
      state: 'TX',
      zipcode: '77002',
      isPrimary: true,
    });
    await app()
      .db.insert(files)
      .values({
        ownerUserId: insured.userId,
        module: 'submission',
        moduleId: order.id,
        filename: 'loss-runs.pdf',
        mime: 'application/pdf',
        size: 4,
        content: Buffer.from('%PDF'),
      });

    const seen = await review(order.id);
    expect(seen.order).toMatchObject({
      submissionId: order.id,
      number: order.number,
      status: 'underwriter_review',
      version: order.version,
    });
    expect(seen.order.rating).toEqual(order.quote.rating);
    expect(seen.order.history.map((entry) => entry.event)).toEqual(['quote', 'order.refer']);
    expect(seen.insured).toEqual({
      id: insured.userId,
      name: 'Pat Tester',
      email: insured.email,
      companyName: 'Tester Dental',
      phone: null,
    });
    expect(seen.broker).toBeNull();

    const question = (code: string) => seen.questions.find((entry) => entry.code === code);
    expect(question('dnt_practice_type')).toEqual({
      code: 'dnt_practice_type',
      text: 'What best describes your practice?',
      answer: 'Oral and maxillofacial surgery',
      effect: '+15 % schedule debit; Refers to an underwriter',
    });
    expect(question('dnt_sedation')).toMatchObject({ answer: 'Yes', effect: '+10 % schedule debit' });
    expect(question('dnt_licence_action')).toMatchObject({ answer: 'No', effect: null });
    // The general application questions too; one hidden by its condition is left out.
    expect(question('prior_claims')).toMatchObject({ answer: 'No', effect: null });
    expect(question('prior_claims_count')).toBeUndefined();

    expect(seen.locations).toEqual([
      expect.objectContaining({ address1: '1 Main St', city: 'Houston', zipcode: '77002', isprimary: true }),
    ]);
    expect(seen.reasons).toEqual([reasonA]);
    expect(seen.requiredItems).toEqual([itemA]);
    expect(seen.files).toEqual([
      expect.objectContaining({ filename: 'loss-runs.pdf', moduleId: order.id, uploadedBy: 'insured' }),
    ]);
    expect(seen.conversation).toEqual([]);
    expect(seen.latestRequest).toBeNull();
    expect(seen.allowed).toEqual({ approve: true, requestInfo: true, decline: true });
  });

  it('opens a decided order too, with nothing left to decide; a submission that does not exist is a 404', async () => {
    const order = await orderIn('declined');
    const seen = await review(order.id, 'admin');
    expect(seen.order.status).toBe('declined');
    expect(seen.allowed).toEqual({ approve: false, requestInfo: false, decline: false });
    expect(seen.reasons).toEqual([]);
    expectError(await get('submission?submissionid=2147480000'), 404);
  });
});

describe('POST underwriting/approve', () => {
  it('approves as priced, recording who and why', async () => {
    const order = await orderIn('underwriter_review', { reasons: [reasonA] });
    const result = await decided(
      await post('approve', { submissionid: order.id, version: order.version, reason: 'Acceptable risk' }),
    );
    expect(result).toEqual({
      submissionId: order.id,
      number: order.number,
      status: 'approved',
      version: order.version + 1,
      premiumCents: order.quote.rating.totalCents,
    });

    const row = await orderRow(order.id);
    expect(row.status).toBe('approved');
    expect(row.worksheet).toEqual(order.quote.rating);
    const event = await lastEvent(order.id);
    expect(event).toMatchObject({
      event: 'order.approve',
      actor: 'underwriter',
      reason: 'Acceptable risk',
      fromStatus: 'underwriter_review',
      toStatus: 'approved',
      data: { adjustmentBps: 0 },
    });
    const [uw] = await app()
      .db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, demo('underwriter').email));
    expect(event.actorUserId).toBe(uw!.id);
    expect((await review(order.id)).order.history.at(-1)).toMatchObject({
      event: 'order.approve',
      actor: 'underwriter',
      actorName: 'Uma Underwriter',
    });
  });

  it('with an adjustment, prices the order again: the premium moves, the taxes follow, the history records it', async () => {
    const order = await orderIn('application_under_review');
    const before = order.quote.rating;
    const result = await decided(
      await post('approve', { submissionid: order.id, adjustmentBps: 1500, reason: 'Surgical exposure' }),
    );

    const after = (await review(order.id)).order.rating!;
    const [table] = await app().db.select().from(rateTables).where(eq(rateTables.id, before.rateTableId));
    const expectedPremium = Math.floor((before.premiumCents * 11_500 + 500_000) / 1_000_000) * 100;
    const taxable = expectedPremium + table!.policyFeeCents;
    const halfUp = (cents: number, bps: number) => Math.floor((cents * bps + 5_000) / 10_000);
    expect(after.premiumCents).toBe(expectedPremium);
    expect(after.premiumCents).not.toBe(before.premiumCents);
    expect(after.adjustmentBps).toBe(1500);
    expect(after.taxCents).toBe(halfUp(taxable, table!.taxRateBps));
    expect(after.stateFeeCents).toBe(halfUp(taxable, table!.feeRateBps));
    expect(after.totalCents).toBe(taxable + after.taxCents + after.stateFeeCents);
    expect(after.paymentPlans.find((plan) => plan.code === 'annual')!.downPaymentCents).toBe(after.totalCents);

    const steps = after.worksheet.map((line) => line.step);
    expect(steps.slice(steps.indexOf('minimum'), steps.indexOf('minimum') + 3)).toEqual([
      'minimum',
      'adjustment',
      'policyFee',
    ]);
    const line = after.worksheet.find((entry) => entry.step === 'adjustment')!;
    expect(line).toMatchObject({ label: 'Underwriter adjustment', factorBps: 11_500, runningCents: expectedPremium });
    expect(line.source).toContain('Surgical exposure');
    // Everything before the adjustment is the rating as it was.
    expect(after.worksheet.slice(0, steps.indexOf('adjustment'))).toEqual(
      before.worksheet.slice(0, steps.indexOf('adjustment')),
    );

    expect(result).toMatchObject({ status: 'approved', premiumCents: after.totalCents });
    const row = await orderRow(order.id);
    expect(row.premiumCents).toBe(after.totalCents);
    expect((await lastEvent(order.id)).data).toEqual({
      adjustmentBps: 1500,
      fromTotalCents: before.totalCents,
      totalCents: after.totalCents,
    });
  });

  it('a credit lowers the premium', async () => {
    const order = await orderIn('underwriter_review');
    const result = await decided(
      await post('approve', { submissionid: order.id, adjustmentBps: -1000, reason: 'Long claim-free history' }),
    );
    expect(result.premiumCents!).toBeLessThan(order.quote.rating.totalCents);
    expect((await review(order.id)).order.rating!.premiumCents).toBe(
      Math.floor((order.quote.rating.premiumCents * 9_000 + 500_000) / 1_000_000) * 100,
    );
  });

  it('refuses an adjustment without a reason (400 naming reason), changing nothing', async () => {
    const order = await orderIn('underwriter_review');
    const before = await eventCount(order.id);
    for (const reason of [undefined, '', '   ']) {
      const body = expectError(
        await post('approve', {
          submissionid: order.id,
          adjustmentBps: 500,
          ...(reason === undefined ? {} : { reason }),
        }),
        400,
      );
      expect(body.fields).toHaveProperty('reason');
    }
    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      status: 'underwriter_review',
      version: order.version,
      premiumCents: order.quote.rating.totalCents,
    });
    expect(await eventCount(order.id)).toBe(before);
  });

  it('still recognises a repeat after a file was added to the order in between', async () => {
    const order = await orderIn('underwriter_review');
    const body = { submissionid: order.id, adjustmentBps: 0 };
    const first = await decided(await post('approve', body));
    // A file event (what an upload past buy now records) lands after the approval.
    await app()
      .db.insert(submissionEvents)
      .values({
        submissionId: order.id,
        actor: 'insured',
        event: 'files',
        fromStatus: 'approved',
        toStatus: 'approved',
        data: { fileIds: [1] },
      });
    const events = await eventCount(order.id);
    expect(await decided(await post('approve', body))).toEqual(first);
    expect(await eventCount(order.id)).toBe(events);
  });

  it('answers a repeat of the same approval the same and writes nothing; another decision afterwards is the 409 naming the status', async () => {
    const order = await orderIn('underwriter_review');
    const body = { submissionid: order.id, version: order.version, adjustmentBps: 500, reason: 'Busy practice' };
    const first = await decided(await post('approve', body));
    const events = await eventCount(order.id);
    const worksheet = (await orderRow(order.id)).worksheet;
    expect(await decided(await post('approve', body))).toEqual(first);
    expect(await eventCount(order.id)).toBe(events);
    expect((await orderRow(order.id)).worksheet).toEqual(worksheet);

    // Not the same decision: another reason, another adjustment, another underwriter, another kind.
    for (const [other, role] of [
      [{ ...body, reason: 'Other reason' }, 'underwriter'],
      [{ ...body, adjustmentBps: 0 }, 'underwriter'],
      [body, 'admin'],
    ] as const) {
      expect(expectError(await post('approve', other, role), 409).fields).toEqual({ status: 'is approved' });
    }
    expect(
      expectError(await post('decline', { submissionid: order.id, reason: 'Changed my mind' }), 409).fields,
    ).toEqual({ status: 'is approved' });
    expect(await eventCount(order.id)).toBe(events);
  });

  it('is a 409 naming the status on a declined or quoted order, and naming version for a stale version', async () => {
    const declinedOrder = await orderIn('declined');
    expect(expectError(await post('approve', { submissionid: declinedOrder.id }), 409).fields).toEqual({
      status: 'is declined',
    });
    const quoted = await orderIn('quoted');
    expect(expectError(await post('approve', { submissionid: quoted.id }), 409).fields).toEqual({
      status: 'is quoted',
    });

    const order = await orderIn('underwriter_review');
    const before = await eventCount(order.id);
    const stale = expectError(await post('approve', { submissionid: order.id, version: order.version - 1 }), 409);
    expect(stale.fields).toHaveProperty('version');
    expect(await orderRow(order.id)).toMatchObject({ status: 'underwriter_review', version: order.version });
    expect(await eventCount(order.id)).toBe(before);
    expectError(await post('approve', { submissionid: 2147480000 }), 404);
  });

  it('of many approvals at once, one moves the order and the rest answer the same or 409 — never a 500', async () => {
    const order = await orderIn('underwriter_review');
    const before = await eventCount(order.id);
    const body = { submissionid: order.id, version: order.version, adjustmentBps: 1000, reason: 'Race' };
    const responses = await Promise.all([
      ...Array.from({ length: 6 }, () => post('approve', body)),
      ...Array.from({ length: 4 }, () => post('approve', body, 'admin')),
      post('decline', { submissionid: order.id, reason: 'Race' }),
    ]);
    const codes = responses.map((response) => response.statusCode);
    expect(
      codes.every((code) => code === 200 || code === 409),
      codes.join(','),
    ).toBe(true);
    // The lock makes every loser wait and read the order as the winner left it: a refusal names
    // the status, never a lost version race.
    for (const response of responses.filter((entry) => entry.statusCode === 409)) {
      expect(Object.keys(expectError(response, 409).fields ?? {})).toEqual(['status']);
    }
    const ok = responses
      .filter((response) => response.statusCode === 200)
      .map((response) => v.parse(decisionResultSchema, response.json()));
    expect(ok.length).toBeGreaterThan(0);
    const row = await orderRow(order.id);
    expect(ok.every((result) => result.status === row.status && result.version === row.version)).toBe(true);
    expect(await eventCount(order.id)).toBe(before + 1);
  });
});

describe('POST underwriting/requestinfo', () => {
  const message = 'Please send your loss runs <for 2020–2024> & the signed application.\nThank you.';

  it('moves the order to missing info and mails the insured the message and a link to answer it', async () => {
    const order = await orderIn('underwriter_review');
    const result = await decided(
      await post('requestinfo', { submissionid: order.id, message, version: order.version }),
    );
    expect(result).toMatchObject({ submissionId: order.id, status: 'missing_info', version: order.version + 1 });
    expect(await lastEvent(order.id)).toMatchObject({
      event: 'order.requestInfo',
      actor: 'underwriter',
      reason: message,
      toStatus: 'missing_info',
    });

    const mails = (await mailsTo(app(), insured.email)).filter((mail) => mail.subject.includes(order.number));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.text).toContain(message);
    const link = `${app().config.publicUrl}/incomplete-missing-info?submissionid=${order.id}`;
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain('loss runs &lt;for 2020–2024&gt; &amp; the signed application.');
    expect(mail!.html).not.toContain('<for 2020');
    expect(mail!.html).toContain(`href="${link}"`);

    const seen = await review(order.id);
    expect(seen.conversation).toEqual([
      { from: 'underwriter', name: 'Uma Underwriter', message, at: expect.any(String) },
    ]);
    expect(seen.latestRequest).toMatchObject({ message, requestedBy: 'Uma Underwriter' });
    expect(seen.allowed).toEqual({ approve: false, requestInfo: false, decline: false });
  });

  it('links to the broker’s branded screen when the order came through a broker; the conversation keeps the insured’s answers', async () => {
    const order = await orderIn('application_under_review', { brokerId: await brokerId('harbor-risk') });
    // The insured's earlier answer to an earlier request (what insured/resubmit records).
    await app().db.insert(submissionEvents).values({
      submissionId: order.id,
      actorUserId: insured.userId,
      actor: 'insured',
      event: 'order.resubmit',
      reason: 'Here they are',
      fromStatus: 'missing_info',
      toStatus: 'application_under_review',
      data: {},
    });
    await decided(await post('requestinfo', { submissionid: order.id, message: 'One more thing' }));
    const [mail] = (await mailsTo(app(), insured.email)).filter((entry) => entry.subject.includes(order.number));
    expect(mail!.text).toContain(
      `${app().config.publicUrl}/client/incomplete-missing-info/harbor-risk?submissionid=${order.id}`,
    );
    const seen = await review(order.id);
    expect(seen.conversation.map(({ from, message: said }) => [from, said])).toEqual([
      ['insured', 'Here they are'],
      ['underwriter', 'One more thing'],
    ]);
  });

  it('a repeat writes nothing and mails nothing more; missing info cannot be asked again', async () => {
    const order = await orderIn('underwriter_review');
    const body = { submissionid: order.id, message: 'Send the claims details' };
    const first = await decided(await post('requestinfo', body));
    const events = await eventCount(order.id);
    expect(await decided(await post('requestinfo', body))).toEqual(first);
    expect(await eventCount(order.id)).toBe(events);
    expect((await mailsTo(app(), insured.email)).filter((mail) => mail.subject.includes(order.number))).toHaveLength(1);
    expect(expectError(await post('requestinfo', { ...body, message: 'Something else' }), 409).fields).toEqual({
      status: 'is missing_info',
    });
    expect(expectError(await post('approve', { submissionid: order.id }), 409).fields).toEqual({
      status: 'is missing_info',
    });
  });
});

describe('the insured hears of the decision', () => {
  it('by mail when approved (a link to the order) or declined (the reason, escaped), once; closing as lost mails nothing', async () => {
    const who = await newInsured(app);
    const approved = await orderIn('underwriter_review', { who });
    const declined = await orderIn('application_under_review', { who });
    const closed = await orderIn('missing_info', { who });
    await decided(await post('approve', { submissionid: approved.id, reason: 'Acceptable risk' }));
    await decided(await post('decline', { submissionid: declined.id, reason: 'Outside our <b>appetite</b>' }));
    await decided(await post('decline', { submissionid: declined.id, reason: 'Outside our <b>appetite</b>' }));
    await decided(await post('closelost', { submissionid: closed.id, reason: 'Stopped answering' }));
    const mails = await mailsTo(app(), who.email);
    const about = (number: string) => mails.filter((mail) => mail.subject.includes(number));
    expect(about(approved.number).map((mail) => mail.subject)).toEqual([`Order ${approved.number} is approved`]);
    expect(about(approved.number)[0]!.text).toContain(`/order/${approved.id}`);
    // The underwriter's reason for an approval is theirs; the insured is told the next step.
    expect(about(approved.number)[0]!.text).not.toContain('Acceptable risk');
    expect(about(declined.number)).toHaveLength(1);
    expect(about(declined.number)[0]!.text).toContain('Outside our <b>appetite</b>');
    expect(about(declined.number)[0]!.html).toContain('Outside our &lt;b&gt;appetite&lt;/b&gt;');
    expect(about(closed.number)).toEqual([]);
  });
});

describe('POST underwriting/decline and closelost', () => {
  it('declines with the reason; a repeat writes nothing; approving afterwards is a 409', async () => {
    const order = await orderIn('application_under_review');
    const body = { submissionid: order.id, reason: 'Outside our appetite' };
    const result = await decided(await post('decline', body));
    expect(result).toMatchObject({
      status: 'declined',
      version: order.version + 1,
      premiumCents: order.quote.rating.totalCents,
    });
    expect(await lastEvent(order.id)).toMatchObject({
      event: 'order.decline',
      actor: 'underwriter',
      reason: 'Outside our appetite',
      toStatus: 'declined',
    });
    const events = await eventCount(order.id);
    expect(await decided(await post('decline', body))).toEqual(result);
    expect(await eventCount(order.id)).toBe(events);
    expect(expectError(await post('approve', { submissionid: order.id }), 409).fields).toEqual({
      status: 'is declined',
    });
    expect(expectError(await post('decline', { ...body, version: order.version + 1 }, 'admin'), 409).fields).toEqual({
      status: 'is declined',
    });
  });

  it('closes an open order as lost (missing info included); a repeat writes nothing; a closed order cannot be declined', async () => {
    for (const status of ['missing_info', 'underwriter_review', 'approved'] as const) {
      const order = await orderIn(status);
      const body = { submissionid: order.id, reason: 'Insured stopped answering', version: order.version };
      const result = await decided(await post('closelost', body));
      expect(result).toMatchObject({ status: 'close_lost', version: order.version + 1 });
      expect(await lastEvent(order.id)).toMatchObject({
        event: 'order.sendToCloseLost',
        actor: 'underwriter',
        reason: 'Insured stopped answering',
        fromStatus: status,
      });
      const events = await eventCount(order.id);
      expect(await decided(await post('closelost', body))).toEqual(result);
      expect(await eventCount(order.id)).toBe(events);
      expect(expectError(await post('decline', { submissionid: order.id, reason: 'x' }), 409).fields).toEqual({
        status: 'is close_lost',
      });
    }
    const declinedOrder = await orderIn('declined');
    expect(expectError(await post('closelost', { submissionid: declinedOrder.id, reason: 'x' }), 409).fields).toEqual({
      status: 'is declined',
    });
  });

  it('checks the version on every decision', async () => {
    const order = await orderIn('underwriter_review');
    for (const [url, body] of [
      ['decline', { reason: 'x' }],
      ['closelost', { reason: 'x' }],
      ['requestinfo', { message: 'x' }],
    ] as const) {
      expect(
        expectError(await post(url, { submissionid: order.id, version: order.version + 5, ...body }), 409).fields,
      ).toHaveProperty('version');
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'underwriter_review', version: order.version });
    expect(
      await app()
        .db.select({ n: count() })
        .from(submissionEvents)
        .where(and(eq(submissionEvents.submissionId, order.id), eq(submissionEvents.actor, 'underwriter'))),
    ).toEqual([{ n: 0 }]);
  });
});
