import { describe, expect, it } from 'vitest';
import { chosenOptions, isVisible, type RatingQuestion } from '@shared/rating/answers';

/** What every question below has unless it says otherwise: required, always shown, no options. */
const plain = { required: true, options: [], condition: null } satisfies Partial<RatingQuestion>;
const yesNo = [
  { value: 'yes', label: 'Yes', modifierBps: 500 },
  { value: 'no', label: 'No' },
];
const ifClaims = { questionCode: 'claims', anyOf: ['yes'] };

const questions: RatingQuestion[] = [
  { ...plain, code: 'years', type: 'number' },
  { ...plain, code: 'claims', type: 'yesno', options: yesNo },
  { ...plain, code: 'claims_count', type: 'number', condition: ifClaims },
  {
    ...plain,
    code: 'kind',
    type: 'select',
    options: [
      { value: 'general', label: 'General' },
      { value: 'surgery', label: 'Surgery', modifierBps: 1500 },
    ],
  },
  {
    ...plain,
    code: 'services',
    type: 'multiselect',
    required: false,
    options: [
      { value: 'a', label: 'A', modifierBps: 100 },
      { value: 'b', label: 'B', modifierBps: 200 },
    ],
  },
  {
    ...plain,
    code: 'referrer',
    type: 'select',
    condition: ifClaims,
    options: [{ value: 'broker', label: 'A broker', modifierBps: -100 }],
  },
];

describe('chosenOptions', () => {
  it('collects the options picked by the questions that show, multiselect included', () => {
    const picked = chosenOptions(questions, {
      years: 12,
      claims: 'yes',
      claims_count: 1,
      kind: 'surgery',
      services: ['b'],
    });
    expect(picked.map(({ question, option }) => `${question.code}=${option.value}`)).toEqual([
      'claims=yes',
      'kind=surgery',
      'services=b',
    ]);
  });

  it('takes a boolean as yes or no, and ignores the answers of questions that do not show', () => {
    const picked = chosenOptions(questions, { claims: false, kind: 'general', referrer: 'broker' });
    expect(picked.map(({ question, option }) => `${question.code}=${option.value}`)).toEqual([
      'claims=no',
      'kind=general',
    ]);
  });
});

describe('isVisible', () => {
  it('hides a question whose condition is not met, or whose condition answer is missing', () => {
    expect(isVisible(questions[2]!, { claims: 'no' })).toBe(false);
    expect(isVisible(questions[2]!, {})).toBe(false);
    expect(isVisible(questions[2]!, { claims: 'yes' })).toBe(true);
  });
});
