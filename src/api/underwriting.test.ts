// @vitest-environment jsdom
import { HTTPError } from 'ky';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorFields, errorStatus, serverMessage } from '@/api/api-error';
import type { DecisionResult, Queue, Review } from '@shared/contract/underwriting';
import { approve, closeLost, decline, queue, requestInfo, review } from '@/api/underwriting';
import { setupScriptedApi } from '@/api/scripted-api-server';

const { script, received } = setupScriptedApi();
beforeEach(() => {
  localStorage.clear();
});

const emptyQueue: Queue = {
  items: [],
  brokers: [{ id: 3, name: 'Harbor Risk Partners' }],
  specialities: [{ id: 101, name: 'Architects' }],
};

const referred: Queue['items'][number] = {
  submissionId: 4217,
  number: 'Q-2026-004217',
  status: 'underwriter_review',
  waitingSince: '2026-06-24T15:02:11.000Z',
  insuredName: 'Ada Lovelace',
  companyName: 'Lovelace Architects',
  broker: { id: 3, name: 'Harbor Risk Partners' },
  speciality: { id: 101, name: 'Architects' },
  stateCode: 'TX',
  premiumCents: 272_132,
  reasons: [{ code: 'prior_claims', label: 'Prior claims', detail: '2 claims in the last 5 years' }],
};

const result: DecisionResult = {
  submissionId: 4217,
  number: 'Q-2026-004217',
  status: 'approved',
  version: 6,
  premiumCents: 299_345,
};

const reviewed: Review = {
  order: {
    submissionId: 4217,
    number: 'Q-2026-004217',
    status: 'underwriter_review',
    version: 5,
    speciality: { id: 101, name: 'Architects' },
    state: { code: 'TX', name: 'Texas' },
    zipcode: '77002',
    limit: null,
    deductible: null,
    paymentTerm: 'annual',
    effectiveDate: '2026-07-01',
    answers: {},
    applicationAnswers: {},
    rating: null,
    premiumCents: null,
    createdAt: '2026-06-24T15:02:11.000Z',
    updatedAt: '2026-06-24T15:02:11.000Z',
    history: [],
  },
  insured: { id: 7, name: 'Ada Lovelace', email: 'ada@example.com', companyName: null, phone: null },
  broker: null,
  questions: [],
  locations: [],
  reasons: [],
  requiredItems: [],
  conversation: [],
  latestRequest: null,
  files: [],
  allowed: { approve: true, requestInfo: true, decline: true },
};

const sent = () =>
  received.map(({ request, body }) => [request.method, request.url, body ? (JSON.parse(body) as unknown) : undefined]);

describe('the queue', () => {
  it('asks for the filters set and nothing else', async () => {
    script.push({ status: 200, body: { ...emptyQueue, items: [referred] } }, { status: 200, body: emptyQueue });
    await expect(queue()).resolves.toEqual({ ...emptyQueue, items: [referred] });
    await expect(queue({ brokerId: 3, specialityId: undefined, status: 'missing_info' })).resolves.toEqual(emptyQueue);
    expect(sent()).toEqual([
      ['GET', '/api/weborder/underwriting/queue', undefined],
      ['GET', '/api/weborder/underwriting/queue?brokerId=3&status=missing_info', undefined],
    ]);
  });

  it('refuses an answer that breaks the contract', async () => {
    script.push({ status: 200, body: { ...emptyQueue, items: [{ ...referred, status: 'pondering' }] } });
    await expect(queue()).rejects.toThrow();
  });
});

describe('one submission', () => {
  it('asks underwriting/submission for it and parses the answer', async () => {
    script.push({ status: 200, body: reviewed });
    await expect(review(4217)).resolves.toEqual(reviewed);
    expect(sent()).toEqual([['GET', '/api/weborder/underwriting/submission?submissionid=4217', undefined]]);
  });

  it('refuses a review without what may be decided', async () => {
    script.push({ status: 200, body: { ...reviewed, allowed: undefined } });
    await expect(review(4217)).rejects.toThrow();
  });
});

describe('the decisions', () => {
  it('post JSON with the version reviewed; an approval without a reason sends none', async () => {
    script.push(...[1, 2, 3, 4, 5].map(() => ({ status: 200, body: result })));
    await expect(
      approve({ submissionid: 4217, version: 5, adjustmentBps: 1000, reason: 'Claims history' }),
    ).resolves.toEqual(result);
    await approve({ submissionid: 4217, version: 5, adjustmentBps: 0, reason: '' });
    await requestInfo({ submissionid: 4217, version: 5, message: 'Please send your loss runs.' });
    await decline({ submissionid: 4217, version: 5, reason: 'Outside appetite' });
    await closeLost({ submissionid: 4217, version: 5, reason: 'Insured went elsewhere' });
    expect(sent()).toEqual([
      [
        'POST',
        '/api/weborder/underwriting/approve',
        { submissionid: 4217, version: 5, adjustmentBps: 1000, reason: 'Claims history' },
      ],
      ['POST', '/api/weborder/underwriting/approve', { submissionid: 4217, version: 5, adjustmentBps: 0 }],
      [
        'POST',
        '/api/weborder/underwriting/requestinfo',
        { submissionid: 4217, version: 5, message: 'Please send your loss runs.' },
      ],
      ['POST', '/api/weborder/underwriting/decline', { submissionid: 4217, version: 5, reason: 'Outside appetite' }],
      [
        'POST',
        '/api/weborder/underwriting/closelost',
        { submissionid: 4217, version: 5, reason: 'Insured went elsewhere' },
      ],
    ]);
    expect(received.every(({ request }) => request.headers['content-type'] === 'application/json')).toBe(true);
  });

  it('a refusal keeps the server’s words and the fields it names', async () => {
    script.push(
      { status: 409, body: { status: 409, message: 'The order is approved', fields: { status: 'is approved' } } },
      {
        status: 400,
        body: { status: 400, message: 'Invalid body', fields: { reason: 'is required when the premium is adjusted' } },
      },
    );
    const conflict = await approve({ submissionid: 4217, version: 5, adjustmentBps: 0 }).catch(
      (error: unknown) => error,
    );
    expect(conflict).toBeInstanceOf(HTTPError);
    expect([errorStatus(conflict), serverMessage(conflict), errorFields(conflict)]).toEqual([
      409,
      'The order is approved',
      { status: 'is approved' },
    ]);
    const invalid = await approve({ submissionid: 4217, version: 5, adjustmentBps: 500 }).catch(
      (error: unknown) => error,
    );
    expect([errorStatus(invalid), errorFields(invalid)]).toEqual([
      400,
      { reason: 'is required when the premium is adjusted' },
    ]);
  });
});
