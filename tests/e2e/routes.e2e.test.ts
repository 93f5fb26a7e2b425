import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screens, type ScreenDefinition } from '@shared/screens';
import { demoBrokers, demoSpecialities, demoUsers } from '@server/db/seed/demo-data';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';
import { useServerAndBrowser } from './support/server-and-browser';

const harbor = demoBrokers[0];
const summit = demoBrokers[1];
const insured = demoUsers.find((user) => user.role === 'insured')!;

/** A screen's path with its parameters filled in: an order number, a reset token. */
/** Guards that keep a screen to other roles: to an insured, such a screen is page-not-found. */
const OTHER_ROLES: ReadonlySet<string> = new Set(['requireUnderwriter', 'requireBroker', 'requireAdmin']);
/** What the signed-in insured sees at a screen's address: the desk, the broker's book and administration are page-not-found to them. */
const shownToInsured = (name: string) => {
  const guard = (screens as readonly ScreenDefinition[]).find((screen) => screen.name === name)?.guard;
  return guard && OTHER_ROLES.has(guard) ? 'page-not-found' : name;
};
const sample = (path: string) =>
  path
    .replace('$submissionid', '1042')
    .replace('$token', 'sample-token')
    .replace('$specialityid', '1')
    .replace('$code', 'ABCD-EFGH-JKMN')
    .replace('$claimid', '7');

/** The name of the speciality a broker code stands for. */
function specialityName(broker: (typeof demoBrokers)[number], code: string): string {
  const plain = broker.specialities.find((s) => s.code === code)!.speciality;
  return demoSpecialities.find((s) => s.code === plain)!.name;
}

