/**
 * Issue 16 item 4, the sandbox hosted checkout: the storefront's branding on the page, post/
 * redirect/get after every card form (so Back never offers to resubmit one), the expiry taken as
 * typed ("1230"), and the page's one script formatting as typed, allowed by its hash only.
 */
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brokers } from '@server/db/schema';
import { newInsured } from '@server/test/account-helpers';
import { invoicedOrder, openCheckout, paidState } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

const path = (url: string) => {
  const parsed = new URL(url, 'http://sandbox.invalid');
  return `${parsed.pathname}${parsed.search}`;
};
const getPage = (url: string) => t.app.inject({ method: 'GET', url: path(url) });
const submit = (url: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: path(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      name: 'Dana Whitfield',
      number: '4242 4242 4242 4242',
      expiry: '12/35',
      cvc: '123',
      ...form,
    }).toString(),
  });

async function checkoutFor(extra: Record<string, unknown> = {}) {
  const insured = await newInsured(app);
  const { order } = await invoicedOrder(app, insured);
  return { order, checkout: await openCheckout(insured, order.submissionId, undefined, extra) };
}

describe('the sandbox checkout page', () => {
  it('carries the storefront broker’s logo, abbreviation and name when the checkout began there; a plain one carries none', async () => {
    const [harbor] = await t.app.db
      .select({
        name: brokers.name,
        abbreviation: brokers.abbreviation,
        image: brokers.profileImage,
        mime: brokers.profileImageMime,
      })
      .from(brokers)
      .where(eq(brokers.clientUrl, 'harbor-risk'));
    expect(harbor?.image, 'the demo broker has a logo').toBeTruthy();

    const { checkout } = await checkoutFor({ clientid: 'Harbor-Risk' });
    const branded = await getPage(checkout.url);
    expect(branded.statusCode).toBe(200);
    expect(branded.body).toContain('data-broker-brand');
    expect(branded.body).toContain(`<strong>${harbor!.name}</strong> (${harbor!.abbreviation})`);
    expect(branded.body).toContain(
      `<img src="data:${harbor!.mime};base64,${harbor!.image}" alt="${harbor!.name} logo">`,
    );
    expect(branded.body).toContain(`<title>Sandbox checkout — ${harbor!.name} — Practice Shield</title>`);
    // Its logo is a data URL: the page's policy lets it show.
    expect(branded.headers['content-security-policy']).toContain("img-src 'self' data:");

    const plain = await getPage((await checkoutFor()).checkout.url);
    expect(plain.statusCode).toBe(200);
    expect(plain.body).not.toContain('data-broker-brand');
    expect(plain.body).toContain('<h1>Pay Practice Shield</h1>');
  });

  it('a closed broker’s or an unknown storefront’s checkout shows no branding', async () => {
    const { checkout } = await checkoutFor({ clientid: 'nobody-here' });
    const page = await getPage(checkout.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('data-broker-brand');
  });

  it('allows its one inline script by hash, never by unsafe-inline, and lets the form go on to where the checkout returns', async () => {
    const { checkout } = await checkoutFor();
    const page = await getPage(checkout.url);
    const csp = String(page.headers['content-security-policy']);
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    expect(script, 'the page has an inline script').toBeDefined();
    const digest = createHash('sha256').update(script!, 'utf8').digest('base64');
    const scriptSrc = csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'sha256-${digest}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain(`form-action 'self' ${new URL(t.app.config.publicUrl).origin}`);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('formats the card number in fours and the expiry with its slash as they are typed', async () => {
    const { checkout } = await checkoutFor();
    const script = /<script>([\s\S]*?)<\/script>/.exec((await getPage(checkout.url)).body)![1]!;
    // The page's own script, run against inputs that behave as a browser's do for it.
    type Input = {
      value: string;
      selectionStart: number | null;
      setSelectionRange(start: number): void;
      listener?: () => void;
    };
    const input = (): Input => ({
      value: '',
      selectionStart: 0,
      setSelectionRange(start) {
        this.selectionStart = start;
      },
    });
    const inputs: Record<string, Input> = { number: input(), expiry: input() };
    const document = {
      activeElement: null as Input | null,
      getElementById: (id: string) =>
        Object.assign(inputs[id]!, {
          addEventListener: (_type: string, listener: () => void) => (inputs[id]!.listener = listener),
        }),
    };
    runInNewContext(script, { document });
    const type = (id: string, value: string) => {
      const field = inputs[id]!;
      document.activeElement = field;
      field.value = value;
      field.selectionStart = value.length;
      field.listener!();
      return field.value;
    };
    expect(type('number', '4242424242424242')).toBe('4242 4242 4242 4242');
    expect(inputs.number!.selectionStart).toBe('4242 4242 4242 4242'.length);
    expect(type('number', '4000-0000-0000-0002')).toBe('4000 0000 0000 0002');
    expect(type('expiry', '1230')).toBe('12/30');
    expect(type('expiry', '123')).toBe('12/3');
    expect(type('expiry', '12')).toBe('12');
    expect(type('expiry', '1/30')).toBe('01/30');
    expect(type('expiry', '4')).toBe('04');
  });
});

describe('post/redirect/get', () => {
  it('a paying card answers 303 See Other to the app’s paymentconfirm, and the expiry may be typed "1230"', async () => {
    const { order, checkout } = await checkoutFor();
    const paid = await submit(checkout.url, { expiry: '1235' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${t.app.config.publicUrl}/paymentconfirm?submissionid=${order.submissionId}&sessionid=${checkout.sessionId}`,
    );
    expect(await paidState(app(), order.submissionId)).toMatchObject({ status: 'complete', succeeded: 1 });
  });

  it('"12 / 35" pays as well', async () => {
    const { checkout } = await checkoutFor();
    expect((await submit(checkout.url, { expiry: '12 / 35' })).headers.location).toContain('/paymentconfirm?');
  });

  it('a refused form answers 303 back to the page’s GET, which names the problems; the address carries no card data', async () => {
    const { order, checkout } = await checkoutFor();
    const posted = await submit(checkout.url, {
      name: 'Dana Whitfield',
      number: '4242424242424241',
      expiry: '13/35',
      cvc: '12',
    });
    expect(posted.statusCode).toBe(303);
    const location = String(posted.headers.location);
    expect(location).toBe(`${path(checkout.url)}?problems=number-invalid,expiry-month,cvc-format`);
    expect(location).not.toMatch(/4242|Dana|13\/35/);
    const page = await getPage(location);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/id="number"[^>]*aria-invalid="true"/);
    expect(page.body).toContain('This card number is not valid');
    expect(page.body).toContain('The expiry month must be 01 to 12');
    expect(page.body).toContain('<title>Payment not taken — Sandbox checkout — Practice Shield</title>');
    expect(await paidState(app(), order.submissionId)).toMatchObject({ status: 'awaiting_payment', succeeded: 0 });
  });

  it('a declined card answers 303 back to the page, which shows the provider’s reason from the session', async () => {
    const { checkout } = await checkoutFor();
    const posted = await submit(checkout.url, { number: '4000 0000 0000 0002' });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`${path(checkout.url)}?declined=1`);
    const page = await getPage(String(posted.headers.location));
    expect(page.body).toContain('<strong>Payment declined.</strong> Your card was declined.');
    // The page without the flag (a later visit) opens clean.
    expect((await getPage(checkout.url)).body).not.toContain('Payment declined.');
  });

  it('an address can only make the page say its own sentences', async () => {
    const { checkout } = await checkoutFor();
    const crafted = await getPage(
      `${path(checkout.url)}?problems=${encodeURIComponent('Call 555-0100 to pay,toString,name-missing')}`,
    );
    expect(crafted.statusCode).toBe(200);
    expect(crafted.body).not.toContain('555-0100');
    expect(crafted.body).toContain('Enter the name on the card');
    // declined=1 on a session never declined says nothing.
    expect((await getPage(`${path(checkout.url)}?declined=1`)).body).not.toContain('Payment declined.');
    expect((await getPage(`${path(checkout.url)}?declined=yes`)).statusCode).toBe(400);
  });
});
