import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '@shared/contract/claims';
import type { PolicyInfo } from '@shared/contract/billing';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';
import { walkPurchase } from './support/purchase-walk';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * Issue 19 item 4 in Chromium against the real server, both sides of a claim: a new insured with
 * a bound policy reports a claim, opens its page, attaches a real PDF and writes to the handler
 * (who is mailed both); the underwriter goes from the underwriting desk to the claims desk, finds
 * the claim waiting on them, acknowledges it, starts the review and answers, by keyboard alone;
 * each move and the answer is mailed to the insured (real MIME, read back from the outbox) and
 * its link opens the claim's page showing the new status, the progress line and the answer; the
 * handler closes it, and the insured, who was writing at that moment, is told their message was
 * not sent and the claim takes no more, with no form left to fill. Every screen passes axe at 1280
 * and 390 px with nothing wider than a phone; each is kept as a picture under .tmp/claims/ (or
 * CLAIMS_SCREENSHOTS).
 */

const shotsDir = process.env.CLAIMS_SCREENSHOTS ?? join(process.cwd(), '.tmp/claims');
const PHONE = { width: 390, height: 844 };
const UNDERWRITER = { email: 'underwriter@example.com', password: 'Demo-Underwriter-2024', name: 'Uma Underwriter' };
const WHAT_HAPPENED = 'A client says our drawings put the stair too close to the property line; their letter followed.';
const LETTER = 'letter-from-client.pdf';
const INSURED_WORDS = 'The client’s letter is attached. They ask for the redesign to be paid for.';
const ANSWER = 'Thank you. Please send the signed contract with the client as well.';

/** A small, real PDF: one page of text, as the insured's scanner would make it. */
async function letterPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Dear Prairie Studio, the stair encroaches on the setback.', { x: 50, y: 780, size: 12, font });
  return Buffer.from(await pdf.save());
}

type Mail = { to: string[]; subject: string; text: string; html: string; file: string };

/** Every mail the server wrote to its outbox for `to`, oldest first, parsed as MIME. */
async function mailsTo(dataDir: string, to: string): Promise<Mail[]> {
  const outbox = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]));
  } catch {
    return [];
  }
  const mails: Mail[] = [];
  for (const file of files) {
    const parsed = await PostalMime.parse(readFileSync(join(outbox, file)));
    const addresses = (parsed.to ?? []).flatMap((one) => (one.address ? [one.address.toLowerCase()] : []));
    if (!addresses.includes(to.toLowerCase())) continue;
    mails.push({
      to: addresses,
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: parsed.html ?? '',
      file,
    });
  }
  return mails;
}

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

