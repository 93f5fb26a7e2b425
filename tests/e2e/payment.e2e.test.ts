import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '@shared/contract/money-format';
import { demoBrokers } from '@server/db/seed/demo-data';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * Issue 8's "Done when", in Chromium against the real server, on the plain site and in a
 * broker's storefront: a quote saved for later → sign up (the address and contact with it) → the
 * order's buy now → review, sign → invoice → the sandbox checkout (a declined card first, then the
 * success card) → paymentconfirm → complete-order → the
 * document screen, where every PDF downloads and pdftotext reads the insured's name, the policy
 * number and the premium in each. Every screen on the way, the checkout page included, passes axe.
 */

const run = promisify(execFile);
const lakeside = demoBrokers[2];

type Variant = {
  name: string;
  /** A screen's address: plain, or under the broker's client prefix. */
  path(screen: string, id?: number): string;
  landing: string;
};

const plain: Variant = {
  name: 'the plain site',
  path: (screen, id) => (id === undefined ? `/${screen}` : `/${screen}/${id}`),
  landing: '/',
};
const branded: Variant = {
  name: `${lakeside.name}’s storefront`,
  path: (screen, id) =>
    id === undefined ? `/client/${screen}/${lakeside.clientUrl}` : `/client/${screen}/${id}/${lakeside.clientUrl}`,
  landing: `/client/landing/${lakeside.clientUrl}`,
};

