/**
 * Issue 20, renewals, with a TestClock: a policy 61 days from its end gets no offer; a day later
 * two sweeps at once make one, priced on the rate table published since (the figure worked out
 * here with the engine), carrying last year's answers and asking only the question added since.
 * Accepted and paid through the sandbox checkout in one step, it is bound into the next period
 * as P-…-R1 with its documents; the expiring term stays in force to its end date, unreminded,
 * and is renewed (not expired) on it; a retry answers the same checkout and paying twice binds
 * once. An offer the rules refer waits with an underwriter. A policy not renewed is reminded at 30
 * and 7 days, each once, and expires on its end date with a notice linking its policy's page
 * (branded for a broker's client).
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { bookSchema } from '@shared/contract/broker-book';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import { renewalAcceptSchema, renewalQuoteSchema, renewalSchema, type Renewal } from '@shared/contract/renewal';
import { rate } from '@shared/rating/engine';
import { DAY, TestClock } from '@server/clock';
import {
  brokers,
  documents,
  invoices,
  payments,
  policies,
  policyNotices,
  renewalOffers,
  sandboxCheckoutSessions,
  submissions,
  users,
} from '@server/db/schema';
import type { ScheduledWorkContext } from '@server/jobs/scheduled-work';
import { loadRatingCatalogEntry } from '@server/rating/rating-catalog';
import { remindAndExpire } from '@server/renewals/expiries';
import { offerRenewals } from '@server/renewals/renewal-offers';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { caller, linkIn, mailsTo, readOutbox, signIn } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { paidOrder } from '@server/test/payment-helpers';
import { pdfReader } from '@server/test/pdf-text';
import { specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const app = () => t.app;
const { textOf } = pdfReader('renewal');

const ctx = (): ScheduledWorkContext => ({
  db: t.app.db,
  clock: t.app.clock,
  config: t.app.config,
  log: t.app.log,
  mail: t.app.mail,
});
const today = () => businessToday(t.app.clock.now());

type Bound = { insured: Insured; policyId: number; number: string; orderId: number };

/** Sessions expire as the clock moves: each call signs in afresh (a person coming back weeks later). */
function later(insured: Insured): Insured {
  return {
    ...insured,
    call: async (method, url, body, options = {}) => {
      const session = await signIn(caller(app), insured.email, insured.password);
      return t.app.inject({
        method,
        url: `/api/weborder/${url}`,
        headers: { authorization: `Bearer ${session.token}`, ...options.headers },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    },
  };
}
let admin: Insured;
let dentists: number;
let renewing: Bound;
let referred: Bound;
let lapsing: Bound;
let brokered: Bound;

async function boundPolicy(overrides: Record<string, unknown> = {}): Promise<Bound> {
  const insured = await newInsured(app);
  const { order, policy } = await paidOrder(app, insured, overrides);
  return { insured: later(insured), policyId: policy.id, number: policy.number, orderId: order.submissionId };
}

/** The period ends `days` from today (the policy's year moved back; the clock only goes forward). */
async function endsIn(policyId: number, days: number) {
  const expirationDate = addDays(today(), days);
  await t.app.db
    .update(policies)
    .set({ effectiveDate: addMonths(expirationDate, -12), expirationDate })
    .where(eq(policies.id, policyId));
}

const offerOf = async (policyId: number) =>
  (await t.app.db.select().from(renewalOffers).where(eq(renewalOffers.policyId, policyId)))[0];

const policyRow = async (id: number) => (await t.app.db.select().from(policies).where(eq(policies.id, id)))[0]!;

async function renewal(insured: Insured, policyId: number): Promise<Renewal> {
  const response = await insured.call('GET', `insured/renewal?policyid=${policyId}`);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(renewalSchema, response.json());
}

/** The renewal's price by the engine itself: the table in force, last year's answers with `answers` over them. */
async function engineTotal(bound: Bound, answers: Record<string, unknown>) {
  const [previous] = await t.app.db.select().from(submissions).where(eq(submissions.id, bound.orderId));
  const expiring = await policyRow(bound.policyId);
  const entry = (await loadRatingCatalogEntry(t.app.db, dentists, 'TX'))!;
  return rate(entry.table!, {
    zipcode: previous!.zipcode!,
    limitCode: expiring.limitCode,
    deductibleCode: expiring.deductibleCode,
    questions: entry.specialityQuestions,
    answers: { ...previous!.answers, ...answers },
    applicationQuestions: entry.applicationQuestions,
    applicationAnswers: {
      ...previous!.applicationAnswers,
      prior_coverage: 'yes',
      prior_acts_date: expiring.effectiveDate,
    },
    priorClaims: 0,
  }).totalCents;
}

/** One session for a run of calls while the clock stands still (each `later` call signs in, and sign-ins are limited). */
async function signedIn(insured: Insured): Promise<Insured> {
  const session = await signIn(caller(app), insured.email, insured.password);
  return {
    ...insured,
    call: (method, url, body, options = {}) =>
      t.app.inject({
        method,
        url: `/api/weborder/${url}`,
        headers: { authorization: `Bearer ${session.token}`, ...options.headers },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      }),
  };
}

const preview = (insured: Insured, body: Record<string, unknown>) => insured.call('POST', 'insured/renewalquote', body);

/** Everything a preview must leave alone: the renewal's order, and any invoice, payment or checkout of it. */
async function renewalState(policyId: number) {
  const offer = (await offerOf(policyId))!;
  const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, offer.submissionId!));
  const billed = await t.app.db.select().from(invoices).where(eq(invoices.submissionId, offer.submissionId!));
  const paid = await t.app.db.select().from(payments).where(eq(payments.submissionId, offer.submissionId!));
  const { updatedAt: _at, ...row } = order!;
  return { row, invoices: billed.length, payments: paid.length };
}

