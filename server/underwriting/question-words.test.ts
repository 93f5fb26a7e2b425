import { describe, expect, it } from 'vitest';
import { answerInWords, effectInWords, modifierInWords, reviewQuestions } from '@server/underwriting/question-words';

type Q = Parameters<typeof reviewQuestions>[0][number];

const question = (overrides: Partial<Q>): Q => ({
  code: 'q',
  text: 'A question?',
  type: 'text',
  options: [],
  condition: null,
  ...overrides,
});

const practice = question({
  code: 'practice',
  type: 'select',
  options: [
    { value: 'general', label: 'General dentistry' },
    { value: 'surgery', label: 'Oral surgery', modifierBps: 1500, referral: true },
    { value: 'credit', label: 'Hygiene only', modifierBps: -250 },
  ],
});
const licence = question({
  code: 'licence',
  type: 'yesno',
  options: [
    { value: 'yes', label: 'Yes', knockout: true },
    { value: 'no', label: 'No' },
  ],
});
const services = question({
  code: 'services',
  type: 'multiselect',
  options: [
    { value: 'a', label: 'Audits', modifierBps: 500 },
    { value: 'b', label: 'Bookkeeping', modifierBps: 500 },
    { value: 'c', label: 'Consulting' },
  ],
});

describe('answers in words', () => {
  it('names the option chosen, every option of a multiselect, and a yes/no given as a boolean', () => {
    expect(answerInWords(practice, 'surgery')).toBe('Oral surgery');
    expect(answerInWords(services, ['c', 'a'])).toBe('Audits, Consulting');
    expect(answerInWords(licence, false)).toBe('No');
    expect(answerInWords(licence, true)).toBe('Yes');
  });

  it('writes amounts of money in dollars, numbers and text as given, and nothing as null', () => {
    expect(answerInWords(question({ type: 'money' }), 250000.5)).toBe('$250,000.50');
    expect(answerInWords(question({ type: 'number' }), 3)).toBe('3');
    expect(answerInWords(question({ type: 'textarea' }), 'Two claims, both closed')).toBe('Two claims, both closed');
    for (const blank of [undefined, null, '', '  ', []]) expect(answerInWords(practice, blank)).toBeNull();
    // An option retired since the answer was given: the answer as it was.
    expect(answerInWords(practice, 'retired')).toBe('retired');
  });
});

describe('effects in words', () => {
  it('says what the chosen option does: a debit or credit, a referral, a knock-out', () => {
    expect(effectInWords(practice, 'surgery')).toBe('+15 % schedule debit; Refers to an underwriter');
    expect(effectInWords(practice, 'credit')).toBe('−2.5 % schedule credit');
    expect(effectInWords(licence, 'yes')).toBe('Declines');
    expect(effectInWords(practice, 'general')).toBeNull();
    expect(effectInWords(licence, null)).toBeNull();
  });

  it('names a debit once however many options carry it', () => {
    expect(effectInWords(services, ['a', 'b'])).toBe('+5 % schedule debit');
    expect(modifierInWords(1000)).toBe('+10 % schedule debit');
    expect(modifierInWords(-1250)).toBe('−12.5 % schedule credit');
  });
});

describe('reviewQuestions', () => {
  it('lists the questions that show, in order, leaving out those whose condition is not met', () => {
    const detail = question({ code: 'detail', condition: { questionCode: 'licence', anyOf: ['yes'] } });
    const set = [practice, licence, detail];
    expect(reviewQuestions(set, { practice: 'general', licence: 'no' }).map((q) => q.code)).toEqual([
      'practice',
      'licence',
    ]);
    expect(reviewQuestions(set, { licence: 'yes', detail: 'Suspended in 2019' })).toEqual([
      { code: 'practice', text: 'A question?', answer: null, effect: null },
      { code: 'licence', text: 'A question?', answer: 'Yes', effect: 'Declines' },
      { code: 'detail', text: 'A question?', answer: 'Suspended in 2019', effect: null },
    ]);
  });
});
