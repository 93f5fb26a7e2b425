import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyInfo } from '@shared/contract/billing';
import type { PolicyHistory, ReferredEndorsement } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import type { Calculation } from '@shared/contract/rating';
import type { OrderDetails } from '@shared/contract/submissions';
import { startServer, type RunningServer } from '../../scripts/server-process';
import { axeViolations } from './support/axe';
import { chromiumPath, launchChromium } from './support/chromium';
import { walkPurchase } from './support/purchase-walk';

/**
 * Issue 19's referred mid-term changes in Chromium against the real server, both sides: a new
 * insured buys a policy; the server is started again on the same data with the automatic
 * authority between the policy's annual premium and the premium with the limit raised (the
 * engine's own figures, asked of auth/calculate), so raising the limit is referred — the change
 * screen says it is with an underwriter. The underwriter opens Referred changes from the
 * underwriting desk, reads the change and approves it by keyboard alone; the insured finds it
 * awaiting payment on Your policy, leaves the hosted checkout once without paying (and lands back
 * on the change, told it is not paid, with Pay), then pays, and the declarations show the new
 * limit. A second change (a lower deductible, above the authority too) is declined with a reason,
 * and the insured reads that reason on Your policy. The desk passes axe at 1280 and 390 px with
 * nothing wider than a phone; pictures under .tmp/endorsements-desk/ (or ENDORSEMENTS_DESK_SCREENSHOTS).
 */

const run = promisify(execFile);
const shotsDir = process.env.ENDORSEMENTS_DESK_SCREENSHOTS ?? join(process.cwd(), '.tmp/endorsements-desk');
const PHONE = { width: 390, height: 844 };
const NEW_LIMIT = '2M/4M';
const PASSWORD = 'Blueprint-Arch-2026';
const UNDERWRITER = { email: 'underwriter@example.com', password: 'Demo-Underwriter-2024' };
const DECLINED_BECAUSE = 'A lower deductible on a $2M limit needs three claims-free years; ask again next year.';

/** Elements wider than the viewport (outside a region that scrolls sideways on purpose), and whether the page scrolls. */
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