describe.runIf(chromiumPath)('every route, plain and branded, in Chromium', () => {
  const env = useServerAndBrowser();
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  const url = (path: string) => `${env.server.url}${path}`;
  const screen = (name: string, on: Page = page) => on.locator(`[data-screen="${name}"]`);
  const header = (on: Page = page) => on.getByRole('banner');

  async function logIn(on: Page): Promise<void> {
    const login = screen('login', on);
    await login.getByLabel('E-mail address').fill(insured.email);
    await login.getByLabel('Password', { exact: true }).fill(insured.password);
    await login.getByRole('button', { name: 'Log in' }).click();
  }

  // One signed-in insured for the whole file, so guarded screens show; each test sets up the rest.
  beforeAll(async () => {
    context = await env.browser.newContext();
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(url('/login'));
    await logIn(page);
    await header().getByRole('button', { name: 'Sign out' }).waitFor();
  });
  afterAll(async () => {
    await context?.close();
  });

  async function expectBrokerHeader(broker: (typeof demoBrokers)[number], on: Page = page): Promise<void> {
    const brand = header(on).getByRole('link', { name: new RegExp(broker.name) });
    await brand.waitFor();
    expect(await brand.getAttribute('href')).toBe(`/client/landing/${broker.clientUrl}`);
    expect(await header(on).locator('[data-broker-abbreviation]').textContent()).toBe(broker.abbreviation);
    expect(await header(on).locator('[data-broker-name]').textContent()).toBe(broker.name);
    const logo = header(on).locator('img[data-broker-logo]');
    expect(await logo.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    // Decoded, not merely present: a broken data URL has no natural size.
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }

  it('sends a signed-out visitor from a branded guarded screen to the branded login, and back after signing in', async () => {
    const visitor = await (await env.browser.newContext()).newPage();
    await visitor.goto(url(`/client/dashboard/${harbor.clientUrl}`));
    await visitor.waitForURL((u) => u.pathname === `/client/login/${harbor.clientUrl}`);
    expect(new URL(visitor.url()).searchParams.get('redirect')).toBe(`/client/dashboard/${harbor.clientUrl}`);
    await expectBrokerHeader(harbor, visitor);
    await logIn(visitor);
    await visitor.waitForURL((u) => u.pathname === `/client/dashboard/${harbor.clientUrl}`);
    await screen('dashboard', visitor).waitFor();
    await expectBrokerHeader(harbor, visitor);
    expect(await visitor.evaluate(() => sessionStorage.getItem('clientid'))).toBe(harbor.clientUrl);
    await visitor.context().close();
  });

  it('shows the right screen at every plain route of §2, passing axe on each', async () => {
    const visited: string[] = [];
    for (const { name, path, ...rest } of screens) {
      for (const plain of [...('aliases' in rest ? rest.aliases : []), path]) {
        const address = `/${sample(plain)}`;
        await page.goto(url(address));
        await screen(shownToInsured(name)).waitFor();
        expect(new URL(page.url()).pathname, `${address} stayed where it was`).toBe(address);
        expect(await header().locator('[data-broker-name]').count(), `${address} is plain`).toBe(0);
        expect(await axeViolations(page), address).toEqual([]);
        visited.push(address);
      }
    }
    expect(visited).toContain('/');
    expect(visited).toContain('/order/1042');
    expect(visited).toHaveLength(screens.length + 1);
    // Every screen of the table with axe on each (50 and growing): seconds each on a busy machine.
  }, 240_000);

  it('shows the right screen at every branded route of §2, under the broker’s header, passing axe on each', async () => {
    for (const { name, path } of screens) {
      const address = `/client/${sample(path)}/${harbor.clientUrl}`;
      await page.goto(url(address));
      await screen(shownToInsured(name)).waitFor();
      // The desk and the book, to an insured, are the client area's page-not-found: client/page-not-found/{clientid}.
      const landed = shownToInsured(name) === name ? address : `/client/page-not-found/${harbor.clientUrl}`;
      expect(new URL(page.url()).pathname, `${address} ended where it should`).toBe(landed);
      await expectBrokerHeader(harbor);
      expect(await axeViolations(page), address).toEqual([]);
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it.each([
    '/nope',
    '/landing/extra',
    '/order',
    '/dashboard/harbor-risk',
    '/changepassword',
    '/client',
    '/client/landing',
    `/client/nope/${harbor.clientUrl}`,
    `/client/order/${harbor.clientUrl}`,
    `/client/landing/${harbor.clientUrl}/extra`,
  ])('shows page-not-found at the unknown path %s', async (address) => {
    await page.goto(url(address));
    await screen('page-not-found').waitFor();
    expect(await page.title()).toBe('Page not found — Practice Shield');
  });

  it('keeps an unknown branded path in the broker’s client area: client/page-not-found/{clientid}', async () => {
    await page.goto(url(`/client/nope/${harbor.clientUrl}`));
    await page.waitForURL((u) => u.pathname === `/client/page-not-found/${harbor.clientUrl}`);
    await expectBrokerHeader(harbor);
  });

  it('ends an unknown client id on client/page-not-found/{clientid}, without a broker header', async () => {
    await page.goto(url('/client/dashboard/no-such-broker'));
    await page.waitForURL((u) => u.pathname === '/client/page-not-found/no-such-broker');
    await screen('page-not-found').waitFor();
    expect(await header().locator('[data-broker-name]').count()).toBe(0);
    // Its way back is the plain site: the client id names no storefront to go back to.
    expect(await screen('page-not-found').getByRole('link', { name: 'Back to the start' }).getAttribute('href')).toBe(
      '/',
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  it('?s= with several of the broker’s codes shows only those on specialities, keeping the link’s other parameters', async () => {
    await page.goto(url(`/client/signup/${harbor.clientUrl}`));
    await screen('signup').waitFor();
    const codes = [harbor.specialities[0].code, harbor.specialities[1].code];
    await page.goto(url(`/client/landing/${harbor.clientUrl}?utm_source=newsletter&s=${codes.join(',')}`));
    await page.waitForURL((u) => u.pathname === `/client/specialities/${harbor.clientUrl}`);
    expect(new URL(page.url()).searchParams.get('speciality')).toBe(codes.join(','));
    expect(new URL(page.url()).searchParams.get('utm_source')).toBe('newsletter');
    expect(new URL(page.url()).searchParams.has('s')).toBe(false);
    const list = screen('specialities');
    await list.getByRole('heading', { level: 4 }).first().waitFor();
    expect((await list.getByRole('heading', { level: 4 }).allTextContents()).sort()).toEqual(
      codes.map((code) => specialityName(harbor, code)).sort(),
    );
    expect(await axeViolations(page)).toEqual([]);
    // Replaced, not pushed: Back skips the ?s= link, which would only send the visitor here again.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === `/client/signup/${harbor.clientUrl}`);
  });

  it('?s= with one code stores the default speciality and starts its quote with state specialityId', async () => {
    await page.goto(url(`/client/specialities/${harbor.clientUrl}`));
    await screen('specialities').waitFor();
    await page.evaluate(() => sessionStorage.removeItem('defaultspeciality'));
    const code = harbor.specialities[2].code;
    await page.goto(url(`/client/landing/${harbor.clientUrl}?s=${code}`));
    // To quotes with state specialityId (§2); not priced yet, quotes hands on to the practice's questions, in its place.
    await page.waitForURL((u) => u.pathname === `/client/questionlist/${harbor.clientUrl}`);
    const name = specialityName(harbor, code);
    await screen('questionlist')
      .getByRole('complementary', { name: 'Your cover' })
      .getByText(`${name} professional liability`)
      .waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('defaultspeciality'))).toBe(code);
    expect(await page.evaluate(() => (history.state as { specialityId?: number }).specialityId)).toEqual(
      expect.any(Number),
    );
    // Replaced, not pushed: Back skips the ?s= link, which would only send the visitor here again.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === `/client/specialities/${harbor.clientUrl}`);
  });

  it('with no ?s= in the client area the stored default speciality is used', async () => {
    const code = harbor.specialities[2].code;
    const name = specialityName(harbor, code);
    await page.goto(url(`/client/signup/${harbor.clientUrl}`));
    await page.evaluate((stored) => sessionStorage.setItem('defaultspeciality', stored), code);
    await page.goto(url(`/client/landing/${harbor.clientUrl}`));
    const callout = screen('landing').locator('[data-chosen-speciality]');
    await callout.waitFor();
    expect(await callout.getAttribute('data-chosen-speciality')).toBe(code);
    await callout.getByRole('link', { name: `Continue to your ${name} quote` }).click();
    // Not priced yet: the quote asks for the practice first (issue 16), for the default speciality.
    const practice = screen('questionlist');
    await practice
      .getByRole('complementary', { name: 'Your cover' })
      .getByText(`${name} professional liability`)
      .waitFor();
    // Quotes opened with no state at all still starts from the stored default.
    await page.goto(url(`/client/quotes/${harbor.clientUrl}`));
    await practice
      .getByRole('complementary', { name: 'Your cover' })
      .getByText(`${name} professional liability`)
      .waitFor();
  });

  it.each([
    ['another broker’s code', summit.specialities[1].code],
    ['an unknown code', 'ZZZZZZZZ'],
    ['an empty item', `${harbor.specialities[0].code},`],
    ['a repeated code', `${harbor.specialities[0].code},${harbor.specialities[0].code}`],
  ])('?s= with %s goes to page-not-found, and Back does not return to the link', async (_, s) => {
    await page.goto(url(`/client/signup/${harbor.clientUrl}`));
    await screen('signup').waitFor();
    await page.goto(url(`/client/specialities/${harbor.clientUrl}?s=${encodeURIComponent(s)}`));
    await page.waitForURL((u) => u.pathname === `/client/page-not-found/${harbor.clientUrl}`);
    await screen('page-not-found').waitFor();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === `/client/signup/${harbor.clientUrl}`);
  });

  it('takes a client id with stray spaces for no storefront', async () => {
    await page.goto(url(`/client/landing/%20${harbor.clientUrl}`));
    await page.waitForURL((u) => u.pathname.startsWith('/client/page-not-found/'));
    await screen('page-not-found').waitFor();
    expect(await header().locator('[data-broker-name]').count()).toBe(0);
  });

  it('says so, under its own title, when the broker cannot be looked up, and recovers on Try again', async () => {
    await page.route('**/api/weborder/auth/brokerDetails*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"status":503,"message":"Service unavailable"}',
      }),
    );
    await page.goto(url(`/client/landing/${summit.clientUrl}`));
    await page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }).waitFor();
    expect(await page.title()).toBe('This page could not be loaded — Practice Shield');
    // Not taken for an unknown broker: the address stays.
    expect(new URL(page.url()).pathname).toBe(`/client/landing/${summit.clientUrl}`);
    expect(await header().getByRole('link', { name: 'Practice Shield' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.unroute('**/api/weborder/auth/brokerDetails*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectBrokerHeader(summit);
    await screen('landing').waitFor();
  });

  it('never leaves the client area when navigating by keyboard, and state and query survive', async () => {
    await page.goto(url(`/client/landing/${harbor.clientUrl}`));
    const landing = screen('landing');
    const name = specialityName(harbor, harbor.specialities[0].code);
    const card = landing.getByRole('link', { name, exact: true });
    await card.waitFor();
    await card.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/client/questionlist/${harbor.clientUrl}`);
    const practice = screen('questionlist');
    await practice
      .getByRole('complementary', { name: 'Your cover' })
      .getByText(`${name} professional liability`)
      .waitFor();
    // History state survives a reload, as the browser keeps it with the entry.
    await page.reload();
    await practice
      .getByRole('complementary', { name: 'Your cover' })
      .getByText(`${name} professional liability`)
      .waitFor();

    for (const [link, target] of [
      ['Log in', 'login'],
      ['Sign up', 'signup'],
    ] as const) {
      // Signed out for this part: the header offers Log in and Sign up.
      await page.evaluate(() => localStorage.clear());
      await page.goto(url(`/client/quotes/${harbor.clientUrl}`));
      await header().getByRole('link', { name: link }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === `/client/${target}/${harbor.clientUrl}`);
      await screen(target).waitFor();
    }
    await screen('signup').getByRole('link', { name: 'Log in' }).first().click();
    await page.waitForURL((u) => u.pathname === `/client/login/${harbor.clientUrl}`);
    await screen('login')
      .getByRole('link', { name: 'Reset your password' })
      .or(screen('login').getByRole('link', { name: 'Forgot your password?' }))
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === `/client/forgotpassword/${harbor.clientUrl}`);
    await header()
      .getByRole('link', { name: new RegExp(harbor.name) })
      .click();
    await page.waitForURL((u) => u.pathname === `/client/landing/${harbor.clientUrl}`);

    // The query of a several-code link reaches specialities, and its links stay branded.
    const codes = harbor.specialities
      .slice(0, 2)
      .map((s) => s.code)
      .join(',');
    await page.goto(url(`/client/landing/${harbor.clientUrl}?s=${codes}`));
    await page.waitForURL(
      (u) => u.pathname === `/client/specialities/${harbor.clientUrl}` && u.searchParams.get('speciality') === codes,
    );
    await screen('specialities').getByRole('link', { name: 'See every speciality on offer' }).click();
    await page.waitForURL((u) => u.pathname === `/client/specialities/${harbor.clientUrl}` && !u.search);
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) expect(href, href).toMatch(new RegExp(`^/client/[^?]+/${harbor.clientUrl}(\\?|$)`));
  });

  it('scrolls to the top and clears leftover modal backdrops and scroll locks on every navigation', async () => {
    await page.setViewportSize({ width: 800, height: 500 });
    await page.goto(url(`/client/landing/${harbor.clientUrl}`));
    await screen('landing').getByRole('heading', { level: 4 }).first().waitFor();
    await page.evaluate(() => {
      const backdrop = document.createElement('div');
      backdrop.className = 'modal-backdrop';
      document.body.append(backdrop);
      document.body.classList.add('modal-open');
      document.body.style.overflow = 'hidden';
      document.documentElement.style.scrollBehavior = 'auto';
      window.scrollTo(0, document.body.scrollHeight);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    const last = screen('landing').locator('.speciality-card__link').last();
    await last.click();
    await page.waitForURL((u) => u.pathname === `/client/questionlist/${harbor.clientUrl}`);
    await screen('questionlist').waitFor();
    expect(
      await page.evaluate(() => ({
        scrollY: window.scrollY,
        backdrops: document.querySelectorAll('.modal-backdrop').length,
        locked: document.body.classList.contains('modal-open') || document.body.style.overflow === 'hidden',
      })),
    ).toEqual({ scrollY: 0, backdrops: 0, locked: false });

    // A change of query alone is a navigation too.
    const codes = harbor.specialities
      .slice(0, 2)
      .map((s) => s.code)
      .join(',');
    await page.goto(url(`/client/specialities/${harbor.clientUrl}?speciality=${codes}`));
    await screen('specialities').getByRole('heading', { level: 4 }).first().waitFor();
    await page.evaluate(() => {
      const backdrop = document.createElement('div');
      backdrop.className = 'modal-backdrop';
      document.body.append(backdrop);
      document.body.style.overflow = 'hidden';
    });
    await screen('specialities').getByRole('link', { name: 'See every speciality on offer' }).click();
    await page.waitForURL((u) => u.pathname === `/client/specialities/${harbor.clientUrl}` && !u.search);
    expect(
      await page.evaluate(() => ({
        backdrops: document.querySelectorAll('.modal-backdrop').length,
        locked: document.body.style.overflow === 'hidden',
      })),
    ).toEqual({ backdrops: 0, locked: false });
  });
});
