import { describe, expect, it } from 'vitest';
import { answerProblems } from '@server/rating/answers';
import type { RatingQuestion } from '@shared/rating/answers';

const q = (code: string, type: RatingQuestion['type'], extra: Partial<RatingQuestion> = {}): RatingQuestion => ({
  code,
  type,
  required: true,
  options: [],
  condition: null,
  ...extra,
});

const yesNo = [
  { value: 'yes', label: 'Yes', modifierBps: 500 },
  { value: 'no', label: 'No' },
];

const questions: RatingQuestion[] = [
  q('years', 'number'),
  q('revenue', 'money'),
  q('name', 'text'),
  q('claims', 'yesno', { options: yesNo }),
  q('claims_count', 'number', { condition: { questionCode: 'claims', anyOf: ['yes'] } }),
  q('kind', 'select', {
    options: [
      { value: 'general', label: 'General' },
      { value: 'surgery', label: 'Surgery', modifierBps: 1500 },
    ],
  }),
  q('services', 'multiselect', {
    required: false,
    options: [
      { value: 'a', label: 'A', modifierBps: 100 },
      { value: 'b', label: 'B', modifierBps: 200 },
    ],
  }),
  q('since', 'date'),
];

const complete = { years: 12, revenue: 250_000, name: 'Studio', claims: 'no', kind: 'general', since: '2014-03-01' };

describe('answerProblems', () => {
  it('finds nothing wrong with a complete set', () => {
    expect(answerProblems(questions, complete, 'answers')).toEqual({});
  });

  it('names each required question that shows and has no answer', () => {
    expect(answerProblems(questions, { ...complete, years: undefined, name: '  ' }, 'answers')).toEqual({
      'answers.years': 'is required',
      'answers.name': 'is required',
    });
  });

  it('asks a conditional question only once it shows', () => {
    expect(answerProblems(questions, complete, 'answers')['answers.claims_count']).toBeUndefined();
    expect(answerProblems(questions, { ...complete, claims: 'yes' }, 'answers')).toEqual({
      'answers.claims_count': 'is required',
    });
    expect(answerProblems(questions, { ...complete, claims: true, claims_count: 2 }, 'answers')).toEqual({});
  });

  it.each([
    ['years', 'twelve', 'must be a number'],
    ['years', 2.5, 'must be a whole number, 0 or more'],
    ['years', -1, 'must be a whole number, 0 or more'],
    ['revenue', '250000', 'must be an amount in dollars'],
    ['name', 42, 'must be text'],
    ['claims', 'maybe', 'must be yes or no'],
    ['kind', 'dentistry', 'must be one of: general, surgery'],
    ['services', ['a', 'a'], 'must be a list of distinct choices from: a, b'],
    ['services', 'a', 'must be a list of distinct choices from: a, b'],
    ['since', '01/03/2014', 'must be a date (YYYY-MM-DD)'],
    ['since', '2014-02-30', 'is not a real date'],
    ['since', '2023-02-29', 'is not a real date'],
    ['since', '1900-02-29', 'is not a real date'],
    ['since', '2014-04-31', 'is not a real date'],
    ['since', '2014-13-01', 'is not a real date'],
    ['since', '2014-00-10', 'is not a real date'],
    ['since', '2014-01-00', 'is not a real date'],
  ])('refuses %s = %j: %s', (code, value, message) => {
    expect(answerProblems(questions, { ...complete, [code]: value }, 'answers')).toEqual({
      [`answers.${code}`]: message,
    });
  });

  it.each(['2024-02-29', '2000-02-29', '2014-12-31', '0000-01-01'])('takes the real date %s', (since) => {
    expect(answerProblems(questions, { ...complete, since }, 'answers')).toEqual({});
  });

  it('refuses an answer to no question of the set', () => {
    expect(answerProblems(questions, { ...complete, colour: 'blue' }, 'applicationAnswers')).toEqual({
      'applicationAnswers.colour': 'is not a question here',
    });
  });
});
