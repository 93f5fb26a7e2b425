import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday, daysBetween } from '@shared/calendar';
import type { ClaimablePolicy } from '@shared/contract/claims';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import type { Renewal } from '@shared/contract/renewal';
import { demoUsers } from '@server/db/seed/demo-data';
import { readOutbox, type ReadMail } from '@server/test/auth-helpers';
import { startServer, type RunningServer } from '../../scripts/server-process';
import { axeViolations } from './support/axe';
import { chromiumPath, launchChromium } from './support/chromium';
import { walkPurchase } from './support/purchase-walk';

/**
 * Issue 20's renewal in Chromium against the real server started with TEST_HOOKS (its clock a
 * TestClock an administrator-only test route moves; refused in production): a new insured buys a
 * policy → the clock moves to 60 days before its end and the renewal sweep runs → the offer is
 * mailed → the insured signs in, finds the renewal card on the dashboard, opens the offer, signs
 * and accepts by the keyboard, pays through the sandbox checkout → the payment confirmation names
 * P-…-R1; the renewal screen, now bound, links the new term, whose policy page shows the next
 * period. axe and a phone's width on the renewal screen and the dashboard card; pictures under
 * .tmp/renewal-screens/ (or RENEWAL_SCREENSHOTS).
 */

const shotsDir = process.env.RENEWAL_SCREENSHOTS ?? join(process.cwd(), '.tmp/renewal-screens');
const PHONE = { width: 390, height: 844 };
const admin = demoUsers.find((user) => user.role === 'admin')!;
const PASSWORD = 'Blueprint-Arch-2026';

describe.runIf(chromiumPath)(
  'a renewal offered ahead of expiry, accepted from the dashboard and paid (issue 20)',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const email = `renewals.${Date.now()}@example.com`;
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

    it('offers the renewal 60 days ahead, the insured accepts it from the dashboard and pays, and the policy page shows the new period', async () => {
      await walkPurchase(page, { url: `${server.url}/`, email });
      const [policy] = await call<ClaimablePolicy[]>('insured/policies', await signIn(email, PASSWORD));
      expect(policy).toBeDefined();

      // To 60 days before the end, and the renewal sweep runs.
      const adminToken = await signIn(admin.email, admin.password);
      const days = daysBetween(businessToday(new Date()), addDays(policy!.expirationDate, -60));
      expect(days).toBeGreaterThan(0);
      await call('test/advanceclock', adminToken, { days });
      const swept = await call<{ offered: number }>('test/runrenewals', await signIn(admin.email, admin.password), {});
      expect(swept.offered).toBeGreaterThanOrEqual(1);
      const offer = await call<Renewal>(`insured/renewal?policyid=${policy!.id}`, await signIn(email, PASSWORD));
      expect(offer.status).toBe('offered');
      const total = offer.offer!.rating!.totalCents;
      const mail = await mailMatching(new RegExp(`^Your renewal offer for policy ${policy!.number}$`));
      expect(mail.text).toContain(`/policy/renewal?policyid=${policy!.id}`);
      expect(mail.text).toContain(formatUsd(total));

      // Weeks later the session has ended: sign in, and the dashboard shows the renewal card.
      await page.goto(`${server.url}/dashboard`);
      const login = page.locator('[data-screen="login"]');
      await login.getByLabel('E-mail address').waitFor();
      await login.getByLabel('E-mail address').fill(email);
      await login.getByLabel('Password').fill(PASSWORD);
      await login.getByRole('button', { name: 'Log in' }).click();
      const dashboard = page.locator('[data-screen="dashboard"]');
      const card = dashboard.getByRole('region', { name: 'Your renewals' });
      await card.waitFor();
      await card.getByText(`Renew it for ${formatUsd(total)} a year`, { exact: false }).waitFor();
      await look('dashboard-renewal-card');
      await card.getByRole('link', { name: 'See your renewal' }).click();

      const renewal = page.locator('[data-screen="renewal"]');
      await renewal.getByRole('heading', { name: `Your renewal: ${policy!.number}-R1` }).waitFor();
      // The year's total, beside its premium, fees and taxes (the same figure again in the lines).
      await renewal.locator('.renewal-offer__amount').getByText(formatUsd(total), { exact: true }).waitFor();
      await look('renewal');

      // By the keyboard: the signature, the agreement, Accept and pay.
      await renewal.getByLabel('Your full name, as your signature').focus();
      await page.keyboard.type('Frank Lloyd');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await renewal.getByRole('button', { name: 'Accept and pay' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname.startsWith('/api/weborder/payments/sandbox/checkout/'));
      const checkout = page.locator('[data-screen="sandbox-checkout"]');
      await checkout.getByLabel('Card number').waitFor();
      await checkout.getByLabel('Name on card').fill('Frank Lloyd');
      await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
      await checkout.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
      await checkout.getByLabel('Security code').fill('123');
      await checkout.getByRole('button', { name: /^Pay / }).click();

      const confirm = page.locator('[data-screen="paymentconfirm"]');
      await confirm
        .getByRole('heading', { level: 1, name: `Payment received — policy ${policy!.number}-R1 is issued` })
        .waitFor();

      // The new term's page: its number and the next period.
      const renewed = await call<Renewal>(`insured/renewal?policyid=${policy!.id}`, await signIn(email, PASSWORD));
      expect(renewed.status).toBe('renewed');
      const next = renewed.offer!;
      // The renewal screen says it is bound, and its link opens the new term (not the one it renews).
      await page.goto(`${server.url}/policy/renewal?policyid=${policy!.id}`);
      await renewal.getByRole('heading', { name: 'Your renewal is bound' }).waitFor();
      await look('renewal-bound');
      await renewal.getByRole('link', { name: 'See your renewed policy' }).click();
      await page.waitForURL((u) => u.pathname === '/policy' && u.search === `?policyid=${next.renewedPolicyId}`);
      const policyPage = page.locator('[data-screen="policy-history"]');
      await policyPage.getByText(`${policy!.number}-R1`, { exact: false }).first().waitFor();
      await expect.poll(async () => policyPage.textContent()).toContain(formatCalendarDay(next.expirationDate));
      await look('renewed-policy');
      expect(problems).toEqual([]);
    }, 240_000);
  },
);
