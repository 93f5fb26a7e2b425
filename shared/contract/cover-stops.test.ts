import { describe, expect, it } from 'vitest';
import { coverStopsAt, coverStopsSentence } from '@shared/contract/cover-stops';

describe('when a cancellation stops the cover', () => {
  it('is 12:01 a.m. on the cancellation date, the first day without cover, before, on and after it', () => {
    expect(coverStopsSentence('2027-09-28', '2027-09-27')).toBe(
      'Your cover stops at 12:01 a.m. on Sep 28, 2027, the first day without cover.',
    );
    // On the day itself the cover has already stopped: never "continues until then".
    expect(coverStopsSentence('2027-09-28', '2027-09-28')).toBe(
      'Your cover stopped at the start of today (12:01 a.m., Sep 28, 2027): today is the first day without cover.',
    );
    expect(coverStopsSentence('2027-09-28', '2027-10-02')).toBe(
      'Your cover stopped at 12:01 a.m. on Sep 28, 2027, the first day without cover.',
    );
    expect(coverStopsAt('2027-09-28', '2027-01-01')).toBe('at 12:01 a.m. on Sep 28, 2027');
  });
});
