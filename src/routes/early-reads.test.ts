// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorStatus } from '@/api/api-error';
import { loadApplication, signApplication } from '@/api/application-signature';
import { orderSummaryDetails } from '@/api/lifecycle';
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
/** Until the server has seen `count` requests: on a busy machine they take longer than a settle. */
const arrived = (count: number) => vi.waitFor(() => expect(received).toHaveLength(count), { timeout: 10_000 });
const asked = () =>
  received.map(({ request }) => `${request.method} ${request.url} ${request.headers.authorization ?? '-'}`).sort();

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
    await arrived(2);
    expect(asked()).toEqual([
      'GET /api/weborder/dashboard/ordersummarydetails?submissionid=7 Bearer token-of-dana',
      'GET /api/weborder/insured/application?submissionid=7 Bearer token-of-dana',
    ]);
    // The screens' calls take them: no third request, and their answers (404s here) are the ones seen.
    const errors = await Promise.all([
      orderSummaryDetails(7).catch((caught: unknown) => caught),
      loadApplication(7).catch((caught: unknown) => caught),
    ]);
    expect(errors.map(errorStatus)).toEqual([404, 404]);
    expect(received).toHaveLength(2);
    // Taken once: the next call asks the server again.
    script.push({ status: 404, body: { status: 404, message: 'Order not found' } });
    await loadApplication(7).catch(() => undefined);
    expect(received).toHaveLength(3);
  });

  it('the branded payment screen reads the same', async () => {
    script.push(notFound, notFound);
    startEarlyReads({ pathname: '/client/payment/harbor-risk', search: { submissionid: '12' } });
    await arrived(2);
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
    await arrived(2);
    await signApplication({ submissionId: 7, signerName: 'Dana Whitfield', recordHash: 'c'.repeat(64) }).catch(
      () => undefined,
    );
    const again = await takeEarly(earlyReadKey.application(7), async () => new Response('read again'));
    await expect(again.text()).resolves.toBe('read again');
  });
});
