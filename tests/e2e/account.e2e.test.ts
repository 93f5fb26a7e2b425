import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '@shared/contract/money-format';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * Issue 6's "Done when", in Chromium against the real server: an insured signs up on the screens,
 * has a Dentists quote in Houston, adds two locations and two contacts on their screens, makes
 * the second of each primary, then puts both locations on the order from editorder and sees it
 * priced at the new primary location (Dallas) exactly as auth/calculate prices it there, on the
 * edit screen and on the order. Each screen passes axe (WCAG 2.2 AA), with its dialog open too,
 * and the add dialog is usable by keyboard alone.
 */

interface QuoteInputs {
  specialityId: number;
  answers: Record<string, unknown>;
  applicationAnswers: Record<string, unknown>;
}

interface AskedQuestion {
  code: string;
  type: string;
  options: { value: string }[];
  condition: unknown;
}

const LIMIT = '1M/3M';
const DEDUCTIBLE = '1000';

/** A plausible answer to each question that shows, as a careful applicant gives it (server/test/quote-helpers.ts). */
function answersTo(questions: AskedQuestion[]): Record<string, unknown> {
  const answer = (question: AskedQuestion) =>
    ({
      yesno: 'no',
      select: question.options[0]?.value,
      multiselect: [question.options[0]?.value],
      number: 3,
      money: 250_000,
      date: '2015-06-01',
    })[question.type] ?? 'Nothing to report';
  // A conditional question shows only after a "yes", which these answers never give.
  return Object.fromEntries(
    questions.filter((question) => !question.condition).map((question) => [question.code, answer(question)]),
  );
}

