import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  adjustedPremium,
  adjustmentReasonSchema,
  adjustmentSchema,
  adjustmentWords,
  percentToBps,
} from '@/components/underwriting/adjustment';
import { waitingWords } from '@/components/underwriting/waiting-since';

describe('percentToBps', () => {
  it('reads what an underwriter types as basis points, exactly', () => {
    const read = ['', '10', '-12.5', '+0.25', '−5', '0.29', '100', '-50', '7,5', ' 3 % '].map(percentToBps);
    expect(read).toEqual([0, 1000, -1250, 25, -500, 29, 10000, -5000, 750, 300]);
  });

  it('is undefined for anything that is not a percentage to two decimals', () => {
    for (const text of ['ten', '1.234', '1e2', '--5', '5-', '0x10', '.5', '1000'])
      expect(percentToBps(text), text).toBeUndefined();
  });
});

describe('the adjustment fields', () => {
  const message = (schema: v.GenericSchema, value: string) => {
    const result = v.safeParse(schema, value);
    return result.success ? undefined : result.issues[0].message;
  };

  it('takes −50 % … +100 %', () => {
    expect(message(adjustmentSchema, '-50')).toBeUndefined();
    expect(message(adjustmentSchema, '100')).toBeUndefined();
    expect(message(adjustmentSchema, '-50.01')).toBe('must be between −50 % and +100 %');
    expect(message(adjustmentSchema, '100.5')).toBe('must be between −50 % and +100 %');
    expect(message(adjustmentSchema, 'a lot')).toMatch(/^must be a number/);
  });

  it('asks for a reason only when the premium changes', () => {
    expect(message(adjustmentReasonSchema({ adjustmentBps: '' }), '')).toBeUndefined();
    expect(message(adjustmentReasonSchema({ adjustmentBps: '0' }), '  ')).toBeUndefined();
    expect(message(adjustmentReasonSchema({ adjustmentBps: '10' }), '  ')).toBe(
      'is required when the premium is adjusted',
    );
    expect(message(adjustmentReasonSchema({ adjustmentBps: '-5' }), 'Clean loss history')).toBeUndefined();
    expect(message(adjustmentReasonSchema({ adjustmentBps: '0' }), 'x'.repeat(1001))).toBe(
      'must be at most 1000 characters',
    );
  });
});

describe('adjustedPremium', () => {
  it('applies the adjustment to the cent', () => {
    expect(adjustedPremium(272_132, 1000)).toBe(299_345);
    expect(adjustedPremium(272_132, -5000)).toBe(136_066);
    expect(adjustedPremium(272_132, 0)).toBe(272_132);
    expect(adjustedPremium(101, 5000)).toBe(152);
  });

  it('words the adjustment with its sign', () => {
    expect([adjustmentWords(1000), adjustmentWords(-1250), adjustmentWords(0)]).toEqual([
      '+10 %',
      '−12.5 %',
      'no change',
    ]);
  });
});

describe('waitingWords', () => {
  const now = Date.parse('2026-06-27T15:00:00.000Z');
  it('says how long, in the largest whole unit', () => {
    expect(waitingWords('2026-06-24T15:02:11.000Z', now)).toBe('2 days ago');
    expect(waitingWords('2026-06-26T15:00:00.000Z', now)).toBe('yesterday');
    expect(waitingWords('2026-06-27T10:00:00.000Z', now)).toBe('5 hours ago');
    expect(waitingWords('2026-06-27T14:58:30.000Z', now)).toBe('1 minute ago');
    expect(waitingWords('2026-06-27T14:59:30.000Z', now)).toBe('just now');
    expect(waitingWords('not a date', now)).toBe('not a date');
  });
});
