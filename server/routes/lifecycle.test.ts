/**
 * The insured's lifecycle calls (issue 7) on a real server: buy now with real answers from the
 * demo question sets (every outcome, its history and its repeats), what is still missing, close
 * as lost, resubmit after an underwriter's request, and the order summary.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  buyNowResultSchema,
  lifecycleMoveSchema,
  orderSummaryDetailsSchema,
  requiredItemsSchema,
  type BuyNowResult,
  type RequiredItem,
} from '@shared/contract/lifecycle';
import { formatUsd } from '@shared/contract/money-format';
import type { LifecycleEventType } from '@shared/lifecycle/order-lifecycle.machine';
import type { AuthUser } from '@server/auth/user';
import { files, questions, submissionEvents, submissions, users } from '@server/db/schema';
import { submissionColumns } from '@server/submissions/access';
import { moveSubmission } from '@server/submissions/lifecycle';
import { newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { answersFor, specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

/** Lowered so a Lawyers quote at the highest limit is above it and the Dentists quotes below. */
const AUTHORITY = 400_000;
const t = setupTestApp({ env: { UNDERWRITING_AUTHORITY_CENTS: String(AUTHORITY) } });
const app = () => t.app;

// ---------------------------------------------------------------------------------------------
// Helpers

type Setup = { location?: boolean; contact?: boolean };

const contactsMade = new Set<number>();

