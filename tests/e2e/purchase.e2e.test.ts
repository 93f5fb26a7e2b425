import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { demoBrokers } from '@server/db/seed/demo-data';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * Issue 16's "Done when", in Chromium against the real server: a new visitor buys, plain and
 * through a broker's storefront, on a desktop (1280×800) and on a phone (390×844), from the
 * landing page to a downloaded policy — at most seven distinct screens, none visited twice, no
 * value typed twice, no request answered 4xx or 5xx, axe clean on every step, and at phone width
 * no element wider than the viewport. Every step is kept as a screenshot under
 * .tmp/purchase-screens/ (or PURCHASE_SCREENSHOTS) to be looked at by eye.
 */

const run = promisify(execFile);
const lakeside = demoBrokers[2];
const shotsDir = process.env.PURCHASE_SCREENSHOTS ?? join(process.cwd(), '.tmp/purchase-screens');

const variants = [
  { name: 'plain', landing: '/', prefix: (screen: string) => `/${screen}` },
  { name: 'branded', landing: `/client/landing/${lakeside.clientUrl}`, prefix: (screen: string) => `/client/${screen}/${lakeside.clientUrl}` },
] as const;
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * Kept in the page from its first script on: every screen root that appears, in order, across
 * page loads (sessionStorage outlives the trip to the checkout, which is on the same origin).
 */
