// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  handOverVisitorQuotes,
  readSavedQuote,
  visitorOrder,
  writeSavedQuote,
  type SavedQuote,
} from '@/api/saved-quote';

const quote = (specialityId: number, quoteKey?: string): SavedQuote => ({
  specialityId,
  zipcode: '10001',
  answers: {},
  applicationAnswers: {},
  resume: 'quote',
  intent: 'buy',
  submission: { submissionId: 40 + specialityId, number: `S-${specialityId}`, ...(quoteKey ? { quoteKey } : {}) },
});

describe('a visitor’s saved order', () => {
  afterEach(() => sessionStorage.clear());

  it('is the visitor’s (login and sign-up show the purchase steps) until a sign-in hands it over', () => {
    writeSavedQuote(quote(2, 'key-2'));
    writeSavedQuote(quote(3));
    expect(visitorOrder()).toMatchObject({ submissionId: 42, buying: true, submissionRequest: { quoteKey: 'key-2' } });

    handOverVisitorQuotes();

    // A later login in this tab (a session run out, a mailed link) is not the purchase.
    expect(visitorOrder()).toBeUndefined();
    // The quote itself stays for the quote screens, without the key.
    expect(readSavedQuote(2)).toEqual({ ...quote(2), submission: { submissionId: 42, number: 'S-2' } });
    expect(readSavedQuote(3)).toEqual(quote(3));
  });

  it('hands over nothing when there is nothing saved', () => {
    handOverVisitorQuotes();
    expect(sessionStorage.getItem('ssp-quote')).toBeNull();
  });
});