describe.runIf(chromiumPath)('paying for an order in Chromium: invoice, sandbox checkout, policy and documents', () => {
  const env = useServerAndBrowser();
  const scratch = mkdtempSync(join(tmpdir(), 'payment-e2e-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  for (const variant of [plain, branded]) {
    describe(variant.name, () => {
      const problems: string[] = [];
      let context: BrowserContext;
      let page: Page;
      let email: string;
      let submissionId: number;
      let orderNumber: string;
      let policyNumber: string;
      let totalCents: number;
      let namedInsured: string;

      beforeAll(async () => {
        context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
        page = await context.newPage();
        page.on('pageerror', (error) => problems.push(error.message));
      });
      afterAll(async () => {
        await context?.close();
      });

      const url = (path: string) => `${env.server.url}${path}`;
      const screen = (name: string) => page.locator(`[data-screen="${name}"]`);
      const atPath = (path: string) => page.waitForURL((u) => u.pathname === path);

      async function expectAccessible(): Promise<void> {
        expect(await axeViolations(page)).toEqual([]);
      }

      /** A call outside the page, as the signed-in insured. */
      async function api<T>(path: string): Promise<T> {
        const token = await page.evaluate(
          () => localStorage.getItem('ssp-auth-token') ?? sessionStorage.getItem('ssp-auth-token'),
        );
        const response = await fetch(url(`/api/weborder/${path}`), { headers: { authorization: `Bearer ${token}` } });
        expect(response.status, await response.clone().text()).toBe(200);
        return (await response.json()) as T;
      }

      /** Clicks a download button, saves the file and answers its name and text. */
      async function downloaded(button: Locator): Promise<{ name: string; text: string }> {
        const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
        const file = join(
          scratch,
          `${variant === plain ? 'plain' : 'branded'}-${Date.now()}-${download.suggestedFilename()}`,
        );
        await download.saveAs(file);
        expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
        const { stdout } = await run('pdftotext', ['-layout', file, '-']);
        return { name: download.suggestedFilename(), text: stdout.replace(/[ \t]+/g, ' ') };
      }

      async function answerEverything(): Promise<void> {
        const form = screen('questionlist');
        for (const group of await form.locator('fieldset.choices').all()) {
          const no = group.getByRole('radio', { name: 'No', exact: true });
          if (await no.count()) await no.check();
          else if (await group.getByRole('radio').count()) await group.getByRole('radio').first().check();
          else await group.getByRole('checkbox').first().check();
        }
        for (const input of await form.locator('input[type="text"]').all()) await input.fill('5');
        for (const input of await form.locator('textarea').all()) await input.fill('None to report');
        for (const input of await form.locator('input[type="date"]').all()) await input.fill('2015-06-01');
      }

      it('prices an Architects quote, saves it for later and signs up: the account keeps the order', async () => {
        await page.goto(url(variant.landing));
        await screen('landing').getByRole('link', { name: 'Architects', exact: true }).click();
        const zip = screen('questionlist').getByLabel('ZIP code');
        await zip.fill('77002');
        await zip.press('Enter');
        await screen('questionlist').getByRole('button', { name: 'See my price' }).waitFor();
        await answerEverything();
        await screen('questionlist').getByRole('button', { name: 'See my price' }).click();
        await atPath(variant.path('quotes'));
        await screen('quotes').locator('[data-quote-total]').waitFor();
        totalCents = Number(await screen('quotes').locator('[data-quote-total]').getAttribute('data-quote-total'));
        await screen('quotes').getByRole('button', { name: 'Save for later' }).click();

        await atPath(variant.path('signup'));
        const signup = screen('signup');
        orderNumber = (await signup.locator('[data-saved-order]').getAttribute('data-saved-order'))!;
        await signup.getByText('Create your account to keep it; buy it whenever you are ready.').waitFor();
        email = `payment.${variant === plain ? 'plain' : 'branded'}.${Date.now()}@example.com`;
        await signup.getByLabel('E-mail address').fill(email);
        await signup.getByLabel('Password', { exact: true }).fill('Blueprint-Arch-2026');
        await signup.getByLabel('First name').fill('Frank');
        await signup.getByLabel('Last name').fill('Lloyd');
        await signup.getByLabel('Company name').fill('Prairie Studio Architects');
        await signup.getByLabel(/My business/).check();
        await signup.getByLabel('Phone').fill('713 555 0199');
        await signup.getByLabel('Street address').fill('909 Texas Ave');
        await signup.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
        await signup.getByRole('button', { name: 'Create account' }).click();
        // Saved for later: the order, kept — not the checkout.
        await page.waitForURL((u) => u.pathname.startsWith(variant === plain ? '/order/' : '/client/order/'));
        const order = screen('order');
        await order.getByRole('heading', { level: 1, name: `Order ${orderNumber}: Architects` }).waitFor();
        submissionId = Number(new URL(page.url()).pathname.split('/').filter(Boolean)[variant === plain ? 1 : 2]);
        expect(submissionId).toBeGreaterThan(0);
      });

      it('buys now from the order (the address and contact came from sign-up): approved, then review, sign and pay', async () => {
        const order = screen('order');
        await order.getByRole('button', { name: 'Buy now' }).click();
        await order.getByRole('heading', { name: 'Approved: next, pay for your cover' }).waitFor();
        await expectAccessible();
        await order.getByRole('link', { name: 'Go to payment' }).click();
        await page.waitForURL(
          (u) => u.pathname === variant.path('payment') && u.searchParams.get('submissionid') === String(submissionId),
        );
        const payment = screen('payment');
        await payment.getByRole('heading', { level: 1, name: 'Review and pay' }).waitFor();
        await payment.getByText('Sign your application above to pay.').waitFor();
        await expectAccessible();
        await payment.getByLabel('I agree to use electronic records and signatures').check();
        await payment.getByLabel('I declare the statements in this application are true').check();
        await payment.getByRole('button', { name: 'Sign application' }).click();
        await payment
          .getByText(/^Signed by Frank Lloyd on /)
          .first()
          .waitFor();
        await expectAccessible();
      });

      it('pays: invoiced, the sandbox checkout declines the decline card, and the payment screen says so', async () => {
        const payment = screen('payment');
        await payment.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d securely$/ }).click();
        await page.waitForURL((u) => u.pathname.startsWith('/api/weborder/payments/sandbox/checkout/cs_sandbox_'));
        const checkout = screen('sandbox-checkout');
        await checkout.getByRole('heading', { name: 'Pay Practice Shield' }).waitFor();
        await expectAccessible();
        const invoice = await api<{ number: string; orderStatus: string; amountDueCents: number }>(
          `invoice/details?submissionid=${submissionId}`,
        );
        expect(invoice).toMatchObject({ number: expect.stringMatching(/^INV-/), orderStatus: 'awaiting_payment' });
        expect(await checkout.getByRole('button').textContent()).toBe(`Pay ${formatUsd(invoice.amountDueCents)}`);

        await checkout.getByLabel('Name on card').fill('Frank Lloyd');
        await checkout.getByLabel('Card number').fill('4000 0000 0000 0002');
        await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
        await checkout.getByLabel('Security code').fill('123');
        await checkout.getByRole('button', { name: /^Pay / }).click();
        await screen('sandbox-checkout').getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
        await expectAccessible();

        await screen('sandbox-checkout').getByRole('link', { name: 'Cancel and return to Practice Shield' }).click();
        // The checkout sends `cancelled=1`; the router may write the same back as `cancelled=true` once the
        // client area settles (it re-serialises the validated search), so either is the address arrived at.
        await page.waitForURL(
          (u) =>
            u.pathname === variant.path('payment') && ['1', 'true'].includes(u.searchParams.get('cancelled') ?? ''),
        );
        const back = screen('payment');
        await back.getByRole('alert').filter({ hasText: 'Your last payment did not go through' }).waitFor();
        expect(
          await back.getByRole('alert').filter({ hasText: 'Your last payment did not go through' }).textContent(),
        ).toContain('Your card was declined.');
        await expectAccessible();
      });

      it('pays again with the success card: paymentconfirm says the policy is issued', async () => {
        await screen('payment')
          .getByRole('button', { name: /^Pay \$[\d,]+\.\d\d securely$/ })
          .click();
        await page.waitForURL((u) => u.pathname.startsWith('/api/weborder/payments/sandbox/checkout/'));
        const checkout = screen('sandbox-checkout');
        await checkout.getByLabel('Name on card').fill('Frank Lloyd');
        await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
        await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
        await checkout.getByLabel('Security code').fill('123');
        await checkout.getByRole('button', { name: /^Pay / }).click();
        await page.waitForURL(
          (u) =>
            u.pathname === variant.path('paymentconfirm') &&
            u.searchParams.get('submissionid') === String(submissionId),
        );
        const confirm = screen('paymentconfirm');
        const heading = confirm.getByRole('heading', {
          level: 1,
          name: /^Payment received — policy P-\d{4}-\d{6,} is issued$/,
        });
        await heading.waitFor();
        policyNumber = /P-\d{4}-\d{6,}/.exec((await heading.textContent())!)![0];
        await expectAccessible();
        const policy = await api<{ namedInsured: string; totalCents: number; policyNumber: string }>(
          `insured/policyinfo?submissionid=${submissionId}`,
        );
        expect(policy.policyNumber).toBe(policyNumber);
        expect(policy.totalCents).toBe(totalCents);
        namedInsured = policy.namedInsured;
        expect(namedInsured).toBe('Prairie Studio Architects');
      });

      it('complete-order shows the policy, and its documents download as PDFs naming the insured, policy and premium', async () => {
        // The receipt leads to the documents itself; the order's own screen shows the policy too.
        await screen('paymentconfirm').getByRole('region', { name: 'Your receipt' }).waitFor();
        await page.goto(url(`${variant.path('complete-order')}?submissionid=${submissionId}`));
        const complete = screen('complete-order');
        const policy = complete.getByRole('region', { name: 'Your policy' });
        await policy.getByText(policyNumber).first().waitFor();
        await expectAccessible();
        const documents = complete.getByRole('region', { name: 'Documents' });
        const { name, text } = await downloaded(documents.getByRole('button', { name: 'Download binder' }));
        expect(name).toBe(`binder-${policyNumber.toLowerCase()}.pdf`);
        for (const wanted of [namedInsured, policyNumber, formatUsd(totalCents)]) expect(text).toContain(wanted);
      });

      it('the document screen lists the policy’s six documents; each downloads and pdftotext reads the name, policy number and premium', async () => {
        await page.goto(url(variant.path('document')));
        const screenRoot = screen('document');
        const group = screenRoot.getByRole('region', { name: `Policy ${policyNumber}: Architects` });
        await group.waitFor();
        await expectAccessible();
        const buttons = group.getByRole('button', { name: new RegExp(`^Download .*, policy ${policyNumber}$`) });
        expect(await buttons.count()).toBe(6);
        const names: string[] = [];
        for (let index = 0; index < 6; index += 1) {
          const { name, text } = await downloaded(buttons.nth(index));
          names.push(name);
          for (const wanted of [namedInsured, policyNumber, formatUsd(totalCents)])
            expect(text, `${name} names ${wanted}`).toContain(wanted);
        }
        const invoiceName = names.find((name) => name.startsWith('invoice-'));
        expect(invoiceName).toMatch(/^invoice-inv-\d{4}-\d{6,}\.pdf$/);
        expect(names.filter((name) => name !== invoiceName).sort()).toEqual(
          [
            `binder-${policyNumber.toLowerCase()}.pdf`,
            `declarations-${policyNumber.toLowerCase()}.pdf`,
            `order-summary-${orderNumber.toLowerCase()}.pdf`,
            `policy-${policyNumber.toLowerCase()}.pdf`,
            `signed-application-${policyNumber.toLowerCase()}.pdf`,
          ].sort(),
        );
      });

      it('mails the order summary from a dialog that holds focus, and the mail carries the PDF', async () => {
        const opener = screen('document').getByRole('button', {
          name: `E-mail the order summary of order ${orderNumber}`,
        });
        await opener.click();
        const dialog = page.getByRole('dialog', { name: 'E-mail the order summary' });
        await dialog.waitFor();
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
        await expectAccessible();
        const to = `bookkeeper.${Date.now()}@example.com`;
        await dialog.getByLabel('E-mail address').fill(to);
        await dialog.getByRole('button', { name: 'Send' }).click();
        await page.getByText(`is on its way to ${to}`).first().waitFor();

        let mail: Awaited<ReturnType<typeof PostalMime.parse>> | undefined;
        await expect
          .poll(
            async () => {
              const outbox = join(env.server.dataDir, 'outbox');
              for (const file of readdirSync(outbox).filter((name) => name.endsWith('.eml'))) {
                const parsed = await PostalMime.parse(readFileSync(join(outbox, file)));
                if (parsed.to?.some((address) => address.address === to)) mail = parsed;
              }
              return mail?.attachments.map((attachment) => attachment.filename);
            },
            { timeout: 15_000 },
          )
          .toEqual([`order-summary-${orderNumber.toLowerCase()}.pdf`]);
        expect(mail!.attachments[0]!.mimeType).toBe('application/pdf');
        expect(problems).toEqual([]);
      });
    });
  }
});
