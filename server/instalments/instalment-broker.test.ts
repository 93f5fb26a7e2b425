/**
 * A policy sold through a broker (issue 20): its instalment mail links the broker's branded pay
 * page, and the broker's book lists the instalment once it is overdue (only that broker's, only
 * to brokers). And the browser tests' hooks: absent without TEST_HOOKS, refused in production.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, businessToday } from '@shared/calendar';
import { overdueInstalmentListSchema } from '@shared/contract/instalments';
import { TestClock } from '@server/clock';
import { parseConfig } from '@server/config';
import { brokers, invoices, users } from '@server/db/schema';
import { invoiceInstalments, noticeUnpaidInstalments } from '@server/instalments/instalment-sweeps';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { caller, mailsTo, signIn } from '@server/test/auth-helpers';
import { paidOrder } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const app = () => t.app;
const ctx = () => ({ db: t.app.db, clock, config: t.app.config, log: t.app.log, mail: t.app.mail });

function moveTo(day: string) {
  const ms = Date.parse(`${day}T17:00:00Z`) - clock.now().getTime();
  if (ms > 0) clock.advance(ms);
}

async function brokerOf(clientUrl: string): Promise<Insured> {
  const user = await newInsured(app);
  const [broker] = await t.app.db.select({ id: brokers.id }).from(brokers).where(eq(brokers.clientUrl, clientUrl));
  await t.app.db.update(users).set({ role: 'broker', brokerId: broker!.id }).where(eq(users.id, user.userId));
  return user;
}

/** GET as the user, signed in afresh (the moved clock ended earlier sign-ins). */
async function get(user: Insured, url: string) {
  const session = await signIn(caller(app), user.email, user.password);
  return t.app.inject({
    method: 'GET',
    url: `/api/weborder/${url}`,
    headers: { authorization: `Bearer ${session.token}` },
  });
}

describe('instalments of a policy sold through a broker', () => {
  it('mails the branded pay link, and the broker’s book lists the instalment once overdue, with the notice', async () => {
    const harbor = await brokerOf('harbor-risk');
    const summit = await brokerOf('summit-professional');
    const insured = await newInsured(app);
    const { order, policy } = await paidOrder(app, insured, { paymentTerm: 'monthly', clientId: 'harbor-risk' });
    const [first] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.submissionId, order.submissionId), eq(invoices.installmentNo, 1)));
    const second = first!.schedule[1]!;

    moveTo(addDays(second.dueDate, -14));
    await invoiceInstalments(ctx());
    const [mail] = (await mailsTo(t.app, insured.email)).filter((one) => one.subject.startsWith('Instalment 2 of 10'));
    const [invoice] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.submissionId, order.submissionId), eq(invoices.installmentNo, 2)));
    expect(mail!.text).toContain(
      `${t.app.config.publicUrl}/client/policy/instalment/harbor-risk?invoiceid=${invoice!.id}`,
    );

    // Not yet due: nothing overdue.
    const before = await get(harbor, 'broker/overdueinstalments');
    expect(before.statusCode, before.body).toBe(200);
    expect(v.parse(overdueInstalmentListSchema, before.json()).map((row) => row.policyId)).not.toContain(policy.id);

    moveTo(addDays(second.dueDate, 11));
    await noticeUnpaidInstalments(ctx());
    const today = businessToday(clock.now());
    const listed = v.parse(overdueInstalmentListSchema, (await get(harbor, 'broker/overdueinstalments')).json());
    expect(listed.find((row) => row.policyId === policy.id)).toEqual({
      policyId: policy.id,
      policyNumber: policy.number,
      submissionId: order.submissionId,
      insuredName: 'Pat Tester',
      email: insured.email,
      installmentNo: 2,
      invoiceNumber: invoice!.number,
      amountCents: second.amountCents,
      dueDate: second.dueDate,
      daysOverdue: 11,
      policyStatus: 'cancellation_notice',
      noticeEndDate: addDays(today, 10),
    });
    // Another broker's book does not show it; an insured may not ask.
    const other = v.parse(overdueInstalmentListSchema, (await get(summit, 'broker/overdueinstalments')).json());
    expect(other.map((row) => row.policyId)).not.toContain(policy.id);
    expect((await get(insured, 'broker/overdueinstalments')).statusCode).toBe(403);
  });

  it('has no test hooks without TEST_HOOKS, and the config refuses them in production', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/weborder/test/advanceclock',
      payload: { days: 1 },
    });
    expect(response.statusCode).toBe(404);
    expect(parseConfig({}).testHooks).toBe(false);
    expect(parseConfig({ TEST_HOOKS: '1' }).testHooks).toBe(true);
    expect(() =>
      parseConfig({
        TEST_HOOKS: '1',
        PRODUCTION: 'true',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_WEBHOOK_SECRET: 'wh',
      }),
    ).toThrow(/TEST_HOOKS must be off when PRODUCTION is true/);
  });
});
