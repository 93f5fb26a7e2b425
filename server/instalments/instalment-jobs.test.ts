/**
 * The instalments' sweeps run through the job engine (app.jobs, issue 20), as the scheduler runs
 * them: by their registry names, on the app's clock. A second run does nothing more.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, businessToday } from '@shared/calendar';
import { TestClock } from '@server/clock';
import { invoices, policies } from '@server/db/schema';
import { newInsured } from '@server/test/account-helpers';
import { paidOrder } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const app = () => t.app;

function moveTo(day: string) {
  const ms = Date.parse(`${day}T17:00:00Z`) - clock.now().getTime();
  if (ms > 0) clock.advance(ms);
  expect(businessToday(clock.now())).toBe(day);
}

describe('the instalments through the job engine', () => {
  it('instalments.invoice invoices the second instalment once; instalments.notice puts the unpaid policy under notice', async () => {
    const insured = await newInsured(app);
    const { order, policy } = await paidOrder(app, insured, { paymentTerm: 'monthly' });
    const [first] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.submissionId, order.submissionId), eq(invoices.installmentNo, 1)));
    const second = first!.schedule[1]!;

    moveTo(addDays(second.dueDate, -14));
    expect(await t.app.jobs.runNow('instalments.invoice')).toMatchObject({ state: 'completed', error: null });
    expect(await t.app.jobs.runNow('instalments.invoice')).toMatchObject({ state: 'completed' });
    const rows = await t.app.db.select().from(invoices).where(eq(invoices.submissionId, order.submissionId));
    expect(rows.map((row) => row.installmentNo).sort()).toEqual([1, 2]);

    moveTo(addDays(second.dueDate, 11));
    expect(await t.app.jobs.runNow('instalments.notice')).toMatchObject({ state: 'completed' });
    const [noticed] = await t.app.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(noticed).toMatchObject({ status: 'cancellation_notice', noticeEndDate: addDays(second.dueDate, 21) });
  });
});
