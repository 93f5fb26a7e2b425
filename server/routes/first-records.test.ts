/**
 * Issue 16, "ask each fact once": a visitor's quote, then sign-up with a phone and the practice's
 * street address, and the order is ready to buy — no contact or location screens on the way.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { submissionQuoteSchema } from '@shared/contract/submissions';
import { users } from '@server/db/schema';
import { caller, signUp, signUpBody } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { quoteApi, submissionInput } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const api = () => caller(() => t.app);

async function visitorQuote(overrides: Record<string, unknown> = {}) {
  const response = await quoteApi(() => t.app).post(
    'insured/createsubmission',
    await submissionInput(t.app, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  const quote = v.parse(submissionQuoteSchema, response.json());
  return { submissionId: quote.submissionId, quoteKey: quote.quoteKey! };
}

function signedIn(token: string) {
  const call = (method: 'GET' | 'PUT', url: string, payload?: string) =>
    t.app.inject({
      method,
      url: `/api/weborder/${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  return call;
}

const practice = {
  contactnumber: '(713) 555-0199',
  address1: '909 Texas Ave',
  address2: 'Suite 1200',
  zipcode: '77002',
} as const;

describe('sign-up makes the account’s first records from what was typed', () => {
  it('a primary contact (phone in E.164) and a primary location (city and state from the ZIP), which the saved quote takes', async () => {
    const quote = await visitorQuote();
    const session = await signUp(api(), {
      ...practice,
      companyname: 'Bayou Dental',
      submissionRequest: quote,
      acceptTerms: true,
    });
    const call = signedIn(session.token);

    // The terms were accepted by a clear act, and when is kept on the account.
    const [account] = await t.app.db
      .select({ termsAcceptedAt: users.termsAcceptedAt })
      .from(users)
      .where(eq(users.id, session.user.id));
    expect(account?.termsAcceptedAt).toBeInstanceOf(Date);

    const contacts = (await call('GET', 'insured/contactlist')).json() as Array<Record<string, unknown>>;
    expect(contacts).toEqual([
      expect.objectContaining({
        firstname: 'Pat',
        lastname: 'Tester',
        email: session.email,
        contactnumber: '+17135550199',
        isprimary: true,
      }),
    ]);
    const locations = (await call('GET', 'insured/locationlist')).json() as Array<Record<string, unknown>>;
    expect(locations).toEqual([
      expect.objectContaining({
        title: 'Bayou Dental',
        address1: '909 Texas Ave',
        address2: 'Suite 1200',
        city: 'Houston',
        state: 'TX',
        zipcode: '77002',
        isprimary: true,
      }),
    ]);
    const plan = (await call('GET', `insured/locations?submissionid=${quote.submissionId}`)).json() as {
      locations: Array<Record<string, unknown>>;
    };
    expect(plan.locations).toEqual([
      expect.objectContaining({ locationId: locations[0]!.id, address1: '909 Texas Ave', isprimary: true }),
    ]);

    // Nothing is left to add: buy now decides at once.
    expect((await call('GET', `insured/requireditems?submissionid=${quote.submissionId}`)).json()).toMatchObject({
      items: [],
    });
    const bought = await call('PUT', 'insured/buynow', `submissionid=${quote.submissionId}`);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toMatchObject({ status: 'approved', requiredItems: [] });
  });

  it('leaves a quote at another ZIP without a location (moving it would re-rate it), and asks for it at buy now', async () => {
    const quote = await visitorQuote({ zipcode: '77002' });
    const session = await signUp(api(), {
      ...practice,
      zipcode: '75201',
      address1: '1 Main St',
      address2: null,
      submissionRequest: quote,
    });
    const call = signedIn(session.token);
    const { items } = (await call('GET', `insured/requireditems?submissionid=${quote.submissionId}`)).json() as {
      items: Array<{ code: string }>;
    };
    expect(items.map((item) => item.code)).toEqual(['location']);
  });

  it('signing in with a saved quote puts the account’s primary location on it when the ZIP is the same', async () => {
    const first = await signUp(api(), practice);
    const quote = await visitorQuote();
    const response = await api().post('auth/generate-token', {
      username: first.email,
      password: first.password,
      submissionRequest: quote,
    });
    expect(response.statusCode, response.body).toBe(200);
    const call = signedIn((response.json() as { token: string }).token);
    expect((await call('GET', `insured/requireditems?submissionid=${quote.submissionId}`)).json()).toMatchObject({
      items: [],
    });
  });

  it('a returning insured’s new quote at the practice’s ZIP is placed at the primary location; at another ZIP it asks for one', async () => {
    const session = await signUp(api(), practice);
    const call = signedIn(session.token);
    const save = async (zipcode: string) => {
      const response = await quoteApi(() => t.app).post(
        'insured/createsubmission',
        await submissionInput(t.app, { zipcode }),
        { token: session.token },
      );
      expect(response.statusCode, response.body).toBe(201);
      return v.parse(submissionQuoteSchema, response.json()).submissionId;
    };
    const here = await save('77002');
    const [primary] = (await call('GET', 'insured/locationlist')).json() as Array<{ id: number }>;
    const plan = (await call('GET', `insured/locations?submissionid=${here}`)).json() as {
      locations: Array<Record<string, unknown>>;
    };
    expect(plan.locations).toEqual([
      expect.objectContaining({ locationId: primary!.id, address1: '909 Texas Ave', isprimary: true }),
    ]);
    expect((await call('GET', `insured/requireditems?submissionid=${here}`)).json()).toMatchObject({ items: [] });

    const elsewhere = await save('75201');
    const { items } = (await call('GET', `insured/requireditems?submissionid=${elsewhere}`)).json() as {
      items: Array<{ code: string }>;
    };
    expect(items.map((item) => item.code)).toEqual(['location']);
  });

  it('without a phone or an address, an API sign-up keeps its contacts and locations its own to add', async () => {
    const session = await signUp(api());
    const call = signedIn(session.token);
    expect((await call('GET', 'insured/contactlist')).json()).toEqual([]);
    expect((await call('GET', 'insured/locationlist')).json()).toEqual([]);
  });

  it('refuses an address without its ZIP, an unknown ZIP, a bad phone or terms not accepted — naming the field, creating nobody', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ address1: '1 Main St', zipcode: null }, 'zipcode'],
      [{ address1: null, zipcode: '77002' }, 'address1'],
      [{ address1: '1 Main St', zipcode: '00000' }, 'zipcode'],
      [{ contactnumber: '12' }, 'contactnumber'],
      [{ acceptTerms: false }, 'acceptTerms'],
      [{ acceptTerms: undefined }, 'acceptTerms'],
    ];
    for (const [override, field] of cases) {
      const body = signUpBody(override as never);
      const refused = expectError(await api().post('insured/save', body), 400);
      expect(Object.keys(refused.fields ?? {}), JSON.stringify(refused)).toContain(field);
      // The e-mail is still free: nothing was written.
      const retry = await api().post('insured/save', { ...body, ...practice, acceptTerms: true });
      expect(retry.statusCode, retry.body).toBe(201);
    }
  });
});