/** A quoted order of the insured's (Dentists in Houston unless overridden), with a location and a primary contact unless told not to. */
async function order(
  insured: Insured,
  overrides: Record<string, unknown> = {},
  { location = true, contact = true }: Setup = {},
) {
  const quote = await quotedOrder(app, insured, overrides);
  if (location) {
    const saved = await insured.call('POST', 'insured/saveupdatelocation', {
      address1: '1 Main St',
      city: 'Houston',
      state: 'TX',
      zipcode: '77002',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const added = await insured.call('POST', 'insured/addlocation', {
      submissionid: quote.submissionId,
      addLocationsIds: [saved.json().id],
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  if (contact && !contactsMade.has(insured.userId)) await addContact(insured);
  return quote;
}

async function addContact(insured: Insured) {
  const saved = await insured.call('POST', 'insured/saveupdatecontact', {
    firstname: 'Dana',
    lastname: 'Reyes',
    email: 'dana@example.com',
    contactnumber: '(713) 555-0142',
  });
  expect(saved.statusCode, saved.body).toBe(201);
  contactsMade.add(insured.userId);
  return saved.json() as { id: number };
}

/** Dentists' general answers with some changed (the speciality's answers stay the careful ones). */
async function withAnswers(answers: Record<string, unknown> = {}, applicationAnswers: Record<string, unknown> = {}) {
  const dentists = await specialityId(t.app);
  const careful = await answersFor(t.app, dentists);
  return {
    answers: { ...careful.answers, ...answers },
    applicationAnswers: { ...careful.applicationAnswers, ...applicationAnswers },
  };
}

const PRIOR_CLAIMS = {
  prior_claims: 'yes',
  prior_claims_count: 1,
  prior_claims_details: '2021: a crown failed; settled for $8,000, closed.',
};

const buyNow = (insured: Insured, submissionId: number | string, form = true) =>
  insured.call('PUT', 'insured/buynow', { submissionid: submissionId }, { form });

async function bought(insured: Insured, submissionId: number, form = true): Promise<BuyNowResult> {
  const response = await buyNow(insured, submissionId, form);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(buyNowResultSchema, response.json());
}

const requiredItems = (insured: Insured, submissionId: number | string) =>
  insured.call('GET', `insured/requireditems?submissionid=${submissionId}`);
const closeLost = (insured: Insured, body: Record<string, unknown>) =>
  insured.call('PUT', 'insured/sendtocloselost', body, { form: true });
const resubmit = (insured: Insured, body: Record<string, unknown>) =>
  insured.call('PUT', 'insured/resubmit', body, { form: true });
const summary = (insured: Insured, submissionId: number | string) =>
  insured.call('GET', `dashboard/ordersummarydetails?submissionid=${submissionId}`);

async function summaryOf(insured: Insured, submissionId: number) {
  const response = await summary(insured, submissionId);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(orderSummaryDetailsSchema, response.json());
}

const eventsOf = (submissionId: number) =>
  t.app.db
    .select({
      event: submissionEvents.event,
      actor: submissionEvents.actor,
      actorUserId: submissionEvents.actorUserId,
      from: submissionEvents.fromStatus,
      to: submissionEvents.toStatus,
      reason: submissionEvents.reason,
      data: submissionEvents.data,
    })
    .from(submissionEvents)
    .where(eq(submissionEvents.submissionId, submissionId))
    .orderBy(asc(submissionEvents.id));

async function eventCount(submissionId: number): Promise<number> {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(submissionEvents)
    .where(eq(submissionEvents.submissionId, submissionId));
  return row!.n;
}

async function orderRow(submissionId: number) {
  const [row] = await t.app.db.select(submissionColumns).from(submissions).where(eq(submissions.id, submissionId));
  return row!;
}

/** The last `n` history rows, as people read them: who, from, to, why. */
async function lastMoves(submissionId: number, n: number) {
  return (await eventsOf(submissionId))
    .slice(-n)
    .map(({ event, actor, actorUserId, from, to, reason }) => ({ event, actor, actorUserId, from, to, reason }));
}

/** A file on the order, as the upload route (another module) stores one. */
async function attachFile(insured: Insured, submissionId: number, filename = 'loss-runs.pdf') {
  await t.app.db.insert(files).values({
    ownerUserId: insured.userId,
    module: 'submission',
    moduleId: submissionId,
    filename,
    mime: 'application/pdf',
    size: 9,
    content: Buffer.from('%PDF-1.7\n'),
  });
}

/** An underwriter with a name, for the desk's moves (whose routes are another module's). */
async function underwriter(): Promise<AuthUser> {
  const person = await newInsured(app);
  await t.app.db
    .update(users)
    .set({ role: 'underwriter', firstName: 'Uma', lastName: 'Writer' })
    .where(eq(users.id, person.userId));
  return { id: person.userId, role: 'underwriter', sessionId: 'test' };
}

async function deskMove(
  by: AuthUser,
  submissionId: number,
  type: LifecycleEventType,
  reason: string | null,
  data: Record<string, unknown> = {},
) {
  await moveSubmission(t.app.db, by, await orderRow(submissionId), new Date(), {
    event: { type, actor: 'underwriter' },
    reason,
    data,
  });
}

const codesOf = (items: RequiredItem[]) => items.map((item) => item.code);

// ---------------------------------------------------------------------------------------------

describe('PUT insured/buynow', () => {
  it('approves an order with nothing missing and no rule firing: two history rows, and a repeat writes nothing', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured);
    const before = await orderRow(quote.submissionId);
    expect(before.premiumCents!).toBeLessThanOrEqual(AUTHORITY);

    const result = await bought(insured, quote.submissionId);
    expect(result).toEqual({
      submissionId: quote.submissionId,
      number: quote.number,
      status: 'approved',
      version: before.version + 2,
      outcome: 'approved',
      requiredItems: [],
      reasons: [],
    });
    expect(await lastMoves(quote.submissionId, 2)).toEqual([
      {
        event: 'order.buyNow',
        actor: 'insured',
        actorUserId: insured.userId,
        from: 'quoted',
        to: 'checks',
        reason: null,
      },
      { event: 'order.approve', actor: 'system', actorUserId: null, from: 'checks', to: 'approved', reason: null },
    ]);
    expect((await eventsOf(quote.submissionId)).at(-1)!.data).toEqual({ reasons: [], requiredItems: [] });
    expect(await orderRow(quote.submissionId)).toMatchObject({ status: 'approved', version: before.version + 2 });

    // Retried, as a form or as JSON: the same answer, nothing written.
    const events = await eventCount(quote.submissionId);
    expect(await bought(insured, quote.submissionId)).toEqual(result);
    expect(await bought(insured, quote.submissionId, false)).toEqual(result);
    expect(await eventCount(quote.submissionId)).toBe(events);
    expect((await orderRow(quote.submissionId)).version).toBe(result.version);

    // The order's history shows both moves, the rules' without a person.
    const details = (await insured.call('GET', `insured/orderdetails?submissionid=${quote.submissionId}`)).json();
    const history = details.history as { event: string; actor: string; actorName: string | null }[];
    expect(history.slice(-2).map((entry) => [entry.event, entry.actor])).toEqual([
      ['order.buyNow', 'insured'],
      ['order.approve', 'system'],
    ]);
    expect(history.at(-1)!.actorName).toBeNull();
  });

  it('declines a knock-out answer, before anything missing is even looked at', async () => {
    const insured = await newInsured(app);
    // No location and no contact: a knock-out still declines.
    const quote = await order(insured, await withAnswers({ dnt_licence_action: 'yes' }), {
      location: false,
      contact: false,
    });
    const result = await bought(insured, quote.submissionId);
    const question = 'Has a dental board ever disciplined you, or suspended, restricted or revoked your licence?';
    expect(result).toMatchObject({ status: 'declined', outcome: 'declined', requiredItems: [] });
    expect(result.reasons).toEqual([
      {
        code: 'knockout_answer',
        label: `Your answer to “${question}” means we cannot offer this cover`,
        detail: null,
      },
    ]);
    expect(await lastMoves(quote.submissionId, 2)).toEqual([
      {
        event: 'order.buyNow',
        actor: 'insured',
        actorUserId: insured.userId,
        from: 'quoted',
        to: 'checks',
        reason: null,
      },
      {
        event: 'order.decline',
        actor: 'system',
        actorUserId: null,
        from: 'checks',
        to: 'declined',
        reason: result.reasons[0]!.label,
      },
    ]);
    // The underwriter's desk reads the reasons back from the event, with the detail the insured is not shown.
    expect((await eventsOf(quote.submissionId)).at(-1)!.data).toEqual({
      reasons: [{ ...result.reasons[0], detail: `${question} Yes. This answer declines the order.` }],
      requiredItems: [],
    });

    const events = await eventCount(quote.submissionId);
    expect(await bought(insured, quote.submissionId)).toEqual(result);
    expect(await eventCount(quote.submissionId)).toBe(events);
  });

  it('refers an answer whose option refers, naming the question and the answer', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured, await withAnswers({ dnt_practice_type: 'oral_surgery' }));
    expect(quote.rating.totalCents).toBeLessThanOrEqual(AUTHORITY);
    const result = await bought(insured, quote.submissionId);
    expect(result).toMatchObject({ status: 'underwriter_review', outcome: 'underwriter_review', requiredItems: [] });
    expect(result.reasons).toEqual([
      {
        code: 'referral_answer',
        label: 'Your answer to “What best describes your practice?” needs an underwriter’s review',
        detail: null,
      },
    ]);
    expect(
      ((await eventsOf(quote.submissionId)).at(-1)!.data as { reasons: { detail: string }[] }).reasons[0]!.detail,
    ).toBe('What best describes your practice? Oral and maxillofacial surgery.');
    expect(await lastMoves(quote.submissionId, 2)).toEqual([
      {
        event: 'order.buyNow',
        actor: 'insured',
        actorUserId: insured.userId,
        from: 'quoted',
        to: 'checks',
        reason: null,
      },
      {
        event: 'order.refer',
        actor: 'system',
        actorUserId: null,
        from: 'checks',
        to: 'underwriter_review',
        reason: result.reasons[0]!.label,
      },
    ]);
    const events = await eventCount(quote.submissionId);
    expect(await bought(insured, quote.submissionId)).toEqual(result);
    expect(await eventCount(quote.submissionId)).toBe(events);
  });

  it('asks for loss runs when prior claims are reported, then refers the claims once they are there', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured, await withAnswers({}, PRIOR_CLAIMS));
    const first = await bought(insured, quote.submissionId);
    expect(first).toMatchObject({ status: 'incomplete', outcome: 'incomplete', reasons: [] });
    expect(first.requiredItems).toEqual([
      {
        kind: 'document',
        code: 'document:loss_runs',
        label: 'Upload loss runs (your previous insurer’s record of the claims you reported)',
        screen: 'incomplete-order',
        field: 'files',
      },
    ]);
    expect(await lastMoves(quote.submissionId, 2)).toEqual([
      {
        event: 'order.buyNow',
        actor: 'insured',
        actorUserId: insured.userId,
        from: 'quoted',
        to: 'checks',
        reason: null,
      },
      {
        event: 'order.requireItems',
        actor: 'system',
        actorUserId: null,
        from: 'checks',
        to: 'incomplete',
        reason: `Still missing: ${first.requiredItems[0]!.label}`,
      },
    ]);

    // Still missing the same: a repeat answers the same and writes nothing.
    const events = await eventCount(quote.submissionId);
    expect(await bought(insured, quote.submissionId)).toEqual(first);
    expect(await eventCount(quote.submissionId)).toBe(events);

    await attachFile(insured, quote.submissionId);
    const second = await bought(insured, quote.submissionId);
    expect(second).toMatchObject({
      status: 'underwriter_review',
      outcome: 'underwriter_review',
      requiredItems: [],
      version: first.version + 2,
    });
    // prior_claims "yes" refers by its option too: one reason, the prior-claims one.
    expect(second.reasons.map((reason) => reason.code)).toEqual(['prior_claims']);
    expect(second.reasons[0]!.detail).toBeNull();
    expect(
      ((await eventsOf(quote.submissionId)).at(-1)!.data as { reasons: { detail: string }[] }).reasons[0]!.detail,
    ).toContain('How many claims? 1.');
    expect(await lastMoves(quote.submissionId, 2)).toEqual([
      {
        event: 'order.buyNow',
        actor: 'insured',
        actorUserId: insured.userId,
        from: 'incomplete',
        to: 'checks',
        reason: null,
      },
      {
        event: 'order.refer',
        actor: 'system',
        actorUserId: null,
        from: 'checks',
        to: 'underwriter_review',
        reason: 'You reported claims made against you or your firm',
      },
    ]);
  });

  it('refers a premium above the automatic authority, with both amounts for the underwriter', async () => {
    const insured = await newInsured(app);
    const lawyers = await specialityId(t.app, 'Lawyers');
    const quote = await order(insured, {
      specialityId: lawyers,
      ...(await answersFor(t.app, lawyers)),
      limitCode: '2M/4M',
      deductibleCode: '0',
    });
    expect(quote.rating.totalCents).toBeGreaterThan(AUTHORITY);
    const result = await bought(insured, quote.submissionId);
    expect(result).toMatchObject({ status: 'underwriter_review', outcome: 'underwriter_review', requiredItems: [] });
    // The insured sees why, not the authority itself: knowing it would show how to price just under it.
    const insuredSees = {
      code: 'premium_above_authority',
      label: 'Your premium is above what we can approve automatically',
      detail: null,
    };
    expect(result.reasons).toEqual([insuredSees]);
    expect((await summary(insured, quote.submissionId)).json().reasons).toEqual([insuredSees]);
    const [refer] = await lastMoves(quote.submissionId, 1);
    expect(refer).toMatchObject({ event: 'order.refer', actor: 'system', from: 'checks', to: 'underwriter_review' });
    // The history keeps both amounts for the underwriter.
    const [event] = await t.app.db
      .select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, quote.submissionId), eq(submissionEvents.event, 'order.refer')));
    expect((event!.data as { reasons: { detail: string }[] }).reasons[0]!.detail).toBe(
      `Premium ${formatUsd(quote.rating.totalCents)} is above the automatic authority of ${formatUsd(AUTHORITY)}.`,
    );
  });

  it('makes the order incomplete for each missing location or contact, and goes on once supplied', async () => {
    const insured = await newInsured(app);
    const bare = await order(insured, {}, { location: false, contact: false });
    const result = await bought(insured, bare.submissionId);
    expect(result).toMatchObject({ status: 'incomplete', outcome: 'incomplete', reasons: [] });
    expect(result.requiredItems).toEqual([
      {
        kind: 'location',
        code: 'location',
        label: 'Add at least one location to your order',
        screen: 'editorder',
        field: null,
      },
      {
        kind: 'primaryContact',
        code: 'primaryContact',
        label: 'Add a primary contact to your account',
        screen: 'contacts',
        field: null,
      },
    ]);

    // A contact is added (no event on the order): buy now judges again, and only the location is missing.
    await addContact(insured);
    const events = await eventCount(bare.submissionId);
    const again = await bought(insured, bare.submissionId);
    expect(codesOf(again.requiredItems)).toEqual(['location']);
    expect(await eventCount(bare.submissionId)).toBe(events + 2);
    expect(await lastMoves(bare.submissionId, 2)).toEqual([
      {
        event: 'order.buyNow',
        actor: 'insured',
        actorUserId: insured.userId,
        from: 'incomplete',
        to: 'checks',
        reason: null,
      },
      {
        event: 'order.requireItems',
        actor: 'system',
        actorUserId: null,
        from: 'checks',
        to: 'incomplete',
        reason: 'Still missing: Add at least one location to your order',
      },
    ]);

    // Only a contact missing, on another insured's order with a location.
    const other = await newInsured(app);
    const noContact = await order(other, {}, { contact: false });
    expect(codesOf((await bought(other, noContact.submissionId)).requiredItems)).toEqual(['primaryContact']);
  });

  it('makes the order incomplete for a required answer missing; supplying it is recorded and buy now then approves', async () => {
    const insured = await newInsured(app);
    const accountants = await specialityId(t.app, 'Accountants');
    const quote = await order(insured, { specialityId: accountants, ...(await answersFor(t.app, accountants)) });
    // A question added after the quote was made: the order now lacks its answer.
    const text = 'Is your practice peer-reviewed every three years?';
    const [question] = await t.app.db
      .insert(questions)
      .values({
        specialityId: accountants,
        code: 'acc_peer_review',
        text,
        type: 'yesno',
        options: [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ],
        sortOrder: 99,
      })
      .returning({ id: questions.id });
    t.app.ratingCatalog.clear();
    try {
      const result = await bought(insured, quote.submissionId);
      const item = {
        kind: 'answer',
        code: 'answer:acc_peer_review',
        label: `Answer “${text}”`,
        screen: 'incomplete-order',
        field: 'acc_peer_review',
      };
      expect(result).toMatchObject({ status: 'incomplete', outcome: 'incomplete', requiredItems: [item] });
      const listed = await requiredItems(insured, quote.submissionId);
      expect(v.parse(requiredItemsSchema, listed.json())).toEqual({
        submissionId: quote.submissionId,
        status: 'incomplete',
        items: [item],
      });

      // A save that still does not price (another answer removed) is refused whole while incomplete.
      const row = await orderRow(quote.submissionId);
      const refused = expectError(
        await insured.call('POST', `questions/save/${quote.submissionId}`, {
          answers: { acc_peer_review: 'yes', acc_services: null },
        }),
        400,
      );
      expect(refused.fields).toEqual({ 'answers.acc_services': 'is required' });
      expect(await orderRow(quote.submissionId)).toEqual(row);

      // Supplied: the order stays incomplete, and the history records the insured's supplyItems.
      const saved = await insured.call('POST', `questions/save/${quote.submissionId}`, {
        answers: { acc_peer_review: 'yes' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ status: 'incomplete', version: row.version + 1, needs: {} });
      expect(await lastMoves(quote.submissionId, 1)).toEqual([
        {
          event: 'order.supplyItems',
          actor: 'insured',
          actorUserId: insured.userId,
          from: 'incomplete',
          to: 'incomplete',
          reason: null,
        },
      ]);
      expect((await requiredItems(insured, quote.submissionId)).json().items).toEqual([]);

      const approved = await bought(insured, quote.submissionId);
      expect(approved).toMatchObject({ status: 'approved', outcome: 'approved', requiredItems: [], reasons: [] });
      expect((await lastMoves(quote.submissionId, 2)).map((move) => [move.event, move.from, move.to])).toEqual([
        ['order.buyNow', 'incomplete', 'checks'],
        ['order.approve', 'checks', 'approved'],
      ]);
    } finally {
      await t.app.db.update(questions).set({ active: false }).where(eq(questions.id, question!.id));
      t.app.ratingCatalog.clear();
    }
  });

  it('is a 409 naming the status from any other status, with nothing written', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured);
    const underwriterNow = await underwriter();
    await bought(insured, quote.submissionId);
    // Approved by the rules, then something else happened: no longer where buy now left it.
    await deskMove(underwriterNow, quote.submissionId, 'order.sendToCloseLost', 'The insured withdrew');
    for (const status of ['close_lost', 'missing_info', 'draft', 'checks', 'bound'] as const) {
      if (status !== 'close_lost')
        await t.app.db.update(submissions).set({ status }).where(eq(submissions.id, quote.submissionId));
      const before = await orderRow(quote.submissionId);
      const events = await eventCount(quote.submissionId);
      const body = expectError(await buyNow(insured, quote.submissionId), 409);
      expect(body.fields).toEqual({ status: `is ${status}` });
      expect(body.message).toContain(status.replaceAll('_', ' '));
      expect(await orderRow(quote.submissionId)).toEqual(before);
      expect(await eventCount(quote.submissionId)).toBe(events);
    }
  });

  it('runs repeated calls at once as one buy now: one pair of moves, the same answer for all', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured, await withAnswers({ dnt_practice_type: 'oral_surgery' }));
    const events = await eventCount(quote.submissionId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => buyNow(insured, quote.submissionId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await eventCount(quote.submissionId)).toBe(events + 2);
  });
});

