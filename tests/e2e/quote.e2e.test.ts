import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBrokers } from '@server/db/seed/demo-data';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';
import { useServerAndBrowser } from './support/server-and-browser';

const lakeside = demoBrokers[2];

interface SavedQuote {
  specialityId: number;
  zipcode: string;
  answers: Record<string, unknown>;
  applicationAnswers: Record<string, unknown>;
  choice?: { limitCode: string; deductibleCode: string };
}

const typedNumbersAsNumbers = (answers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(answers).map(([code, value]) => [
      code,
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
    ]),
  );

describe.runIf(chromiumPath)('a visitor prices a quote in Chromium', () => {
  const env = useServerAndBrowser();
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    context = await env.browser.newContext();
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
  });
  afterAll(async () => {
    await context?.close();
  });

  const url = (path: string) => `${env.server.url}${path}`;
  const screen = (name: string) => page.locator(`[data-screen="${name}"]`);
  /** The quote the tab worked on last, as the page keeps it (every speciality's, by id). */
  const savedQuote = async () => {
    const all = JSON.parse((await page.evaluate(() => sessionStorage.getItem('ssp-quote')))!) as {
      latest: number;
      quotes: Record<string, SavedQuote>;
    };
    return all.quotes[String(all.latest)]!;
  };

  /** What auth/calculate answers for the saved quote's inputs and choice, asked outside the page. */
  async function calculatedTotal(quote: SavedQuote, state: string): Promise<number> {
    const response = await fetch(url('/api/weborder/auth/calculate'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        specialityId: quote.specialityId,
        state,
        zipcode: quote.zipcode,
        // The page keeps numbers as typed and sends them as numbers; so does this call.
        answers: typedNumbersAsNumbers(quote.answers),
        applicationAnswers: typedNumbersAsNumbers(quote.applicationAnswers),
        ...quote.choice,
      }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { totalCents: number }).totalCents;
  }

  /** Answers every question that shows: "No" where it can, else the first choice, 5, a date, a word. */
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

  it('from the broker’s storefront: speciality, ZIP, the questions, then every option priced', async () => {
    await page.goto(url(`/client/landing/${lakeside.clientUrl}`));
    await screen('landing').getByRole('link', { name: 'Architects', exact: true }).click();
    // The ZIP and the questions are one screen (issue 16).
    await page.waitForURL((u) => u.pathname === `/client/questionlist/${lakeside.clientUrl}`);
    const form = screen('questionlist');

    const zip = form.getByLabel('ZIP code');
    await zip.fill('00000');
    await zip.press('Enter');
    await form.getByText('ZIP code is not a known US ZIP code').waitFor();
    expect(await zip.getAttribute('aria-invalid')).toBe('true');

    await zip.fill('99501');
    await zip.press('Enter');
    await form.getByText('We do not offer Architects cover in Alaska yet.', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await zip.fill('77002');
    await zip.press('Enter');
    await form.getByRole('button', { name: 'See my price' }).waitFor();
    await form.getByText('Practice in Houston, Harris County, Texas (77002).').waitFor();

    // Nothing answered: every required question says so, and the first takes focus.
    await form.getByRole('button', { name: 'See my price' }).click();
    await form.getByRole('alert').filter({ hasText: 'answers need your attention' }).waitFor();
    const firstMessage = form.getByText('Please answer this question.').first();
    expect(await firstMessage.count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    // A conditional question shows only after the answer it depends on.
    const claims = form.getByRole('group', { name: /claim against you/ });
    await claims.getByRole('radio', { name: 'Yes', exact: true }).check();
    await form.getByLabel('How many claims?').waitFor();
    await claims.getByRole('radio', { name: 'No', exact: true }).check();
    expect(await form.getByLabel('How many claims?').count()).toBe(0);

    await answerEverything();
    await form.getByRole('button', { name: 'See my price' }).click();
    await page.waitForURL((u) => u.pathname === `/client/quotes/${lakeside.clientUrl}`);
    const total = screen('quotes').locator('[data-quote-total]');
    await total.waitFor();
    await screen('quotes').getByRole('table').waitFor();
    expect(
      await screen('quotes')
        .getByRole('radio', { name: /a year$/ })
        .count(),
    ).toBe(25);
    const worksheet = await screen('quotes').locator('.worksheet li').allTextContents();
    expect(worksheet[0]).toMatch(/^Base premium for Architects in Texas: \$/);
    expect(worksheet.at(-1)).toMatch(/^Total for the year: \$/);
    expect(await axeViolations(page)).toEqual([]);

    const quote = await savedQuote();
    expect(Number(await total.getAttribute('data-quote-total'))).toBe(await calculatedTotal(quote, 'TX'));
  });

  it('moves to another limit and deductible by keyboard, priced as auth/calculate prices it', async () => {
    const before = await screen('quotes').locator('[data-quote-total]').getAttribute('data-quote-total');
    const option = screen('quotes').getByRole('radio', { name: /^\$2,000,000 \/ \$4,000,000 limit, No deductible:/ });
    await option.focus();
    await page.keyboard.press('Space');
    await screen('quotes')
      .getByRole('heading', { level: 2, name: '$2,000,000 / $4,000,000 limit, No deductible' })
      .waitFor();
    const after = await screen('quotes').locator('[data-quote-total]').getAttribute('data-quote-total');
    expect(after).not.toBe(before);
    const quote = await savedQuote();
    expect(quote.choice).toEqual({ limitCode: '2M/4M', deductibleCode: '0' });
    expect(Number(after)).toBe(await calculatedTotal(quote, 'TX'));

    // Arrow keys move as through a grid: up the limit, right the deductible.
    await page.keyboard.press('ArrowUp');
    await screen('quotes')
      .getByRole('heading', { level: 2, name: '$1,000,000 / $3,000,000 limit, No deductible' })
      .waitFor();
    await page.keyboard.press('ArrowRight');
    await screen('quotes')
      .getByRole('heading', { level: 2, name: '$1,000,000 / $3,000,000 limit, $1,000 deductible' })
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
      /^\$1,000,000 \/ \$3,000,000 limit, \$1,000 deductible:/,
    );
    const moved = await savedQuote();
    expect(moved.choice).toEqual({ limitCode: '1M/3M', deductibleCode: '1000' });
    expect(Number(await screen('quotes').locator('[data-quote-total]').getAttribute('data-quote-total'))).toBe(
      await calculatedTotal(moved, 'TX'),
    );
  });

  it('keeps the quote through a reload', async () => {
    const before = await screen('quotes').locator('[data-quote-total]').getAttribute('data-quote-total');
    await page.reload();
    await screen('quotes').locator(`[data-quote-total="${before}"]`).waitFor();
    expect(problems).toEqual([]);
  });

  it('saves the quote for later, signs up, and finds the same quote on the order', async () => {
    const total = await screen('quotes').locator('[data-quote-total]').getAttribute('data-quote-total');
    await screen('quotes').getByRole('button', { name: 'Save for later' }).click();
    await page.waitForURL((u) => u.pathname === `/client/signup/${lakeside.clientUrl}`);
    const signup = screen('signup');
    const number = await signup.locator('[data-saved-order]').getAttribute('data-saved-order');
    expect(number).toMatch(/^Q-\d{4}-\d{6,}$/);
    // A look at another speciality before signing up loses neither quote nor order.
    await page.goto(url(`/client/landing/${lakeside.clientUrl}`));
    await screen('landing').getByRole('link', { name: 'Engineers', exact: true }).click();
    await screen('questionlist').getByLabel('ZIP code').waitFor();
    await page.goto(url(`/client/signup/${lakeside.clientUrl}`));
    await signup.locator(`[data-saved-order="${number}"]`).waitFor();
    await signup.getByLabel('E-mail address').fill(`quote.${Date.now()}@example.com`);
    await signup.getByLabel('Password', { exact: true }).fill('Architect-Plans-2026');
    await signup.getByLabel('First name').fill('Frank');
    await signup.getByLabel('Last name').fill('Wright');
    await signup.getByLabel(/My business/).check();
    await signup.getByLabel('Phone').fill('713 555 0142');
    await signup.getByLabel('Street address').fill('1 Studio Row');
    await signup.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
    await signup.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(
      (u) => u.pathname.startsWith('/client/order/') && u.pathname.endsWith(`/${lakeside.clientUrl}`),
    );
    const order = screen('order');
    await order.getByRole('heading', { level: 1, name: `Order ${number}: Architects` }).waitFor();
    expect(await order.locator('[data-order-total]').getAttribute('data-order-total')).toBe(total);
    expect(await order.locator('[data-order-status]').getAttribute('data-order-status')).toBe('quoted');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('goes back to the questions with the answers kept', async () => {
    await page.goto(url(`/client/landing/${lakeside.clientUrl}`));
    await screen('landing').getByRole('link', { name: 'Architects', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/client/questionlist/${lakeside.clientUrl}`);
    const form = screen('questionlist');
    await form.getByRole('button', { name: 'See my price' }).waitFor();
    expect(await form.getByLabel('How many years have you been in practice?').inputValue()).toBe('5');
  });
});