describe.runIf(chromiumPath)('a claim followed by both sides in Chromium (issue 19)', () => {
  const env = useServerAndBrowser();
  mkdirSync(shotsDir, { recursive: true });
  const problems: string[] = [];
  let insuredContext: BrowserContext;
  let handlerContext: BrowserContext;
  let insured: Page;
  let handler: Page;
  let email: string;
  let policy: PolicyInfo;
  let claim: Claim;

  const screen = (page: Page, name: string) => page.locator(`[data-screen="${name}"]`);
  const url = (path: string) => `${env.server.url}${path}`;

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

  /** A call outside the page, as the signed-in insured. */
  async function api<T>(path: string): Promise<T> {
    const token = await insured.evaluate(
      () => localStorage.getItem('ssp-auth-token') ?? sessionStorage.getItem('ssp-auth-token') ?? '',
    );
    const response = await fetch(url(`/api/weborder/${path}`), { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  }

  /** The one mail to `to` whose subject is `subject`, once the sender has written it. */
  async function mailed(to: string, subject: string): Promise<Mail> {
    let found: Mail[] = [];
    await expect
      .poll(async () => (found = (await mailsTo(env.server.dataDir, to)).filter((m) => m.subject === subject)).length, {
        timeout: 15_000,
      })
      .toBe(1);
    return found[0]!;
  }

  /** The first address in a mail's text part that starts with `prefix`. */
  function linkIn(mail: Mail, prefix: string): string {
    const link = mail.text.match(new RegExp(`${prefix.replace(/[.?]/g, '\\$&')}\\S*`))?.[0];
    expect(link, `a link to ${prefix} in:\n${mail.text}`).toBeDefined();
    return link!;
  }

  /** The insured's page for the claim, reached from the mail's link: its status, current step and messages. */
  async function openedFromMail(mail: Mail) {
    const link = linkIn(mail, url(`/claim/${claim.id}`));
    expect(link).toBe(url(`/claim/${claim.id}`));
    await insured.goto(link);
    const page = screen(insured, 'claim');
    await page.getByRole('heading', { level: 1, name: `Claim ${claim.number}` }).waitFor();
    return {
      page,
      status: () => page.locator('[data-claim-status]').textContent(),
      step: () => page.getByRole('list', { name: 'Progress of the claim' }).locator('[aria-current="step"]'),
    };
  }

  /** Tabs from where focus is until it is on `target` (at most 10 presses): the keyboard's way there. */
  async function tabTo(page: Page, target: Locator): Promise<void> {
    for (let presses = 0; presses < 10; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${String(target)}`);
  }

  beforeAll(async () => {
    insuredContext = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    handlerContext = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    insured = await insuredContext.newPage();
    handler = await handlerContext.newPage();
    for (const page of [insured, handler]) page.on('pageerror', (error) => problems.push(error.message));
    email = `claims.${Date.now()}@example.com`;
    await walkPurchase(insured, { url: url('/'), email });
    const submissionId = Number(new URL(insured.url()).searchParams.get('submissionid'));
    policy = await api<PolicyInfo>(`insured/policyinfo?submissionid=${submissionId}`);
  }, 120_000);

  afterAll(async () => {
    await insuredContext?.close();
    await handlerContext?.close();
  });

  it('the insured reports a claim from the dashboard, then opens its page', async () => {
    await insured.goto(url('/dashboard'));
    await screen(insured, 'dashboard').getByRole('link', { name: 'Claims', exact: true }).click();
    const claims = screen(insured, 'claims');
    await claims.getByRole('button', { name: 'Report a claim' }).click();
    const dialog = insured.getByRole('dialog', { name: 'Report a claim' });
    // One policy: it is chosen already.
    expect(await dialog.getByLabel('Policy').locator('option:checked').textContent()).toContain(policy.policyNumber);
    await dialog.getByLabel('Date the claim was made').fill(policy.effectiveDate);
    await dialog.getByLabel('What happened').fill(WHAT_HAPPENED);
    await look(insured, 'claims-report-dialog');
    await dialog.getByRole('button', { name: 'Report claim' }).click();

    const announced = claims.getByRole('status').filter({ hasText: /^Claim C-\d{4}-\d{6,} reported\./ });
    await announced.waitFor();
    const listed = await api<Claim[]>('insured/claims');
    expect(listed).toHaveLength(1);
    claim = listed[0]!;
    expect(claim).toMatchObject({ status: 'reported', policyNumber: policy.policyNumber, description: WHAT_HAPPENED });
    expect(await announced.textContent()).toContain(`Claim ${claim.number} reported.`);
    await look(insured, 'claims-reported');

    await announced.getByRole('link', { name: 'Open it to attach documents' }).click();
    await insured.waitForURL((u) => u.pathname === `/claim/${claim.id}`);
    const page = screen(insured, 'claim');
    await page.getByRole('heading', { level: 1, name: `Claim ${claim.number}` }).waitFor();
    expect(await page.locator('[data-claim-status]').textContent()).toBe('Reported');
    // The insured's receipt links here too.
    const receipt = await mailed(email, `We have received your claim ${claim.number}`);
    expect(linkIn(receipt, url('/claim/'))).toBe(url(`/claim/${claim.id}`));
  });

  it('the insured attaches a real PDF and writes to the handler, who is mailed each with a link to the desk', async () => {
    const page = screen(insured, 'claim');
    const pdf = await letterPdf();
    await page
      .getByLabel('Attach files to this claim')
      .setInputFiles({ name: LETTER, mimeType: 'application/pdf', buffer: pdf });
    await page
      .getByRole('status')
      .filter({ hasText: `Uploaded: ${LETTER}.` })
      .waitFor();
    const listed = page.getByRole('listitem').filter({ hasText: LETTER });
    expect(await listed.textContent()).toContain('uploaded by you');

    await page.getByLabel('Write to your claims handler').fill(INSURED_WORDS);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').filter({ hasText: 'Message sent.' }).waitFor();
    await page.locator('.claim-message[data-author="insured"]').filter({ hasText: INSURED_WORDS }).waitFor();
    await look(insured, 'claim-insured-wrote');

    // Nobody has handled the claim yet: every underwriter is told, once per message and per upload.
    const desk = url(`/underwriting/claims?claimid=${claim.id}`);
    const files = await mailed(UNDERWRITER.email, `Claim ${claim.number}: the insured attached a file`);
    expect(files.text).toContain(LETTER);
    expect(linkIn(files, desk)).toBe(desk);
    const words = await mailed(UNDERWRITER.email, `Claim ${claim.number}: a message from the insured`);
    expect(words.text).toContain(INSURED_WORDS);
    expect(words.text).toContain('Frank Lloyd (Prairie Studio Architects)');
    expect(linkIn(words, desk)).toBe(desk);
  });

  it('the underwriter goes from the underwriting desk to the claims desk and finds the claim waiting on them', async () => {
    await handler.goto(url('/login'));
    const login = screen(handler, 'login');
    await login.getByLabel('E-mail address').fill(UNDERWRITER.email);
    await login.getByLabel('Password').fill(UNDERWRITER.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await handler.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
    await handler.getByRole('link', { name: 'Underwriting desk' }).click();
    await screen(handler, 'underwriting').getByRole('link', { name: 'claims desk' }).click();
    await handler.waitForURL((u) => u.pathname === '/underwriting/claims');

    const queue = screen(handler, 'claims-desk');
    const row = queue.locator(`tr[data-claim-id="${claim.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('You: the insured wrote');
    expect(await row.textContent()).toContain('Frank Lloyd');
    expect(await row.textContent()).toContain('Reported');
    await look(handler, 'claims-desk-queue');

    await row.getByRole('link', { name: claim.number }).click();
    // The same address the handler's mail links to.
    await handler.waitForURL(url(`/underwriting/claims?claimid=${claim.id}`));
    await queue.getByRole('heading', { level: 1, name: `Claim ${claim.number}` }).waitFor();
    await queue.locator('.claim-message').filter({ hasText: INSURED_WORDS }).waitFor();
    expect(await queue.getByRole('listitem').filter({ hasText: LETTER }).count()).toBe(1);
    await look(handler, 'claims-desk-claim-reported');
  });

  it('by keyboard alone it is acknowledged, put under review and answered; the insured is mailed each, and each link shows it', async () => {
    const desk = screen(handler, 'claims-desk');
    const note = desk.getByLabel(/^Note to the insured/);
    const announcement = desk.getByRole('status').filter({ hasText: `Claim ${claim.number}` });

    // Acknowledge, with a note: typed, then Tab to the button and Enter.
    await note.focus();
    await handler.keyboard.type('I have your claim and will call you tomorrow morning.');
    await tabTo(handler, desk.getByRole('button', { name: 'Acknowledge' }));
    await handler.keyboard.press('Enter');
    await announcement.filter({ hasText: 'acknowledged' }).waitFor();
    expect(await desk.locator('[data-claim-status]').textContent()).toBe('Acknowledged');

    const acknowledged = await mailed(email, `Your claim ${claim.number} is acknowledged`);
    expect(acknowledged.text).toContain(`${UNDERWRITER.name} wrote:`);
    expect(acknowledged.text).toContain('will call you tomorrow morning.');
    let seen = await openedFromMail(acknowledged);
    expect(await seen.status()).toBe('Acknowledged');
    expect(await seen.step().getAttribute('data-step')).toBe('acknowledged');
    await seen.page.getByText('I have your claim and will call you tomorrow morning.').waitFor();
    await look(insured, 'claim-acknowledged');

    // Start the review: no note this time, straight to the button.
    await tabTo(handler, desk.getByRole('button', { name: 'Start the review' }));
    await handler.keyboard.press('Enter');
    await announcement.filter({ hasText: 'is under review' }).waitFor();
    const reviewing = await mailed(email, `Your claim ${claim.number} is under review`);
    seen = await openedFromMail(reviewing);
    expect(await seen.status()).toBe('Under review');
    expect(await seen.step().getAttribute('data-step')).toBe('under_review');
    // The steps before are done, with their days; closed is still to come.
    const steps = seen.page.getByRole('list', { name: 'Progress of the claim' }).getByRole('listitem');
    expect(await steps.evaluateAll((items) => items.map((item) => item.className.split('--').at(-1)))).toEqual([
      'done',
      'done',
      'current',
      'upcoming',
    ]);

    // The answer, by keyboard.
    await desk.getByLabel('Write to the insured').focus();
    await handler.keyboard.type(ANSWER);
    await tabTo(handler, desk.getByRole('button', { name: 'Send message' }));
    await handler.keyboard.press('Enter');
    await desk.getByRole('status').filter({ hasText: 'Message sent.' }).waitFor();
    await look(handler, 'claims-desk-claim-answered');

    const answered = await mailed(email, `A message about your claim ${claim.number}`);
    expect(answered.text).toContain(ANSWER);
    seen = await openedFromMail(answered);
    const theirs = seen.page.locator('.claim-message[data-author="handler"]');
    await theirs.filter({ hasText: ANSWER }).waitFor();
    expect(await theirs.locator('.claim-message__author').textContent()).toBe(`${UNDERWRITER.name}, claims handler`);
    expect(await seen.status()).toBe('Under review');
    await look(insured, 'claim-under-review-answered');
  });

  it('the handler closes it while the insured writes: their message is refused in words, and the page takes nothing more', async () => {
    const page = screen(insured, 'claim');
    await page.getByLabel('Write to your claims handler').fill('One more thing: the client called again today.');

    const desk = screen(handler, 'claims-desk');
    await desk.getByLabel(/^Note to the insured/).fill('The client withdrew the demand in writing. Closed.');
    await desk.getByRole('button', { name: 'Close the claim' }).click();
    await desk
      .getByRole('status')
      .filter({ hasText: `Claim ${claim.number} closed.` })
      .waitFor();
    // Only reopening is left, and the handler is told why they cannot write.
    await desk.getByRole('button', { name: 'Reopen for review' }).waitFor();
    expect(await desk.getByLabel('Write to the insured').count()).toBe(0);
    await desk.getByText('The claim is closed: reopen it to write to the insured.').waitFor();
    // The earlier "Message sent." is gone with the box: it would read as if the claim still took messages.
    expect(await desk.getByText('Message sent.').count()).toBe(0);
    await look(handler, 'claims-desk-claim-closed');

    // The insured's page was open with a message typed: sending it is refused, in words, and the box goes.
    await page.getByRole('button', { name: 'Send message' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Your message was not sent.' });
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/closed/i);
    expect(await page.getByLabel('Write to your claims handler').count()).toBe(0);
    expect(await page.getByLabel('Attach files to this claim').count()).toBe(0);
    await look(insured, 'claim-message-refused-closed');

    const closed = await mailed(email, `Your claim ${claim.number} is closed`);
    expect(closed.text).toContain('The client withdrew the demand in writing. Closed.');
    const seen = await openedFromMail(closed);
    expect(await seen.status()).toBe('Closed');
    expect(await seen.step().getAttribute('data-step')).toBe('closed');
    await seen.page.getByText(/^Closed: this claim takes no more messages or files\./).waitFor();
    expect(await seen.page.getByRole('textbox').count()).toBe(0);
    expect(await seen.page.locator('input[type="file"]').count()).toBe(0);
    expect(await seen.page.getByRole('button', { name: 'Send message' }).count()).toBe(0);
    // What was said stays readable, and the file can still be had.
    await seen.page.getByText(ANSWER).waitFor();
    await seen.page.getByRole('button', { name: `Download ${LETTER}` }).waitFor();
    await look(insured, 'claim-closed');

    // The insured's message that was refused never reached the handler.
    const told = await mailsTo(env.server.dataDir, UNDERWRITER.email);
    expect(told.filter((mail) => mail.text.includes('the client called again'))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