function recordScreens() {
  const key = 'e2e-screens';
  const seen = () => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
  const note = () => {
    const root = document.querySelector('[data-screen]');
    const name = root?.getAttribute('data-screen');
    if (!name) return;
    const list = seen();
    if (list.at(-1) !== name) sessionStorage.setItem(key, JSON.stringify([...list, name]));
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', note);
}

describe.runIf(chromiumPath)('the purchase in seven screens (issue 16)', () => {
  const env = useServerAndBrowser();
  const scratch = mkdtempSync(join(tmpdir(), 'purchase-e2e-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  mkdirSync(shotsDir, { recursive: true });

  for (const variant of variants) {
    for (const viewport of viewports) {
      it(`${variant.name} at ${viewport.width}×${viewport.height}: a new visitor buys and downloads the policy`, async () => {
        const context = await env.browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, acceptDownloads: true });
        await context.addInitScript(recordScreens);
        const page = await context.newPage();
        const failures: string[] = [];
        const problems: string[] = [];
        page.on('response', (response) => {
          if (response.status() >= 400) failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
        });
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        const typed: string[] = [];
        let step = 0;

        const screen = (name: string) => page.locator(`[data-screen="${name}"]`);
        /** Types as a person does (recorded: nothing may be asked twice). */
        async function type(field: Locator, value: string) {
          typed.push(value);
          await field.fill(value);
        }
        /** One step of the purchase, looked at: axe, the phone's width, and a picture of it. */
        async function look(label: string) {
          step += 1;
          await page.screenshot({ path: join(shotsDir, `${variant.name}-${viewport.name}-${step}-${label}.png`), fullPage: true });
          expect(await axeViolations(page), label).toEqual([]);
          if (viewport.width <= 480) {
            const wide = await page.evaluate(() => {
              const limit = document.documentElement.clientWidth;
              const over = [...document.querySelectorAll('body *')].filter((element) => {
                const box = element.getBoundingClientRect();
                return box.width > 0 && (box.right > limit + 1 || box.left < -1) && getComputedStyle(element).position !== 'fixed';
              });
              return { scroll: document.documentElement.scrollWidth, limit, over: over.slice(0, 5).map((element) => element.outerHTML.slice(0, 120)) };
            });
            expect(wide.over, `${label}: elements wider than the phone`).toEqual([]);
            expect(wide.scroll, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(wide.limit);
          }
        }

        // 1. Landing: a speciality, with an indicative price.
        await page.goto(`${env.server.url}${variant.landing}`);
        await screen('landing').getByRole('link', { name: 'Architects', exact: true }).waitFor();
        await look('landing');
        await screen('landing').getByRole('link', { name: 'Architects', exact: true }).click();

        // 2. The practice: ZIP, then the questions, on one screen.
        const practice = screen('questionlist');
        await type(practice.getByLabel('ZIP code'), '77002');
        await practice.getByRole('button', { name: 'Continue' }).click();
        await practice.getByRole('button', { name: 'See my price' }).waitFor();
        for (const group of await practice.locator('fieldset.choices').all()) {
          const no = group.getByRole('radio', { name: 'No', exact: true });
          if (await no.count()) await no.check();
          else await group.getByRole('radio').first().check();
        }
        await type(practice.getByLabel('How many years have you been in practice?'), '12');
        await type(practice.getByLabel('What was your gross revenue over the last 12 months (USD)?'), '850000');
        await type(practice.getByLabel('How many professionals, you included, work in the firm?'), '4');
        await look('practice');
        await practice.getByRole('button', { name: 'See my price' }).click();

        // 3. The price: options, a plan, Buy now.
        const price = screen('quotes');
        await price.locator('[data-quote-total]').waitFor();
        await price.getByRole('heading', { name: 'How your price is worked out' }).waitFor();
        await price.locator('.worksheet').waitFor();
        await look('price');
        const total = Number(await price.locator('[data-quote-total]').getAttribute('data-quote-total'));
        expect(total).toBeGreaterThan(0);
        await price.getByRole('button', { name: 'Buy now' }).click();

        // 4. The account: asked once, the quote's ZIP not again.
        const signup = screen('signup');
        await signup.getByLabel('E-mail address').waitFor();
        const email = `buyer.${variant.name}.${viewport.name}.${Date.now()}@example.com`;
        await type(signup.getByLabel('E-mail address'), email);
        await type(signup.getByLabel('Password', { exact: true }), 'Blueprint-Arch-2026');
        await type(signup.getByLabel('First name'), 'Frank');
        await type(signup.getByLabel('Last name'), 'Lloyd');
        await type(signup.getByLabel('Company name'), 'Prairie Studio Architects');
        await signup.getByLabel(/My business/).check();
        await type(signup.getByLabel('Phone'), '713 555 0199');
        await type(signup.getByLabel('Street address'), '909 Texas Ave');
        await type(signup.getByLabel('Suite, floor or unit'), 'Suite 1200');
        expect(await signup.getByLabel('ZIP code').count()).toBe(0);
        await signup.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
        await look('account');
        await signup.getByRole('button', { name: 'Create account and continue' }).click();

        // 5. Review and pay: nothing missing, the application signed, one press of Pay.
        const review = screen('payment');
        await review.getByRole('heading', { level: 1, name: 'Review and pay' }).waitFor();
        await review.getByLabel('I agree to use electronic records and signatures').check();
        await review.getByLabel('I declare the statements in this application are true').check();
        // The name is the account's, already known: signing is a clear act, not a second typing.
        expect(await review.getByLabel('Your full name, as your signature').inputValue()).toBe('Frank Lloyd');
        await look('review');
        await review.getByRole('button', { name: 'Sign application' }).click();
        await review.getByText(/^Signed by Frank Lloyd on /).first().waitFor();
        expect(await review.getByText('Still needed before you pay').count()).toBe(0);
        await review.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d securely$/ }).click();

        // 6. The hosted checkout: the card only.
        await page.waitForURL((u) => u.pathname.startsWith('/api/weborder/payments/sandbox/checkout/'));
        const checkout = screen('sandbox-checkout');
        await checkout.getByLabel('Card number').waitFor();
        // The cardholder's name is the card's, asked by the provider: the only name typed as one string.
        await type(checkout.getByLabel('Name on card'), 'Frank Lloyd');
        await type(checkout.getByLabel('Card number'), '4242 4242 4242 4242');
        await checkout.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
        typed.push('1234');
        expect(await checkout.getByLabel('Expiry (MM/YY)').inputValue()).toBe('12/34');
        await type(checkout.getByLabel('Security code'), '123');
        await look('checkout');
        await checkout.getByRole('button', { name: /^Pay / }).click();

        // 7. The confirmation: a receipt, the policy and its documents.
        const confirm = screen('paymentconfirm');
        await confirm.getByRole('heading', { level: 1, name: /^Payment received — policy P-\d{4}-\d{6,} is issued$/ }).waitFor();
        const receipt = confirm.getByRole('region', { name: 'Your receipt' });
        await receipt.locator('[data-receipt-invoice]').waitFor();
        expect(await receipt.locator('[data-receipt-invoice]').textContent()).toMatch(/^INV-/);
        const documents = confirm.getByRole('region', { name: 'Documents' });
        const policyButton = documents.getByRole('button', { name: 'Download policy', exact: true });
        await policyButton.waitFor();
        await look('confirmation');
        const [download] = await Promise.all([page.waitForEvent('download'), policyButton.click()]);
        const file = join(scratch, `${variant.name}-${viewport.name}-${download.suggestedFilename()}`);
        await download.saveAs(file);
        expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
        const { stdout } = await run('pdftotext', ['-layout', file, '-']);
        expect(stdout).toContain('Prairie Studio Architects');

        // The walk itself.
        const screens = await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-screens') ?? '[]') as string[]);
        expect(screens).toEqual(['landing', 'questionlist', 'quotes', 'signup', 'payment', 'sandbox-checkout', 'paymentconfirm']);
        expect(new Set(typed).size, `typed twice: ${typed.join(' | ')}`).toBe(typed.length);
        expect(failures).toEqual([]);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});
