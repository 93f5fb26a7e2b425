import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from 'puppeteer-core';
import { chromiumPath, launchChromium } from '../tests/e2e/support/chromium';
import { quotedOrder, signUp, type Session } from './api';
import { report, say } from './figures';
import { pricedQuote, KEEP_NAMES_SHIM } from './purchase';

/**
 * Lighthouse 12's mobile run, as its defaults have it (Moto G Power emulation, simulated slow 4G
 * and 4× CPU), on four pages: the landing page, a priced quote, login and review-and-pay.
 *
 * Lighthouse gets a page of ours (puppeteer-core, which it ships with, connected to a Chromium
 * started by chrome-launcher, also its own) in a fresh browser context each time: the HTTP cache
 * is empty, as on a first visit. The priced quote and the payment page need what the app keeps in
 * the browser — the tab's quote (sessionStorage `ssp-quote`, per tab) and the session
 * (localStorage `ssp-auth-token`/`ssp-auth-user`, cookie `remember`): they are written from a
 * same-origin JSON page (the health route, which loads no script or style) in that same tab before
 * Lighthouse navigates, with `disableStorageReset` so Lighthouse keeps them. Each run must end on
 * the screen it is meant to measure, or the section fails. Each page is opened once before, in a
 * context thrown away, so the server is measured warm (see warmUp).
 */
export const LIGHTHOUSE_GOALS = { performance: 95, performanceAim: 100, cls: 0.02, tbtMs: 100 } as const;

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Seed {
  sessionStorage?: Record<string, string>;
  localStorage?: Record<string, string>;
  cookies?: string[];
}

interface LighthousePage {
  label: string;
  path: string;
  seed?: Seed;
  /** A selector that is on the page once the screen measured is the one meant (not an error or a redirect). */
  shows: string;
  /** Text that element must hold, when the selector alone would not tell. */
  text?: RegExp;
}