const signature = { signerName: 'Dana Whitfield', consentToElectronicRecords: true, agreeToDeclarations: true };

const accept = (insured: Insured, body: Record<string, unknown>, key: string) =>
  insured.call('POST', 'insured/renewalaccept', { ...signature, ...body }, { headers: { 'idempotency-key': key } });

/** Pays a sandbox checkout page with the success card, as the browser's form post does. */
async function payPage(url: string) {
  const page = new URL(url);
  return t.app.inject({
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
}

beforeAll(async () => {
  admin = await newInsured(app);
  await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  dentists = await specialityId(t.app);
  renewing = await boundPolicy();
  // Through a broker: the renewal shows in the broker's book.
  referred = await boundPolicy({ clientId: 'harbor-risk' });
  lapsing = await boundPolicy();
  // Through a broker too, renewed: the broker is told when it binds.
  brokered = await boundPolicy({ clientId: 'harbor-risk' });
  // Since the policies were sold: a new (optional) question, and a new rate table version.
  const added = await admin.call('POST', `admin/specialities/${dentists}/questions`, {
    code: 'teledentistry',
    type: 'yesno',
    text: 'Do you offer teledentistry consultations?',
    required: false,
    options: [
      { value: 'yes', label: 'Yes', modifierBps: 1000, referral: true },
      { value: 'no', label: 'No' },
    ],
  });
  expect(added.statusCode, added.body).toBe(201);
  const inForce = await loadRatingCatalogEntry(t.app.db, dentists, 'TX');
  const raised = await admin.call('POST', 'admin/ratetables', {
    specialityId: dentists,
    stateCode: 'TX',
    basedOnVersion: inForce!.table!.version,
    basePremiumCents: Math.round(inForce!.table!.basePremiumCents * 1.08),
  });
  expect(raised.statusCode, raised.body).toBe(201);
  for (const bound of [renewing, referred, lapsing, brokered]) await endsIn(bound.policyId, 61);
});

describe('the renewal offer', () => {
  it('is made once, 60 days before the end, by two sweeps at once, priced on the table in force then', async () => {
    await offerRenewals(ctx());
    expect(await offerOf(renewing.policyId)).toBeUndefined();
    expect((await renewal(renewing.insured, renewing.policyId)).status).toBe('not_yet');

    clock.advance(DAY);
    await Promise.all([offerRenewals(ctx()), offerRenewals(ctx())]);
    const offers = await t.app.db.select().from(renewalOffers).where(eq(renewalOffers.policyId, renewing.policyId));
    expect(offers).toHaveLength(1);
    const offer = offers[0]!;
    const expiring = await policyRow(renewing.policyId);
    expect(offer).toMatchObject({
      term: 1,
      effectiveDate: expiring.expirationDate,
      expirationDate: addMonths(expiring.expirationDate, 12),
    });
    // Once more later: nothing new.
    await offerRenewals(ctx());
    expect(
      await t.app.db.select().from(renewalOffers).where(eq(renewalOffers.policyId, renewing.policyId)),
    ).toHaveLength(1);

    // The figure, by the engine: the table in force now, last year's answers, continuous cover since inception.
    const [previous] = await t.app.db.select().from(submissions).where(eq(submissions.id, renewing.orderId));
    const entry = (await loadRatingCatalogEntry(t.app.db, dentists, 'TX'))!;
    const applicationAnswers = {
      ...previous!.applicationAnswers,
      prior_coverage: 'yes',
      prior_acts_date: expiring.effectiveDate,
    };
    const expected = rate(entry.table!, {
      zipcode: previous!.zipcode!,
      limitCode: expiring.limitCode,
      deductibleCode: expiring.deductibleCode,
      questions: entry.specialityQuestions,
      answers: previous!.answers,
      applicationQuestions: entry.applicationQuestions,
      applicationAnswers,
      priorClaims: 0,
    });
    const shown = await renewal(renewing.insured, renewing.policyId);
    expect(shown.status).toBe('offered');
    expect(shown.offer!.rating!.rateTableId).toBe(entry.table!.id);
    expect(shown.offer!.previousRating!.rateTableId).not.toBe(entry.table!.id);
    expect(shown.offer!.rating!.totalCents).toBe(expected.totalCents);
    expect(shown.offer!.rating!.totalCents).not.toBe(shown.offer!.previousRating!.totalCents);
    expect(shown.offer!.changes.map((change) => change.step)).toContain('base');
    expect(shown.offer!.renewalNumber).toBe(`${renewing.number}-R1`);
    const cards = await renewing.insured.call('GET', 'insured/renewals');
    expect(cards.json()).toEqual([
      expect.objectContaining({ policyId: renewing.policyId, status: 'offered', totalCents: expected.totalCents }),
    ]);
    // Not on the dashboard's orders until bound: the renewal card is where it is.
    const orders = (await renewing.insured.call('GET', 'dashboard/submissiondetails')).json() as {
      submissionId: number;
    }[];
    expect(orders.map((order) => order.submissionId)).not.toContain(offer.submissionId);
    // Only the question added since is asked.
    expect(shown.offer!.questions.map((question) => [question.code, question.why])).toEqual([['teledentistry', 'new']]);
    expect(shown.offer!.answered).toEqual([]);

    // The broker's book: the order that renews the broker's client's policy says so.
    const harbor = (await t.app.db.select().from(brokers).where(eq(brokers.clientUrl, 'harbor-risk')))[0]!;
    const brokerUser = await newInsured(app);
    await t.app.db.update(users).set({ role: 'broker', brokerId: harbor.id }).where(eq(users.id, brokerUser.userId));
    const book = v.parse(bookSchema, (await brokerUser.call('GET', 'broker/book')).json());
    const renewalRow = book.orders.find((order) => order.renewalOf === referred.number);
    expect(renewalRow?.nextStep).toMatch(new RegExp(`^Renewal of ${referred.number}: `));
    const told = await mailsTo(t.app, harbor.email!);
    expect(told.filter((mail) => mail.subject === `Renewal offered: ${referred.number}`)).toHaveLength(1);

    const mails = await mailsTo(t.app, renewing.insured.email);
    const offered = mails.filter((mail) => mail.subject === `Your renewal offer for policy ${renewing.number}`);
    expect(offered).toHaveLength(1);
    expect(offered[0]!.text).toContain(`/policy/renewal?policyid=${renewing.policyId}`);
    expect(offered[0]!.html).toContain('See your renewal');
  });

  it('refuses an answer to a question it does not ask, naming it', async () => {
    const refused = await accept(
      renewing.insured,
      { policyid: renewing.policyId, answers: { years_in_practice: 40 } },
      'renew-refused',
    );
    expect(expectError(refused, 400).fields).toHaveProperty('answers.years_in_practice');
    expectError(await accept(lapsing.insured, { policyid: renewing.policyId }, 'renew-not-yours'), 404);
  });

  it('is priced as the insured answers, by the rule accepting prices with, writing nothing', async () => {
    const before = await renewalState(renewing.policyId);
    const session = await signedIn(renewing.insured);
    const quote = (body: Record<string, unknown>) => preview(session, body);
    const priced = async (answers: Record<string, unknown>) => {
      const response = await quote({ policyid: renewing.policyId, answers });
      expect(response.statusCode, response.body).toBe(200);
      return v.parse(renewalQuoteSchema, response.json());
    };
    const no = await priced({ teledentistry: 'no' });
    const yes = await priced({ teledentistry: 'yes' });
    // The engine's figures for the same answers: the new question's 'yes' is a 10 % debit.
    expect(no.rating.totalCents).toBe(await engineTotal(renewing, { teledentistry: 'no' }));
    expect(yes.rating.totalCents).toBe(await engineTotal(renewing, { teledentistry: 'yes' }));
    expect(yes.rating.totalCents).toBeGreaterThan(no.rating.totalCents);
    expect(yes.rating.premiumCents + yes.rating.policyFeeCents + yes.rating.taxCents + yes.rating.stateFeeCents).toBe(
      yes.rating.totalCents,
    );
    expect(yes.rating.paymentPlans.length).toBeGreaterThan(0);
    expect(yes.changes.map((change) => change.step)).toContain('base');
    // Priced on the offer's table, as the offer was.
    expect(no.rating.rateTableId).toBe((await renewal(session, renewing.policyId)).offer!.rating!.rateTableId);
    // Nothing written: no order moved, no invoice, no payment or checkout.
    expect(await renewalState(renewing.policyId)).toEqual(before);

    // Bad input is a 400 naming the field; another insured's policy a 404.
    const notAsked = await quote({
      policyid: renewing.policyId,
      answers: { years_in_practice: 40 },
    });
    expect(expectError(notAsked, 400).fields).toHaveProperty('answers.years_in_practice');
    const wrong = await quote({ policyid: renewing.policyId, answers: { teledentistry: 'maybe' } });
    expect(expectError(wrong, 400).fields).toHaveProperty('answers.teledentistry');
    const term = await quote({ policyid: renewing.policyId, paymentTerm: 'weekly' });
    expect(expectError(term, 400).fields).toHaveProperty('paymentTerm');
    expect(expectError(await quote({ policyid: 'seven' }), 400).fields).toHaveProperty('policyid');
    expectError(await preview(lapsing.insured, { policyid: renewing.policyId }), 404);
    expect(await renewalState(renewing.policyId)).toEqual(before);
  });

  it('is accepted and paid in one step: the next period as -R1 with its documents, the old term still in force', async () => {
    const key = 'renew-accept-1';
    const first = await accept(
      renewing.insured,
      { policyid: renewing.policyId, answers: { teledentistry: 'no' } },
      key,
    );
    expect(first.statusCode, first.body).toBe(200);
    const accepted = v.parse(renewalAcceptSchema, first.json());
    expect(accepted.outcome).toBe('checkout');
    expect(accepted.renewal.status).toBe('awaiting_payment');
    // Accepted at the price the preview showed for the same answers.
    expect(accepted.renewal.offer!.rating!.totalCents).toBe(await engineTotal(renewing, { teledentistry: 'no' }));
    // The question answered is carried into the renewal, no longer asked.
    const session = await signedIn(renewing.insured);
    for (const shown of [accepted.renewal, await renewal(session, renewing.policyId)]) {
      expect(shown.offer!.questions).toEqual([]);
      expect(shown.offer!.answered.map((question) => [question.code, question.answer])).toEqual([
        ['teledentistry', 'no'],
      ]);
    }
    // Its price no longer changes: a preview now is a 409 naming the status.
    const late = await preview(session, { policyid: renewing.policyId, answers: { teledentistry: 'yes' } });
    expect(expectError(late, 409).fields).toHaveProperty('status');
    // A retry answers the same checkout.
    const again = v.parse(
      renewalAcceptSchema,
      (await accept(renewing.insured, { policyid: renewing.policyId, answers: { teledentistry: 'no' } }, key)).json(),
    );
    expect(again.checkout!.url).toBe(accepted.checkout!.url);
    expect(accepted.checkout!.amountCents).toBe(accepted.renewal.offer!.rating!.paymentPlans[0]!.downPaymentCents);

    expect((await payPage(accepted.checkout!.url)).statusCode).toBe(303);
    // Paying again binds nothing more.
    await payPage(accepted.checkout!.url);

    const offer = (await offerOf(renewing.policyId))!;
    const terms = await t.app.db.select().from(policies).where(eq(policies.submissionId, offer.submissionId!));
    expect(terms).toHaveLength(1);
    const next = terms[0]!;
    const expiring = await policyRow(renewing.policyId);
    expect(next).toMatchObject({
      number: `${renewing.number}-R1`,
      effectiveDate: expiring.expirationDate,
      expirationDate: addMonths(expiring.expirationDate, 12),
      status: 'in_force',
    });
    expect(offer.renewedPolicyId).toBe(next.id);
    // The old term covers the insured to its end date: it is renewed then, by the expiry sweep.
    expect(expiring.status).toBe('in_force');
    const issued = await t.app.db.select().from(documents).where(eq(documents.policyId, next.id));
    expect(issued.map((document) => document.type).sort()).toEqual(['binder', 'declarations', 'policy']);
    const declarations = await textOf(issued.find((document) => document.type === 'declarations')!.content);
    expect(declarations).toContain(`${renewing.number}-R1`);

    const shown = await renewal(renewing.insured, renewing.policyId);
    expect(shown.status).toBe('renewed');
    const after = v.parse(
      renewalAcceptSchema,
      (await accept(renewing.insured, { policyid: renewing.policyId }, 'renew-accept-2')).json(),
    );
    expect(after.outcome).toBe('renewed');
    const confirmations = (await mailsTo(t.app, renewing.insured.email)).filter(
      (mail) => mail.subject === `Your policy ${renewing.number}-R1 is issued`,
    );
    expect(confirmations).toHaveLength(1);
  });

  it('goes to the underwriter when the rules refer it: the insured sees it with an underwriter', async () => {
    const previewed = await preview(referred.insured, {
      policyid: referred.policyId,
      answers: { teledentistry: 'yes' },
    });
    expect(previewed.statusCode, previewed.body).toBe(200);
    const previewTotal = v.parse(renewalQuoteSchema, previewed.json()).rating.totalCents;
    const response = await accept(
      referred.insured,
      { policyid: referred.policyId, answers: { teledentistry: 'yes' } },
      'renew-referred',
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = v.parse(renewalAcceptSchema, response.json());
    expect(answer.outcome).toBe('referred');
    expect(answer.checkout).toBeNull();
    expect(answer.renewal.status).toBe('with_underwriter');
    expect(answer.renewal.offer!.reasons.length).toBeGreaterThan(0);
    const offer = (await offerOf(referred.policyId))!;
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, offer.submissionId!));
    expect(order!.status).toBe('underwriter_review');
    // Stored at the price the preview gave for the same answer: one pricing rule.
    expect(order!.premiumCents).toBe(previewTotal);
    expect(answer.renewal.offer!.questions).toEqual([]);
    expect(answer.renewal.offer!.answered.map((question) => [question.code, question.answer])).toEqual([
      ['teledentistry', 'yes'],
    ]);
    expect((await policyRow(referred.policyId)).status).toBe('in_force');
  });

  it('bound through a broker: the broker is mailed once, however often the payment is reported', async () => {
    const response = await accept(
      brokered.insured,
      { policyid: brokered.policyId, answers: { teledentistry: 'no' } },
      'renew-brokered',
    );
    expect(response.statusCode, response.body).toBe(200);
    const accepted = v.parse(renewalAcceptSchema, response.json());
    expect(accepted.outcome).toBe('checkout');
    expect((await payPage(accepted.checkout!.url)).statusCode).toBe(303);
    // The provider's webhook for the same payment: one event delivered twice, then another event.
    const [session] = await t.app.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, accepted.checkout!.sessionId));
    const event = t.app.sandbox!.paidEvent(session!);
    for (const delivery of [event, event, t.app.sandbox!.paidEvent(session!)]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/weborder/payments/webhook/sandbox',
        headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
        payload: delivery.payload,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const next = `${brokered.number}-R1`;
    const nextTerm = (await t.app.db.select().from(policies).where(eq(policies.number, next)))[0]!;
    expect((await offerOf(brokered.policyId))!.renewedPolicyId).toBe(nextTerm.id);

    const harbor = (await t.app.db.select().from(brokers).where(eq(brokers.clientUrl, 'harbor-risk')))[0]!;
    const told = (await mailsTo(t.app, harbor.email!)).filter((mail) => mail.subject === `Renewal bound: ${next}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`Your client ${brokered.insured.email}'s`);
    expect(told[0]!.text).toContain(`policy ${brokered.number} is renewed`);
    expect(told[0]!.text).toContain(formatCalendarDay(nextTerm.effectiveDate));
    expect(told[0]!.text).toContain(formatUsd(accepted.renewal.offer!.rating!.totalCents));
    expect(told[0]!.html).toContain(`policy ${next} is issued`);
    // The insured has the confirmation once, and not the broker's mail.
    const insuredMails = await mailsTo(t.app, brokered.insured.email);
    expect(insuredMails.filter((mail) => mail.subject === `Your policy ${next} is issued`)).toHaveLength(1);
    expect(insuredMails.filter((mail) => mail.subject.startsWith('Renewal bound'))).toEqual([]);
    // A renewal sold without a broker tells no broker.
    const outbox = await readOutbox(t.app.config.dataDir);
    expect(outbox.filter((mail) => mail.subject === `Renewal bound: ${renewing.number}-R1`)).toEqual([]);
  });
});

describe('a policy not renewed', () => {
  const noticesOf = async (policyId: number) =>
    (await t.app.db.select().from(policyNotices).where(eq(policyNotices.policyId, policyId))).map((row) => row.kind);
  const reminders = async () =>
    (await mailsTo(t.app, lapsing.insured.email)).filter((mail) =>
      mail.subject.startsWith(`Your policy ${lapsing.number} ends`),
    );

  it('is reminded at 30 and 7 days, each once, and expires on its end date', async () => {
    const end = (await policyRow(lapsing.policyId)).expirationDate;
    await remindAndExpire(ctx());
    expect(await noticesOf(lapsing.policyId)).toEqual([]);

    clock.advance((60 - 30) * DAY);
    await Promise.all([remindAndExpire(ctx()), remindAndExpire(ctx())]);
    await remindAndExpire(ctx());
    expect(await noticesOf(lapsing.policyId)).toEqual(['expiry_30']);
    expect(await reminders()).toHaveLength(1);
    // Its renewal bound, the renewed policy is not reminded though still in force.
    expect(await noticesOf(renewing.policyId)).toEqual([]);
    expect((await policyRow(renewing.policyId)).status).toBe('in_force');

    clock.advance((30 - 7) * DAY);
    await remindAndExpire(ctx());
    await remindAndExpire(ctx());
    expect(await noticesOf(lapsing.policyId)).toEqual(['expiry_30', 'expiry_7']);
    expect(await reminders()).toHaveLength(2);
    expect((await policyRow(lapsing.policyId)).status).toBe('in_force');

    clock.advance(6 * DAY);
    await remindAndExpire(ctx());
    expect(today()).toBe(addDays(end, -1));
    expect((await policyRow(lapsing.policyId)).status).toBe('in_force');
    expect((await policyRow(renewing.policyId)).status).toBe('in_force');

    clock.advance(DAY);
    await remindAndExpire(ctx());
    await remindAndExpire(ctx());
    expect(today()).toBe(end);
    expect((await policyRow(lapsing.policyId)).status).toBe('expired');
    expect(await noticesOf(lapsing.policyId)).toEqual(['expiry_30', 'expiry_7', 'expired']);
    const expired = (await mailsTo(t.app, lapsing.insured.email)).filter(
      (mail) => mail.subject === `Policy ${lapsing.number} has expired`,
    );
    expect(expired).toHaveLength(1);
    // The notice links the policy's page (a screen, not an API name).
    const publicUrl = t.app.config.publicUrl;
    expect(linkIn(expired[0]!, `${publicUrl}/`)).toBe(`${publicUrl}/policy?policyid=${lapsing.policyId}`);
    // A broker's client (its renewal still with the underwriter) is sent to the broker's branded page.
    const brokerClients = (await mailsTo(t.app, referred.insured.email)).filter(
      (mail) => mail.subject === `Policy ${referred.number} has expired`,
    );
    expect(brokerClients).toHaveLength(1);
    expect(linkIn(brokerClients[0]!, `${publicUrl}/`)).toBe(
      `${publicUrl}/client/policy/harbor-risk?policyid=${referred.policyId}`,
    );
    // The renewed policy is renewed on its end date, not expired, with no notice; its new term is in force.
    expect((await policyRow(renewing.policyId)).status).toBe('renewed');
    expect(await noticesOf(renewing.policyId)).toEqual([]);
    expect((await mailsTo(t.app, renewing.insured.email)).filter((mail) => /ends|expired/.test(mail.subject))).toEqual(
      [],
    );
    const nextTerm = (await offerOf(renewing.policyId))!.renewedPolicyId!;
    expect((await policyRow(nextTerm)).status).toBe('in_force');
    const lapsed = await renewal(lapsing.insured, lapsing.policyId);
    expect(lapsed.status).toBe('lapsed');
    expectError(await accept(lapsing.insured, { policyid: lapsing.policyId }, 'renew-too-late'), 409);
  });
});

describe('a policy changed during the year', () => {
  it('is compared with the year as it stands: the raised limit priced on its own table, not the year as bought', async () => {
    const changed = await boundPolicy();
    await endsIn(changed.policyId, 90);
    const bought = await renewal(changed.insured, changed.policyId);
    expect(bought.offer).toBeNull();

    const made = await changed.insured.call(
      'POST',
      'insured/endorse',
      { policyid: changed.policyId, limitCode: '2M/4M', effectiveDate: today() },
      { headers: { 'idempotency-key': `renewal-last-year-${changed.policyId}` } },
    );
    expect(made.statusCode, made.body).toBe(201);
    const endorsement = made.json() as { id: number; status: string };
    expect(endorsement.status).toBe('awaiting_payment');
    const opened = await changed.insured.call('POST', 'insured/payendorsement', { endorsementid: endorsement.id });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await payPage((opened.json() as { url: string }).url)).statusCode).toBe(303);
    const expiring = await policyRow(changed.policyId);
    expect(expiring.limitCode).toBe('2M/4M');

    clock.advance(31 * DAY);
    expect((await offerRenewals(ctx())).offered).toBeGreaterThanOrEqual(1);
    const offered = (await renewal(changed.insured, changed.policyId)).offer!;
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, changed.orderId));
    const asBought = (order!.worksheet as { totalCents: number }).totalCents;
    // Last year is the policy's own price for the year after the change, which the change stored.
    expect(offered.previousRating!.totalCents).toBe(expiring.premiumCents);
    expect(offered.previousRating!.totalCents).toBeGreaterThan(asBought);
    expect(offered.previousRating!.limit.code).toBe('2M/4M');
    // The limit is no longer listed as a change from last year: both years are $2M/$4M.
    expect(offered.changes.map((line) => line.step)).not.toContain('limit');
  });
});