describe('GET insured/requireditems', () => {
  it('lists what is missing now without writing anything, empty when nothing is', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured, await withAnswers({}, PRIOR_CLAIMS), { location: false, contact: false });
    const before = await orderRow(quote.submissionId);
    const events = await eventCount(quote.submissionId);
    const response = await requiredItems(insured, quote.submissionId);
    expect(response.statusCode, response.body).toBe(200);
    const listed = v.parse(requiredItemsSchema, response.json());
    expect(listed).toMatchObject({ submissionId: quote.submissionId, status: 'quoted' });
    expect(codesOf(listed.items)).toEqual(['location', 'primaryContact', 'document:loss_runs']);
    expect(await orderRow(quote.submissionId)).toEqual(before);
    expect(await eventCount(quote.submissionId)).toBe(events);

    const ready = await order(insured);
    expect((await requiredItems(insured, ready.submissionId)).json().items).toEqual([]);
  });
});

describe('PUT insured/sendtocloselost', () => {
  it('closes an open order with the reason and comment in its history; a repeat answers the same', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured, {}, { location: false });
    const before = await orderRow(quote.submissionId);
    const response = await closeLost(insured, {
      submissionid: quote.submissionId,
      reason: 'price',
      comment: 'Found a cheaper policy',
    });
    expect(response.statusCode, response.body).toBe(200);
    const moved = v.parse(lifecycleMoveSchema, response.json());
    expect(moved).toEqual({
      submissionId: quote.submissionId,
      number: quote.number,
      status: 'close_lost',
      version: before.version + 1,
    });
    expect(await lastMoves(quote.submissionId, 1)).toEqual([
      {
        event: 'order.sendToCloseLost',
        actor: 'insured',
        actorUserId: insured.userId,
        from: 'quoted',
        to: 'close_lost',
        reason: 'price: Found a cheaper policy',
      },
    ]);
    expect((await eventsOf(quote.submissionId)).at(-1)!.data).toEqual({
      reason: 'price',
      comment: 'Found a cheaper policy',
    });

    const events = await eventCount(quote.submissionId);
    const repeat = await closeLost(insured, {
      submissionid: quote.submissionId,
      reason: 'price',
      comment: 'Found a cheaper policy',
    });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toEqual(moved);
    expect(await eventCount(quote.submissionId)).toBe(events);

    // The dashboard no longer offers it.
    const listed = (await insured.call('GET', 'dashboard/submissiondetails')).json() as {
      submissionId: number;
      open: boolean;
    }[];
    expect(listed.find((s) => s.submissionId === quote.submissionId)?.open).toBe(false);
    expect((await summaryOf(insured, quote.submissionId)).canCloseLost).toBe(false);
  });

  it('takes "other" when no reason is given, from any open status, even an underwriter’s', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured, await withAnswers({ dnt_practice_type: 'oral_surgery' }));
    await bought(insured, quote.submissionId);
    const response = await closeLost(insured, { submissionid: quote.submissionId });
    expect(response.statusCode, response.body).toBe(200);
    expect(await lastMoves(quote.submissionId, 1)).toEqual([
      {
        event: 'order.sendToCloseLost',
        actor: 'insured',
        actorUserId: insured.userId,
        from: 'underwriter_review',
        to: 'close_lost',
        reason: 'other',
      },
    ]);
  });

  it('is a 409 naming the status once the order is not open (or closed by someone else), and a 400 naming a bad reason', async () => {
    const insured = await newInsured(app);
    const declined = await order(insured, await withAnswers({ dnt_licence_action: 'yes' }));
    await bought(insured, declined.submissionId);
    const events = await eventCount(declined.submissionId);
    expect(
      expectError(await closeLost(insured, { submissionid: declined.submissionId, reason: 'price' }), 409).fields,
    ).toEqual({ status: 'is declined' });
    expect(await eventCount(declined.submissionId)).toBe(events);

    // Closed by an underwriter: the insured's close is not a repeat of it.
    const quote = await order(insured);
    await deskMove(await underwriter(), quote.submissionId, 'order.sendToCloseLost', 'The insured withdrew');
    expect(expectError(await closeLost(insured, { submissionid: quote.submissionId }), 409).fields).toEqual({
      status: 'is close_lost',
    });

    const open = await order(insured);
    const bad = expectError(await closeLost(insured, { submissionid: open.submissionId, reason: 'bored' }), 400);
    expect(Object.keys(bad.fields ?? {})).toEqual(['reason']);
    expect((await orderRow(open.submissionId)).status).toBe('quoted');
  });
});

