/**
 * "Today" is the business day, New York's (shared/calendar.ts), taken from the server clock: at
 * 01:00 UTC it is 8 or 9 in the evening in New York, and still the day before UTC's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY, TestClock } from '@server/clock';
import { bindForTest, newInsured, quotedOrder } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { invoicedOrder } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const app = () => t.app;

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Moves the clock on to the next 01:00 UTC (a test clock only moves forward), and answers UTC's
 * day there and New York's, which is the one before: from 01:00 to 01:59 UTC it is 20:00–21:59
 * in New York, summer or winter.
 */
function toEveningInNewYork() {
  const now = clock.now();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 1));
  if (next.getTime() <= now.getTime()) next.setTime(next.getTime() + DAY);
  clock.advance(next.getTime() - now.getTime());
  const at = clock.now();
  return { utcToday: utcDay(at), newYorkToday: utcDay(new Date(at.getTime() - DAY)) };
}

let utcToday = '';
let newYorkToday = '';
beforeAll(() => {
  ({ utcToday, newYorkToday } = toEveningInNewYork());
});

describe('the business day at 01:00 UTC, the evening before in New York', () => {
  it('dates a quote saved without an effective date, its invoice and the invoice’s first payment New York’s today', async () => {
    expect(clock.now().getUTCHours()).toBe(1);
    expect(newYorkToday).not.toBe(utcToday);
    const insured = await newInsured(app);

    const quote = await quotedOrder(app, insured);
    expect(quote.effectiveDate).toBe(newYorkToday);

    const { order, invoice } = await invoicedOrder(app, insured, { paymentTerm: 'quarterly' });
    expect(order.effectiveDate).toBe(newYorkToday);
    expect(invoice.dueDate).toBe(newYorkToday);
    expect(invoice.schedule[0]).toMatchObject({ installmentNo: 1, dueDate: newYorkToday });
  });

  it('takes a loss on New York’s today and refuses one on UTC’s, which is tomorrow there', async () => {
    expect(clock.now().getUTCHours()).toBe(1);
    const insured = await newInsured(app);
    const order = await quotedOrder(app, insured);
    const policyId = await bindForTest(t.app, order.submissionId);
    const description = 'A patient says a crown failed after two weeks.';

    const tomorrow = await insured.call('POST', 'insured/reportclaim', {
      policyid: policyId,
      dateofloss: utcToday,
      description,
    });
    expect(expectError(tomorrow, 400).fields).toEqual({ dateofloss: 'must not be in the future' });

    const today = await insured.call('POST', 'insured/reportclaim', {
      policyid: policyId,
      dateofloss: newYorkToday,
      description,
    });
    expect(today.statusCode, today.body).toBe(201);
    expect(today.json()).toMatchObject({ dateOfLoss: newYorkToday, status: 'reported' });
  });
});
