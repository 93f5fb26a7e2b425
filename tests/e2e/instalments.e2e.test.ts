import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday, daysBetween } from '@shared/calendar';
import type { PolicyInstalments } from '@shared/contract/instalments';
import { formatUsd } from '@shared/contract/money-format';
import { demoUsers } from '@server/db/seed/demo-data';
import { readOutbox, type ReadMail } from '@server/test/auth-helpers';
import { startServer, type RunningServer } from '../../scripts/server-process';
import { axeViolations } from './support/axe';
import { chromiumPath, launchChromium } from './support/chromium';
import { walkPurchase } from './support/purchase-walk';

/**
 * Issue 20 in Chromium against the real server started with TEST_HOOKS (its clock a TestClock
 * that an administrator-only test route moves; the route and the hook are refused in
 * production): a new insured buys on the monthly plan → the clock moves to the second
 * instalment's invoice day and the instalments' sweeps run → the mailed "Pay" link, followed in
 * the browser, asks for sign-in (the weeks passed ended the session) and lands on exactly that
 * instalment → paid through the sandbox checkout → the page says paid, and the dashboard's
 * schedule shows instalment 2 paid. axe and a phone's width on the pay page and the dashboard;
 * pictures under .tmp/instalments-screens/ (or INSTALMENTS_SCREENSHOTS).
 */

const shotsDir = process.env.INSTALMENTS_SCREENSHOTS ?? join(process.cwd(), '.tmp/instalments-screens');
const PHONE = { width: 390, height: 844 };
const admin = demoUsers.find((user) => user.role === 'admin')!;
const PASSWORD = 'Blueprint-Arch-2026';

describe.runIf(chromiumPath)('paying the second instalment from its mailed link (issue 20)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `instalments.${Date.now()}@example.com`;
  const problems: string[] = [];
  mkdirSync(shotsDir, { recursive: true });

  async function call<T>(path: string, token: string, body?: unknown): Promise<T> {
    const response = await fetch(`${server.url}/api/weborder/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  }

  async function signIn(username: string, password: string): Promise<string> {
    const response = await fetch(`${server.url}/api/weborder/auth/generate-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  async function look(name: string): Promise<void> {
    await page.screenshot({ path: join(shotsDir, `${name}-1280.png`), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(shotsDir, `${name}-390.png`), fullPage: true });
    const scrolls = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(scrolls, `${name} scrolls sideways at ${PHONE.width} px`).toBe(false);
    expect(await axeViolations(page), `${name} at ${PHONE.width} px`).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page), `${name} at 1280 px`).toEqual([]);
  }

  /** The mails to the insured, once the server's sender has written them. */
  async function mailMatching(subject: RegExp): Promise<ReadMail> {
    let found: ReadMail | undefined;
    await expect
      .poll(
        async () => {
          found = (await readOutbox(server.dataDir)).find(
            (mail) => mail.to.includes(email) && subject.test(mail.subject),
          );
          return found !== undefined;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    return found!;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { TEST_HOOKS: '1' } }), launchChromium()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('buys monthly, follows the mailed link after the clock moves, pays the second instalment through the checkout, and the dashboard shows it paid', async () => {
    await walkPurchase(page, {
      url: `${server.url}/`,
      email,
      look: async (step) => {
        // The monthly plan: a quarter down today, then nine monthly payments.
        if (step === 'price') await page.getByRole('radio', { name: /^Monthly: / }).check();
      },
    });

    const insuredToken = await signIn(email, PASSWORD);
    const [plan] = await call<PolicyInstalments[]>('insured/instalments', insuredToken);
    expect(plan!.paymentTerm.code).toBe('monthly');
    expect(plan!.schedule).toHaveLength(10);
    expect(plan!.schedule.map((item) => item.status).slice(0, 2)).toEqual(['paid', 'scheduled']);
    const second = plan!.schedule[1]!;

    // To the second instalment's invoice day (14 days before it is due), and the sweeps run.
    const adminToken = await signIn(admin.email, admin.password);
    const today = businessToday(new Date());
    const days = daysBetween(today, addDays(second.dueDate, -14));
    expect(days).toBeGreaterThan(0);
    await call('test/advanceclock', adminToken, { days });
    // The move ended every sign-in, the administrator's too.
    const swept = await call<{ invoiced: number }>(
      'test/runinstalments',
      await signIn(admin.email, admin.password),
      {},
    );
    expect(swept.invoiced).toBe(1);

    const mail = await mailMatching(/^Instalment 2 of 10 of policy /);
    expect(mail.subject).toContain(formatUsd(second.amountCents));
    const link = /(http\S+\/policy\/instalment\?invoiceid=\d+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeDefined();

    // Weeks later the sign-in has ended: the link asks for it, then lands on that instalment.
    await page.goto(link!);
    const login = page.locator('[data-screen="login"]');
    await login.getByLabel('E-mail address').waitFor();
    await login.getByLabel('E-mail address').fill(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();

    const pay = page.locator('[data-screen="pay-instalment"]');
    await pay.getByRole('heading', { level: 1, name: 'Pay instalment 2 of 10' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/policy/instalment');
    await expect.poll(() => pay.getByText(formatUsd(second.amountCents)).count()).toBeGreaterThan(0);
    await look('pay-instalment');

    // One button to the checkout, by the keyboard.
    const button = pay.getByRole('button', { name: `Pay ${formatUsd(second.amountCents)}` });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/api/weborder/payments/sandbox/checkout/'));
    const checkout = page.locator('[data-screen="sandbox-checkout"]');
    await checkout.getByLabel('Card number').waitFor();
    await checkout.getByLabel('Name on card').fill('Frank Lloyd');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
    await checkout.getByLabel('Security code').fill('123');
    await checkout.getByRole('button', { name: /^Pay / }).click();

    await pay.getByRole('heading', { level: 1, name: 'Instalment paid' }).waitFor();
    await pay.getByText(`we received ${formatUsd(second.amountCents)} for instalment 2`).waitFor();
    await look('pay-instalment-paid');

    // The dashboard's schedule: instalment 2 paid; the next is the third, not invoiced yet.
    await pay.getByRole('link', { name: 'Your dashboard' }).click();
    const card = page.locator('[data-screen="dashboard"]').getByRole('region', { name: 'Your payments' });
    await card.waitFor();
    await card.getByText('Payment schedule: 2 of 10 paid').click();
    const row = card.getByRole('row', { name: /^2 / });
    await expect.poll(() => row.textContent()).toContain('Paid');
    await card.getByText('We will send the invoice before it is due.').waitFor();
    await look('dashboard-instalments');

    const [after] = await call<PolicyInstalments[]>('insured/instalments', await signIn(email, PASSWORD));
    expect(after!.schedule[1]!.status).toBe('paid');
    expect(await mailMatching(/^Payment received: instalment 2 of 10/)).toBeDefined();
    expect(problems).toEqual([]);
  }, 180_000);
});