export async function lighthouseSection(baseUrl: string): Promise<void> {
  if (!chromiumPath) throw new Error('Lighthouse: no Chromium (set CHROME_PATH or install Debian’s chromium)');
  const pages: LighthousePage[] = [
    { label: 'landing', path: '/', shows: '[data-screen="landing"]' },
    {
      label: 'priced quote',
      path: '/quotes',
      seed: { sessionStorage: await savedQuote(baseUrl) },
      shows: '[data-screen="quotes"] [data-quote-total]',
    },
    { label: 'login', path: '/login', shows: '[data-screen="login"] input[type="password"]' },
    await paymentPage(baseUrl),
  ];

  const chrome = await launchChrome({ chromePath: chromiumPath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  let browser: PuppeteerBrowser | undefined;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const version = await browser.version();
    say(`Lighthouse 12 defaults: mobile emulation, simulated throttling; ${version}; one run per page`);
    for (const page of pages) await measure(browser, baseUrl, page);
  } finally {
    await browser?.disconnect();
    chrome.kill();
  }
}

async function measure(browser: PuppeteerBrowser, baseUrl: string, target: LighthousePage): Promise<void> {
  await warmUp(browser, baseUrl, target);
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (target.seed) await seed(page, baseUrl, target.seed);
    const flags: Flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: target.seed !== undefined,
    };
    const result = await lighthouse(
      `${baseUrl}${target.path}`,
      flags,
      undefined,
      page as unknown as Parameters<typeof lighthouse>[3],
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
    const lhr = result.lhr;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse on ${target.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const shown = await page.$eval(target.shows, (element) => element.textContent ?? '').catch(() => undefined);
    if (shown === undefined || (target.text && !target.text.test(shown))) {
      throw new Error(
        `Lighthouse on ${target.path} ended on ${page.url()} without ${target.shows} ${target.text ?? ''}: it measured another screen`,
      );
    }
    print(target.label, lhr);
    // BENCH_LIGHTHOUSE_DIR keeps each page's whole report, to see which element was the LCP and why.
    const keep = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      writeFileSync(join(keep, `${target.label.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
    }
  } finally {
    await context.close();
  }
}

function print(label: string, lhr: Result): void {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const performance = score('performance');
  const cls = numeric('cumulative-layout-shift');
  const tbt = numeric('total-blocking-time');
  const lcp = numeric('largest-contentful-paint');
  const fcp = numeric('first-contentful-paint');
  const section = 'lighthouse';
  report({
    section,
    name: `Lighthouse mobile performance, ${label}`,
    value: String(performance),
    goal: `≥ ${LIGHTHOUSE_GOALS.performance}, aim ${LIGHTHOUSE_GOALS.performanceAim}`,
    met: performance >= LIGHTHOUSE_GOALS.performance,
  });
  report({
    section,
    name: `  LCP, ${label}`,
    value: `${(lcp / 1000).toFixed(2)} s`,
    goal: '',
    note: `FCP ${(fcp / 1000).toFixed(2)} s`,
  });
  report({
    section,
    name: `  CLS, ${label}`,
    value: cls.toFixed(3),
    goal: `≤ ${LIGHTHOUSE_GOALS.cls}`,
    met: cls <= LIGHTHOUSE_GOALS.cls,
  });
  report({
    section,
    name: `  TBT, ${label}`,
    value: `${Math.round(tbt)} ms`,
    goal: `≤ ${LIGHTHOUSE_GOALS.tbtMs} ms`,
    met: tbt <= LIGHTHOUSE_GOALS.tbtMs,
  });
  const others = ['accessibility', 'best-practices', 'seo'].map(score);
  report({ section, name: `  accessibility / best practices / SEO, ${label}`, value: others.join(' / '), goal: '' });
  for (const [id, category] of Object.entries(lhr.categories)) {
    if ((category.score ?? 0) >= 1) continue;
    const failing = category.auditRefs
      .map((ref) => lhr.audits[ref.id]!)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          !['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode),
      );
    if (failing.length === 0) continue;
    say(
      `${id} ${Math.round((category.score ?? 0) * 100)} because of: ${failing.map((audit) => `${audit.id} (${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''})`).join('; ')}`,
    );
  }
}

/**
 * Opens the page once in a context of its own, thrown away: the server has then answered its
 * calls before, as a server that has been running has (its first answer after a start pays for
 * compiling the code paths and warming the database, up to 100 ms more per call). The measured
 * visit's browser, in a new context, still has an empty cache.
 */
async function warmUp(browser: PuppeteerBrowser, baseUrl: string, target: LighthousePage): Promise<void> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (target.seed) await seed(page, baseUrl, target.seed);
    await page.goto(`${baseUrl}${target.path}`);
    await page.waitForSelector(target.shows, { timeout: 30_000 });
  } finally {
    await context.close();
  }
}

/** Writes the app's browser state for baseUrl's origin in this tab, from a page that loads nothing else. */
async function seed(page: PuppeteerPage, baseUrl: string, state: Seed): Promise<void> {
  await page.goto(`${baseUrl}/api/weborder/health`);
  await page.evaluate((values: Seed) => {
    for (const [key, value] of Object.entries(values.sessionStorage ?? {})) sessionStorage.setItem(key, value);
    for (const [key, value] of Object.entries(values.localStorage ?? {})) localStorage.setItem(key, value);
    for (const cookie of values.cookies ?? []) document.cookie = cookie;
  }, state);
}

/** Priced in a real browser as a visitor prices it; what the tab then keeps is what /quotes reads. */
async function savedQuote(baseUrl: string): Promise<Record<string, string>> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(KEEP_NAMES_SHIM);
    const page = await context.newPage();
    await pricedQuote(page, baseUrl);
    const quote = await page.evaluate(() => sessionStorage.getItem('ssp-quote'));
    if (!quote) throw new Error('The priced quote left nothing in sessionStorage ssp-quote');
    return { 'ssp-quote': quote };
  } finally {
    await browser.close();
  }
}

/** A signed-in insured with a quoted order (signed up and saved through the API), on its review-and-pay page. */
async function paymentPage(baseUrl: string): Promise<LighthousePage> {
  const session = await signUp(baseUrl);
  const { submissionId } = await quotedOrder(baseUrl, session.token);
  return {
    label: 'payment',
    path: `/payment?submissionid=${submissionId}`,
    seed: {
      localStorage: { 'ssp-auth-token': session.token, 'ssp-auth-user': JSON.stringify(storedUser(session)) },
      cookies: ['remember=true; path=/; SameSite=Lax'],
    },
    shows: '[data-screen="payment"] h1',
    text: /Review and pay/,
  };
}

/** What src/api/session-store.ts storedUserFromSession keeps under ssp-auth-user. */
function storedUser(session: Session) {
  return {
    ...session.user,
    token: session.token,
    refreshToken: session.refreshToken,
    rememberMe: true,
    expiresAt: Date.now() + session.expiresIn * 1000,
  };
}
