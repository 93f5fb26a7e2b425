import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { demoBrokers } from '@server/db/seed/demo-data';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';
import { answerPractice, recordScreens, screensSeen, walkPurchase, type PurchaseStep } from './support/purchase-walk';
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
const UNDERWRITER = { username: 'underwriter@example.com', password: 'Demo-Underwriter-2024' };
/** A real, minimal PDF: what the insured sends as loss runs. */
const LOSS_RUNS_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const lakeside = demoBrokers[2];
const shotsDir = process.env.PURCHASE_SCREENSHOTS ?? join(process.cwd(), '.tmp/purchase-screens');

const variants = [
  { name: 'plain', landing: '/' },
  { name: 'branded', landing: `/client/landing/${lakeside.clientUrl}` },
] as const;
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.runIf(chromiumPath)('the purchase in seven screens (issue 16)', () => {
  const env = useServerAndBrowser();
  const scratch = mkdtempSync(join(tmpdir(), 'purchase-e2e-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  mkdirSync(shotsDir, { recursive: true });

  for (const variant of variants) {
    for (const viewport of viewports) {
      it(`${variant.name} at ${viewport.width}×${viewport.height}: a new visitor buys and downloads the policy`, async () => {
        const context = await env.browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          acceptDownloads: true,
        });
        await context.addInitScript(recordScreens);
        const page = await context.newPage();
        const failures: string[] = [];
        const problems: string[] = [];
        page.on('response', (response) => {
          if (response.status() >= 400)
            failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
        });
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        const screen = (name: string) => page.locator(`[data-screen="${name}"]`);
        let shot = 0;

        /** One step of the purchase, looked at: a picture of it, axe, and the phone's width. */
        async function look(step: PurchaseStep) {
          shot += 1;
          await page.screenshot({
            path: join(shotsDir, `${variant.name}-${viewport.name}-${shot}-${step}.png`),
            fullPage: true,
          });
          expect(await axeViolations(page), step).toEqual([]);
          if (step === 'review') {
            // Nothing is missing for a new insured, and the signature is the account holder's name, already known.
            expect(await screen('payment').getByText('Still needed before you pay').count()).toBe(0);
            expect(await screen('payment').getByLabel('Your full name, as your signature').inputValue()).toBe(
              'Frank Lloyd',
            );
          }
          if (step === 'account')
            expect(await screen('signup').getByLabel('ZIP code').count(), 'the quote’s ZIP is not asked again').toBe(0);
          if (step === 'checkout')
            expect(await screen('sandbox-checkout').getByLabel('Expiry (MM/YY)').inputValue()).toBe('12/34');
          if (viewport.width > 480) return;
          const wide = await page.evaluate(() => {
            const limit = document.documentElement.clientWidth;
            const over = [...document.querySelectorAll('body *')].filter((element) => {
              const box = element.getBoundingClientRect();
              return box.width > 0 && (box.right > limit + 1 || box.left < -1);
            });
            return {
              scroll: document.documentElement.scrollWidth,
              limit,
              over: over.slice(0, 5).map((element) => element.outerHTML.slice(0, 120)),
            };
          });
          expect(wide.over, `${step}: elements wider than the phone`).toEqual([]);
          expect(wide.scroll, `${step}: the page scrolls sideways`).toBeLessThanOrEqual(wide.limit);
        }

        const walk = await walkPurchase(page, {
          url: `${env.server.url}${variant.landing}`,
          email: `buyer.${variant.name}.${viewport.name}.${Date.now()}@example.com`,
          look,
        });
        expect(walk.totalCents).toBeGreaterThan(0);

        // The receipt, and the policy downloaded from it.
        const confirm = screen('paymentconfirm');
        expect(
          await confirm.getByRole('region', { name: 'Your receipt' }).locator('[data-receipt-invoice]').textContent(),
        ).toMatch(/^INV-/);
        const policyButton = confirm
          .getByRole('region', { name: 'Documents' })
          .getByRole('button', { name: 'Download policy', exact: true });
        const [download] = await Promise.all([page.waitForEvent('download'), policyButton.click()]);
        const file = join(scratch, `${variant.name}-${viewport.name}-${download.suggestedFilename()}`);
        await download.saveAs(file);
        expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
        const { stdout } = await run('pdftotext', ['-layout', file, '-']);
        expect(stdout).toContain('Prairie Studio Architects');

        // The walk itself: seven screens, each once; nothing typed twice; nothing refused.
        expect(await screensSeen(page)).toEqual([
          'landing',
          'questionlist',
          'quotes',
          'signup',
          'payment',
          'sandbox-checkout',
          'paymentconfirm',
        ]);
        expect(new Set(walk.typed).size, `typed twice: ${walk.typed.join(' | ')}`).toBe(walk.typed.length);
        expect(failures).toEqual([]);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  it('the referral path is as short: prior claims → loss runs asked on the review itself → the underwriter → approved → pay', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const screen = (name: string) => page.locator(`[data-screen="${name}"]`);
    await context.addInitScript(recordScreens);

    await page.goto(`${env.server.url}/`);
    await screen('landing').getByRole('link', { name: 'Architects', exact: true }).click();
    const practice = screen('questionlist');
    await answerPractice(page);
    // A claim reported: loss runs will be needed, and an underwriter decides.
    await practice
      .getByRole('group', { name: /claim against you/ })
      .getByRole('radio', { name: 'Yes', exact: true })
      .check();
    await practice.getByLabel('How many claims?').fill('1');
    await practice.getByLabel(/For each claim/).fill('A fee dispute in 2023, settled without payment.');
    await practice.getByRole('button', { name: 'See my price' }).click();
    await screen('quotes').getByRole('button', { name: 'Buy now' }).click();

    const signup = screen('signup');
    await signup.getByLabel('E-mail address').fill(`referral.${Date.now()}@example.com`);
    await signup.getByLabel('Password', { exact: true }).fill('Blueprint-Arch-2026');
    await signup.getByLabel('First name').fill('Julia');
    await signup.getByLabel('Last name').fill('Morgan');
    await signup.getByLabel(/My business/).check();
    await signup.getByLabel('Phone').fill('713 555 0123');
    await signup.getByLabel('Street address').fill('500 Louisiana St');
    await signup.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
    await signup.getByRole('button', { name: 'Create account and continue' }).click();

    const review = screen('payment');
    await review.getByRole('heading', { level: 1, name: 'Review and pay' }).waitFor();
    await review.getByLabel('I agree to use electronic records and signatures').check();
    await review.getByLabel('I declare the statements in this application are true').check();
    await review.getByRole('button', { name: 'Sign application' }).click();
    await review
      .getByText(/^Signed by Julia Morgan on /)
      .first()
      .waitFor();

    // The loss runs a reported claim calls for: asked here, before paying, not on another screen.
    const missing = review.getByRole('region', { name: 'Still needed before you pay' });
    await missing
      .getByText(/Upload loss runs/)
      .first()
      .waitFor();
    await review.getByText('Supply what is still needed above to pay.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await missing
      .locator('input[type="file"]')
      .setInputFiles({ name: 'loss-runs.pdf', mimeType: 'application/pdf', buffer: LOSS_RUNS_PDF });
    await review.getByRole('region', { name: 'Still needed before you pay' }).waitFor({ state: 'detached' });
    await review.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d securely$/ }).click();
    // Referred: the order's status screen, in place of the review.
    await page.waitForURL((u) => u.pathname === '/incomplete-review-underwriter');
    const submissionId = Number(new URL(page.url()).searchParams.get('submissionid'));
    await screen('incomplete-review-underwriter').waitFor();
    expect(await screensSeen(page)).toEqual([
      'landing',
      'questionlist',
      'quotes',
      'signup',
      'payment',
      'incomplete-review-underwriter',
    ]);

    // The underwriter approves (the desk's own screens are walked in lifecycle.e2e.test.ts).
    const api = `${env.server.url}/api/weborder`;
    const signedIn = (await (
      await fetch(`${api}/auth/generate-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(UNDERWRITER),
      })
    ).json()) as { token: string };
    const approved = await fetch(`${api}/underwriting/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${signedIn.token}` },
      body: JSON.stringify({ submissionid: submissionId }),
    });
    expect(approved.status, await approved.clone().text()).toBe(200);

    // Approved: the insured pays on the same review screen, the signature still current.
    await page.goto(`${env.server.url}/payment?submissionid=${submissionId}`);
    await review
      .getByText(/^Signed by Julia Morgan on /)
      .first()
      .waitFor();
    await review.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d securely$/ }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/api/weborder/payments/sandbox/checkout/'));
    const checkout = screen('sandbox-checkout');
    await checkout.getByLabel('Name on card').fill('Julia Morgan');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').pressSequentially('1230');
    await checkout.getByLabel('Security code').fill('321');
    await checkout.getByRole('button', { name: /^Pay / }).click();
    await screen('paymentconfirm')
      .getByRole('heading', { level: 1, name: /^Payment received — policy P-\d{4}-\d{6,} is issued$/ })
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