describe('PUT insured/resubmit', () => {
  /** An order referred by buy now, then asked for more by an underwriter. */
  async function askedForMore(insured: Insured) {
    const quote = await order(insured, await withAnswers({ dnt_practice_type: 'oral_surgery' }));
    await bought(insured, quote.submissionId);
    await deskMove(
      await underwriter(),
      quote.submissionId,
      'order.requestInfo',
      'Please describe your surgical cases in the last year.',
    );
    return quote;
  }

  it('refuses (422 naming message) when nothing was sent since the request; a message alone is enough', async () => {
    const insured = await newInsured(app);
    const quote = await askedForMore(insured);
    const before = await orderRow(quote.submissionId);
    const refused = expectError(await resubmit(insured, { submissionid: quote.submissionId }), 422);
    expect(Object.keys(refused.fields ?? {})).toEqual(['message']);
    expect(
      expectError(await resubmit(insured, { submissionid: quote.submissionId, message: '   ' }), 422).fields,
    ).toHaveProperty('message');
    expect(await orderRow(quote.submissionId)).toEqual(before);

    const response = await resubmit(insured, {
      submissionid: quote.submissionId,
      message: 'Twelve implant surgeries, no complications.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const moved = v.parse(lifecycleMoveSchema, response.json());
    expect(moved).toEqual({
      submissionId: quote.submissionId,
      number: quote.number,
      status: 'application_under_review',
      version: before.version + 1,
    });
    expect(await lastMoves(quote.submissionId, 1)).toEqual([
      {
        event: 'order.resubmit',
        actor: 'insured',
        actorUserId: insured.userId,
        from: 'missing_info',
        to: 'application_under_review',
        reason: 'Twelve implant surgeries, no complications.',
      },
    ]);

    const events = await eventCount(quote.submissionId);
    const repeat = await resubmit(insured, {
      submissionid: quote.submissionId,
      message: 'Twelve implant surgeries, no complications.',
    });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toEqual(moved);
    expect(await eventCount(quote.submissionId)).toBe(events);
  });

  it('goes without a message once answers were changed since the request (supplyItems)', async () => {
    const insured = await newInsured(app);
    const quote = await askedForMore(insured);
    const saved = await insured.call('POST', `dataacquisition/savesubmissionanswers/${quote.submissionId}`, {
      answers: { staff_count: 4 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().status).toBe('missing_info');
    const rerated = await insured.call('POST', 'insured/updaterating', {
      submissionId: quote.submissionId,
      deductibleCode: '2500',
    });
    expect(rerated.statusCode, rerated.body).toBe(200);
    expect(rerated.json().status).toBe('missing_info');
    expect(
      (await lastMoves(quote.submissionId, 2)).map((move) => [move.event, move.actor, move.from, move.to]),
    ).toEqual([
      ['order.supplyItems', 'insured', 'missing_info', 'missing_info'],
      ['order.supplyItems', 'insured', 'missing_info', 'missing_info'],
    ]);
    expect((await eventsOf(quote.submissionId)).at(-1)!.data).toMatchObject({
      edit: 'rerate',
      changed: ['deductibleCode'],
    });

    const response = await resubmit(insured, { submissionid: quote.submissionId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('application_under_review');
    expect(await lastMoves(quote.submissionId, 1)).toEqual([
      {
        event: 'order.resubmit',
        actor: 'insured',
        actorUserId: insured.userId,
        from: 'missing_info',
        to: 'application_under_review',
        reason: null,
      },
    ]);

    // Asked again: what was sent before the new request does not count.
    await deskMove(await underwriter(), quote.submissionId, 'order.requestInfo', 'And the loss runs, please.');
    expect(expectError(await resubmit(insured, { submissionid: quote.submissionId }), 422).fields).toHaveProperty(
      'message',
    );
  });

  it('is a 409 naming the status when no information was asked for', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured);
    const events = await eventCount(quote.submissionId);
    const body = expectError(
      await resubmit(insured, { submissionid: quote.submissionId, message: 'Here you go' }),
      409,
    );
    expect(body.fields).toEqual({ status: 'is quoted' });
    expect(await eventCount(quote.submissionId)).toBe(events);
  });
});

describe('GET dashboard/ordersummarydetails', () => {
  it('shows a referred order with its reasons, contact, locations and files; then the request and the decision', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured, await withAnswers({ dnt_practice_type: 'oral_surgery' }));
    await attachFile(insured, quote.submissionId, 'practice-profile.pdf');
    const result = await bought(insured, quote.submissionId);

    const referred = await summaryOf(insured, quote.submissionId);
    const details = (await insured.call('GET', `insured/orderdetails?submissionid=${quote.submissionId}`)).json();
    expect(referred.order).toEqual(details);
    expect(referred.locations.map((location) => [location.city, location.zipcode, location.isprimary])).toEqual([
      ['Houston', '77002', true],
    ]);
    expect(referred.contact).toMatchObject({ firstname: 'Dana', lastname: 'Reyes', email: 'dana@example.com' });
    expect(referred.requiredItems).toEqual([]);
    expect(referred.reasons).toEqual(result.reasons);
    expect(referred.infoRequest).toBeNull();
    expect(referred.decision).toBeNull();
    expect(referred.files.map((file) => [file.filename, file.uploadedBy])).toEqual([
      ['practice-profile.pdf', 'insured'],
    ]);
    expect(referred.canCloseLost).toBe(true);

    const uma = await underwriter();
    await deskMove(uma, quote.submissionId, 'order.requestInfo', 'How many surgeries a year?');
    const asked = await summaryOf(insured, quote.submissionId);
    expect(asked.infoRequest).toMatchObject({ message: 'How many surgeries a year?', requestedBy: 'Uma Writer' });
    expect(asked.order.status).toBe('missing_info');

    await resubmit(insured, { submissionid: quote.submissionId, message: 'About forty.' });
    await deskMove(uma, quote.submissionId, 'order.approve', 'Experienced surgeon', { adjustmentBps: 500 });
    const approved = await summaryOf(insured, quote.submissionId);
    expect(approved.decision).toMatchObject({
      kind: 'approved',
      reason: 'Experienced surgeon',
      adjustmentBps: 500,
      by: 'Uma Writer',
    });
    // Reasons stay those of the referral; approved orders can still be closed until paid.
    expect(approved.reasons).toEqual(result.reasons);
    expect(approved.canCloseLost).toBe(true);
    expect(approved.order.history.map((entry) => entry.event).slice(-5)).toEqual([
      'order.buyNow',
      'order.refer',
      'order.requestInfo',
      'order.resubmit',
      'order.approve',
    ]);
  });

  it('lists what is missing while quoted or incomplete, and the rules’ decision without a person', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured, {}, { location: false, contact: false });
    const quoted = await summaryOf(insured, quote.submissionId);
    expect(codesOf(quoted.requiredItems)).toEqual(['location', 'primaryContact']);
    expect(quoted.contact).toBeNull();
    expect(quoted.locations).toEqual([]);

    const declined = await order(insured, await withAnswers({ dnt_licence_action: 'yes' }));
    await bought(insured, declined.submissionId);
    const summaryNow = await summaryOf(insured, declined.submissionId);
    expect(summaryNow.decision).toMatchObject({ kind: 'declined', by: null, adjustmentBps: 0 });
    expect(summaryNow.reasons.map((reason) => reason.code)).toEqual(['knockout_answer']);
    expect(summaryNow.requiredItems).toEqual([]);
    expect(summaryNow.canCloseLost).toBe(false);
    expect(summaryNow.contact).toMatchObject({ firstname: 'Dana' });
  });
});

