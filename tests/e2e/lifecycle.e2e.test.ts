import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * Issue 7's "Done when", in Chromium against the real server: a referred order goes to the
 * underwriter's desk, the underwriter asks for information (mailed to the insured), the insured
 * uploads a file and resubmits, the underwriter approves with a premium adjustment; a knock-out
 * answer declines; an open order is closed as lost from the dashboard. Every screen passes axe.
 */

interface AskedQuestion {
  code: string;
  type: string;
  options: { value: string }[];
  condition: unknown;
}

const PASSWORD = 'Dentist-Chair-2026';
const UNDERWRITER = { email: 'underwriter@example.com', password: 'Demo-Underwriter-2024' };
/** A real, minimal PDF: what the insured sends as loss runs. */
const LOSS_RUNS_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The careful applicant's answers (server/test/quote-helpers.ts), with `overrides` on top. */
function answersTo(questions: AskedQuestion[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const answer = (question: AskedQuestion) =>
    ({
      yesno: 'no',
      select: question.options[0]?.value,
      multiselect: [question.options[0]?.value],
      number: 3,
      money: 250_000,
      date: '2015-06-01',
    })[question.type] ?? 'Nothing to report';
  const shown = questions.filter((question) => !question.condition);
  return { ...Object.fromEntries(shown.map((question) => [question.code, answer(question)])), ...overrides };
}

describe.runIf(chromiumPath)(
  'the order lifecycle in Chromium: buy now, the underwriter’s desk, resubmit, decline, close-lost',
  () => {
    const env = useServerAndBrowser();
    const problems: string[] = [];
    let insuredContext: BrowserContext;
    let underwriterContext: BrowserContext;
    let insured: Page;
    let underwriter: Page;
    let email: string;
    let token: string;

    const url = (path: string) => `${env.server.url}${path}`;
    const on = (page: Page, name: string) => page.locator(`[data-screen="${name}"]`);

    beforeAll(async () => {
      insuredContext = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
      underwriterContext = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
      insured = await insuredContext.newPage();
      underwriter = await underwriterContext.newPage();
      for (const page of [insured, underwriter]) page.on('pageerror', (error) => problems.push(error.message));
    });
    afterAll(async () => {
      await insuredContext?.close();
      await underwriterContext?.close();
    });

    /** A call outside the page, as the insured. */
    async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(url(`/api/weborder/${path}`), {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true);
      return JSON.parse(text) as T;
    }

    async function expectAccessible(page: Page): Promise<void> {
      expect(await axeViolations(page)).toEqual([]);
    }

    async function logIn(page: Page, username: string, password: string): Promise<void> {
      await page.goto(url('/login'));
      const login = on(page, 'login');
      await login.getByLabel('E-mail address').fill(username);
      await login.getByLabel('Password').fill(password);
      await login.getByRole('button', { name: 'Log in' }).click();
      // The header's: the login screen itself offers "Sign out" for a moment once signed in.
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
    }

    /** A Dentists quote in Houston with these answers, a location on it and a primary contact: ready to buy. */
    async function orderReadyToBuy(
      overrides: Record<string, unknown>,
    ): Promise<{ submissionId: number; number: string }> {
      const specialities = await api<Array<{ id: number; name: string }>>('GET', 'auth/specialitylist');
      const specialityId = specialities.find((speciality) => speciality.name === 'Dentists')!.id;
      const quote = await api<{ submissionId: number; number: string; status: string }>(
        'POST',
        'insured/createsubmission',
        {
          specialityId,
          answers: answersTo(
            await api<AskedQuestion[]>('GET', `questions/list?specialityId=${specialityId}`),
            overrides,
          ),
          applicationAnswers: answersTo(await api<AskedQuestion[]>('GET', 'dataacquisition/questions')),
          state: 'TX',
          zipcode: '77002',
          limitCode: '1M/3M',
          deductibleCode: '1000',
          paymentTerm: 'annual',
        },
      );
      expect(quote.status).toBe('quoted');
      const location = await api<{ id: number }>('POST', 'insured/saveupdatelocation', {
        title: 'Main clinic',
        address1: '1200 Main St',
        city: 'Houston',
        state: 'TX',
        zipcode: '77002',
      });
      await api('POST', 'insured/addlocation', { submissionid: quote.submissionId, addLocationsIds: [location.id] });
      return quote;
    }

    it('signs the insured up and gives them a primary contact', async () => {
      email = `lifecycle.${Date.now()}@example.com`;
      const session = await api<{ token: string }>('POST', 'insured/save', {
        email,
        password: PASSWORD,
        firstname: 'Olive',
        lastname: 'Oral',
        companyname: 'Oral Surgery Partners',
        insuredtype: 'business',
        acceptTerms: true,
      });
      token = session.token;
      await api('POST', 'insured/saveupdatecontact', {
        firstname: 'Olive',
        lastname: 'Oral',
        email,
        contactnumber: '713 555 0142',
        isprimary: true,
      });
      await logIn(insured, email, PASSWORD);
    });

    let referred: { submissionId: number; number: string };

    it('buy now on an oral-surgery practice refers the order: the insured sees why, on its status screen', async () => {
      referred = await orderReadyToBuy({ dnt_practice_type: 'oral_surgery' });
      await insured.goto(url(`/order/${referred.submissionId}`));
      const order = on(insured, 'order');
      await order.getByRole('button', { name: 'Buy now' }).click();
      await insured.waitForURL(
        (u) =>
          u.pathname === '/incomplete-review-underwriter' &&
          u.searchParams.get('submissionid') === String(referred.submissionId),
      );
      const review = on(insured, 'incomplete-review-underwriter');
      await review
        .getByText(/What best describes your practice/)
        .first()
        .waitFor();
      await expectAccessible(insured);
    });

    it('an insured who opens the desk sees page-not-found', async () => {
      await insured.goto(url('/underwriting'));
      await on(insured, 'page-not-found').waitFor();
    });

    it('the underwriter finds it in the queue and asks for information, which the insured receives by mail', async () => {
      await logIn(underwriter, UNDERWRITER.email, UNDERWRITER.password);
      await underwriter.getByRole('link', { name: 'Underwriting desk' }).click();
      const queue = on(underwriter, 'underwriting');
      const row = queue.getByRole('row', { name: new RegExp(referred.number) });
      await row.waitFor();
      await expectAccessible(underwriter);
      await row.getByRole('link', { name: new RegExp(referred.number) }).click();

      const review = on(underwriter, 'underwriting-review');
      await review.getByRole('button', { name: /Ask for information/ }).click();
      const dialog = underwriter.getByRole('dialog');
      await dialog.getByRole('textbox').first().fill('Please upload five years of loss runs for the practice.');
      await expectAccessible(underwriter);
      await dialog.getByRole('button', { name: /Send|Ask/ }).click();
      await dialog.waitFor({ state: 'detached' });
      await review
        .getByText(/missing info|more information/i)
        .first()
        .waitFor();

      let link: string | undefined;
      await expect
        .poll(async () => (link = await mailedLink(env.server.dataDir, email, '/incomplete-missing-info')), {
          timeout: 15_000,
        })
        .toContain(`submissionid=${referred.submissionId}`);
      await insured.goto(link!);
    });

    it('the insured reads the request, uploads the loss runs and resubmits', async () => {
      const missing = on(insured, 'incomplete-missing-info');
      await missing.getByText('Please upload five years of loss runs for the practice.').waitFor();
      await expectAccessible(insured);
      await missing
        .locator('input[type="file"]')
        .setInputFiles({ name: 'loss-runs.pdf', mimeType: 'application/pdf', buffer: LOSS_RUNS_PDF });
      await missing.getByText('loss-runs.pdf').first().waitFor();
      await missing.getByLabel(/message/i).fill('Loss runs attached: no open claims.');
      await missing.getByRole('button', { name: 'Send to the underwriter' }).click();
      await insured.waitForURL((u) => u.pathname === '/application-under-review');
      await on(insured, 'application-under-review').getByRole('heading', { level: 1 }).waitFor();
      await expectAccessible(insured);
    });

    it('the underwriter sees the file and approves with a 10 % debit; the insured’s order shows approved at the new price', async () => {
      const before = await api<{ order: { premiumCents: number } }>(
        'GET',
        `dashboard/ordersummarydetails?submissionid=${referred.submissionId}`,
      );
      await underwriter.reload();
      const review = on(underwriter, 'underwriting-review');
      await review.getByText('loss-runs.pdf').first().waitFor();
      await review.getByText('Loss runs attached: no open claims.').first().waitFor();
      await review.getByRole('button', { name: /Approve/ }).click();
      const dialog = underwriter.getByRole('dialog');
      await dialog.getByLabel(/adjustment/i).fill('10');
      await dialog.getByLabel(/reason/i).fill('Oral surgery exposure: 10 % debit.');
      await expectAccessible(underwriter);
      await dialog.getByRole('button', { name: /Approve/ }).click();
      await dialog.waitFor({ state: 'detached' });
      await review
        .getByText(/approved/i)
        .first()
        .waitFor();

      const after = await api<{ order: { status: string; premiumCents: number }; decision: { adjustmentBps: number } }>(
        'GET',
        `dashboard/ordersummarydetails?submissionid=${referred.submissionId}`,
      );
      expect(after.order.status).toBe('approved');
      expect(after.decision.adjustmentBps).toBe(1000);
      expect(after.order.premiumCents).toBeGreaterThan(before.order.premiumCents);

      await insured.goto(url(`/order/${referred.submissionId}`));
      await on(insured, 'order')
        .getByText(/approved/i)
        .first()
        .waitFor();
      await expectAccessible(insured);
    });

    it('a knock-out answer declines at buy now, and the order says so', async () => {
      const knockedOut = await orderReadyToBuy({ dnt_licence_action: 'yes' });
      await insured.goto(url(`/order/${knockedOut.submissionId}`));
      await on(insured, 'order').getByRole('button', { name: 'Buy now' }).click();
      await on(insured, 'order')
        .getByText(/declined/i)
        .first()
        .waitFor();
      const summary = await api<{ order: { status: string } }>(
        'GET',
        `dashboard/ordersummarydetails?submissionid=${knockedOut.submissionId}`,
      );
      expect(summary.order.status).toBe('declined');
      await expectAccessible(insured);
    });

    it('closes an open order as lost from the dashboard', async () => {
      const open = await orderReadyToBuy({});
      await insured.goto(url('/dashboard'));
      const dashboard = on(insured, 'dashboard');
      await dashboard.getByRole('button', { name: new RegExp(`Close.*${open.number}`) }).click();
      const dialog = insured.getByRole('dialog');
      await dialog.getByLabel(/reason/i).selectOption('price');
      await expectAccessible(insured);
      await dialog.getByRole('button', { name: /Close/ }).last().click();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(
          async () =>
            (
              await api<{ order: { status: string } }>(
                'GET',
                `dashboard/ordersummarydetails?submissionid=${open.submissionId}`,
              )
            ).order.status,
        )
        .toBe('close_lost');
      await dashboard
        .getByText(/closed/i)
        .first()
        .waitFor();
      expect(problems).toEqual([]);
    });
  },
);

/** The first link under `path` in the newest mail to `to`, read as MIME. */
async function mailedLink(dataDir: string, to: string, path: string): Promise<string | undefined> {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'outbox'))
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return undefined;
  }
  for (const file of files.reverse()) {
    const mail = await PostalMime.parse(readFileSync(join(dataDir, 'outbox', file)));
    if (!mail.to?.some((address) => address.address?.toLowerCase() === to.toLowerCase())) continue;
    const match = mail.text?.match(new RegExp(`https?://\\S+${path}\\S*`));
    if (match) return match[0];
  }
  return undefined;
}