describe.runIf(chromiumPath)('referred mid-term changes, both sides, in Chromium (issue 19)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'endorsements-desk-e2e-'));
  mkdirSync(shotsDir, { recursive: true });
  const problems: string[] = [];
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let insuredContext: BrowserContext;
  let handlerContext: BrowserContext;
  let insured: Page;
  let handler: Page;
  let email: string;
  let policy: PolicyInfo;
  let before: Calculation;
  let raised: Calculation;
  let authority: number;

  const screen = (page: Page, name: string) => page.locator(`[data-screen="${name}"]`);
  const url = (path: string) => `${server!.url}${path}`;

  /** axe at a desktop's width and at a phone's, nothing wider than the phone; a picture of each; back to the desktop. */
  async function look(page: Page, name: string): Promise<void> {
    expect(await axeViolations(page), `${name} at 1280 px`).toEqual([]);
    await page.screenshot({ path: join(shotsDir, `${name}-1280.png`), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(shotsDir, `${name}-390.png`), fullPage: true });
    expect(await overflow(page), `${name} at ${PHONE.width} px`).toEqual({ scrolls: false, over: [] });
    expect(await axeViolations(page), `${name} at ${PHONE.width} px`).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /** A call outside the page, as whoever is signed in on `page`. */
  async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
    const token = await page.evaluate(
      () => localStorage.getItem('ssp-auth-token') ?? sessionStorage.getItem('ssp-auth-token') ?? '',
    );
    const response = await fetch(url(`/api/weborder/${path}`), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  }

  async function logIn(page: Page, who: { email: string; password: string }) {
    await page.goto(url('/login'));
    const login = screen(page, 'login');
    await login.getByLabel('E-mail address').fill(who.email);
    await login.getByLabel('Password').fill(who.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
  }

  /** Tabs from where focus is until it is on `target` (at most 40 presses): the keyboard's way there. */
  async function tabTo(page: Page, target: Locator): Promise<void> {
    for (let presses = 0; presses < 40; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${String(target)}`);
  }

  /** Your policy, for the insured. */
  async function openPolicy() {
    await insured.goto(url(`/policy?policyid=${policy.policyId}`));
    const mine = screen(insured, 'policy-history');
    await mine.locator('[data-policy-standing]').waitFor();
    return mine;
  }

  /** The underwriter's way to the desk: the header's Underwriting desk, then its link to the referred changes. */
  async function openDesk() {
    await handler.goto(url('/dashboard'));
    await handler.getByRole('banner').getByRole('link', { name: 'Underwriting desk' }).click();
    // One change waits each time the underwriter comes here: the link says so.
    await screen(handler, 'underwriting').getByRole('link', { name: 'referred changes (1 waiting)' }).click();
    await handler.waitForURL((u) => u.pathname === '/underwriting/endorsements');
    return screen(handler, 'endorsements-desk');
  }

  /** The insured asks for a change on the change screen, and is told it is with an underwriter. */
  async function askForChange(field: RegExp, value: string): Promise<string> {
    await insured.goto(url(`/policy/changes?policyid=${policy.policyId}`));
    const changes = screen(insured, 'endorsements');
    const select = changes.getByLabel(field);
    await select.waitFor();
    await select.selectOption(value);
    const price = changes.getByRole('region', { name: 'The price of this change' });
    await price
      .getByRole('status')
      .getByText(/due now\.$/)
      .waitFor();
    await price.getByRole('button', { name: 'Confirm the change' }).click();
    const heading = changes.getByRole('heading', {
      level: 2,
      name: new RegExp(`^Your change ${policy.policyNumber}-E\\d\\d is with an underwriter$`),
    });
    await heading.waitFor();
    return /(\S+-E\d\d)/.exec((await heading.textContent())!)![1]!;
  }

  beforeAll(async () => {
    // The run's migrated, seeded PGlite when the browser tests made one: a server's first start then has nothing to do.
    const template = process.env.PORTAL_TEST_PGLITE_TEMPLATE;
    if (template) cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
    const [started, launched] = await Promise.allSettled([startServer({ dataDir }), launchChromium()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const outcome of [started, launched]) if (outcome.status === 'rejected') throw outcome.reason;

    const buyer = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await buyer.newPage();
    email = `referred.${Date.now()}@example.com`;
    await walkPurchase(page, { url: url('/'), email });
    const submissionId = Number(new URL(page.url()).searchParams.get('submissionid'));
    policy = await api<PolicyInfo>(page, `insured/policyinfo?submissionid=${submissionId}`);
    const order = await api<OrderDetails>(page, `insured/orderdetails?submissionid=${submissionId}`);
    const rate = (limitCode: string) =>
      api<Calculation>(page, 'auth/calculate', {
        specialityId: order.speciality.id,
        state: order.state!.code,
        zipcode: order.zipcode!,
        answers: order.answers,
        applicationAnswers: order.applicationAnswers,
        limitCode,
        deductibleCode: policy.deductible.code,
      });
    before = await rate(policy.limit.code);
    raised = await rate(NEW_LIMIT);
    expect(raised.premiumCents).toBeGreaterThan(before.premiumCents);
    await buyer.close();

    // The same data, the authority between the premium now and the premium raised: the raise is referred.
    authority = Math.floor((before.premiumCents + raised.premiumCents) / 2 / 100) * 100;
    await server!.stop();
    server = undefined;
    server = await startServer({ dataDir, env: { UNDERWRITING_AUTHORITY_CENTS: String(authority) } });

    insuredContext = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    handlerContext = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    insured = await insuredContext.newPage();
    handler = await handlerContext.newPage();
    for (const one of [insured, handler]) one.on('pageerror', (error) => problems.push(error.message));
    await logIn(insured, { email, password: PASSWORD });
    await logIn(handler, UNDERWRITER);
  }, 180_000);

  afterAll(async () => {
    await insuredContext?.close();
    await handlerContext?.close();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let approvedNumber: string;

  it('the insured raises the limit above the authority: the change screen says it is with an underwriter', async () => {
    approvedNumber = await askForChange(/^Limit of liability/, NEW_LIMIT);
    const history = await api<PolicyHistory>(insured, `insured/policyhistory?policyid=${policy.policyId}`);
    expect(history.endorsements.map((one) => [one.number, one.status])).toEqual([[approvedNumber, 'referred']]);
    // Opened again, it still says so, and asks for nothing else.
    await insured.reload();
    const changes = screen(insured, 'endorsements');
    await changes
      .getByRole('heading', { level: 2, name: `Your change ${approvedNumber} is with an underwriter` })
      .waitFor();
    expect(await changes.getByRole('region', { name: 'What would you like to change?' }).count()).toBe(0);
  });

  it('the underwriter opens Referred changes from the desk, reads the change and approves it by keyboard', async () => {
    const desk = await openDesk();
    const card = desk.getByRole('article', { name: `Change ${approvedNumber}` });
    await card.waitFor();
    const facts = await card.textContent();
    expect(facts).toContain(policy.policyNumber);
    expect(facts).toContain('Prairie Studio Architects');
    expect(facts).toMatch(/Limit \$[\d,]+\/\$[\d,]+ → \$2,000,000\/\$4,000,000/);
    const figure = (term: string) => card.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    expect(await figure('Before the change').textContent()).toBe(formatUsd(before.premiumCents));
    expect(await figure('After the change').textContent()).toBe(formatUsd(raised.premiumCents));
    expect(await figure('Automatic authority').textContent()).toBe(formatUsd(authority));
    expect(await figure('Above the authority by').textContent()).toBe(formatUsd(raised.premiumCents - authority));
    const listed = await api<ReferredEndorsement[]>(handler, 'underwriting/endorsements');
    const referred = listed.find((one) => one.number === approvedNumber)!;
    expect(await figure('Additional premium').textContent()).toBe(`+${formatUsd(referred.totalChangeCents)}`);
    await look(handler, 'desk-list');

    // Keyboard alone: Tab to Approve, Enter; the dialog opens on its button; Enter approves.
    await handler.locator('body').focus();
    const approve = card.getByRole('button', { name: `Approve change ${approvedNumber}` });
    await tabTo(handler, approve);
    await handler.keyboard.press('Enter');
    const dialog = handler.getByRole('dialog', { name: `Approve change ${approvedNumber}` });
    await dialog.waitFor();
    await look(handler, 'desk-approving');
    const confirm = dialog.getByRole('button', { name: 'Approve change' });
    await tabTo(handler, confirm);
    await handler.keyboard.press('Enter');

    const said = desk.getByRole('status').filter({ hasText: `Change ${approvedNumber} approved.` });
    await said.waitFor();
    expect(await said.textContent()).toContain(`additional premium of ${formatUsd(referred.totalChangeCents)}`);
    expect(await said.evaluate((element) => element === document.activeElement)).toBe(true);
    await desk.getByText('No change is waiting for an underwriter.', { exact: false }).waitFor();
    await look(handler, 'desk-approved-empty');
  });

  it('the insured finds it awaiting payment, leaves the checkout unpaid and is told so, then pays: the declarations show the new limit', async () => {
    const mine = await openPolicy();
    const row = mine.locator('.policy-timeline__item', { hasText: approvedNumber });
    expect(await row.textContent()).toContain('Awaiting payment');
    await row.getByRole('link', { name: `Pay for ${approvedNumber}` }).click();
    await insured.waitForURL((u) => u.pathname === '/policy/changes');
    const changes = screen(insured, 'endorsements');
    const pay = changes.getByRole('button', { name: /^Pay \$/ });
    await pay.click();

    // Changed their mind on the provider's page: back to the change, not paid, Pay again.
    await insured.waitForURL((u) => u.pathname.startsWith('/api/weborder/payments/sandbox/checkout/'));
    await insured.getByRole('link', { name: 'Cancel and return to Practice Shield' }).click();
    await insured.waitForURL((u) => u.pathname === '/policy/changes');
    expect(new URL(insured.url()).searchParams.get('policyid')).toBe(String(policy.policyId));
    await changes.getByText(/^Not paid\. You left the payment page before paying/).waitFor();
    await look(insured, 'change-back-unpaid');

    await changes.getByRole('button', { name: /^Pay \$/ }).click();
    await insured.waitForURL((u) => u.pathname.startsWith('/api/weborder/payments/sandbox/checkout/'));
    const checkout = screen(insured, 'sandbox-checkout');
    await checkout.getByLabel('Name on card').fill('Frank Lloyd');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
    await checkout.getByLabel('Security code').fill('123');
    await checkout.getByRole('button', { name: /^Pay / }).click();
    await screen(insured, 'paymentconfirm')
      .getByRole('heading', { level: 1, name: `Your change ${approvedNumber} is paid and issued` })
      .waitFor();

    const now = await api<PolicyInfo>(insured, `insured/policyinfo?submissionid=${policy.submissionId}`);
    expect(now.limit.code).toBe(NEW_LIMIT);
    const again = await openPolicy();
    await again.getByText('$2,000,000').first().waitFor();
    const [declarations] = await Promise.all([
      insured.waitForEvent('download'),
      again.getByRole('button', { name: 'Download the declarations' }).click(),
    ]);
    const file = join(dataDir, 'declarations.pdf');
    await declarations.saveAs(file);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    const text = stdout.replace(/[ \t]+/g, ' ');
    expect(text).toContain('$2,000,000');
    expect(text).toContain('$4,000,000');
  });

  it('a lower deductible, above the authority too, is declined with a reason, and the insured reads it', async () => {
    const options = await api<{ deductibles: Array<{ code: string; amountCents: number }>; deductibleCode: string }>(
      insured,
      `insured/endorsementoptions?policyid=${policy.policyId}`,
    );
    const lowest = [...options.deductibles].sort((a, b) => a.amountCents - b.amountCents)[0]!;
    expect(lowest.code).not.toBe(options.deductibleCode);
    const declinedNumber = await askForChange(/^Deductible/, lowest.code);

    const desk = await openDesk();
    const card = desk.getByRole('article', { name: `Change ${declinedNumber}` });
    await card.getByRole('button', { name: `Decline change ${declinedNumber}` }).click();
    const dialog = handler.getByRole('dialog', { name: `Decline change ${declinedNumber}` });
    const reason = dialog.getByLabel(/^Reason/);
    await reason.waitFor();
    expect(await reason.evaluate((element) => element === document.activeElement)).toBe(true);
    // Without a reason nothing is sent.
    await dialog.getByRole('button', { name: 'Decline change' }).click();
    await dialog.getByText('Reason is required').waitFor();
    await reason.fill(DECLINED_BECAUSE);
    await look(handler, 'desk-declining');
    await dialog.getByRole('button', { name: 'Decline change' }).click();
    await desk
      .getByRole('status')
      .filter({ hasText: `Change ${declinedNumber} declined. The insured has been e-mailed your reason.` })
      .waitFor();

    const mine = await openPolicy();
    const row = mine.locator('.policy-timeline__item', { hasText: declinedNumber });
    await row.getByText(`Declined: ${DECLINED_BECAUSE}`).waitFor();
    expect(await row.textContent()).toContain('Nothing to pay: it was not made.');
    await look(insured, 'policy-change-declined');
    expect(problems).toEqual([]);
  });
});
