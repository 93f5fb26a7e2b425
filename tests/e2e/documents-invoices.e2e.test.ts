import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday, daysBetween } from '@shared/calendar';
import type { DocumentList } from '@shared/contract/documents';
import type { PolicyInstalments } from '@shared/contract/instalments';
import { formatUsd } from '@shared/contract/money-format';
import { demoUsers } from '@server/db/seed/demo-data';
import { startServer, type RunningServer } from '../../scripts/server-process';
import { axeViolations } from './support/axe';
import { chromiumPath, launchChromium } from './support/chromium';
import { walkPurchase } from './support/purchase-walk';

/**
 * Issue 20's note in Chromium against the real server (TEST_HOOKS: its clock moved by an
 * administrator-only route): a new insured buys on the monthly plan → the clock moves past the
 * second instalment's grace and the sweeps run (it is invoiced, then noticed) → the documents
 * screen lists both invoices of the order, each with what it is for, its amount and status and
 * its own download, and the notice of cancellation for non-payment; each downloads under its own
 * name. axe, and no sideways scroll, at 1280 and 390 px; pictures under .tmp/documents-screens/
 * (or DOCUMENTS_SCREENSHOTS).
 */

const shotsDir = process.env.DOCUMENTS_SCREENSHOTS ?? join(process.cwd(), '.tmp/documents-screens');
const PHONE = { width: 390, height: 844 };
const admin = demoUsers.find((user) => user.role === 'admin')!;
const PASSWORD = 'Blueprint-Arch-2026';

describe.runIf(chromiumPath)('every invoice of an order and the notice of non-payment on the documents screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `documents.${Date.now()}@example.com`;
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
    expect(await axeViolations(page), `${name} at 1280 px`).toEqual([]);
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(shotsDir, `${name}-390.png`), fullPage: true });
    const scrolls = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(scrolls, `${name} scrolls sideways at ${PHONE.width} px`).toBe(false);
    expect(await axeViolations(page), `${name} at ${PHONE.width} px`).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { TEST_HOOKS: '1' } }), launchChromium()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists and downloads each invoice and the notice', async () => {
    await walkPurchase(page, {
      url: `${server.url}/`,
      email,
      look: async (step) => {
        if (step === 'price') await page.getByRole('radio', { name: /^Monthly: / }).check();
      },
    });
    const [plan] = await call<PolicyInstalments[]>('insured/instalments', await signIn(email, PASSWORD));
    const second = plan!.schedule[1]!;

    // Past the second instalment's grace: the sweeps invoice it, then notice it.
    const adminToken = await signIn(admin.email, admin.password);
    const days = daysBetween(businessToday(new Date()), addDays(second.dueDate, 11));
    await call('test/advanceclock', adminToken, { days });
    const swept = await call<{ invoiced: number; noticed: number }>(
      'test/runinstalments',
      await signIn(admin.email, admin.password),
      {},
    );
    expect(swept).toMatchObject({ invoiced: 1, noticed: 1 });

    // The weeks passed ended the session: the documents screen asks for sign-in first.
    await page.goto(`${server.url}/document`);
    const login = page.locator('[data-screen="login"]');
    await login.getByLabel('E-mail address').waitFor();
    await login.getByLabel('E-mail address').fill(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();

    const screen = page.locator('[data-screen="document"]');
    const invoices = screen.getByRole('region', { name: 'Invoices' });
    await invoices.waitFor();
    const rows = invoices.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('Paid');
    expect(await rows.nth(1).textContent()).toContain('Installment 2 of 10');
    expect(await rows.nth(1).textContent()).toContain(formatUsd(second.amountCents));
    await look('documents');

    const invoiceButton = rows.nth(1).getByRole('button', { name: /^Download invoice INV-/ });
    const [invoiceFile] = await Promise.all([page.waitForEvent('download'), invoiceButton.click()]);
    expect(invoiceFile.suggestedFilename()).toMatch(/^invoice-inv-\d{4}-\d+\.pdf$/);
    const noticeButton = screen.getByRole('button', { name: /^Download Notice of cancellation for non-payment / });
    const [noticeFile] = await Promise.all([page.waitForEvent('download'), noticeButton.click()]);
    expect(noticeFile.suggestedFilename()).toMatch(/^notice-of-non-payment-p-\d{4}-\d+-inv-\d{4}-\d+\.pdf$/);
    expect(await screen.locator('[data-policy-status]').first().getAttribute('data-policy-status')).toBe(
      'cancellation_notice',
    );

    // The policy page lists the notice among its history's events.
    const token = await signIn(email, PASSWORD);
    const list = await call<DocumentList>('documents/list', token);
    const policyId = list.orders[0]!.policyId!;
    await page.goto(`${server.url}/policy?policyid=${policyId}`);
    const history = page.locator('[data-screen="policy-history"]').getByRole('region', { name: 'History' });
    await history.getByText('Notice of cancellation for non-payment').waitFor();
    await look('policy-notice');

    // The insured cancels from the server's today: the notice of cancellation is kept with the
    // documents, and the policy reads cancelled beside them.
    await call('insured/cancelpolicy', token, { policyid: policyId, cancellationDate: list.today });
    await page.goto(`${server.url}/document`);
    const cancelled = screen.locator('[data-document-kind="cancellationnotice"]');
    await cancelled.waitFor();
    expect(await screen.locator('[data-policy-status]').first().getAttribute('data-policy-status')).toBe('cancelled');
    expect(await screen.locator('.documents-standing').first().textContent()).toMatch(/^Cancelled from /);
    await look('documents-cancelled');
    const [cancellationFile] = await Promise.all([
      page.waitForEvent('download'),
      cancelled.getByRole('button', { name: /^Download Notice of cancellation P-/ }).click(),
    ]);
    expect(cancellationFile.suggestedFilename()).toMatch(/^endorsement-p-\d{4}-\d+-e\d{2}\.pdf$/);
    expect(problems).toEqual([]);
  }, 300_000);
});
