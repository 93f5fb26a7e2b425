/**
 * The renewals' sweeps run through the job engine (app.jobs, issue 20), as the scheduler runs them:
 * by their registry names, on the app's clock. A second run does nothing more: one offer per period.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, businessToday } from '@shared/calendar';
import { TestClock } from '@server/clock';
import { policies, policyNotices, renewalOffers } from '@server/db/schema';
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

describe('the renewals through the job engine', () => {
  it('renewals.offer offers the renewal once at 60 days; renewals.expire reminds at 30 and expires on the end date', async () => {
    const insured = await newInsured(app);
    const { policy } = await paidOrder(app, insured);
    const offers = () => t.app.db.select().from(renewalOffers).where(eq(renewalOffers.policyId, policy.id));

    moveTo(addDays(policy.expirationDate, -61));
    expect(await t.app.jobs.runNow('renewals.offer')).toMatchObject({ state: 'completed', error: null });
    expect(await offers()).toHaveLength(0);
    moveTo(addDays(policy.expirationDate, -60));
    expect(await t.app.jobs.runNow('renewals.offer')).toMatchObject({ state: 'completed', error: null });
    expect(await t.app.jobs.runNow('renewals.offer')).toMatchObject({ state: 'completed' });
    expect(await offers()).toHaveLength(1);

    moveTo(addDays(policy.expirationDate, -30));
    expect(await t.app.jobs.runNow('renewals.expire')).toMatchObject({ state: 'completed', error: null });
    const notices = await t.app.db.select().from(policyNotices).where(eq(policyNotices.policyId, policy.id));
    expect(notices.map((notice) => notice.kind)).toEqual(['expiry_30']);

    moveTo(policy.expirationDate);
    expect(await t.app.jobs.runNow('renewals.expire')).toMatchObject({ state: 'completed', error: null });
    const [ended] = await t.app.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(ended!.status).toBe('expired');
  });
});
