import { describe, expect, it } from 'vitest';
import { certifiable, standingOn, type PolicyDates } from '@server/certificates/policy-standing';

const policy = (overrides: Partial<PolicyDates> = {}): PolicyDates => ({
  status: 'in_force',
  effectiveDate: '2026-06-01',
  expirationDate: '2027-06-01',
  cancellationDate: null,
  ...overrides,
});

describe('standingOn', () => {
  it('is in force from the effective date up to the day before the expiration date', () => {
    expect(standingOn(policy(), '2026-05-31')).toEqual({ standing: 'not_yet_in_force', cancellationDate: null });
    expect(standingOn(policy(), '2026-06-01').standing).toBe('in_force');
    expect(standingOn(policy(), '2027-05-31').standing).toBe('in_force');
    // Cover ends at 12:01 a.m. on the expiration date.
    expect(standingOn(policy(), '2027-06-01').standing).toBe('expired');
    expect(standingOn(policy({ status: 'expired' }), '2027-01-01').standing).toBe('expired');
  });

  it('is cancelled from the cancellation date, and says the date before and after it', () => {
    const cancelled = policy({ status: 'cancelled', cancellationDate: '2026-09-15' });
    expect(standingOn(cancelled, '2026-09-14')).toEqual({ standing: 'in_force', cancellationDate: '2026-09-15' });
    expect(standingOn(cancelled, '2026-09-15')).toEqual({ standing: 'cancelled', cancellationDate: '2026-09-15' });
    expect(standingOn(cancelled, '2028-01-01')).toEqual({ standing: 'cancelled', cancellationDate: '2026-09-15' });
    // Flat: cancelled from the effective date, before the period began.
    const flat = policy({ status: 'cancelled', cancellationDate: '2026-06-01' });
    expect(standingOn(flat, '2026-05-20')).toEqual({ standing: 'not_yet_in_force', cancellationDate: '2026-06-01' });
    expect(standingOn(policy({ status: 'cancelled' }), '2026-07-01').standing).toBe('cancelled');
    // A date without the status is no cancellation.
    expect(standingOn(policy({ cancellationDate: '2026-09-15' }), '2026-10-01')).toEqual({
      standing: 'in_force',
      cancellationDate: null,
    });
  });

  it('reads a notice of cancellation and a renewal by the dates', () => {
    expect(standingOn(policy({ status: 'cancellation_notice' }), '2026-08-01').standing).toBe('in_force');
    expect(standingOn(policy({ status: 'renewed' }), '2027-05-01').standing).toBe('in_force');
    expect(standingOn(policy({ status: 'renewed' }), '2027-06-01').standing).toBe('expired');
  });

  it('certifies what is or will be in force only', () => {
    expect(certifiable('in_force')).toBe(true);
    expect(certifiable('not_yet_in_force')).toBe(true);
    expect(certifiable('cancelled')).toBe(false);
    expect(certifiable('expired')).toBe(false);
  });
});
