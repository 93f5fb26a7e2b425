/**
 * Issue 9, the broker's own book: a broker's user sees the orders quoted through its client URL,
 * with their policies, and never another broker's or a direct one; the storefront links carry
 * the broker's own speciality codes. Only role broker reaches it.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { formatCalendarDay } from '@shared/contract/date-format';
import { bookSchema } from '@shared/contract/broker-book';
import { brokers, brokerSpecialities, policies, users } from '@server/db/schema';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

let harborId: number;
let summitId: number;
let harborUser: Insured;
let summitUser: Insured;
let insured: Insured;

async function brokerUser(brokerId: number | null): Promise<Insured> {
  const user = await newInsured(app);
  await t.app.db.update(users).set({ role: 'broker', brokerId }).where(eq(users.id, user.userId));
  return user;
}

async function book(user: Insured, query = '') {
  const answer = await user.call('GET', `broker/book${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return v.parse(bookSchema, answer.json());
}

beforeAll(async () => {
  const idOf = async (clientUrl: string) =>
    (await t.app.db.select({ id: brokers.id }).from(brokers).where(eq(brokers.clientUrl, clientUrl)))[0]!.id;
  harborId = await idOf('harbor-risk');
  summitId = await idOf('summit-professional');
  harborUser = await brokerUser(harborId);
  summitUser = await brokerUser(summitId);
  insured = await newInsured(app);
});

describe('the broker’s book', () => {
  it('lists only the orders quoted through the broker’s client URL, with the policy once bound', async () => {
    const viaHarbor = await quotedOrder(app, insured, { clientId: 'harbor-risk' });
    const bound = await quotedOrder(app, insured, { clientId: 'harbor-risk' });
    const policyId = await bindForTest(t.app, bound.submissionId);
    const viaSummit = await quotedOrder(app, insured, { clientId: 'summit-professional' });
    const direct = await quotedOrder(app, insured);

    const harbor = await book(harborUser);
    const numbers = harbor.orders.map((order) => order.number);
    expect(numbers).toEqual(expect.arrayContaining([viaHarbor.number, bound.number]));
    expect(numbers).not.toContain(viaSummit.number);
    expect(numbers).not.toContain(direct.number);
    expect(harbor.broker).toMatchObject({ id: harborId, clientUrl: 'harbor-risk' });
    const quoted = harbor.orders.find((order) => order.number === viaHarbor.number)!;
    expect(quoted).toMatchObject({
      status: 'quoted',
      totalCents: viaHarbor.rating.totalCents,
      nextStep: 'Quoted: the insured can buy',
      policy: null,
    });
    expect(quoted.insuredName).not.toBe('');
    expect(harbor.orders.find((order) => order.number === bound.number)!.policy).toMatchObject({
      number: expect.stringMatching(/^P-/),
    });
    expect(policyId).toBeGreaterThan(0);

    const summit = await book(summitUser);
    expect(summit.orders.map((order) => order.number)).toEqual([viaSummit.number]);
    expect(summit.total).toBe(1);
    expect((await book(harborUser, '?status=bound')).orders.map((order) => order.number)).toEqual([bound.number]);
  });

  it('shows a cancelled policy: its status, the day cover ends, and the next step in the broker’s words', async () => {
    const order = await quotedOrder(app, insured, { clientId: 'harbor-risk' });
    const policyId = await bindForTest(t.app, order.submissionId, 'complete');
    const today = businessToday(t.app.clock.now());
    await t.app.db
      .update(policies)
      .set({ effectiveDate: addDays(today, -30), expirationDate: addMonths(addDays(today, -30), 12) })
      .where(eq(policies.id, policyId));
    const row = async () => (await book(harborUser)).orders.find((one) => one.number === order.number)!;
    expect((await row()).policy).toMatchObject({ status: 'in_force', cancellationDate: null });

    const cancellationDate = addDays(today, 1);
    const cancelled = await insured.call('POST', 'insured/cancelpolicy', { policyid: policyId, cancellationDate });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await row()).toMatchObject({
      status: 'complete',
      nextStep: `Policy cancelled from ${formatCalendarDay(cancellationDate)}`,
      policy: { number: expect.stringMatching(/^P-/), status: 'cancelled', cancellationDate },
    });
  });

  it('offers the storefront with a link per speciality the broker sells, by the broker’s own codes', async () => {
    const harbor = await book(harborUser);
    const sold = await t.app.db
      .select({ code: brokerSpecialities.randomCode })
      .from(brokerSpecialities)
      .where(eq(brokerSpecialities.brokerId, harborId));
    expect(harbor.storefront.url).toBe(`${t.app.config.publicUrl}/client/landing/harbor-risk`);
    expect(harbor.storefront.specialities.map((speciality) => speciality.code).sort()).toEqual(
      sold.map((row) => row.code).sort(),
    );
    for (const speciality of harbor.storefront.specialities)
      expect(speciality.url).toBe(`${harbor.storefront.url}?s=${speciality.code}`);
    expect(harbor.storefront.allSpecialitiesUrl).toBe(
      `${harbor.storefront.url}?s=${harbor.storefront.specialities.map((speciality) => speciality.code).join(',')}`,
    );
  });

  it('is for brokers only (403), needs a broker on the account (409), and names a bad status (400)', async () => {
    for (const role of ['insured', 'underwriter', 'admin'] as const) {
      const someone = await newInsured(app);
      await t.app.db.update(users).set({ role }).where(eq(users.id, someone.userId));
      expectError(await someone.call('GET', 'broker/book'), 403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/weborder/broker/book' })).statusCode).toBe(401);
    expect(expectError(await (await brokerUser(null)).call('GET', 'broker/book'), 409).fields).toEqual({
      brokerId: 'is not set for your account',
    });
    expect(expectError(await harborUser.call('GET', 'broker/book?status=lost'), 400).fields).toHaveProperty('status');
  });
});
