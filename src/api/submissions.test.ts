// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedAnswers } from '@shared/contract/questions';
import type { Calculation } from '@shared/contract/rating';
import type { OrderDetails, SubmissionQuote } from '@shared/contract/submissions';
import { getApplicationAnswers, getQuestions, replaceApplicationAnswers, saveQuestionAnswers } from '@/api/questions';
import { createSubmission, getOrderDetails, updateRating } from '@/api/submissions';
import { setupScriptedApi } from '@/api/scripted-api-server';

const { script, received } = setupScriptedApi();
beforeEach(() => {
  localStorage.clear();
});

const rating: Calculation = {
  rateTableId: 1,
  rateTableVersion: 1,
  limit: { code: '1M/3M', label: '$1,000,000 / $3,000,000' },
  deductible: { code: '1000', label: '$1,000' },
  premiumCents: 100_000,
  policyFeeCents: 5_000,
  taxCents: 1_000,
  stateFeeCents: 500,
  totalCents: 106_500,
  worksheet: [],
  paymentPlans: [],
};
const quote: SubmissionQuote = {
  submissionId: 7,
  number: 'Q-2026-000007',
  status: 'quoted',
  version: 1,
  effectiveDate: '2026-01-02',
  rating,
};
const key = 'k'.repeat(43);

describe('the submission calls', () => {
  it('createSubmission sends the Idempotency-Key when given, and no quote key', async () => {
    script.push({ status: 201, body: { ...quote, quoteKey: key } });
    const input = {
      specialityId: 1,
      state: 'TX',
      zipcode: '77002',
      limitCode: '1M/3M',
      deductibleCode: '1000',
      paymentTerm: 'annual',
    };
    await expect(createSubmission(input, 'retry-key-123')).resolves.toEqual({ ...quote, quoteKey: key });
    const [{ request, body }] = received as [(typeof received)[number]];
    expect([request.method, request.url]).toEqual(['POST', '/api/weborder/insured/createsubmission']);
    expect(request.headers['idempotency-key']).toBe('retry-key-123');
    expect(request.headers['x-quote-key']).toBeUndefined();
    expect(JSON.parse(body)).toEqual(input);
  });

  it('updateRating and getOrderDetails send the visitor’s key as x-quote-key', async () => {
    script.push({ status: 200, body: { ...quote, version: 2 } });
    await updateRating({ submissionId: 7, limitCode: '2M/4M' }, key);
    const details: OrderDetails = {
      submissionId: 7,
      number: quote.number,
      status: 'quoted',
      version: 2,
      speciality: { id: 1, name: 'Dentists' },
      state: { code: 'TX', name: 'Texas' },
      zipcode: '77002',
      limit: rating.limit,
      deductible: rating.deductible,
      paymentTerm: 'annual',
      effectiveDate: '2026-01-02',
      answers: {},
      applicationAnswers: {},
      rating,
      premiumCents: rating.totalCents,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      history: [],
    };
    script.push({ status: 200, body: details });
    await expect(getOrderDetails(7, key)).resolves.toEqual(details);
    expect(received.map(({ request }) => [request.method, request.url, request.headers['x-quote-key']])).toEqual([
      ['POST', '/api/weborder/insured/updaterating', key],
      ['GET', '/api/weborder/insured/orderdetails?submissionid=7', key],
    ]);
  });
});

describe('the questions calls', () => {
  const saved: SavedAnswers = {
    submissionId: 7,
    number: quote.number,
    status: 'draft',
    version: 2,
    answers: {},
    rating: null,
    needs: { 'answers.a': 'is required' },
  };

  it('getQuestions asks for the speciality, and the submission with its key when given', async () => {
    script.push({ status: 200, body: [] }, { status: 200, body: [] });
    await getQuestions(3);
    await getQuestions(3, { submissionId: 7, quoteKey: key });
    expect(received.map(({ request }) => [request.url, request.headers['x-quote-key']])).toEqual([
      ['/api/weborder/questions/list?specialityId=3', undefined],
      ['/api/weborder/questions/list?specialityId=3&submissionId=7', key],
    ]);
  });

  it('the answer saves put the id in the path and the answers in the body', async () => {
    script.push(
      { status: 200, body: saved },
      { status: 200, body: saved },
      { status: 200, body: { submissionId: 7, answers: { years_in_practice: 3 } } },
    );
    await expect(saveQuestionAnswers(7, { a: null }, key)).resolves.toEqual(saved);
    await replaceApplicationAnswers(7, { years_in_practice: 3 });
    await expect(getApplicationAnswers(7, key)).resolves.toEqual({
      submissionId: 7,
      answers: { years_in_practice: 3 },
    });
    expect(
      received.map(({ request, body }) => [request.method, request.url, request.headers['x-quote-key'], body]),
    ).toEqual([
      ['POST', '/api/weborder/questions/save/7', key, '{"answers":{"a":null}}'],
      [
        'PUT',
        '/api/weborder/dataacquisition/updatesubmissionanswers/7',
        undefined,
        '{"answers":{"years_in_practice":3}}',
      ],
      ['GET', '/api/weborder/dataacquisition/getsubmissionanswers/7', key, ''],
    ]);
  });
});
