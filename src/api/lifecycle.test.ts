// @vitest-environment jsdom
import { HTTPError } from 'ky';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorFields, errorStatus } from '@/api/api-error';
import type { BuyNowResult, LifecycleMove, OrderSummaryDetails, RequiredItems } from '@shared/contract/lifecycle';
import { buyNow, orderSummaryDetails, requiredItems, resubmit, sendToCloseLost } from '@/api/lifecycle';
import { setupScriptedApi } from '@/api/scripted-api-server';

const { script, received } = setupScriptedApi();
beforeEach(() => {
  localStorage.clear();
});

const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';
const move: LifecycleMove = { submissionId: 7, number: 'Q-2026-000007', status: 'close_lost', version: 4 };
const bought: BuyNowResult = {
  submissionId: 7,
  number: 'Q-2026-000007',
  status: 'underwriter_review',
  version: 3,
  outcome: 'underwriter_review',
  requiredItems: [],
  reasons: [{ code: 'prior_claims', label: 'You reported prior claims', detail: null }],
};

const summary: OrderSummaryDetails = {
  order: {
    submissionId: 7,
    number: 'Q-2026-000007',
    status: 'missing_info',
    version: 5,
    speciality: { id: 1, name: 'Dentists' },
    state: { code: 'TX', name: 'Texas' },
    zipcode: '77002',
    limit: { code: '1M/3M', label: '$1,000,000 / $3,000,000' },
    deductible: { code: '1000', label: '$1,000' },
    paymentTerm: 'annual',
    effectiveDate: '2026-01-02',
    answers: {},
    applicationAnswers: {},
    rating: null,
    premiumCents: 106_500,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-03T00:00:00.000Z',
    history: [
      {
        id: 1,
        event: 'order.buyNow',
        actor: 'insured',
        actorName: 'Ada Byron',
        fromStatus: 'quoted',
        toStatus: 'checks',
        reason: null,
        at: '2026-01-02T10:00:00.000Z',
      },
    ],
  },
  locations: [],
  contact: null,
  requiredItems: [],
  reasons: [],
  infoRequest: {
    message: 'Send your loss runs',
    requestedAt: '2026-01-03T00:00:00.000Z',
    requestedBy: 'Uma Underwriter',
  },
  decision: null,
  files: [],
  canCloseLost: true,
};

describe('the lifecycle calls', () => {
  it('buyNow PUTs the form the specification sends, with the Idempotency-Key when given, and parses the outcome', async () => {
    script.push({ status: 200, body: bought }, { status: 200, body: bought });
    await expect(buyNow(7, 'press-0001-key')).resolves.toEqual(bought);
    await buyNow(7);
    const [first, second] = received as [(typeof received)[number], (typeof received)[number]];
    expect([first.request.method, first.request.url, first.request.headers['content-type'], first.body]).toEqual([
      'PUT',
      '/api/weborder/insured/buynow',
      FORM,
      'submissionid=7',
    ]);
    expect(first.request.headers['idempotency-key']).toBe('press-0001-key');
    expect(second.request.headers['idempotency-key']).toBeUndefined();
  });

  it('buyNow refuses an answer that is not the contract (an unknown outcome)', async () => {
    script.push({ status: 200, body: { ...bought, outcome: 'maybe' } });
    await expect(buyNow(7)).rejects.toThrow();
  });

  it('sendToCloseLost sends the reason and the trimmed comment; an empty comment is left out', async () => {
    script.push({ status: 200, body: move }, { status: 200, body: move });
    await expect(sendToCloseLost(7, 'price', '  Too dear  ', 'close-key-0001')).resolves.toEqual(move);
    await sendToCloseLost(7, 'other', '   ');
    expect(
      received.map(({ request, body }) => [request.method, request.url, request.headers['content-type'], body]),
    ).toEqual([
      ['PUT', '/api/weborder/insured/sendtocloselost', FORM, 'submissionid=7&reason=price&comment=Too+dear'],
      ['PUT', '/api/weborder/insured/sendtocloselost', FORM, 'submissionid=7&reason=other'],
    ]);
    expect(received[0]!.request.headers['idempotency-key']).toBe('close-key-0001');
  });

  it('resubmit sends the message as a form and answers the move', async () => {
    const resubmitted: LifecycleMove = { ...move, status: 'application_under_review' };
    script.push({ status: 200, body: resubmitted });
    await expect(resubmit(7, 'Loss runs attached & signed')).resolves.toEqual(resubmitted);
    expect([received[0]!.request.url, received[0]!.body]).toEqual([
      '/api/weborder/insured/resubmit',
      'submissionid=7&message=Loss+runs+attached+%26+signed',
    ]);
  });

  it('a refused move keeps the status and the fields the server named (409, 422)', async () => {
    script.push(
      { status: 409, body: { status: 409, message: 'The order is declined', fields: { status: 'is declined' } } },
      { status: 422, body: { status: 422, message: 'Say what you sent', fields: { message: 'is required' } } },
    );
    const conflict = await buyNow(7).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(HTTPError);
    expect([errorStatus(conflict), errorFields(conflict)]).toEqual([409, { status: 'is declined' }]);
    const unprocessable = await resubmit(7, '').catch((error: unknown) => error);
    expect([errorStatus(unprocessable), errorFields(unprocessable)]).toEqual([422, { message: 'is required' }]);
    expect(received[1]!.body).toBe('submissionid=7');
  });

  it('requiredItems and orderSummaryDetails GET with ?submissionid and parse the answer', async () => {
    const items: RequiredItems = {
      submissionId: 7,
      status: 'incomplete',
      items: [
        { kind: 'location', code: 'location', label: 'Add at least one location', screen: 'editorder', field: null },
      ],
    };
    script.push({ status: 200, body: items }, { status: 200, body: summary });
    await expect(requiredItems(7)).resolves.toEqual(items);
    await expect(orderSummaryDetails(7)).resolves.toEqual(summary);
    expect(received.map(({ request }) => [request.method, request.url])).toEqual([
      ['GET', '/api/weborder/insured/requireditems?submissionid=7'],
      ['GET', '/api/weborder/dashboard/ordersummarydetails?submissionid=7'],
    ]);
  });

  it('orderSummaryDetails refuses a summary without the fields the screens read', async () => {
    const { canCloseLost: _dropped, ...withoutFlag } = summary;
    script.push({ status: 200, body: withoutFlag });
    await expect(orderSummaryDetails(7)).rejects.toThrow();
  });
});
