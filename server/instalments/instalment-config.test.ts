import { describe, expect, it } from 'vitest';
import { parseConfig } from '@server/config';

describe('the instalment settings (issue 20)', () => {
  it('default to 14 days to invoice, reminders 3 before and 3 after, 10 days of grace and 10 of notice', () => {
    expect(parseConfig({}).instalments).toEqual({
      invoiceDaysBefore: 14,
      reminderDaysBefore: 3,
      reminderDaysAfter: 3,
      graceDays: 10,
      noticeDays: 10,
    });
  });

  it('read each variable, and refuse one that is not a whole number of days, naming it', () => {
    expect(
      parseConfig({ INSTALMENT_INVOICE_DAYS: '21', INSTALMENT_GRACE_DAYS: '0', INSTALMENT_NOTICE_DAYS: '30' })
        .instalments,
    ).toMatchObject({ invoiceDaysBefore: 21, graceDays: 0, noticeDays: 30 });
    expect(() => parseConfig({ INSTALMENT_REMINDER_DAYS_AFTER: '2.5' })).toThrow(
      /INSTALMENT_REMINDER_DAYS_AFTER must be a whole number of days/,
    );
    expect(() => parseConfig({ INSTALMENT_INVOICE_DAYS: '400' })).toThrow(
      /INSTALMENT_INVOICE_DAYS must be at most 365/,
    );
  });
});
