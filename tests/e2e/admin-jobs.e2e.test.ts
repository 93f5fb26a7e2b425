import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '@server/db/seed/demo-data';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * Issue 20, as an administrator would look: from the audit log the navigation leads, by
 * keyboard, to Scheduled work, where the real server's job engine (pg-boss on the embedded
 * database) lists each sweep of the registry with its schedule and next run. axe at a desktop's
 * width and a phone's, nothing wider than the phone but the tables' own scrolling regions; a
 * picture of each (ADMIN_JOBS_SCREENSHOTS, else .tmp/admin-jobs).
 */
const demoAdmin = demoUsers.find((user) => user.role === 'admin')!;
const shotsDir = process.env.ADMIN_JOBS_SCREENSHOTS ?? join(process.cwd(), '.tmp/admin-jobs');
const PHONE = { width: 390, height: 844 };

async function overflow(page: Page) {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const inScroller = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const { overflowX } = getComputedStyle(up);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    const over = [...document.querySelectorAll('body *')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > limit + 1 || box.left < -1) && !inScroller(element);
    });
    return {
      scrolls: document.documentElement.scrollWidth > limit,
      over: over.slice(0, 5).map((element) => element.outerHTML.slice(0, 120)),
    };
  });
}

describe.runIf(chromiumPath)('the scheduled work in Chromium (issue 20)', () => {
  const env = useServerAndBrowser();
  const problems: string[] = [];
  let page: Page;
  const url = (path: string) => `${env.server.url}${path}`;
  const screen = (name: string) => page.locator(`[data-screen="${name}"]`);

  beforeAll(async () => {
    mkdirSync(shotsDir, { recursive: true });
    page = await (await env.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(url('/login'));
    await screen('login').getByLabel('E-mail address').fill(demoAdmin.email);
    await screen('login').getByLabel('Password').fill(demoAdmin.password);
    await screen('login').getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((address) => !address.pathname.startsWith('/login'));
  });

  afterAll(() => expect(problems).toEqual([]));

  it('an administrator reaches Scheduled work by keyboard and reads each queue', async () => {
    await page.goto(url('/admin/audit'));
    const link = screen('admin-audit').getByRole('link', { name: 'Scheduled work' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((address) => address.pathname === '/admin/jobs');
    const queues = screen('admin-jobs').getByRole('table', { name: 'Queues' });
    await queues.waitFor();
    const housekeeping = queues.getByRole('row').filter({ hasText: 'housekeeping.expired' });
    await expect(housekeeping.textContent()).resolves.toContain('Every hour');
    await expect(housekeeping.textContent()).resolves.toContain('0 * * * *');
    await expect(screen('admin-jobs').getByRole('status').textContent()).resolves.toMatch(
      /queues?; no job has failed\./,
    );
    await expect(screen('admin-jobs').textContent()).resolves.toContain('Jobs are kept in the embedded database.');

    expect(await axeViolations(page), 'admin/jobs at 1280 px').toEqual([]);
    await page.screenshot({ path: join(shotsDir, 'admin-jobs-1280.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(shotsDir, 'admin-jobs-390.png'), fullPage: true });
    expect(await overflow(page), `admin/jobs at ${PHONE.width} px`).toEqual({ scrolls: false, over: [] });
    expect(await axeViolations(page), `admin/jobs at ${PHONE.width} px`).toEqual([]);

    // Refresh by keyboard: the view loads again and says so.
    await page.setViewportSize({ width: 1280, height: 900 });
    await screen('admin-jobs').getByRole('button', { name: 'Refresh' }).focus();
    await page.keyboard.press('Enter');
    await queues.waitFor();
  });
});
