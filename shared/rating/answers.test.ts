import { describe, expect, it } from 'vitest';
import { chosenOptions, isVisible, type RatingQuestion } from '@shared/rating/answers';

const q = (code: string, type: RatingQuestion['type'], extra: Partial<RatingQuestion> = {}): RatingQuestion => ({
  code,
  type,
  required: true,
  options: [],
  condition: null,
  ...extra,
});

const questions: RatingQuestion[] = [
  q('years', 'number'),
  q('claims', 'yesno', {
    options: [
      { value: 'yes', label: 'Yes', modifierBps: 500 },
      { value: 'no', label: 'No' },
    ],
  }),
  q('claims_count', 'number', { condition: { questionCode: 'claims', anyOf: ['yes'] } }),
  q('kind', 'select', { options: [{ value: 'general', label: 'General' }, { value: 'surgery', label: 'Surgery', modifierBps: 1500 }] }),
  q('services', 'multiselect', {
    required: false,
    options: [
      { value: 'a', label: 'A', modifierBps: 100 },
      { value: 'b', label: 'B', modifierBps: 200 },
    ],
  }),
  q('referrer', 'select', {
    condition: { questionCode: 'claims', anyOf: ['yes'] },
    options: [{ value: 'broker', label: 'A broker', modifierBps: -100 }],
  }),
];

describe('chosenOptions', () => {
  it('collects the options picked by the questions that show, multiselect included', () => {
    const picked = chosenOptions(questions, { years: 12, claims: 'yes', claims_count: 1, kind: 'surgery', services: ['b'] });
    expect(picked.map(({ question, option }) => `${question.code}=${option.value}`)).toEqual(['claims=yes', 'kind=surgery', 'services=b']);
  });

  it('takes a boolean as yes or no, and ignores the answers of questions that do not show', () => {
    const picked = chosenOptions(questions, { claims: false, kind: 'general', referrer: 'broker' });
    expect(picked.map(({ question, option }) => `${question.code}=${option.value}`)).toEqual(['claims=no', 'kind=general']);
  });
});

describe('isVisible', () => {
  it('hides a question whose condition is not met, or whose condition answer is missing', () => {
    expect(isVisible(questions[2]!, { claims: 'no' })).toBe(false);
    expect(isVisible(questions[2]!, {})).toBe(false);
    expect(isVisible(questions[2]!, { claims: 'yes' })).toBe(true);
  });
});
