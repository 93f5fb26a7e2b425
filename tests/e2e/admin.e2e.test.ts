import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '@server/db/seed/demo-data';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * Issue 9, tried as a new administrator would, in Chromium against the real server: made an
 * administrator by the demo one, they create a broker with a logo and two specialities, open its
 * branded landing page (logo and name in the header), where a visitor prices an Architects quote
 * and saves it; the administrator raises the Architects base rate in Texas; a new quote at the
 * storefront costs more, priced as auth/calculate prices it, while the earlier order, re-opened,
 * keeps its price. axe on every admin screen, dialogs open included; the form works by keyboard.
 */
const demoAdmin = demoUsers.find((user) => user.role === 'admin')!;
const insured = demoUsers.find((user) => user.role === 'insured')!;

/** A 600×200 PNG: a teal field with a white band, so a redrawn logo is recognisable. */
function logoPng(): Buffer {
  const png = new PNG({ width: 600, height: 200 });
  for (let y = 0; y < 200; y++) {
    for (let x = 0; x < 600; x++) {
      const band = y > 80 && y < 120;
      png.data.set(band ? [255, 255, 255, 255] : [0, 110, 120, 255], (y * 600 + x) * 4);
    }
  }
  return PNG.sync.write(png);
}

describe.runIf(chromiumPath)('administration in Chromium', () => {
  const env = useServerAndBrowser();
  const url = (path: string) => `${env.server.url}${path}`;
  const problems: string[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'admin-e2e-'));
  const logoFile = join(scratch, 'bayview-logo.png');
  const clientUrl = `bayview-${Date.now().toString(36)}`;
  const admin = { email: `new.admin.${Date.now()}@example.com`, password: 'Admin-Bayview-2026' };
  let adminPage: Page;
  let visitor: BrowserContext;
  let firstTotal: string;
  let firstNumber: string;

  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(url(`/api/weborder/${path}`), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const screen = (page: Page, name: string) => page.locator(`[data-screen="${name}"]`);

  beforeAll(async () => {
    writeFileSync(logoFile, logoPng());
    // The demo administrator makes a newly signed-up user an administrator, as the Users screen does.
    const signedUp = await api('POST', 'insured/save', {
      ...admin,
      firstname: 'Nadia',
      lastname: 'Admin',
      insuredtype: 'individual',
      acceptTerms: true,
    });
    const { token } = await api('POST', 'auth/generate-token', {
      username: demoAdmin.email,
      password: demoAdmin.password,
    });
    await api('PUT', `admin/users/${(signedUp.user as { id: number }).id}/role`, { role: 'admin' }, token as string);

    adminPage = await (await env.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    adminPage.on('pageerror', (error) => problems.push(error.message));
    visitor = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await adminPage?.context().close();
    await visitor?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('an insured reaching an admin screen sees page-not-found, never the screen', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await page.goto(url('/login'));
    await screen(page, 'login').getByLabel('E-mail address').fill(insured.email);
    await screen(page, 'login').getByLabel('Password').fill(insured.password);
    await screen(page, 'login').getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    expect(await page.getByRole('banner').getByRole('link', { name: 'Administration' }).count()).toBe(0);
    for (const path of ['/admin/brokers', '/admin/ratetables']) {
      await page.goto(url(path));
      await screen(page, 'page-not-found').waitFor();
      expect(await page.locator('[data-screen^="admin-"]').count(), path).toBe(0);
    }
    await page.context().close();
  });

  it('the new administrator creates a broker with a logo and two specialities, by keyboard', async () => {
    const page = adminPage;
    await page.goto(url('/login'));
    await screen(page, 'login').getByLabel('E-mail address').fill(admin.email);
    await screen(page, 'login').getByLabel('Password').fill(admin.password);
    await screen(page, 'login').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Administration' }).click();
    const brokers = screen(page, 'admin-brokers');
    await brokers.getByRole('table', { name: 'Every broker, by name' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const add = brokers.getByRole('button', { name: 'New broker' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New broker' });
    await dialog.getByLabel('Name').waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await dialog.getByLabel('Name').fill('Bayview Risk Partners');
    await dialog.getByLabel('Abbreviation').fill('BRP');
    // A client URL another broker has is said to be taken as it is typed.
    await dialog.getByLabel('Client URL').fill('harbor-risk');
    await dialog.getByText('Client URL is already Harbor Risk Partners’s').waitFor();
    await dialog.getByLabel('Client URL').fill(clientUrl);
    await dialog.getByText(`${clientUrl} is free.`).waitFor();
    await dialog.getByRole('checkbox', { name: 'Architects' }).check();
    await dialog.getByRole('checkbox', { name: 'Dentists' }).check();
    await dialog.getByLabel('Logo (optional)').setInputFiles(logoFile);
    await dialog.getByRole('img', { name: 'The logo chosen' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Tab stays inside the dialog.
    for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);

    await dialog.getByRole('button', { name: 'Create broker' }).click();
    await brokers.getByRole('status').filter({ hasText: 'Bayview Risk Partners was created' }).waitFor();
    expect(await dialog.count()).toBe(0);
    // Focus came back to the button that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('New broker');
    const row = brokers
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /Bayview Risk Partners/ }) });
    await row.getByRole('link', { name: `/client/landing/${clientUrl}` }).waitFor();
    const codes = await row.locator('code').allTextContents();
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(await row.locator('img.admin__logo').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('the broker’s branded landing page shows its logo and name and sells its two specialities', async () => {
    const page = await visitor.newPage();
    await page.goto(url(`/client/landing/${clientUrl}`));
    const banner = page.getByRole('banner');
    await banner.locator('[data-broker-name]').filter({ hasText: 'Bayview Risk Partners' }).waitFor();
    const logo = banner.locator('img[data-broker-logo]');
    expect(await logo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([480, 160]);
    await screen(page, 'landing').getByRole('link', { name: 'Architects', exact: true }).waitFor();
    const links = await screen(page, 'landing')
      .getByRole('link', { name: /^(Architects|Dentists|Lawyers|Engineers)$/ })
      .allTextContents();
    expect(links.sort()).toEqual(['Architects', 'Dentists']);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  async function priceArchitects(page: Page): Promise<string> {
    await page.goto(url(`/client/landing/${clientUrl}`));
    await screen(page, 'landing').getByRole('link', { name: 'Architects', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/client/questionlist/${clientUrl}`);
    const form = screen(page, 'questionlist');
    const zip = form.getByLabel('ZIP code');
    await zip.fill('77002');
    await zip.press('Enter');
    await form.getByRole('button', { name: 'See my price' }).waitFor();
    for (const group of await form.locator('fieldset.choices').all()) {
      const no = group.getByRole('radio', { name: 'No', exact: true });
      if (await no.count()) await no.check();
      else if (await group.getByRole('radio').count()) await group.getByRole('radio').first().check();
      else await group.getByRole('checkbox').first().check();
    }
    for (const input of await form.locator('input[type="text"]').all()) await input.fill('5');
    for (const input of await form.locator('textarea').all()) await input.fill('None to report');
    for (const input of await form.locator('input[type="date"]').all()) await input.fill('2015-06-01');
    await form.getByRole('button', { name: 'See my price' }).click();
    await page.waitForURL((u) => u.pathname === `/client/quotes/${clientUrl}`);
    const total = screen(page, 'quotes').locator('[data-quote-total]');
    await total.waitFor();
    return (await total.getAttribute('data-quote-total'))!;
  }

  it('a visitor prices an Architects quote there and saves it as an order', async () => {
    const page = await visitor.newPage();
    firstTotal = await priceArchitects(page);
    await screen(page, 'quotes').getByRole('button', { name: 'Save for later' }).click();
    await page.waitForURL((u) => u.pathname === `/client/signup/${clientUrl}`);
    const signup = screen(page, 'signup');
    firstNumber = (await signup.locator('[data-saved-order]').getAttribute('data-saved-order'))!;
    await signup.getByLabel('E-mail address').fill(`bayview.architect.${Date.now()}@example.com`);
    await signup.getByLabel('Password', { exact: true }).fill('Architect-Plans-2026');
    await signup.getByLabel('First name').fill('Frank');
    await signup.getByLabel('Last name').fill('Wright');
    await signup.getByLabel(/My business/).check();
    await signup.getByLabel('Phone').fill('713 555 0177');
    await signup.getByLabel('Street address').fill('1 Bayview Plaza');
    await signup.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
    await signup.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/client/order/'));
    expect(await screen(page, 'order').locator('[data-order-total]').getAttribute('data-order-total')).toBe(firstTotal);
    await page.close();
  });

  it('the administrator raises the Architects base rate in Texas as a new version', async () => {
    const page = adminPage;
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Rate tables' }).click();
    const rates = screen(page, 'admin-ratetables');
    await rates.getByLabel('Speciality').selectOption({ label: 'Architects' });
    await rates.getByLabel('State').selectOption({ label: 'Texas' });
    await rates.getByRole('button', { name: 'Show the table' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/ratetables' && u.searchParams.get('state') === 'TX');
    const base = rates.getByLabel('Base premium ($ a year)');
    await base.waitFor();
    const before = Number(await base.inputValue());
    const versionsBefore = await rates
      .getByRole('table', { name: 'Every version, newest first' })
      .getByRole('row')
      .count();
    expect(await axeViolations(page)).toEqual([]);

    await base.fill(String(before * 2));
    await rates.getByRole('button', { name: /^Save as version \d+$/ }).click();
    await rates
      .getByRole('status')
      .filter({ hasText: /^Version \d+ is in force/ })
      .waitFor();
    const table = rates.getByRole('table', { name: 'Every version, newest first' });
    expect(await table.getByRole('row').count()).toBe(versionsBefore + 1);
    const newest = table.getByRole('row').nth(1);
    expect(await newest.textContent()).toContain('(in force)');
    expect(await newest.textContent()).toContain(admin.email);
    expect(Number(await rates.getByLabel('Base premium ($ a year)').inputValue())).toBe(before * 2);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a new quote at the storefront uses the new rate; the earlier order keeps its price', async () => {
    const fresh = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await fresh.newPage();
    const secondTotal = await priceArchitects(page);
    expect(Number(secondTotal)).toBeGreaterThan(Number(firstTotal));
    await fresh.close();

    // The insured re-opens the earlier order: the same price as when it was quoted.
    const again = await visitor.newPage();
    await again.goto(url(`/client/dashboard/${clientUrl}`));
    await again
      .getByRole('link', { name: new RegExp(firstNumber) })
      .first()
      .click();
    await screen(again, 'order').locator('[data-order-total]').waitFor();
    expect(await screen(again, 'order').locator('[data-order-total]').getAttribute('data-order-total')).toBe(
      firstTotal,
    );
    await again.close();
    expect(problems).toEqual([]);
  });

  it('finds the new insured in Users and makes them the new broker’s user; the audit log shows every change and who made it', async () => {
    const page = adminPage;
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Users' }).click();
    const users = screen(page, 'admin-users');
    await users.getByLabel('E-mail, name or company').fill('bayview.architect');
    await users.getByRole('button', { name: 'Find' }).click();
    await users.getByRole('status').filter({ hasText: '1 user found.' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('bayview.architect');
    expect(await axeViolations(page)).toEqual([]);

    await users.getByRole('button', { name: 'Change role of Frank Wright' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the role of Frank Wright' });
    await dialog.getByLabel('New role').selectOption('broker');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await dialog.getByText('Choose the broker they work for').waitFor();
    await dialog.getByLabel('Broker they work for').selectOption({ label: 'Bayview Risk Partners' });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await users.getByRole('status').filter({ hasText: 'Frank Wright is now broker.' }).waitFor();
    const row = users.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Frank Wright/ }) });
    expect(await row.textContent()).toContain('Bayview Risk Partners');

    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
    const audit = screen(page, 'admin-audit');
    const table = audit.getByRole('table', { name: 'Changes, newest first' });
    await table.waitFor();
    const mine = table.getByRole('row').filter({ hasText: admin.email });
    const actions = await mine.locator('td:nth-child(3)').allTextContents();
    expect(actions.slice(0, 4)).toEqual(['Role changed', 'New rate table version', 'Logo replaced', 'Broker created']);
    expect(await axeViolations(page)).toEqual([]);

    await audit.getByLabel('Kind of record').selectOption('rate_table');
    await audit.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((u) => u.searchParams.get('entity') === 'rate_table');
    await audit
      .getByRole('status')
      .filter({ hasText: /^Changes 1 to 1,/ })
      .waitFor();
    expect(await table.locator('td:nth-child(3)').allTextContents()).toEqual(['New rate table version']);
    expect(problems).toEqual([]);
  });

  it('adds a category and a speciality priced like Dentists, sold at once; retired, it leaves the landing page', async () => {
    const page = adminPage;
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Specialities' }).click();
    const catalog = screen(page, 'admin-specialities');
    await catalog.getByRole('button', { name: 'New category' }).click();
    const category = page.getByRole('dialog', { name: 'New category' });
    await category.getByLabel('Name').fill('Animal care');
    await category.getByRole('button', { name: 'Create category' }).click();
    await catalog.getByRole('status').filter({ hasText: 'Animal care was saved.' }).waitFor();

    await catalog.getByRole('button', { name: 'New speciality' }).click();
    const dialog = page.getByRole('dialog', { name: 'New speciality' });
    await dialog.getByLabel('Category').selectOption({ label: 'Animal care' });
    await dialog.getByLabel('Name').fill('Veterinarians');
    await dialog.getByLabel(/^Description/).fill('Small-animal and mixed practices.');
    await dialog.getByLabel(/^Start from/).selectOption({ label: 'Dentists' });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create speciality' }).click();
    await catalog.getByRole('status').filter({ hasText: 'Veterinarians was saved.' }).waitFor();
    const section = catalog.getByRole('region', { name: 'Animal care' }).first();
    const row = catalog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Veterinarians/ }) });
    await row.waitFor();
    expect(await row.textContent()).toContain('TX');
    expect(await section.count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    const landing = await visitor.newPage();
    await landing.goto(url('/'));
    await screen(landing, 'landing').getByRole('link', { name: 'Veterinarians', exact: true }).waitFor();

    // Its questions: a yes/no whose "yes" refers the order and costs 15 % more, asked first.
    await row.getByRole('link', { name: 'Questions of Veterinarians' }).click();
    const set = screen(page, 'admin-questions');
    await set.getByRole('heading', { level: 1, name: 'Veterinarians: questions' }).waitFor();
    await set.getByRole('button', { name: 'New question' }).click();
    const question = page.getByRole('dialog', { name: 'New question' });
    await question.getByLabel('Code').fill('large_animals');
    await question.getByLabel('Type').selectOption({ label: 'Yes or no' });
    await question.getByLabel('Question', { exact: true }).fill('Do you treat horses or livestock?');
    const yes = question.getByRole('group', { name: 'Option 1' });
    await yes.getByLabel(/^Price change/).fill('15');
    await yes.getByLabel('Refers to an underwriter').check();
    expect(await axeViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Add question' }).click();
    await set.getByRole('status').filter({ hasText: 'large_animals was saved' }).waitFor();
    const items = set.locator('ol.admin__questions > li');
    const added = items.filter({ hasText: 'large_animals' });
    expect(await added.textContent()).toContain('Yes: +15 %, refers');
    const count = await items.count();
    for (let at = count - 1; at > 0; at--) {
      await added.getByRole('button', { name: 'Move up: large_animals' }).click();
      // The same words after every move: wait for the place instead (the list is back with it).
      await items
        .nth(at - 1)
        .filter({ hasText: 'large_animals' })
        .waitFor();
    }
    expect(await items.first().textContent()).toContain('large_animals');
    expect(await axeViolations(page)).toEqual([]);
    const asked = (await api(
      'GET',
      `questions/list?specialityId=${new URL(page.url()).pathname.split('/')[3]}`,
    )) as unknown as Array<{ code: string }>;
    expect(asked[0]!.code).toBe('large_animals');
    await page.getByRole('link', { name: 'Back to the specialities' }).click();

    await row.getByRole('button', { name: 'Retire Veterinarians' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Retire Veterinarians?' });
    await confirm.getByRole('button', { name: 'Retire it' }).click();
    await catalog.getByRole('status').filter({ hasText: 'Veterinarians is retired' }).waitFor();
    await row.getByRole('button', { name: 'Put back on sale: Veterinarians' }).waitFor();
    await landing.reload();
    await screen(landing, 'landing').getByRole('link', { name: 'Dentists', exact: true }).waitFor();
    expect(await screen(landing, 'landing').getByRole('link', { name: 'Veterinarians', exact: true }).count()).toBe(0);
    await landing.close();
    expect(problems).toEqual([]);
  });

  it('on a phone, every admin screen fits the width and passes axe', async () => {
    const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(url('/login'));
    await screen(page, 'login').getByLabel('E-mail address').fill(admin.email);
    await screen(page, 'login').getByLabel('Password').fill(admin.password);
    await screen(page, 'login').getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    for (const [path, name, loaded] of [
      ['/admin/brokers', 'admin-brokers', 'table'],
      ['/admin/specialities', 'admin-specialities', 'table'],
      ['/admin/ratetables?specialityId=1&state=TX', 'admin-ratetables', 'table'],
      ['/admin/users', 'admin-users', 'table'],
      ['/admin/audit', 'admin-audit', 'table'],
      ['/admin/specialities/1/questions', 'admin-questions', 'ol.admin__questions'],
    ] as const) {
      await page.goto(url(path));
      // Measured once the screen's content has loaded, not while only its form shows.
      await screen(page, name).locator(loaded).first().waitFor();
      // Wide tables scroll inside their own region; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await phone.close();
  });
});
