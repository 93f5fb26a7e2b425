/**
 * Issue 16 item 6: a payer who reached the app at another address this server is known by
 * (127.0.0.1 while PUBLIC_URL says localhost) comes back from checkout to that address, where
 * their sign-in is; a forged Origin or Host falls back to PUBLIC_URL; e-mailed links keep
 * PUBLIC_URL; the health answer says whether the request's origin is PUBLIC_URL's.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkoutSchema } from '@shared/contract/billing';
import { healthSchema } from '@shared/contract/health';
import { sandboxCheckoutSessions } from '@server/db/schema';
import { publicUrlNotice } from '@server/http/request-origin';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { signApplicationFor } from '@server/test/application-helpers';
import { mailsTo } from '@server/test/auth-helpers';
import { invoicedOrder, newKey } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

const PORT = 4123;
const PUBLIC_URL = `http://localhost:${PORT}`;
const LOOPBACK = `http://127.0.0.1:${PORT}`;

// Not listening (inject only): the port the server is known by is PORT's.
const t = setupTestApp({ env: { PORT: String(PORT), PUBLIC_URL, HOST: '127.0.0.1' } });
const app = () => t.app;

/** A checkout of a fresh invoiced order, started with these request headers. */
async function checkoutWith(headers: Record<string, string>, body: Record<string, unknown> = {}) {
  const insured: Insured = await newInsured(app);
  const { order } = await invoicedOrder(app, insured);
  await signApplicationFor(insured, order.submissionId);
  const response = await insured.call(
    'POST',
    'payments/checkout',
    { submissionid: order.submissionId, ...body },
    { headers: { 'idempotency-key': newKey(), ...headers } },
  );
  expect(response.statusCode, response.body).toBe(200);
  const checkout = v.parse(checkoutSchema, response.json());
  const [session] = await t.app.db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.id, checkout.sessionId));
  return { insured, order, checkout, session: session! };
}

describe('where the checkout returns', () => {
  it('to the origin the browser used when the server listens there: http://127.0.0.1:PORT/paymentconfirm…', async () => {
    const { order, checkout, session } = await checkoutWith({ origin: LOOPBACK });
    expect(session.successUrl).toBe(
      `${LOOPBACK}/paymentconfirm?submissionid=${order.submissionId}&sessionid={CHECKOUT_SESSION_ID}`,
    );
    expect(session.cancelUrl).toBe(`${LOOPBACK}/payment?submissionid=${order.submissionId}&cancelled=1`);

    // The checkout page lets its form go on there, and paying sends the browser there.
    const pagePath = new URL(checkout.url).pathname;
    const page = await t.app.inject({ method: 'GET', url: pagePath });
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${LOOPBACK}`);
    const paid = await t.app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Dana Whitfield',
        number: '4242424242424242',
        expiry: '1235',
        cvc: '123',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${LOOPBACK}/paymentconfirm?submissionid=${order.submissionId}&sessionid=${checkout.sessionId}`,
    );
  });

  it('keeps e-mailed links on PUBLIC_URL, whatever address the payer used', async () => {
    const { insured, checkout } = await checkoutWith({ origin: LOOPBACK });
    const paid = await t.app.inject({
      method: 'POST',
      url: new URL(checkout.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Dana Whitfield',
        number: '4242424242424242',
        expiry: '12/35',
        cvc: '123',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const mail = (await mailsTo(t.app, insured.email)).find((one) => /^Your policy .* is issued$/.test(one.subject));
    expect(mail, 'the confirmation mail').toBeDefined();
    expect(mail!.text).toContain(`${PUBLIC_URL}/`);
    expect(mail!.text).not.toContain('127.0.0.1');
  });

  it('to the branded screens at that origin when the checkout began in a storefront', async () => {
    const { order, session } = await checkoutWith({ origin: LOOPBACK }, { clientid: 'harbor-risk' });
    expect(session.successUrl).toBe(
      `${LOOPBACK}/client/paymentconfirm/harbor-risk?submissionid=${order.submissionId}&sessionid={CHECKOUT_SESSION_ID}`,
    );
  });

  it('by the Host header when no Origin is sent, if the server is known by it', async () => {
    const { session } = await checkoutWith({ host: `127.0.0.1:${PORT}` });
    expect(session.successUrl.startsWith(`${LOOPBACK}/paymentconfirm?`)).toBe(true);
  });

  it.each([
    ['a forged Origin', { origin: 'http://evil.example' }],
    ['a forged Host', { host: 'evil.example' }],
    ['a forged Host with a known port', { host: `evil.example:${PORT}` }],
    ['an https Origin of a known name', { origin: `https://127.0.0.1:${PORT}` }],
    ['another port of a known name', { origin: 'http://127.0.0.1:9999' }],
    ['an unreadable Origin', { origin: 'not a url' }],
    ['a forged Origin on a known Host', { origin: 'http://evil.example', host: `127.0.0.1:${PORT}` }],
  ])('to PUBLIC_URL for %s', async (_, headers) => {
    const { order, session } = await checkoutWith(headers);
    expect(session.successUrl).toBe(
      `${PUBLIC_URL}/paymentconfirm?submissionid=${order.submissionId}&sessionid={CHECKOUT_SESSION_ID}`,
    );
    expect(session.cancelUrl.startsWith(`${PUBLIC_URL}/payment?`)).toBe(true);
  });
});

describe('GET health and the origin', () => {
  const health = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/weborder/health', headers });
    expect(response.statusCode).toBe(200);
    return v.parse(healthSchema, response.json());
  };

  it('reports PUBLIC_URL, the request’s origin and that they differ when the app is reached at 127.0.0.1', async () => {
    expect(await health({ host: `127.0.0.1:${PORT}` })).toMatchObject({
      publicUrl: PUBLIC_URL,
      requestOrigin: LOOPBACK,
      originMatches: false,
    });
  });

  it('reports a match at PUBLIC_URL’s own address', async () => {
    expect(await health({ host: `localhost:${PORT}` })).toMatchObject({
      publicUrl: PUBLIC_URL,
      requestOrigin: PUBLIC_URL,
      originMatches: true,
    });
    expect(await health({ origin: PUBLIC_URL, host: `127.0.0.1:${PORT}` })).toMatchObject({
      requestOrigin: PUBLIC_URL,
      originMatches: true,
    });
  });
});

describe('the start-up notice', () => {
  it('says so when the server listens on 127.0.0.1 while PUBLIC_URL is localhost, and how to fix it', () => {
    const notice = publicUrlNotice('http://localhost:3000', '127.0.0.1', 3000);
    expect(notice?.loopback).toBe(true);
    expect(notice?.message).toContain('Listening on http://127.0.0.1:3000 while PUBLIC_URL is http://localhost:3000');
    expect(notice?.message).toContain('open the app at http://localhost:3000');
    expect(notice?.message).toContain('set PUBLIC_URL to the address you use');
  });

  it('says nothing when they agree', () => {
    expect(publicUrlNotice('http://127.0.0.1:3000', '127.0.0.1', 3000)).toBeUndefined();
    expect(publicUrlNotice('http://localhost:3000/', 'localhost', 3000)).toBeUndefined();
  });

  it('is only a note behind a proxy or on every address', () => {
    const notice = publicUrlNotice('https://portal.example.com', '0.0.0.0', 8080);
    expect(notice).toMatchObject({ loopback: false });
    expect(notice?.message).toContain('every address of this machine, port 8080');
    expect(publicUrlNotice('http://localhost:3000', '127.0.0.1', 4000)?.loopback).toBe(false);
  });
});
