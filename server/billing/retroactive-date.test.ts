import { describe, expect, it } from 'vitest';
import { retroactiveDate } from '@server/billing/retroactive-date';

describe('retroactiveDate', () => {
  it('is the inception date for new business without prior cover', () => {
    expect(retroactiveDate('2026-07-01', { prior_coverage: 'no' })).toBe('2026-07-01');
    expect(retroactiveDate('2026-07-01', {})).toBe('2026-07-01');
  });

  it('is the prior-acts date when continuous prior cover is reported', () => {
    expect(retroactiveDate('2026-07-01', { prior_coverage: 'yes', prior_acts_date: '2019-03-15' })).toBe('2019-03-15');
    // A yes given as true, as some clients send yes/no answers.
    expect(retroactiveDate('2026-07-01', { prior_coverage: true, prior_acts_date: '2019-03-15' })).toBe('2019-03-15');
  });

  it('ignores a prior-acts date without a yes to prior cover (its question did not show)', () => {
    expect(retroactiveDate('2026-07-01', { prior_coverage: 'no', prior_acts_date: '2019-03-15' })).toBe('2026-07-01');
  });

  it('never reaches past inception, and ignores what is not a real date', () => {
    expect(retroactiveDate('2026-07-01', { prior_coverage: 'yes', prior_acts_date: '2026-09-01' })).toBe('2026-07-01');
    expect(retroactiveDate('2026-07-01', { prior_coverage: 'yes', prior_acts_date: '2026-07-01' })).toBe('2026-07-01');
    for (const bad of ['2019-02-30', '2019-13-45', '15/03/2019', '', 20190315, null]) {
      expect(retroactiveDate('2026-07-01', { prior_coverage: 'yes', prior_acts_date: bad })).toBe('2026-07-01');
    }
  });
});
