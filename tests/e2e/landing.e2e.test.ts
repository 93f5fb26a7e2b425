import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { demoBrokers, demoCategories, demoSpecialities } from '@server/db/seed/demo-data';
import { axeViolations } from './support/axe';
import { browserRequired, chromiumPath, launchChromium } from './support/chromium';
import { startServer } from '../../scripts/server-process';
import { useServerAndBrowser } from './support/server-and-browser';

const screenshots = process.env.E2E_SCREENSHOTS;

async function snap(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
}

describe.runIf(chromiumPath)('landing in Chromium', () => {
  let page: Page;

  const env = useServerAndBrowser();

  async function open(path: string): Promise<void> {
    page = await env.browser.newPage();
    await page.goto(`${env.server.url}${path}`);
  }

  it('lists every seeded speciality under its category, with no console error or CSP violation', async () => {
    page = await env.browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${env.server.url}/`);
    const screen = page.locator('[data-screen="landing"]');
    await screen.getByRole('heading', { level: 3, name: demoCategories[0].name }).waitFor();
    const headings = await screen.getByRole('heading', { level: 3 }).allTextContents();
    expect(headings).toEqual(demoCategories.map((category) => category.name));
    for (const category of demoCategories) {
      const section = screen.getByRole('region', { name: category.name });
      const names = await section.getByRole('heading', { level: 4 }).allTextContents();
      const expected = demoSpecialities.filter((s) => s.category === category.name).map((s) => s.name);
      expect(names.sort()).toEqual([...expected].sort());
    }
    expect(await page.title()).toBe('Professional liability by speciality — Practice Shield');
    expect(problems).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await snap(page, 'landing');
    await page.close();
  });

  it('answers /landing with the same screen', async () => {
    await open('/landing');
    await page.getByRole('heading', { level: 4, name: demoSpecialities[0].name }).waitFor();
    expect(await page.locator('[data-screen="landing"]').count()).toBe(1);
    await page.close();
  });

  it('shows only the broker’s specialities on its branded landing page', async () => {
    const broker = demoBrokers[2];
    await open(`/client/landing/${broker.clientUrl}`);
    const screen = page.locator('[data-screen="landing"]');
    await screen.getByRole('heading', { level: 4 }).first().waitFor();
    const names = await screen.getByRole('heading', { level: 4 }).allTextContents();
    const sold = new Set<string>(broker.specialities.map((s) => s.speciality));
    const expected = demoSpecialities.filter((s) => sold.has(s.code)).map((s) => s.name);
    expect(names.sort()).toEqual([...expected].sort());
    expect(await axeViolations(page)).toEqual([]);
    await snap(page, 'landing-branded');
    await page.close();
  });

  it('sends an unknown broker to its branded page-not-found', async () => {
    await open('/client/landing/no-such-broker');
    await page.waitForURL('**/client/page-not-found/no-such-broker');
    await page.locator('[data-screen="page-not-found"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('treats a client id that could never be a broker’s as an unknown broker', async () => {
    await open('/client/landing/harbor_risk');
    await page.waitForURL('**/client/page-not-found/harbor_risk');
    await page.locator('[data-screen="page-not-found"]').waitFor();
    await page.close();
  });

  it('loads the other broker’s list when the address moves between storefronts without a reload', async () => {
    await open(`/client/landing/${demoBrokers[0].clientUrl}`);
    const cards = page.locator('[data-screen="landing"]').getByRole('heading', { level: 4 });
    await cards.first().waitFor();
    const other = demoBrokers[2];
    // What the browser's back and forward buttons do in a single-page app: a history entry and a popstate.
    await page.evaluate((path) => {
      history.pushState(history.state, '', path);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, `/client/landing/${other.clientUrl}`);
    const sold = new Set<string>(other.specialities.map((s) => s.speciality));
    const expected = demoSpecialities
      .filter((s) => sold.has(s.code))
      .map((s) => s.name)
      .sort();
    await expect.poll(async () => (await cards.allTextContents()).sort()).toEqual(expected);
    await page.close();
  });

  it('shows page-not-found for an unknown path, accessibly', async () => {
    await open('/no/such/page');
    await page.locator('[data-screen="page-not-found"]').getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('Page not found — Practice Shield');
    expect(await axeViolations(page)).toEqual([]);
    await snap(page, 'page-not-found');
    await page.close();
  });

  it('leads back to the start by keyboard and puts focus on the new content', async () => {
    await open('/client/page-not-found/harbor-risk');
    const back = page.getByRole('link', { name: 'Back to the start' });
    await back.waitFor();
    await back.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/client/landing/harbor-risk');
    await page.locator('[data-screen="landing"]').getByRole('heading', { level: 4, name: 'Dentists' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.title()).toBe('Professional liability by speciality — Practice Shield');
    await page.close();
  });

  it('works by keyboard: skip link to the content, then filter the specialities', async () => {
    await open('/');
    await page.getByRole('heading', { level: 4, name: 'Dentists' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    // A same-document navigation: the page's URL is updated when the browser reports it, a moment later.
    await expect.poll(() => page.url()).toMatch(/#main$/);
    // From the main landmark the next stop is the search field.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('search');
    await page.keyboard.type('dent');
    const cards = page.locator('[data-screen="landing"]').getByRole('heading', { level: 4 });
    await expect.poll(() => cards.allTextContents()).toEqual(['Dentists']);
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe(`1 of ${demoSpecialities.length} specialities match “dent”.`);
    await page.keyboard.type('zzz');
    await expect.poll(() => page.getByRole('status').textContent()).toBe('No speciality matches “dentzzz”.');
    expect(await cards.count()).toBe(0);
    await page.close();
  });
});

describe.runIf(chromiumPath)('the server restarted on the same data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps what was written before the restart and seeds nothing twice', async () => {
    const first = await startServer({ dataDir });
    const before = await (await fetch(`${first.url}/api/weborder/auth/specialitylist`)).json();
    await first.stop();

    // Written while the server is down, straight into its database: only persistence can bring it back.
    const db = new PGlite(join(dataDir, 'pgdata'));
    const [category] = (
      await db.query<{ id: number }>(
        `insert into speciality_categories (name, description, sort_order) values ('Veterinary', 'Animal health', 9) returning id`,
      )
    ).rows;
    await db.query(
      `insert into specialities (category_id, name, description, random_code) values ($1, 'Veterinarians', 'Small and large animal practices', 'VETS2026')`,
      [category!.id],
    );
    await db.close();

    const second = await startServer({ dataDir });
    const browser = await launchChromium();
    try {
      const after = await (await fetch(`${second.url}/api/weborder/auth/specialitylist`)).json();
      expect(after).toHaveLength(before.length + 1);
      const page = await browser.newPage();
      await page.goto(second.url);
      await page
        .getByRole('region', { name: 'Veterinary' })
        .getByRole('heading', { level: 4, name: 'Veterinarians' })
        .waitFor();
      const headings = await page
        .locator('[data-screen="landing"]')
        .getByRole('heading', { level: 3 })
        .allTextContents();
      expect(headings).toEqual([...demoCategories.map((c) => c.name), 'Veterinary']);
    } finally {
      await browser.close();
      await second.stop();
    }
    // Two cold starts on an empty data directory (migrations and the seed, no test template).
  }, 180_000);
});

describe.runIf(!chromiumPath && browserRequired)('browser tests in CI', () => {
  it('need Chromium (E2E_REQUIRED=1)', () => {
    expect.fail('No Chromium found: install Debian’s chromium package or set CHROME_PATH.');
  });
});