describe.runIf(chromiumPath)('an insured’s account in Chromium: locations, contacts and an order priced again', () => {
  const env = useServerAndBrowser();
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  let token: string;
  let inputs: QuoteInputs;
  let submissionId: number;
  let houstonTotal: number;
  let dallasTotal: number;

  beforeAll(async () => {
    context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
  });
  afterAll(async () => {
    await context?.close();
  });

  const url = (path: string) => `${env.server.url}${path}`;
  const screen = (name: string) => page.locator(`[data-screen="${name}"]`);

  /** A call outside the page, as the signed-in insured (the page's own bearer token). */
  async function api<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await fetch(url(`/api/weborder/${path}`), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true);
    return JSON.parse(text) as T;
  }

  /** What the public auth/calculate answers for the quote's inputs at a ZIP. */
  async function calculatedTotal(zipcode: string): Promise<number> {
    const response = await fetch(url('/api/weborder/auth/calculate'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...inputs, state: 'TX', zipcode, limitCode: LIMIT, deductibleCode: DEDUCTIBLE }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { totalCents: number }).totalCents;
  }

  async function expectAccessible(): Promise<void> {
    expect(await axeViolations(page)).toEqual([]);
  }

  /** The record in a contacts or locations list whose heading is `name`. */
  const record = (list: Locator, name: string) =>
    list.locator('li.record', { has: page.getByRole('heading', { name, exact: true }) });

  /** Whether focus is inside the open dialog. */
  const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

  it('signs up through the screens and has a Dentists quote in Houston', async () => {
    await page.goto(url('/signup'));
    const signup = screen('signup');
    await signup.getByLabel('E-mail address').fill(`account.${Date.now()}@example.com`);
    await signup.getByLabel('Password', { exact: true }).fill('Dentist-Chair-2026');
    await signup.getByLabel('First name').fill('Grace');
    await signup.getByLabel('Last name').fill('Hopper');
    await signup.getByLabel(/My business/).check();
    // The phone makes the account's first (primary) contact; the address can wait until she buys.
    await signup.getByLabel('Phone').fill('(512) 555-0142');
    await signup.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
    await signup.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/signupconfirmation');
    token = (await page.evaluate(() => localStorage.getItem('ssp-auth-token')))!;
    expect(token).toBeTruthy();

    // The quote saved as the quotes screen saves it (tests/e2e/quote.e2e.test.ts walks those screens).
    const specialities = await api<Array<{ id: number; name: string }>>('GET', 'auth/specialitylist');
    const specialityId = specialities.find((speciality) => speciality.name === 'Dentists')!.id;
    inputs = {
      specialityId,
      answers: answersTo(await api<AskedQuestion[]>('GET', `questions/list?specialityId=${specialityId}`)),
      applicationAnswers: answersTo(await api<AskedQuestion[]>('GET', 'dataacquisition/questions')),
    };
    const quote = await api<{ submissionId: number; status: string; rating: { totalCents: number } }>(
      'POST',
      'insured/createsubmission',
      { ...inputs, state: 'TX', zipcode: '77002', limitCode: LIMIT, deductibleCode: DEDUCTIBLE, paymentTerm: 'annual' },
      { 'idempotency-key': `account-e2e-${Date.now()}-quote` },
    );
    expect(quote.status).toBe('quoted');
    submissionId = quote.submissionId;
    houstonTotal = quote.rating.totalCents;
    expect(houstonTotal).toBe(await calculatedTotal('77002'));
  });

  it('locations: the add dialog traps Tab, Escape closes it and focus returns to "Add a location"', async () => {
    await page.goto(url('/locations'));
    const locations = screen('locations');
    const add = locations.getByRole('button', { name: 'Add a location' });
    await add.waitFor();
    await expectAccessible();

    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add a location' });
    await dialog.waitFor();
    expect(await focusInDialog()).toBe(true);
    await expectAccessible();

    const stops = await dialog
      .locator('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])')
      .count();
    for (let press = 0; press < stops + 2; press++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(), `after Tab ${press + 1}`).toBe(true);
    }
    for (let press = 0; press < stops + 2; press++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(), `after Shift+Tab ${press + 1}`).toBe(true);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Add a location');
  });

  async function addLocation(title: string, address1: string, city: string, zipcode: string): Promise<void> {
    const locations = screen('locations');
    await locations.getByRole('button', { name: 'Add a location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a location' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Address line 1').fill(address1);
    await dialog.getByLabel('City').fill(city);
    await dialog.getByLabel('State').selectOption('TX');
    await dialog.getByLabel('ZIP code').fill(zipcode);
    await dialog.getByRole('button', { name: 'Save location' }).click();
    await dialog.waitFor({ state: 'detached' });
    await record(locations, title).waitFor();
  }

  it('adds Houston and Dallas on /locations; the first becomes primary', async () => {
    const locations = screen('locations');
    await addLocation('Houston clinic', '1200 Main St', 'Houston', '77002');
    await addLocation('Dallas clinic', '2100 Ross Ave', 'Dallas', '75201');
    expect(await record(locations, 'Houston clinic').locator('.record__badge').textContent()).toBe('Primary');
    expect(await record(locations, 'Dallas clinic').locator('.record__badge').count()).toBe(0);
    await expectAccessible();
  });

  async function addContact(
    title: string,
    firstname: string,
    lastname: string,
    email: string,
    phone: string,
  ): Promise<void> {
    const contacts = screen('contacts');
    await contacts.getByRole('button', { name: 'Add a contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a contact' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('First name').fill(firstname);
    await dialog.getByLabel('Last name').fill(lastname);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Phone').fill(phone);
    await dialog.getByRole('button', { name: 'Save contact' }).click();
    await dialog.waitFor({ state: 'detached' });
    await contacts.getByRole('button', { name: `Edit ${firstname} ${lastname}` }).waitFor();
  }

  it('finds the contact sign-up made, adds another on /contacts, checked by axe with the dialog open', async () => {
    await page.goto(url('/contacts'));
    const contacts = screen('contacts');
    await contacts.getByRole('button', { name: 'Add a contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a contact' });
    await dialog.waitFor();
    await expectAccessible();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Sign-up made the first contact, primary, from the name, e-mail and phone typed there.
    await record(contacts, 'Grace Hopper').waitFor();
    expect(await record(contacts, 'Grace Hopper').getByText('(512) 555-0142').count()).toBe(1);
    await addContact('Mr', 'Alan', 'Turing', 'alan@example.com', '(214) 555-0199');
    expect(await record(contacts, 'Grace Hopper').locator('.record__badge').textContent()).toBe('Primary');
    expect(await record(contacts, 'Mr Alan Turing').locator('.record__badge').count()).toBe(0);
    expect(await contacts.getByRole('button', { name: 'Make Grace Hopper primary' }).count()).toBe(0);
    await contacts.getByRole('button', { name: 'Make Alan Turing primary' }).waitFor();
    await expectAccessible();
  });

  it('makes the second contact and the second location primary; the badge moves', async () => {
    const contacts = screen('contacts');
    await contacts.getByRole('button', { name: 'Make Alan Turing primary' }).click();
    await contacts.getByRole('button', { name: 'Make Grace Hopper primary' }).waitFor();
    expect(await contacts.getByRole('button', { name: 'Make Alan Turing primary' }).count()).toBe(0);
    expect(await record(contacts, 'Mr Alan Turing').locator('.record__badge').textContent()).toBe('Primary');
    expect(await record(contacts, 'Grace Hopper').locator('.record__badge').count()).toBe(0);

    await page.goto(url('/locations'));
    const locations = screen('locations');
    await locations.getByRole('button', { name: 'Make Dallas clinic primary' }).click();
    await locations.getByRole('button', { name: 'Make Houston clinic primary' }).waitFor();
    expect(await record(locations, 'Dallas clinic').locator('.record__badge').textContent()).toBe('Primary');
    expect(await record(locations, 'Houston clinic').locator('.record__badge').count()).toBe(0);
  });

  it('a dialog open when the route changes (browser Back) closes cleanly: nothing left open or inert', async () => {
    await page.goto(url('/contacts'));
    await screen('contacts').getByRole('button', { name: 'Add a contact' }).waitFor();
    await page.goto(url('/locations'));
    await screen('locations').getByRole('button', { name: 'Add a location' }).click();
    await page.getByRole('dialog', { name: 'Add a location' }).waitFor();
    await page.goBack();
    const contacts = screen('contacts');
    await contacts.getByRole('button', { name: 'Add a contact' }).waitFor();
    expect(await page.locator('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('[inert], [aria-hidden="true"] main').length)).toBe(0);
    // The page answers the keyboard again: the contacts screen's own dialog opens and takes focus.
    await contacts.getByRole('button', { name: 'Add a contact' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a contact' });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('puts both locations on the order from editorder: priced again at Dallas, as auth/calculate prices it', async () => {
    await page.goto(url(`/editorder?submissionid=${submissionId}`));
    const edit = screen('editorder');
    await edit.getByRole('heading', { level: 1, name: /^Edit order Q-\d{4}-\d{6,}: Dentists$/ }).waitFor();
    const total = edit.locator('[data-edit-order-total]');
    expect(Number(await total.getAttribute('data-edit-order-total'))).toBe(houstonTotal);
    await expectAccessible();

    const onOrder = edit.getByRole('group', { name: 'On this order' });
    await onOrder.getByRole('checkbox', { name: /Houston clinic/ }).check();
    await onOrder.getByRole('checkbox', { name: /Dallas clinic/ }).check();
    await edit.getByRole('button', { name: 'Update locations' }).click();

    dallasTotal = await calculatedTotal('75201');
    // Territory 752 (×1.05) against 770 (×1.075): cheaper in Dallas.
    expect(dallasTotal).toBeLessThan(houstonTotal);
    const announcement = edit.getByRole('status').filter({ hasText: 'Price updated' });
    await announcement.waitFor();
    expect(await announcement.textContent()).toBe(
      `Price updated: ${formatUsd(dallasTotal)} (was ${formatUsd(houstonTotal)})`,
    );
    await edit.locator(`[data-edit-order-total="${dallasTotal}"]`).waitFor();
    expect(await total.textContent()).toBe(formatUsd(dallasTotal));
    // The insured's primary location (Dallas) is the one the order is rated at now.
    expect(await onOrder.locator('label', { hasText: 'Dallas clinic' }).textContent()).toContain('Rated here');
    expect(await onOrder.locator('label', { hasText: 'Houston clinic' }).textContent()).not.toContain('Rated here');
    await expectAccessible();
  });

  it('the order shows the new total', async () => {
    await page.goto(url(`/order/${submissionId}`));
    const order = screen('order');
    await order.locator('[data-order-total]').waitFor();
    expect(Number(await order.locator('[data-order-total]').getAttribute('data-order-total'))).toBe(dallasTotal);
  });

  it('a deleted location’s copy stays on the order until taken off there, checked by axe with that dialog open', async () => {
    await page.goto(url('/locations'));
    const locations = screen('locations');
    await locations.getByRole('button', { name: 'Delete Houston clinic' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Houston clinic?' });
    await confirm.waitFor();
    await expectAccessible();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await record(locations, 'Houston clinic').waitFor({ state: 'detached' });

    await page.goto(url(`/editorder?submissionid=${submissionId}`));
    const edit = screen('editorder');
    // The copy keeps the address; the title was the deleted location's, so its street names it now.
    const remove = edit.getByRole('button', { name: 'Remove from this order: 1200 Main St' });
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: 'Take this location off the order?' });
    await dialog.waitFor();
    expect(
      await dialog.getByRole('button', { name: 'Cancel' }).evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await expectAccessible();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await edit.getByRole('status').filter({ hasText: 'Locations saved' }).waitFor();
    expect(await remove.count()).toBe(0);
    // Dallas is still where the order is priced.
    expect(Number(await edit.locator('[data-edit-order-total]').getAttribute('data-edit-order-total'))).toBe(
      dallasTotal,
    );
    expect(problems).toEqual([]);
  });
});
