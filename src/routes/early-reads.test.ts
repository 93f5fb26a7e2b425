// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorStatus } from '@/api/api-error';
import { signApplication } from '@/api/application-signature';
import { earlyReadKey, forgetEarlyReads, takeEarly } from '@/api/early-reads';
import { setupScriptedApi } from '@/api/scripted-api-server';
import { AUTH_TOKEN_KEY } from '@/api/session-storage-keys';
import { screenPathOf, startEarlyReads } from '@/routes/early-reads';

const { script, received } = setupScriptedApi();

beforeEach(() => localStorage.setItem(AUTH_TOKEN_KEY, 'token-of-dana'));
afterEach(() => {
  forgetEarlyReads();
  localStorage.clear();
});

const notFound = { status: 404, body: { status: 404, message: 'Order not found' } };
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const asked = () => received.map(({ request }) => `${request.method} ${request.url} ${request.headers.authorization ?? '-'}`).sort();

describe('early reads started by the signed-in guard', () => {
  it('names the screen of a plain and of a branded address', () => {
    expect(['/payment', '/client/payment/harbor-risk', '/', '/client/', '/dashboard'].map(screenPathOf)).toEqual([
      'payment',
      'payment',
      '',
      '',
      'dashboard',
    ]);
  });

  it('payment reads the order and its application at once, with the stored session, and the screen takes them', async () => {
    script.push(notFound, notFound);
    startEarlyReads({ pathname: '/payment', search: { submissionid: 7 } });
    await settle();
    expect(asked()).toEqual([
      'GET /api/weborder/dashboard/ordersummarydetails?submissionid=7 Bearer token-of-dana',
      'GET /api/weborder/insured/application?submissionid=7 Bearer token-of-dana',
    ]);
    // The screen's read is the early one: no third request, and its answer (a 404 here) is the one seen.
    const error = await takeEarly(earlyReadKey.application(7), () => Promise.resolve('read again')).catch((caught: unknown) => caught);
    expect(errorStatus(error)).toBe(404);
    expect(received).toHaveLength(2);
  });

  it('the branded payment screen reads the same', async () => {
    script.push(notFound, notFound);
    startEarlyReads({ pathname: '/client/payment/harbor-risk', search: { submissionid: '12' } });
    await settle();
    expect(asked()).toEqual([
      'GET /api/weborder/dashboard/ordersummarydetails?submissionid=12 Bearer token-of-dana',
      'GET /api/weborder/insured/application?submissionid=12 Bearer token-of-dana',
    ]);
  });

  it('reads nothing without a stored session, without an order, or for a screen with no early reads', async () => {
    startEarlyReads({ pathname: '/payment', search: { submissionid: 'abc' } });
    startEarlyReads({ pathname: '/payment', search: {} });
    startEarlyReads({ pathname: '/dashboard', search: {} });
    startEarlyReads({ pathname: '/constructor', search: {} });
    localStorage.clear();
    startEarlyReads({ pathname: '/payment', search: { submissionid: 7 } });
    await settle();
    expect(received).toHaveLength(0);
  });

  it('a write sent after the early reads makes them stale: the screen reads again', async () => {
    script.push(notFound, notFound, notFound);
    startEarlyReads({ pathname: '/payment', search: { submissionid: 7 } });
    await settle();
    await signApplication({ submissionId: 7, signerName: 'Dana Whitfield', recordHash: 'c'.repeat(64) }).catch(() => undefined);
    await expect(takeEarly(earlyReadKey.application(7), () => Promise.resolve('read again'))).resolves.toBe('read again');
  });
});
