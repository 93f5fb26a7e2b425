import { describe, expect, it } from 'vitest';
import { compactAmounts, deductibleWords } from '@/components/quote/option-words';

describe('option words', () => {
  it('says limits as people do, and leaves amounts it cannot shorten exactly as they are', () => {
    expect(compactAmounts('$1,000,000 / $3,000,000')).toBe('$1M / $3M');
    expect(compactAmounts('$250,000 / $500,000')).toBe('$250K / $500K');
    expect(compactAmounts('$1,500,000 / $2,000,000')).toBe('$1.5M / $2M');
    expect(compactAmounts('$2,500')).toBe('$2,500');
    expect(compactAmounts('$1,250,050 / $999')).toBe('$1,250,050 / $999');
    expect(compactAmounts('No deductible')).toBe('No deductible');
  });

  it('names a deductible unless the table already says there is none', () => {
    expect(deductibleWords('$2,500')).toBe('$2,500 deductible');
    expect(deductibleWords('No deductible')).toBe('No deductible');
  });
});