describe('every lifecycle call', () => {
  it('is the same 404 for another insured’s order and a missing one, and changes nothing', async () => {
    const owner = await newInsured(app);
    const mallory = await newInsured(app);
    const quote = await order(owner);
    const before = await orderRow(quote.submissionId);
    const events = await eventCount(quote.submissionId);
    for (const id of [quote.submissionId, 2_000_000_000]) {
      expectError(await buyNow(mallory, id), 404);
      expectError(await requiredItems(mallory, id), 404);
      expectError(await closeLost(mallory, { submissionid: id, reason: 'price' }), 404);
      expectError(await resubmit(mallory, { submissionid: id, message: 'hello' }), 404);
      expectError(await summary(mallory, id), 404);
    }
    expect(await orderRow(quote.submissionId)).toEqual(before);
    expect(await eventCount(quote.submissionId)).toBe(events);
  });

  it('is a 400 naming submissionid for junk, and a 401 without a token', async () => {
    const insured = await newInsured(app);
    for (const junk of ['abc', '0', '-3', '1.5']) {
      expect(expectError(await buyNow(insured, junk), 400).fields).toHaveProperty('submissionid');
      expect(expectError(await requiredItems(insured, junk), 400).fields).toHaveProperty('submissionid');
      expect(expectError(await closeLost(insured, { submissionid: junk }), 400).fields).toHaveProperty('submissionid');
      expect(expectError(await resubmit(insured, { submissionid: junk, message: 'x' }), 400).fields).toHaveProperty(
        'submissionid',
      );
      expect(expectError(await summary(insured, junk), 400).fields).toHaveProperty('submissionid');
    }
    expect(expectError(await insured.call('PUT', 'insured/buynow', {}, { form: true }), 400).fields).toHaveProperty(
      'submissionid',
    );
    for (const [method, url] of [
      ['PUT', 'insured/buynow'],
      ['GET', 'insured/requireditems?submissionid=1'],
      ['PUT', 'insured/sendtocloselost'],
      ['PUT', 'insured/resubmit'],
      ['GET', 'dashboard/ordersummarydetails?submissionid=1'],
    ] as const) {
      expect((await t.app.inject({ method, url: `/api/weborder/${url}` })).statusCode).toBe(401);
    }
  });
});

describe('changing answers and the quote after buy now', () => {
  it('re-rates an incomplete order as the insured supplying items; refuses once it is with an underwriter', async () => {
    const insured = await newInsured(app);
    const quote = await order(insured, {}, { location: false });
    await bought(insured, quote.submissionId);
    const before = await orderRow(quote.submissionId);
    const response = await insured.call('POST', 'insured/updaterating', {
      submissionId: quote.submissionId,
      limitCode: '2M/4M',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'incomplete', version: before.version + 1 });
    expect(response.json().rating.totalCents).toBeGreaterThan(before.premiumCents!);
    expect(await lastMoves(quote.submissionId, 1)).toEqual([
      {
        event: 'order.supplyItems',
        actor: 'insured',
        actorUserId: insured.userId,
        from: 'incomplete',
        to: 'incomplete',
        reason: null,
      },
    ]);
    expect(await orderRow(quote.submissionId)).toMatchObject({
      status: 'incomplete',
      limitCode: '2M/4M',
      premiumCents: response.json().rating.totalCents,
    });

    const referred = await order(insured, await withAnswers({ dnt_practice_type: 'oral_surgery' }));
    await bought(insured, referred.submissionId);
    const events = await eventCount(referred.submissionId);
    const body = expectError(
      await insured.call('POST', 'insured/updaterating', { submissionId: referred.submissionId, limitCode: '2M/4M' }),
      409,
    );
    expect(body.fields).toEqual({ status: 'is underwriter_review' });
    const answers = expectError(
      await insured.call('POST', `questions/save/${referred.submissionId}`, { answers: { dnt_implants: 'yes' } }),
      409,
    );
    expect(answers.fields).toEqual({ status: 'is underwriter_review' });
    expect(await eventCount(referred.submissionId)).toBe(events);
  });
});
